"""Recompute editor/data/reference-bands.json from the official Small World boards.

    python tools/reference_bands.py          # rewrite the shipped bands file
    python tools/reference_bands.py --check  # exit 1 if the shipped file is out of date

The official 2-5 player boards live in tests/data/official/ as graph-only scenarios,
imported with ``realms import --from smawg`` (see the README there for where the
board data comes from). Each board is derived and measured with
``editor.analysis.measure``; the bands are the min, max and median over the four boards
(per player for metrics that grow with the board). See docs/balance.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from editor import __version__  # noqa: E402
from editor.analysis.bands import build_bands  # noqa: E402
from editor.analysis.metrics import BalanceMetrics, measure  # noqa: E402
from editor.model.scenario_io import load_scenario  # noqa: E402
from editor.topology import derive_realm  # noqa: E402

OFFICIAL = REPO / "tests" / "data" / "official"
OUTPUT = REPO / "editor" / "data" / "reference-bands.json"
COMMAND = "python tools/reference_bands.py"
SOURCE = ("The official Small World boards for 2, 3, 4 and 5 players (Days of Wonder), as "
          "encoded by the open-source smawg engine (Expurple/smawg, "
          "smawg/assets/standard_<N>_players.json at commit 5fa5e8d4) and imported with "
          "`realms import --from smawg`; the 2-, 3- and 4-player boards were checked "
          "isomorphic, terrain and symbols included, to the independent cestpasphoto "
          "encoding (SmallworldMaps_<N>pl.py), which has no 5-player board.")


def official_files() -> dict[int, Path]:
    return {n: OFFICIAL / f"official-{n}p.realm.json" for n in (2, 3, 4, 5)}


def measure_official() -> dict[int, BalanceMetrics]:
    """The metrics of each official board at its own player count."""
    return {n: measure(derive_realm(load_scenario(path), n))
            for n, path in official_files().items()}


def reference_document() -> dict[str, Any]:
    boards = [{"players": n, "file": path.relative_to(REPO).as_posix(),
               "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
              for n, path in official_files().items()]
    provenance = {"source": SOURCE, "boards": boards, "command": COMMAND,
                  "realms_studio_version": __version__}
    return build_bands(measure_official(), provenance)


def render(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def same_bands(path: Path, fresh: dict[str, Any]) -> bool:
    """Whether the file at ``path`` holds ``fresh`` (the program version it was made with
    may differ: a release alone does not change a band)."""
    try:
        shipped = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    for document in (shipped, fresh):
        document.get("provenance", {}).pop("realms_studio_version", None)
    return bool(shipped == fresh)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the shipped file instead of writing it")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    if args.check:
        if not same_bands(args.output, reference_document()):
            print(f"{args.output} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.write_text(render(reference_document()), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
