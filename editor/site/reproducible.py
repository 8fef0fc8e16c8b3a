"""Byte-stable PDFs: Qt stamps the creation time and a random document id into each file.

The site promises the same bytes for the same input, so both are replaced in place by
fixed values of the same length (cross-reference offsets stay valid).
"""

from __future__ import annotations

import re

_DATE = re.compile(rb"D:\d{14}Z")
_XMP_DATE = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d|Z)?")
_UUID = re.compile(rb"uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_ID = re.compile(rb"/ID \[ <([0-9a-f]+)> <([0-9a-f]+)> \]")
FIXED_DATE = b"D:20000101000000Z"


def _fixed_xmp_date(match: re.Match[bytes]) -> bytes:
    zone = match.group(0)[19:]
    return b"2000-01-01T00:00:00" + (b"+00:00" if len(zone) == 6 else zone)


def _zeroed(match: re.Match[bytes]) -> bytes:
    return b"uuid:" + re.sub(rb"[0-9a-f]", b"0", match.group(0)[5:])


def stable_pdf(data: bytes) -> bytes:
    """``data`` with its timestamps and document id fixed; the file stays valid."""
    data = _DATE.sub(FIXED_DATE, data)
    data = _XMP_DATE.sub(_fixed_xmp_date, data)
    data = _UUID.sub(_zeroed, data)
    return _ID.sub(lambda m: b"/ID [ <" + b"0" * len(m.group(1)) + b"> <"
                   + b"0" * len(m.group(2)) + b"> ]", data)
