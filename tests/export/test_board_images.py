"""Printable boards: SVG, PNG and PDF of every shipped scenario, headless."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from export_support import SHIPPED, rich, rich_dict, run_cli, write_scenario
from scenario_factory import load_dict

from editor.export import ExportOptions, board_layout, board_render, export_bytes, export_realm
from editor.export.board_layout import PageLayout
from editor.model.scenario_io import LoadedScenario, load_scenario
from editor.topology import derive_realm
from editor.topology.realm import Realm

SVG = "{http://www.w3.org/2000/svg}"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def pdf_page_mm(data: bytes) -> tuple[float, float]:
    assert data.startswith(b"%PDF-")
    start = data.index(b"/MediaBox")
    numbers = data[start:data.index(b"]", start)].split(b"[")[1].split()
    x0, y0, x1, y1 = (float(n) for n in numbers)
    return ((x1 - x0) * 25.4 / 72, (y1 - y0) * 25.4 / 72)


@contextmanager
def one_layout_per_realm() -> Iterator[None]:
    """The page layout (label placement, most of a picture's cost) worked out once per
    derived realm and drawn as PNG, SVG and PDF, instead of once per picture: the three
    writers take the same layout from the same realm. Every writer still draws in full."""
    original = board_layout.layout_page
    pages: dict[int, tuple[Realm, PageLayout]] = {}

    def layout_page(realm: Realm, source: str | None = None) -> PageLayout:
        if source is not None:
            return original(realm, source)
        if id(realm) not in pages:  # the realm is kept alive in the entry: ids stay unique
            pages[id(realm)] = (realm, original(realm))
        return pages[id(realm)][1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(board_render, "layout_page", layout_page)  # the name render_board calls
        yield


def check_images(loaded: LoadedScenario, players: int) -> None:
    """PNG, SVG and PDF of one derived realm (one derivation, one page layout)."""
    realm = derive_realm(loaded, players)
    with one_layout_per_realm():
        png = export_realm(loaded, realm, "png")
        width, height = png_size(png)
        assert 600 <= width <= 6000 and 300 <= height <= 6000
        root = ET.fromstring(export_realm(loaded, realm, "svg"))
        assert root.tag == f"{SVG}svg"
        assert loaded.scenario.title in "".join(root.itertext())
        pdf = export_realm(loaded, realm, "pdf")
        assert pdf.startswith(b"%PDF-") and len(pdf) > 1000


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_scenario_renders(path: Path) -> None:
    loaded = load_scenario(path)
    for players in loaded.scenario.player_counts:
        check_images(loaded, players)


def test_rich_board_renders_every_part() -> None:
    for with_hole in (False, True):
        check_images(rich(with_hole), 3)
    root = ET.fromstring(export_bytes(rich(), "svg", 3))
    text = "".join(root.itertext())
    for expected in ("L1.s1", "Legend", "Mountain", "Tunnel", "River border marker", "Chasm",
                     "Lost tribe", "Cavern"):
        assert expected in text


def test_more_tiles_make_a_bigger_picture() -> None:
    small = png_size(export_bytes(rich(), "png", 2))
    data = rich_dict(with_hole=True)
    data["boards"][0]["tiles"] += rich_dict()["boards"][0]["tiles"][2:]
    data["boards"][0]["tiles"] = [dict(t, q=t["q"] - 6) if t["tile"] in ("TS", "TN") else t
                                  for t in data["boards"][0]["tiles"]]
    big = png_size(export_bytes(load_dict(data), "png", 2))
    assert big[0] > small[0]


def test_pdf_is_printed_at_the_chosen_tile_size() -> None:
    loaded = rich()
    w40, h40 = pdf_page_mm(export_bytes(loaded, "pdf", 2, ExportOptions(tile_mm=40)))
    w80, h80 = pdf_page_mm(export_bytes(loaded, "pdf", 2, ExportOptions(tile_mm=80)))
    assert w80 == pytest.approx(2 * w40, rel=0.01) and h80 == pytest.approx(2 * h40, rel=0.01)
    # the page is about 4.2 hexes wide plus margins and title: 40 mm hexes need > 150 mm
    assert 150 < w40 < 400


def test_graph_only_boards_render_as_diagrams(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    engine = tmp_path / "b.json"
    imported = tmp_path / "imported.realm.json"
    assert run_cli("export", source, "--players", "2", "--to", "engine", "-o",
                   engine).returncode == 0
    assert run_cli("import", engine, "--from", "engine", "-o", imported).returncode == 0
    check_images(load_scenario(imported), 2)


def test_cli_writes_one_picture_per_player_count(tmp_path: Path) -> None:
    source = write_scenario(tmp_path, rich_dict())
    out = tmp_path / "out"
    out.mkdir()
    result = run_cli("export", source, "--to", "png", "-o", out)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"realm.{n}p.png" for n in (2, 3, 4, 5)]
    bad = run_cli("export", source, "--to", "pdf", "--tile-mm", "0.5")
    assert bad.returncode == 2 and "--tile-mm" in bad.stderr


def test_the_legend_names_each_entry_once_on_a_format_1_board() -> None:
    """Issue 29: a board of the invented tiles (which print mountains) listed "Mountain"
    twice, for the printed terrain and for the mountain piece."""
    from editor.export.board_layout import layout_page
    from editor.export.board_legend import legend_items
    from editor.render.style import default_style
    from editor.topology import derive_realm

    loaded = load_scenario(Path(__file__).resolve().parents[1] / "data" / "format1" /
                           "01-my-precious-world.realm.json")
    realm = derive_realm(loaded, 6)
    labels = [item.label for item in legend_items(layout_page(realm), realm, default_style())]
    assert "Mountain" in labels and "Mountain piece" in labels
    assert len(labels) == len(set(labels)), labels
