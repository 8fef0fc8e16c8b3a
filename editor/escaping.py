"""Safe display of untrusted text (file names, titles) on terminals and in CI logs.

A scenario collection is written by strangers, and so are its file names: a name with a
newline followed by ``::error ...`` would otherwise become a live GitHub Actions workflow
command, and control characters would rewrite the user's terminal. Every subcommand that
prints a path or a string taken from a file goes through these helpers.
"""

from __future__ import annotations

import os
import re
from pathlib import PurePath

_DISPLAY_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def in_github_actions() -> bool:
    """True inside a GitHub Actions job, where stdout is parsed for workflow commands."""
    return os.environ.get("GITHUB_ACTIONS") == "true"


def _is_unsafe(char: str) -> bool:
    code = ord(char)
    return (code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000
            or code in (0x2028, 0x2029, 0xFFFE, 0xFFFF))


def display_text(text: str) -> str:
    """``text`` with control characters, lone surrogates and line separators made visible.

    Printable characters (including non-ASCII letters) are kept as they are; a backslash is
    doubled only when the text needs escaping, so ordinary Windows-style paths stay readable.
    """
    if not any(_is_unsafe(char) for char in text):
        return text
    out = []
    for char in text:
        if char in _DISPLAY_ESCAPES:
            out.append(_DISPLAY_ESCAPES[char])
        elif _is_unsafe(char):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def display_path(path: str | PurePath) -> str:
    """A path as shown in messages: ``display_text`` of its string form."""
    return display_text(os.fspath(path))


_SURROGATES = re.compile("[\ud800-\udfff]")


def without_surrogates(text: str) -> str:
    """``text`` with each lone surrogate (a file name that is not UTF-8, as
    :func:`os.fsdecode` gives it; a ``\\udcff`` escape in a file) written ``\\udcff``:
    output that must be UTF-8 (a CI log, JSON) would otherwise carry a raw byte."""
    if text.isascii() or _SURROGATES.search(text) is None:
        return text
    return _SURROGATES.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def github_escape_data(text: str) -> str:
    """Escape the message part of a workflow command (``::error ...::DATA``)."""
    return without_surrogates(text).replace("%", "%25").replace("\r", "%0D").replace(
        "\n", "%0A")


def github_escape_property(text: str) -> str:
    """Escape a property value of a workflow command (``file=...,title=...``)."""
    return (github_escape_data(text).replace(":", "%3A").replace(",", "%2C"))


def line_path(path: str | PurePath) -> str:
    """A path to print at the start of a line: ``display_path``, and a name starting with
    ``:`` written as ``./:…`` (the same file; a line starting with ``::`` would be a GitHub
    Actions workflow command)."""
    shown = display_path(path)
    return f"./{shown}" if shown.startswith(":") else shown


def ci_path(path: str | PurePath) -> str:
    """A path to print on its own line: escaped as workflow-command data inside GitHub
    Actions (so it can never start a command), made visible elsewhere."""
    shown = line_path(path)
    return github_escape_data(shown) if in_github_actions() else shown


def _not_xml_chars() -> re.Pattern[str]:
    """Characters outside XML 1.0's ``Char`` production, or Unicode non-characters: XML
    cannot carry these even escaped, and Python source cannot hold NUL. One compiled class,
    so a megabyte of SVG text is checked at C speed."""
    planes = "".join(f"{chr(p << 16 | 0xFFFE)}{chr(p << 16 | 0xFFFF)}" for p in range(17))
    return re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff"
                      "\ufdd0-\ufdef" + planes + "]")


_NOT_XML = _not_xml_chars()
# The same class's ASCII part: a class of ranges up to U+10FFFF costs the regex engine ten
# times more per character than this one, and a page's SVG is hundreds of kB.
_NOT_XML_ASCII = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def document_text(text: str) -> str:
    """``text`` fit for an exported document (SVG, PDF, GraphML, DOT, a Python comment):
    every character XML 1.0 cannot hold (C0/C1 controls other than tab and line breaks,
    lone surrogates, non-characters such as U+FFFE) becomes U+FFFD, so the output stays
    well-formed and a reader sees where something was dropped. (Unless one of the text's
    distinct non-ASCII characters is such a one, only the ASCII part of the class can
    match: the text is scanned for that alone.)"""
    if not text.isascii() and any(_NOT_XML.match(c) for c in set(text) if c > "\x7f"):
        return _NOT_XML.sub("\ufffd", text)
    return _NOT_XML_ASCII.sub("\ufffd", text)


def document_line(text: str) -> str:
    """``document_text`` on one line: every run of white space, line breaks included
    (``\\n``, ``\\r``, U+2028...), becomes one space. For titles, captions and comments."""
    return document_text(" ".join(text.split()))
