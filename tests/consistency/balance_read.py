"""The figures of a balance report read back out of each of its forms: `realms balance`'s
text, JSON and HTML, and a site page's balance section.

Each reader gives, per player count, every metric row by its label: the value as shown and
whether it is flagged outside the balance standard, and the "N flags" count. The
readers know the layout of the forms, never the numbers, so the tests compare the forms to
each other and keep holding when the balance standard changes (issue 31).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

PLAYERS = re.compile(r"^(\d) players?$")
TEXT_SECTION = re.compile(r"^== (\d) players? ==$")
TEXT_ROW = re.compile(r"^  (?P<flag>[! ]) (?P<label>\S.*?)\s{2,}(?P<value>\S+)(?:\s{3}.*)?$")
TEXT_OUTSIDE = re.compile(r"^  (\d+) flags?:?$")
HTML_OUTSIDE = re.compile(r"^(\d+) (?:metrics? outside|flags?\b)")


@dataclass
class Row:
    value: str
    outside: bool


@dataclass
class Count:
    rows: dict[str, Row] = field(default_factory=dict)
    outside: int | None = None  # the "N metrics outside" sentence, when the form has one


def from_json(text: str) -> dict[int, dict[str, tuple[Any, bool]]]:
    """players -> label -> (value, outside), as `--format json` gives them."""
    document = json.loads(text)
    return {report["players"]: {c["label"]: (c["value"], c["outside"])
                                for c in report.get("comparisons", [])}
            for report in document["reports"]}


def from_text(text: str) -> dict[int, Count]:
    counts: dict[int, Count] = {}
    current: Count | None = None
    for line in text.splitlines():
        section = TEXT_SECTION.match(line)
        if section:
            current = counts.setdefault(int(section.group(1)), Count())
            continue
        if current is None:
            continue
        outside = TEXT_OUTSIDE.match(line)
        if outside:
            current.outside = int(outside.group(1))
            continue
        row = TEXT_ROW.match(line)
        if row:
            current.rows[row["label"]] = Row(row["value"], row["flag"] == "!")
    return counts


class _Tables(HTMLParser):
    """Rows of the tables under each "N players" heading (text inside SVG left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.counts: dict[int, Count] = {}
        self.current: Count | None = None
        self.heading: list[str] | None = None
        self.paragraph: list[str] | None = None
        self.row_classes: list[str] | None = None
        self.cells: list[list[str]] = []
        self.cell: list[str] | None = None
        self.first_cell_tag = ""
        self.svg_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self.svg_depth += 1
        elif self.svg_depth:
            return
        elif tag == "h2":
            self.heading = []
        elif tag == "p":
            self.paragraph = []
        elif tag == "tr":
            self.row_classes = (dict(attrs).get("class") or "").split()
            self.cells = []
        elif tag in ("td", "th") and self.row_classes is not None:
            self.cell = []
            if not self.cells:
                self.first_cell_tag = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.svg_depth -= 1
        elif self.svg_depth:
            return
        elif tag == "h2" and self.heading is not None:
            match = PLAYERS.match("".join(self.heading).strip())
            if match:
                self.current = self.counts.setdefault(int(match.group(1)), Count())
            self.heading = None
        elif tag == "p" and self.paragraph is not None:
            match = HTML_OUTSIDE.match(" ".join("".join(self.paragraph).split()))
            if match and self.current is not None:
                self.current.outside = int(match.group(1))
            self.paragraph = None
        elif tag in ("td", "th") and self.cell is not None:
            self.cells.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row_classes is not None:
            if self.current is not None and len(self.cells) >= 2 and \
                    self.first_cell_tag == "td":  # a metric row, not a heading row
                label, value = ("".join(c).strip() for c in self.cells[:2])
                self.current.rows[label] = Row(value, "out" in self.row_classes)
            self.row_classes = None

    def handle_data(self, data: str) -> None:
        if self.svg_depth:
            return
        for part in (self.heading, self.paragraph, self.cell):
            if part is not None:
                part.append(data)


def from_html(text: str) -> dict[int, Count]:
    parser = _Tables()
    parser.feed(text)
    parser.close()
    return parser.counts


def same_value(shown: str, value: Any) -> bool:
    """Whether a value as a form shows it (``9.00``, ``27``, ``n/a``) is the JSON value."""
    if value is None:
        return shown == "n/a"
    try:
        number = float(shown)
    except ValueError:
        return False
    decimals = len(shown.partition(".")[2])
    return math.isclose(number, float(value), abs_tol=0.5 * 10 ** -decimals + 1e-9)


def agree(expected: dict[str, tuple[object, bool]], shown: Count, form: str) -> list[str]:
    """What ``shown`` (one count of one form) says differently from the JSON report."""
    problems = [f"{form}: no row {label!r}" for label in expected if label not in shown.rows]
    for label, (value, outside) in expected.items():
        row = shown.rows.get(label)
        if row is None:
            continue
        if not same_value(row.value, value):
            problems.append(f"{form}: {label} shows {row.value}, JSON {value}")
        if row.outside != outside:
            problems.append(f"{form}: {label} flagged {row.outside}, JSON {outside}")
    flagged = sum(outside for _, outside in expected.values())
    if expected and shown.outside != flagged:
        problems.append(f"{form}: says {shown.outside} metrics outside, JSON flags {flagged}")
    return problems
