"""The outputs the byte-identity guard compares: lint and derive over every shipped file.

Speed work on lint and derive must not change a single byte of what they print. The
golden file was written by the code *before* that work; regenerate it only for an
intended change of findings:  ``python tests/perf/findings_golden.py --update``.

Derive outputs are kept as digests (see :func:`digest`); to see what changed, diff
``realms derive --format json FILE`` against the main branch's.

Shipped scenarios are all clean, so the inputs also include generated 26-tile realms
(``fixtures/``, from ``benchmarks/bench_lint.py``'s generator) and the fuzz corpus,
which do have findings of most families.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden" / "findings.json"
PLAYER_CHOICES: tuple[int | None, ...] = (None, 2, 3, 4, 5, 6)


def input_files() -> list[str]:
    """Every shipped scenario plus the fixtures with findings, relative to the repo."""
    found = sorted(REPO.glob("scenarios/**/*.realm.json"))
    found += sorted((REPO / "tests" / "perf" / "fixtures").glob("*.realm.json"))
    found += sorted((REPO / "tests" / "fuzz" / "corpus").glob("*.realm.json"))
    found.append(REPO / "tests" / "data" / "ring.realm.json")
    return [path.relative_to(REPO).as_posix() for path in found]


@contextlib.contextmanager
def _in_repo() -> Iterator[None]:
    before = os.getcwd()
    os.chdir(REPO)
    try:
        yield
    finally:
        os.chdir(before)


def run_cli(argv: Sequence[str]) -> str:
    """stdout and exit status of ``realms ARGV``, in this process."""
    from editor.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(list(argv))
    return f"exit {status}\n{out.getvalue()}"


def digest(text: str) -> str:
    """Derive's JSON is large (13 MB over all files): keep its SHA-256 and size only."""
    return f"sha256 {hashlib.sha256(text.encode('utf-8')).hexdigest()} {len(text)} chars"


def outputs(extra_lint_args: Sequence[str] = ()) -> dict[str, str]:
    """Every compared output, by a name that says which command made it."""
    result: dict[str, str] = {}
    with _in_repo():
        for name in input_files():
            for players in PLAYER_CHOICES:
                argv = ["lint", "--select", "ALL", "--format", "json", *extra_lint_args, name]
                if players is not None:
                    argv += ["--players", str(players)]
                result[" ".join(argv)] = run_cli(argv)
            argv = ["lint", "--format", "text", "--show-source", *extra_lint_args, name]
            result[" ".join(argv)] = run_cli(argv)
            argv = ["derive", "--format", "json", name]
            result[" ".join(argv)] = digest(run_cli(argv))
    return {key.replace(" ".join(extra_lint_args) + " ", "") if extra_lint_args else key: value
            for key, value in result.items()}


def main() -> int:
    if "--update" not in sys.argv:
        print(__doc__)
        return 2
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(outputs(), indent=1, sort_keys=True, ensure_ascii=False)
                      + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    raise SystemExit(main())
