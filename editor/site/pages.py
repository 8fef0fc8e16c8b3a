"""HTML pages from Jinja2 templates in ``editor/data/site/``, escaped by default.

Autoescaping covers markup; ``finalize`` also turns characters HTML cannot carry (NUL,
C0/C1 controls, non-characters) into U+FFFD, so a hostile title can neither inject markup
nor make the page malformed.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from editor import __version__
from editor.escaping import document_text
from editor.model.paths import data_file

TEXT_TITLES = {"description": "Description", "notes": "Notes",
               "layout_note": "About this layout", "turns_reason": "About the turns"}


def _template_source(name: str) -> str:
    return data_file(f"site/{name}").read_text(encoding="utf-8")


def _finalize(value: object) -> object:
    if isinstance(value, Markup):  # marked safe (the board's SVG): clean it, keep it markup
        return Markup(document_text(str(value)))
    return document_text(value) if isinstance(value, str) else value


def url_part(value: str) -> str:
    """One path segment of a link, percent-encoded: a file named ``a#b``, ``%2e%2e``,
    ``a\\b`` or with a newline must link to itself, not to an anchor, a parent or the page.
    (HTML-escaping, which the template still applies, is not URL-encoding.) A name that
    is not UTF-8 (bytes kept as lone surrogates, :func:`os.fsdecode`) is encoded as the
    bytes it names on disk, which is what a web server serving the folder matches."""
    return quote(value.encode("utf-8", "surrogateescape"), safe="")


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(_template_source),
        autoescape=True, finalize=_finalize, undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.filters["url_part"] = url_part
    return env


def script_json(value: object) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``<``, ``>`` or ``&``
    survives, so no string can close the element or open a comment."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = document_text(text)
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def render(template: str, **values: Any) -> str:
    values.setdefault("version", __version__)
    values.setdefault("text_titles", TEXT_TITLES)
    return environment().get_template(template).render(**values)
