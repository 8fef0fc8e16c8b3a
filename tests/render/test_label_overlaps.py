"""Legible boards: on every shipped scenario, at every player count, nothing placed on a
region hides anything else, on the editor canvas and on the printable boards alike.

Measured on the boxes the shared label placement returns (each tile letter, region name,
symbol chip, marker and "+N" badge), in board coordinates, so overlaps across tiles count
too; and every label must stay inside its region (a chip or round marker as the disc it is
drawn as, a name or square marker as its whole box).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
import shapely
from label_measure import ROOT, SCENARIOS, editor_boards, export_boards

from editor.gui.shapes import LABEL_SIZES, side_shapes, tile_labels
from editor.model.catalogue import default_catalogue
from editor.model.scenario_io import load_scenario
from editor.render.labels import CHIP, MARKER, MORE, NAME, LabelSizes, RegionLabels, place_labels

ZERO_IN_EVERY_SCENARIO = (
    "marker/letter", "marker/marker",  # the acceptance point
    "chip/letter", "name/letter", "name/name", "name spills", "chip spills", "marker spills")
# A few regions are too small for what they hold (a tile's top cap with its letter, a name,
# a chip and two markers). There a last-resort marker or chip sits over a chip or a name,
# never over a letter or a marker. On the canvas names and chips never move for markers
# (a tile is drawn once per design), so it has a few more than the printable board.
# On main's placement the same scenarios gave, over all player counts, canvas / printable:
# marker-letter 18 / -, marker-marker 3 / 1, marker-name 167 / 7, marker-chip 141 / 66,
# chip-letter 306 / -, name-letter 82 / -, and 871 / 1208 labels across region borders.
AT_MOST = {("editor", "marker/name"): 8, ("editor", "marker/chip"): 13,
           ("editor", "chip/chip"): 6, ("editor", "chip/name"): 2,
           ("export", "marker/name"): 0, ("export", "marker/chip"): 2,
           ("export", "chip/chip"): 0, ("export", "chip/name"): 0}


@cache
def _measure(path_name: str, which: str) -> dict[int, Counter[str]]:
    loaded = load_scenario(ROOT / path_name)
    boards = editor_boards if which == "editor" else export_boards
    result: dict[int, Counter[str]] = {}
    for players in loaded.scenario.player_counts:
        total: Counter[str] = Counter()
        for board in boards(loaded, players):
            total += board.overlaps()
        result[players] = total
    return result


def test_every_shipped_scenario_is_measured() -> None:
    assert len(SCENARIOS) >= 16  # the booklet, the expansions, the example and the templates


@pytest.mark.parametrize("which", ["editor", "export"])
@pytest.mark.parametrize("path_name", [p.relative_to(ROOT).as_posix() for p in SCENARIOS])
def test_no_label_hides_another_or_leaves_its_region(path_name: str, which: str) -> None:
    for players, counts in _measure(path_name, which).items():
        bad = {k: v for k, v in counts.items() if k in ZERO_IN_EVERY_SCENARIO and v}
        assert not bad, f"{path_name}, {players} players, {which}: {bad}"


@pytest.mark.parametrize("which", ["editor", "export"])
def test_crowded_regions_overlap_no_more_than_measured(which: str) -> None:
    total: Counter[str] = Counter()
    for path in SCENARIOS:
        for counts in _measure(path.relative_to(ROOT).as_posix(), which).values():
            total += counts
    for (kind, pair), most in AT_MOST.items():
        if kind == which:
            assert total[pair] <= most, f"{which}: {pair} {total[pair]} > {most}"


def test_a_region_too_small_for_its_markers_shows_a_badge_for_the_surplus() -> None:
    region = RegionLabels("r", shapely.box(0, 0, 60, 34), "r", (), tuple("abcdefghij"))
    plan = place_labels([region], LABEL_SIZES)
    markers, badges = plan.of(MARKER), plan.of(MORE)
    assert len(badges) == 1
    badge = badges[0]
    assert badge.key == f"+{len(badge.hidden)}" and len(badge.hidden) >= 2
    # every marker is shown or stands behind the badge, once, in laying order
    assert [m.key for m in markers] + list(badge.hidden) == list("abcdefghij")
    assert set(plan.markers("r")) == set("abcdefghij")
    assert all(lab.fits for lab in plan.labels)


def test_a_marker_shrinks_before_it_overlaps() -> None:
    sizes = LabelSizes(name_font=9, name_pad=3, name_height=11, chip_radius=8,
                       marker_radius=10, gap=1, clearance=1, step=1)
    # room for a 15-unit marker beside the name, not for a 21-unit one
    region = RegionLabels("r", shapely.box(0, 0, 40, 17), "r", (), ("m",))
    plan = place_labels([region], sizes)
    (marker,) = plan.of(MARKER)
    (name,) = plan.of(NAME)
    assert marker.fits and marker.scale < 1.0
    assert shapely.box(0, 0, 40, 17).contains(shapely.Point(marker.centre).buffer(
        (marker.box[2] - marker.box[0]) / 2))
    assert marker.box[0] >= name.box[2] or marker.box[2] <= name.box[0]


def test_placement_is_deterministic() -> None:
    catalogue = default_catalogue()
    side = catalogue.side("W", "surface")
    shapes = side_shapes(side, 1)
    crowded = tuple((False, False, True) for _ in shapes)
    first = tile_labels.__wrapped__(side, 1, crowded)
    again = tile_labels.__wrapped__(side, 1, crowded)
    assert first == again
    # names and chips never move for markers: a tile's drawing depends on its design only
    bare = tile_labels.__wrapped__(side, 1, ())
    assert [lab for lab in first.labels if lab.kind in (NAME, CHIP)] == list(bare.labels)
