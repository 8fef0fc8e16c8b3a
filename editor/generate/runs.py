"""Break long runs of empty land (lint B006) with Lost Tribe tokens, as a player setting up
the board would: the lint itself names the runs, and a token goes where it breaks one
without breaking anything else.

``realise`` may only move the Lost Tribe its building rule already put on a tile (the rule
says which tiles get one, the player chooses the region); ``generate`` has no such rule and
adds tokens while the box's inventory lasts. What cannot be broken is returned, so the
caller can say so in its note."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from editor.generate.layout import Layout
from editor.generate.pieces import Part
from editor.lint.config import LintConfig

STEPS = 24  # tokens moved or added at most: a board has a handful of runs, each one token
RUN_CODE = "B006"

ToData = Callable[[Layout], dict[str, Any]]
Score = tuple[int, int, int, int]  # errors, warnings, empty land in long stretches, runs
# B006 names one run per stretch of empty land; every token laid on a stretch shortens it
# (none left means no run left), even one that splits it into two long ones
STRETCH = re.compile(r"and (\d+) empty regions in that stretch")


def _score(layout: Layout, to_data: ToData, players: int,
           config: LintConfig) -> tuple[Score, list[tuple[str, ...]]]:
    from editor.generate.confirm import loaded_from
    from editor.lint import lint_loaded

    findings = lint_loaded(loaded_from(to_data(layout)), players, config)
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = sum(1 for f in findings if f.severity == "warning")
    runs = [f for f in findings if f.code == RUN_CODE]
    stretch = sum(int(m.group(1)) if (m := STRETCH.search(f.message)) else len(f.regions)
                  for f in runs)
    return (errors, warnings, stretch, len(runs)), [f.regions for f in runs]


def _part(region: str) -> Part:
    tile, _, local = region.partition(".")
    return tile, local


def _free(layout: Layout, part: Part) -> bool:
    """Plain land with nothing on it: a token may start there (lint B005 and the rule)."""
    tile, local = part
    if tile not in layout.placed or part in layout.markers:
        return False
    if any(p == part for p, _ in layout.extras):
        return False
    region = next((r for r in layout.side_of(tile).land if r.local_id == local), None)
    return region is not None and region.terrain != "mountain" and not region.printed_lost_tribe


def _candidates(layout: Layout, run: tuple[str, ...], add: bool,
                inventory: int) -> list[Layout]:
    """Layouts with one token more on the run (``add``) or one of its tiles' tokens moved
    onto the run, the run's middle first (it splits the run in two short ones)."""
    tribes = [p for p, kind in layout.markers.items() if kind == "lost_tribe"]
    middle = len(run) // 2
    order = sorted(range(len(run)), key=lambda i: (abs(i - middle), i))
    out: list[Layout] = []
    for index in order:
        part = _part(run[index])
        if not _free(layout, part):
            continue
        for old in sorted(p for p in tribes if p[0] == part[0]):
            moved = layout.copy()
            del moved.markers[old]
            moved.markers[part] = "lost_tribe"
            out.append(moved)
        if add and len(tribes) < inventory:
            added = layout.copy()
            added.markers[part] = "lost_tribe"
            out.append(added)
    return out


def break_runs(layout: Layout, to_data: ToData, players: int, config: LintConfig,
               add: bool) -> tuple[Layout, int]:
    """(the layout with its runs broken as far as the tokens allow, runs left)."""
    inventory = config.inventory.get("lost_tribe", 18)
    score, runs = _score(layout, to_data, players, config)
    for _ in range(STEPS):
        best: tuple[Score, int, Layout, list[tuple[str, ...]]] | None = None
        for run in runs:  # the first run some token can break
            for number, option in enumerate(_candidates(layout, run, add, inventory)):
                option_score, option_runs = _score(option, to_data, players, config)
                if (option_score[0] > score[0] or option_score[1] > score[1]
                        or option_score[2:] >= score[2:]):
                    continue
                if best is None or (option_score, number) < best[:2]:
                    best = (option_score, number, option, option_runs)
            if best is not None:
                break
        if best is None:
            break
        score, _, layout, runs = best
    return layout, len(runs)
