"""The marks inside the balance strips and bar charts, for ``realms balance --html`` and
the site's balance section alike: one geometry, so the two pages draw a band, a value and
a bar the same way. Each caller writes its own ``<svg>`` opening (classes, accessible
names) and escapes its own text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

TRACK, BAND, INSIDE, OUTSIDE = "#e6e1d6", "#9cc3a0", "#1f4e9c", "#c62828"


def strip_marks(value: float | None, band: tuple[float | None, float | None] | None,
                top: float, width: int, height: int, outside: bool) -> list[str]:
    """The track, the band (``(low, high)``, an open side running to the strip's end; none
    when ``band`` is None) shaded, and the value as a tick, scaled so ``top`` is the end."""
    parts = [f'<rect x="0" y="5" width="{width}" height="4" fill="{TRACK}"/>']
    if band is not None:
        low, high = band
        x0 = (low or 0.0) / top * width
        x1 = width if high is None else high / top * width
        parts.append(f'<rect x="{x0:.1f}" y="2" width="{max(x1 - x0, 2):.1f}" height="10" '
                     f'fill="{BAND}"/>')
    if value is not None:
        x = min(value / top * width, width - 1.5)
        colour = OUTSIDE if outside else INSIDE
        parts.append(f'<rect x="{max(x - 1.5, 0):.1f}" y="0" width="3" height="{height}" '
                     f'fill="{colour}"/>')
    return parts


def bar_marks(bars: Sequence[tuple[str, float]], step: int, height: int, colour: str,
              value_text: Callable[[float], str], label_text: Callable[[str], str],
              ) -> list[str]:
    """Each bar (``step`` wide with its gap, the tallest ``height``) with its value above
    and its label below; ``value_text`` and ``label_text`` give them as escaped text."""
    peak = max(v for _, v in bars) or 1.0
    parts = []
    for i, (label, value) in enumerate(bars):
        h = value / peak * height
        x = 10 + i * step
        middle = x + (step - 8) / 2
        parts.append(f'<rect x="{x}" y="{height - h + 14:.1f}" width="{step - 8}" '
                     f'height="{h:.1f}" fill="{colour}"/>')
        parts.append(f'<text x="{middle}" y="{height - h + 10:.1f}" font-size="11" '
                     f'text-anchor="middle">{value_text(value)}</text>')
        parts.append(f'<text x="{middle}" y="{height + 30}" font-size="11" '
                     f'text-anchor="middle">{label_text(label)}</text>')
    return parts
