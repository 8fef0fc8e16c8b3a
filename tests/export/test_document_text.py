"""``document_text`` drops exactly what XML 1.0 cannot hold, in ASCII and non-ASCII text
alike (it scans ASCII text, and text whose other characters are all allowed, for the ASCII
controls alone)."""

from __future__ import annotations

from editor.escaping import document_text


def _allowed(char: str) -> bool:
    """XML 1.0's Char production, less the C1 controls and Unicode's non-characters."""
    c = ord(char)
    if c in (0x9, 0xA, 0xD) or 0x20 <= c <= 0x7E or 0xA0 <= c <= 0xD7FF:
        return True
    if 0xE000 <= c <= 0xFFFD:
        return not 0xFDD0 <= c <= 0xFDEF
    return c >= 0x10000 and (c & 0xFFFF) < 0xFFFE


def test_each_character_alone_beside_ascii_and_beside_a_glyph() -> None:
    chars = [chr(c) for c in (*range(0x100), *range(0xD7FE, 0xE002), *range(0xFDCE, 0xFDF2),
                              0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1FFFE, 0x1FFFF, 0x10FFFF)]
    for char in chars:
        kept = char if _allowed(char) else "\ufffd"
        assert document_text(f"a{char}b") == f"a{kept}b", hex(ord(char))
        assert document_text(f"\u2726{char}\x01") == f"\u2726{kept}\ufffd", hex(ord(char))
