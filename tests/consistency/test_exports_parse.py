"""Every export format of every realm of the corpus, at every count it supports, parses with
a real parser for its format and agrees with the others about the regions (issue 29).

The printable PNG and PDF are left to tests/export (they need Qt's renderer and cost seconds
per board); SVG, the same drawing, is parsed here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from cli_runner import run_cli
from export_readers import READERS, SUFFIXES, expected_counts, exported
from realm_corpus import NAMES, Realm

FORMATS = tuple(SUFFIXES)


@cache
def parsed(fmt: str, text: str, players: int) -> frozenset[str] | None:
    """The region ids a real parser reads in ``text``: the same export is parsed once per
    worker, whichever of the two tests reads it first.
    The file runs on one worker (tests/conftest.py's WHOLE_FILE) so the two tests share it."""
    found = READERS[fmt](text, players)
    return None if found is None else frozenset(found)


def _stem(realm: Realm) -> str:
    return realm.path.name.removesuffix(".realm.json")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", NAMES)
def test_every_export_parses(corpus: dict[str, Realm], name: str, fmt: str,
                             tmp_path: Path) -> None:
    realm = corpus[name]
    result = run_cli("export", realm.path, "--to", fmt, "-o", f"{tmp_path}/")
    counts = expected_counts(fmt, realm.counts)
    if realm.empty or not counts:
        # nothing to export (no board, or no count the format has): refused with one
        # error line (after any note), nothing written
        assert result.returncode == 2, (realm.command, result.stderr)
        errors = [line for line in result.stderr.splitlines() if ": note: " not in line]
        assert len(errors) == 1, result.stderr
        assert "Traceback" not in result.stderr and not any(tmp_path.iterdir())
        return
    assert result.returncode == 0, (realm.command, fmt, result.stderr)
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(exported(tmp_path, _stem(realm), fmt, n).name for n in counts)
    for players in counts:
        text = exported(tmp_path, _stem(realm), fmt, players).read_text(encoding="utf-8")
        parsed(fmt, text, players)


@pytest.mark.parametrize("name", NAMES)
def test_formats_name_the_same_regions(corpus: dict[str, Realm], name: str,
                                       tmp_path: Path) -> None:
    """The engine file, GeoJSON, GraphML and DOT of one board list the same region ids."""
    realm = corpus[name]
    if realm.empty:
        pytest.skip("no board to export (see test_every_export_parses)")
    players = realm.counts[-1]
    ids = {}
    for fmt in ("engine", "geojson", "graphml", "dot"):
        out = tmp_path / f"board{SUFFIXES[fmt]}"
        result = run_cli("export", realm.path, "--players", str(players), "--to", fmt,
                         "-o", out)
        assert result.returncode == 0, result.stderr
        ids[fmt] = parsed(fmt, out.read_text(encoding="utf-8"), players)
    assert ids["engine"] == ids["geojson"] == ids["graphml"] == ids["dot"], {
        fmt: sorted(found or ())[:5] for fmt, found in ids.items()}
