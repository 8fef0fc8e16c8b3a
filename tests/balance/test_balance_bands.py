"""The shipped reference bands are what the official boards measure, and scale sensibly."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from balance_support import OFFICIAL_FILES, REPO

from editor.analysis.bands import Band, load_bands
from editor.analysis.metrics import METRICS, measure
from editor.model.paths import RESOURCES, data_file
from editor.model.scenario_io import load_scenario
from editor.topology import derive_realm

sys.path.insert(0, str(REPO / "tools"))
import reference_bands


def test_the_bands_file_is_a_bundled_resource() -> None:
    assert "reference-bands.json" in RESOURCES
    document = json.loads(data_file("reference-bands.json").read_text(encoding="utf-8"))
    provenance = document["provenance"]
    assert provenance["command"] == "python tools/reference_bands.py"
    assert "smawg" in provenance["source"]
    assert [b["players"] for b in provenance["boards"]] == [2, 3, 4, 5]


def test_recomputing_the_bands_gives_the_shipped_file() -> None:
    shipped = data_file("reference-bands.json")
    assert reference_bands.same_bands(shipped, reference_bands.reference_document())


def test_the_tool_detects_a_stale_file(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    stale = json.loads(data_file("reference-bands.json").read_text(encoding="utf-8"))
    stale["bands"]["articulation_points"]["max"] = 7
    target = tmp_path / "bands.json"
    target.write_text(json.dumps(stale), encoding="utf-8")
    assert reference_bands.main(["--check", "-o", str(target)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert reference_bands.main(["-o", str(target)]) == 0  # rewrite it
    assert reference_bands.main(["--check", "-o", str(target)]) == 0


def test_the_official_boards_recorded_are_the_files_measured() -> None:
    document = load_bands().document
    for entry in document["provenance"]["boards"]:
        assert (REPO / entry["file"]).is_file()
    for n, path in OFFICIAL_FILES.items():
        values = measure(derive_realm(load_scenario(path), n)).values
        recorded = document["boards"][str(n)]
        assert recorded == {k: v for k, v in values.items() if v is not None}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_official_board_lies_inside_its_own_bands(players: int) -> None:
    bands = load_bands()
    metrics = measure(derive_realm(load_scenario(OFFICIAL_FILES[players]), players))
    outside = [c.info.key for c in bands.compare(metrics) if c.outside]
    assert outside == []


def test_counts_that_grow_with_the_board_scale_with_players() -> None:
    bands = load_bands()
    # 9-10 land regions per player on the official boards
    assert bands.band("regions", 4) == Band(36, 40, 36.0, 36)
    assert bands.band("regions", 6) == Band(54, 60, 54.0, None)
    # chokepoints do not scale: 0-1 on every official board
    assert bands.band("articulation_points", 6) == Band(0, 1, 0.5, None)
    assert bands.band("place_distance", 4) is None  # no official board has popular places


def test_every_metric_but_popular_places_has_a_band() -> None:
    document = load_bands().document
    assert set(document["bands"]) == {m.key for m in METRICS} - {"place_distance"}
