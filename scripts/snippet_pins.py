#!/usr/bin/env python3
"""The git ref the snippets of the README, action.yml, .pre-commit-hooks.yaml and docs/lsp.md
pin.

Those snippets are copied into other repositories as they are, so each must name a ref
that exists: a commit of main until the first release, then the release tag that
scripts/release.sh makes. Every snippet pins the same ref; this module finds them all
(tests/install/test_snippets.py checks them) and moves them to a new ref.

    python3 scripts/snippet_pins.py             print the pinned ref (one, or an error)
    python3 scripts/snippet_pins.py REF         pin REF in every snippet
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ("README.md", "action.yml", ".pre-commit-hooks.yaml", "docs/lsp.md")
REF = r"(?:[0-9a-f]{40}|v\d+\.\d+\.\d+)"
# `uses: realms-studio/realms-studio@REF`, `git+https://…/realms-studio@REF`, `rev: REF`, and the
# raw schema URL `…/realms-studio/realms-studio/REF/schemas/…`
PIN = re.compile(rf"(?P<head>/realms-studio[@/]|\brev: )(?P<ref>{REF})\b")


def pins(text: str) -> list[str]:
    """Every ref pinned in ``text``, in order."""
    return [match.group("ref") for match in PIN.finditer(text)]


def repin(text: str, ref: str) -> str:
    if not re.fullmatch(REF, ref):
        raise ValueError(f"{ref!r} is neither a full commit id nor a vX.Y.Z tag")
    return PIN.sub(lambda match: match.group("head") + ref, text)


def pinned(root: Path = ROOT) -> dict[str, list[str]]:
    """Each snippet file's pins."""
    return {name: pins((root / name).read_text(encoding="utf-8")) for name in FILES}


def main(argv: list[str]) -> int:
    if len(argv) > 2:
        print(f"usage: {argv[0]} [REF]", file=sys.stderr)
        return 2
    if len(argv) == 2:
        for name in FILES:
            path = ROOT / name
            path.write_text(repin(path.read_text(encoding="utf-8"), argv[1]),
                            encoding="utf-8")
    refs = {ref for found in pinned().values() for ref in found}
    if len(refs) != 1:
        print(f"snippet_pins: expected one pinned ref, found {sorted(refs)}", file=sys.stderr)
        return 1
    print(refs.pop())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
