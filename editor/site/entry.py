"""What the site shows of one scenario file: its card, its findings and each player count.

A file that cannot be loaded still gets an entry (its card carries the error), so one bad
file never stops the rest of the collection from being built.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from editor import __version__
from editor.export import ExportError, export_realm
from editor.export.board_layout import layout_page
from editor.lint.findings import Finding
from editor.lint.runner import lint_path
from editor.model.errors import LoadError
from editor.model.jsonio import decode_json_bytes
from editor.model.paths import data_file
from editor.model.scenario_io import LoadedScenario, parse_scenario
from editor.render.style import Style, default_style, marker_glyph
from editor.site.svg_board import board_svg, thumbnail_svg
from editor.topology import derive_realm
from editor.topology.realm import Realm

# Downloadable exports: (format name, file suffix, label). JSON and text only: no Qt.
DATA_EXPORTS: tuple[tuple[str, str, str], ...] = (
    ("engine", "engine.json", "Engine scenario (JSON)"),
    ("smawg", "smawg.json", "smawg map (JSON)"),
    ("cestpasphoto", "cestpasphoto.py", "cestpasphoto map (Python)"),
    ("geojson", "geojson", "GeoJSON"),
)
IMAGE_EXPORTS: tuple[tuple[str, str, str], ...] = (
    ("png", "png", "Printable board (PNG)"),
    ("pdf", "pdf", "Printable board (PDF)"),
)
TEXT_SECTIONS = ("description", "notes", "layout_note", "turns_reason")


@dataclass
class Download:
    label: str
    file: str | None  # relative to the scenario's folder; None when not available
    reason: str = ""


@dataclass
class CountView:
    """One player count of a scenario: its board, region details and downloads."""

    players: int
    turns: int
    svg: str
    regions: dict[str, dict[str, Any]]
    summary: str
    balance: str = ""  # the balance report's HTML for this count (metrics against bands)
    downloads: list[Download] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict, repr=False)
    example: str = ""  # set when the board shown is an example realised from the rules
    graph_nodes: int = 0  # the graph of play `realms balance` measures
    graph_edges: int = 0
    land_regions: int = 0  # `realms balance`'s "Land regions"
    thumbnail: str = ""  # the card's picture of this count's board
    play: str = ""  # games played in smawg (`realms site --playtest G`): figures, heat map


@dataclass
class ScenarioEntry:
    slug: str
    source: str  # the file's path as given, relative to the collection
    file_name: str
    content: bytes
    title: str
    load_error: str | None = None
    author: str = ""
    players: tuple[int, int] = (0, 0)
    stars: int | None = None
    worlds: tuple[str, ...] = ()
    expansions: tuple[str, ...] = ()
    texts: list[tuple[str, str]] = field(default_factory=list)
    rules: list[tuple[str, str]] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    counts: list[CountView] = field(default_factory=list)
    in_play: str = ""  # how a board built during play is built (the rules' own text)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity == "warning")

    @property
    def status(self) -> str:
        if self.load_error is not None or self.errors:
            return "error"
        return "warning" if self.warnings else "clean"

    def card(self) -> dict[str, Any]:
        """The index card's data, also kept in the build manifest for unchanged files."""
        return {"slug": self.slug, "source": self.source, "title": self.title,
                "author": self.author, "players": list(self.players), "stars": self.stars,
                "worlds": list(self.worlds), "expansions": list(self.expansions),
                "errors": self.errors, "warnings": self.warnings, "status": self.status,
                "load_error": self.load_error,
                "thumbnail": "thumb.svg" if self.counts else None,
                "example": bool(self.counts and self.counts[0].example)}


def content_key(content: bytes, options: str) -> str:
    """What decides a scenario page: the file, the tool version and the build options."""
    digest = hashlib.sha256()
    for part in (content, __version__.encode(), options.encode()):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value if isinstance(v, str | int))
    return ()


def _rule_texts(sections: dict[str, Any]) -> list[tuple[str, str]]:
    """Scenario rules a reader needs: each scoring and set-up rule's own text."""
    out: list[tuple[str, str]] = []
    for section in ("scoring", "setup"):
        items = sections.get(section)
        if not isinstance(items, list):
            continue
        for item in items:
            if isinstance(item, dict):
                kind = str(item.get("kind", section))
                text = item.get("text")
                out.append((kind, text if isinstance(text, str) else ""))
    return out


def _marker_label(kind: str, attrs: dict[str, Any], style: Style) -> str:
    """The marker's name, with its number or label when it carries one (tunnel T2...)."""
    glyph = marker_glyph(kind, attrs, style)
    label = style.marker(kind).label
    return label if glyph == style.marker(kind).glyph else f"{label} ({glyph})"


def _region_details(realm: Realm, style: Style) -> dict[str, dict[str, Any]]:
    graph = realm.graph
    out: dict[str, dict[str, Any]] = {}
    for region_id in sorted(realm.regions):
        region = realm.regions[region_id]
        out[region_id] = {
            "terrain": style.terrain(region.drawn_terrain).label,
            "symbols": [style.symbol(s).label for s in sorted(region.symbols)],
            "markers": [_marker_label(m.kind, m.attrs, style)
                        for m in sorted(region.markers, key=lambda m: m.kind)],
            "neighbours": sorted(str(n) for n in graph.neighbors(region_id))
            if region_id in graph else [],
            "edge": region.board_edge,
            "tiles": list(region.tiles),
        }
    return out


def visitor_reason(message: str) -> str:
    """An export's refusal as a visitor reads it: what is missing, without the command-line
    advice after the "; " (``export with --players 2``), which a page reader cannot follow."""
    return message.split("; ", 1)[0]


def _downloads(loaded: LoadedScenario, realm: Realm, stem: str,
               images: tuple[str, ...]) -> tuple[list[Download], dict[str, bytes]]:
    wanted = DATA_EXPORTS + tuple(e for e in IMAGE_EXPORTS if e[0] in images)
    downloads: list[Download] = []
    files: dict[str, bytes] = {}
    for fmt, suffix, label in wanted:
        name = f"{stem}.{realm.players}p.{suffix}"
        try:
            data = export_realm(loaded, realm, fmt)
        except (ExportError, ValueError) as exc:
            downloads.append(Download(label, None, visitor_reason(str(exc))))
            continue
        if fmt == "pdf":
            from editor.site.reproducible import stable_pdf
            data = stable_pdf(data)
        files[name] = data
        downloads.append(Download(label, name))
    return downloads, files


@cache
def site_settings() -> dict[str, Any]:
    """``editor/data/site/site.json``: the example boards' seed and the thumbnails' shape."""
    data: dict[str, Any] = json.loads(data_file("site/site.json").read_text(encoding="utf-8"))
    return data


def _example(loaded: LoadedScenario, players: int, seed: int) -> LoadedScenario | None:
    """One board of a scenario built during play, realised by its own building rules
    (``realms realise`` at ``seed``); None when the rules cannot make one."""
    from editor.generate.confirm import loaded_from
    from editor.generate.realise import RealiseError, realise

    try:  # the page shows the board alone: the balance flags realise can name are not asked
        result = realise(loaded, players, seed, flags_for=None)
    except RealiseError:
        return None
    example: LoadedScenario = loaded_from(result.data, str(loaded.path))
    example.path = loaded.path
    return example


def _accessible_names(details: dict[str, dict[str, Any]]) -> dict[str, str]:
    """What a screen reader says on reaching a region: its id, terrain, symbols, markers."""
    return {rid: ", ".join([rid, d["terrain"], *d["symbols"], *d["markers"]])
            for rid, d in details.items()}


def _play_html(realm: Realm, games: int, seed: int) -> str:
    """The board played ``games`` times in smawg (random bots), or why it was not."""
    from html import escape

    from editor.play import PlayError, playtest
    from editor.play.heatmap import heatmap_svg
    from editor.play.report import site_section

    try:
        result = playtest(realm, realm.players, games, seed)
    except PlayError as exc:
        return f"<p>Not played: {escape(str(exc))}</p>"
    return site_section(result, heatmap_svg(realm, result))


def _count_view(loaded: LoadedScenario, players: int, stem: str, style: Style,
                images: tuple[str, ...], thumbnail: bool = False,
                playtest: int = 0) -> CountView:
    from editor.analysis.metrics import measure, play_graph
    from editor.analysis.report import make_report
    from editor.analysis.standard import load_standard
    from editor.site.balance import balance_html

    dynamic = loaded.scenario.built_during_play
    seed = int(site_settings()["example_seed"])
    shown = _example(loaded, players, seed) if dynamic else None
    board = shown if shown is not None else loaded
    realm = derive_realm(board, players)
    page = layout_page(realm)
    details = _region_details(realm, style)
    graph = play_graph(realm)
    metrics = measure(realm, graph)
    example = (f"Example board, seed {seed}: one board the scenario's building rules give "
               "(every game builds its own).") if shown is not None else ""
    svg = board_svg(page, style, graph, name=f"Board for {players} players"
                    + (f", example at seed {seed}" if shown is not None else ""),
                    details=_accessible_names(details), ids=f"p{players}-")
    unused = page.left_out  # the boards the printable page leaves out, named, not drawn
    summary = page.subtitle + (f" \u00b7 not used at {players} players: " + "; ".join(unused)
                               if unused else "")
    view = CountView(players, loaded.scenario.turns(players), svg, details, summary,
                     balance_html(make_report(metrics, load_standard()), dynamic,
                                  f"Measured on the example board (seed {seed})."
                                  if shown is not None else ""))
    view.example = example
    view.graph_nodes = graph.number_of_nodes()
    view.graph_edges = graph.number_of_edges()
    view.land_regions = int(metrics.values.get("regions") or 0)
    if playtest and realm.regions:
        view.play = _play_html(realm, playtest, seed)
    if thumbnail:  # the card shows the first count's board
        view.thumbnail = thumbnail_svg(page, style, data_file("site/board.css").read_text(
            encoding="utf-8"), float(site_settings()["thumbnail_max_aspect"]))
    if realm.regions:
        name = f"{stem}.seed{seed}" if shown is not None else stem
        view.downloads, view.files = _downloads(board, realm, name, images)
        if shown is not None:
            for download in view.downloads:
                download.label += f" of the example board (seed {seed})"
    else:
        reason = ("its board is built during play" if dynamic
                  else f"the board has no tiles for {players} players")
        view.downloads = [Download(label, None, reason) for _f, _s, label in DATA_EXPORTS]
    return view


def warm() -> None:
    """Make, once in the parent before its workers fork, what every page needs and a fresh
    process would otherwise make again on its first page: the modules a page imports on
    first use, the compiled page templates, the lint rules, the schema validator, the
    style, the balance standard and the site's settings. Workers are replaced every few
    dozen pages, and this was a tenth of a second or more of each one's start."""
    import editor.analysis.metrics
    import editor.analysis.report
    import editor.export.cestpasphoto
    import editor.export.engine
    import editor.export.geojson
    import editor.export.smawg
    import editor.generate.confirm
    import editor.generate.realise
    import editor.lint.engine
    import editor.site.balance  # noqa: F401  (imported for the workers)
    from editor.analysis.standard import load_standard
    from editor.lint.registry import all_rules
    from editor.model.fast_schema import expect_many, fast_backend
    from editor.site.pages import environment

    for template in ("scenario.html.j2", "index.html.j2"):
        environment().get_template(template)
    all_rules()
    expect_many()  # every page checks its file: the Rust validator, built here once
    fast_backend("scenario")
    load_standard()
    default_style()
    site_settings()


def _as_shown(text: str, path: Path, source: str) -> str:
    """``text`` with the file's path as typed, or as resolved, replaced by its shown path."""
    for form in sorted({str(path), os.path.abspath(path), os.path.realpath(path)},
                       key=len, reverse=True):
        text = text.replace(form, source)
    return text


def build_entry(path: Path, source: str, slug: str, content: bytes | None,
                images: tuple[str, ...] = (), unread: str = "",
                playtest: int = 0) -> ScenarioEntry:
    """Everything one scenario page needs, from the bytes the build read (``content``; None
    when they could not be read, ``unread`` saying why): the file is never opened again, so
    the page, its lint findings and its download all come from those same bytes. Load
    errors become the entry's ``load_error``. ``playtest`` games per count are played in
    smawg when it is above 0."""
    if content is None:
        entry = ScenarioEntry(slug, source, path.name, b"", title=path.name)
        entry.load_error = _as_shown(unread or f"{path}: could not be read", path, source)
        return entry
    entry = ScenarioEntry(slug, source, path.name, content, title=path.name)
    try:
        # Named by its shown path: messages and the exports' provenance never carry the
        # builder's own folders (catalogues still resolve from the real folder).
        loaded = parse_scenario(decode_json_bytes(content, source), source, path.parent)
        loaded.path = Path(source)
    except LoadError as exc:
        entry.load_error = _as_shown(exc.one_line(), path, source)
        entry.findings = lint_path(path, raw=content)
        return entry
    scenario = loaded.scenario
    sections = scenario.sections
    entry.title = scenario.title
    entry.author = sections.get("author", "") if isinstance(sections.get("author"), str) else ""
    entry.players = (scenario.players_min, scenario.players_max)
    stars = sections.get("stars")
    entry.stars = stars if isinstance(stars, int) and not isinstance(stars, bool) else None
    entry.worlds = tuple(sorted({b.kind for b in scenario.boards})) or _strings(
        sections.get("world"))
    # An expansion that is also a world shown (underground) would be the same pill twice.
    entry.expansions = tuple(e for e in _strings(sections.get("expansions"))
                             if e not in entry.worlds)
    entry.texts = [(name, sections[name]) for name in TEXT_SECTIONS
                   if isinstance(sections.get(name), str)]
    entry.rules = _rule_texts(sections)
    if scenario.built_during_play:
        text = scenario.section("dynamic").get("text")
        entry.in_play = text if isinstance(text, str) else (
            "the players lay the tiles during the game, by the scenario's building rules")
    entry.findings = lint_path(path, raw=content)
    style = default_style()
    stem = path.name.removesuffix(".json").removesuffix(".realm")
    for players in scenario.player_counts:
        entry.counts.append(_count_view(loaded, players, stem, style, images,
                                        thumbnail=not entry.counts, playtest=playtest))
    return entry
