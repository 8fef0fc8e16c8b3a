"""Rebuild the measured part of editor/data/balance-standard.json from boards of its kind.

    python tools/balance_standard.py          # rewrite the bands in the shipped standard
    python tools/balance_standard.py --check  # exit 1 if the shipped bands are out of date

The booklet scenarios (scenarios/booklet/, the booklet's tile sets on Realms Studio's
layouts) are measured at every player count they support; the official base-game boards
(tests/data/official/) only for the metrics that transfer. The hand-written part of the
standard (meanings, sources, tolerances, the rules) is kept as it is. See docs/balance.md.
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

from editor.analysis.metrics import BalanceMetrics, measure  # noqa: E402
from editor.analysis.standard import Standard  # noqa: E402
from editor.analysis.standard_bands import (  # noqa: E402
    Board,
    HeldOut,
    leave_one_out,
    measured_bands,
)
from editor.model.scenario_io import load_scenario  # noqa: E402
from editor.topology import derive_realm  # noqa: E402

BOOKLET = REPO / "scenarios" / "booklet"
OFFICIAL = REPO / "tests" / "data" / "official"
OUTPUT = REPO / "editor" / "data" / "balance-standard.json"
COMMAND = "python tools/balance_standard.py"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def booklet_boards() -> tuple[list[Board], list[dict[str, Any]]]:
    """Each booklet scenario with a board, measured at every count it supports."""
    found: list[Board] = []
    listed = []
    for path in sorted(BOOKLET.glob("*.realm.json")):
        loaded = load_scenario(path)
        if loaded.scenario.built_during_play:
            continue  # no board to measure (scenario 9)
        counts = list(loaded.scenario.player_counts)
        name = path.relative_to(REPO).as_posix()
        found += [Board(name, n, measure(derive_realm(loaded, n))) for n in counts]
        listed.append({"file": name, "players": counts, "sha256": _digest(path)})
    return found, listed


def by_count(boards: list[Board]) -> dict[int, list[BalanceMetrics]]:
    found: dict[int, list[BalanceMetrics]] = {}
    for board in boards:
        found.setdefault(board.players, []).append(board.metrics)
    return found


def base_game_boards() -> tuple[dict[int, BalanceMetrics], list[dict[str, Any]]]:
    files = {n: OFFICIAL / f"official-{n}p.realm.json" for n in (2, 3, 4, 5)}
    return ({n: measure(derive_realm(load_scenario(p), n)) for n, p in files.items()},
            [{"file": p.relative_to(REPO).as_posix(), "players": [n], "sha256": _digest(p)}
             for n, p in files.items()])


def measured(standard: Standard, boards: list[Board], listed: list[dict[str, Any]],
             base: dict[int, BalanceMetrics], base_listed: list[dict[str, Any]]
             ) -> dict[str, Any]:
    """The measured part: the boards, the bands and the leave-one-out pass rate."""
    held = leave_one_out(standard, boards, base)
    return {"command": COMMAND, "boards": listed, "base_game_boards": base_listed,
            "bands": measured_bands(standard, by_count(boards), base),
            "leave_one_out": loo_summary(held)}


def loo_summary(held: list[HeldOut]) -> dict[str, Any]:
    """How many held-out booklet boards have no flag, and what the others have."""
    def flagged(pick: str) -> list[dict[str, Any]]:
        return [{"file": h.board.file, "players": h.board.players,
                 "flags": [f.key for f in getattr(h, pick)]}
                for h in held if getattr(h, pick)]

    every, measured_only = flagged("flags"), flagged("measured_flags")
    return {"boards": len(held),
            "clean": len(held) - len(every), "flagged": every,
            "clean_on_measured_bands": len(held) - len(measured_only),
            "flagged_on_measured_bands": measured_only}


Measured = tuple[list[Board], list[dict[str, Any]], dict[int, BalanceMetrics],
                 list[dict[str, Any]]]


def measure_all() -> Measured:
    """The booklet's boards and the base game's, measured (what the bands are built on)."""
    boards, listed = booklet_boards()
    base, base_listed = base_game_boards()
    return boards, listed, base, base_listed


def rebuilt(path: Path, boards: Measured | None = None) -> dict[str, Any]:
    """The standard at ``path`` with its measured part made afresh (from ``boards`` when
    they are measured already)."""
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    document["measured"] = measured(Standard(document), *(boards or measure_all()))
    return document


def pass_rate_text(document: dict[str, Any]) -> str:
    """The leave-one-out figures as --check prints them."""
    loo = document["measured"]["leave_one_out"]
    n = loo["boards"]
    lines = [f"leave one out: {loo['clean']} of {n} held-out booklet boards have no flag "
             f"({100 * loo['clean'] / n:.1f} %); on the measured bands alone "
             f"{loo['clean_on_measured_bands']} of {n} "
             f"({100 * loo['clean_on_measured_bands'] / n:.1f} %)"]
    lines += [f"  {f['file']} at {f['players']}: {', '.join(f['flags'])}"
              for f in loo["flagged"]]
    return "\n".join(lines)


def render(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the shipped file instead of writing it")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    try:
        fresh = rebuilt(args.output)
    except (OSError, ValueError, KeyError) as exc:
        print(f"{args.output}: cannot read the standard ({exc}); restore it from git",
              file=sys.stderr)
        return 2
    if args.check:
        if render(fresh) != args.output.read_text(encoding="utf-8"):
            print(f"{args.output} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        print(pass_rate_text(fresh))
        return 0
    args.output.write_text(render(fresh), encoding="utf-8")
    print(f"wrote {args.output}")
    print(pass_rate_text(fresh))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
