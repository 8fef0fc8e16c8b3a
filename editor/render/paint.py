"""QPainter helpers both the canvas and the printable boards draw with: colours, the one
font family, and the badge (a printed symbol or a laid marker) in every shape."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF

import editor.qtcompat  # noqa: F401  (must run before any painting)
from editor.render import pieces
from editor.render.style import BadgeStyle

FONT_FAMILY = "DejaVu Sans"


@cache
def colour(spec: str) -> QColor:
    return QColor(spec)


def font(pixel_size: float, bold: bool = False) -> QFont:
    result = QFont(FONT_FAMILY)
    result.setPixelSize(max(1, round(pixel_size)))
    result.setBold(bold)
    return result


@dataclass(frozen=True)
class BadgeLook:
    """How a badge is drawn where it is used: screen (thin translucent edge) or print
    (dark edge, pointed shapes pushed out a little, larger glyphs)."""

    edge: str = "#00000080"
    edge_width: float | None = None  # None: 12 % of the radius
    spread: float = 0.0  # how far diamond and triangle tips reach past the circle
    glyph_scale: tuple[float, float, float] = (1.05, 0.8, 0.8)  # 1, 2, 3+ characters


SCREEN = BadgeLook()
PRINT = BadgeLook("#1f1a16", 1.4, 2.0, (1.15, 0.95, 0.75))


def _polygon(outline: pieces.Outline, radius: float, centre: QPointF) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in
                      pieces.scaled(outline, radius, centre.x(), centre.y())])


def paint_mountain(painter: QPainter, centre: QPointF, radius: float, badge: BadgeStyle,
                   outline: QColor | None = None, look: BadgeLook = SCREEN) -> None:
    """A mountain piece standing on its region: shadow, body, lit and shaded faces, snow."""
    shadow_x, shadow_y, shadow_w, shadow_h = pieces.MOUNTAIN_SHADOW
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))
    painter.drawEllipse(QPointF(centre.x() + shadow_x * radius, centre.y() + shadow_y * radius),
                        shadow_w * radius, shadow_h * radius)
    body = colour(badge.fill)
    width = look.edge_width if look.edge_width is not None else max(1.0, radius * 0.09)
    edge = outline or QColor(look.edge if look is not SCREEN else "#2b2420")
    painter.setBrush(body)
    painter.setPen(QPen(edge, width))
    painter.drawPolygon(_polygon(pieces.MOUNTAIN_BODY, radius, centre))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(body.lighter(128))
    painter.drawPolygon(_polygon(pieces.MOUNTAIN_LIT, radius, centre))
    painter.setBrush(body.darker(135))
    painter.drawPolygon(_polygon(pieces.MOUNTAIN_SHADED, radius, centre))
    painter.setBrush(QColor("#f7f4ef"))
    for cap in pieces.MOUNTAIN_SNOW:
        painter.drawPolygon(_polygon(cap, radius, centre))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(edge, width))
    painter.drawPolygon(_polygon(pieces.MOUNTAIN_BODY, radius, centre))


def paint_badge(painter: QPainter, centre: QPointF, radius: float, badge: BadgeStyle,
                text: str | None = None, outline: QColor | None = None,
                look: BadgeLook = SCREEN, fit: bool = False) -> None:
    """A token: a shape filled with the badge colour and a short glyph on it. A piece
    (a mountain) stands ``badge.size`` times larger than a chip of ``radius``, unless
    ``fit`` asks for it to fit in ``radius`` (an icon, a legend swatch)."""
    if badge.is_piece:
        extent = pieces.MOUNTAIN_EXTENT[0]
        paint_mountain(painter, centre, radius / extent if fit else radius * badge.size,
                       badge, outline, look)
        return
    width = look.edge_width if look.edge_width is not None else max(1.0, radius * 0.12)
    painter.setPen(QPen(outline or QColor(look.edge), width))
    painter.setBrush(colour(badge.fill))
    rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    out = look.spread
    if badge.shape == "square":
        painter.drawRoundedRect(rect, radius * 0.25, radius * 0.25)
    elif badge.shape == "diamond":
        painter.drawPolygon(QPolygonF([QPointF(centre.x(), rect.top() - out),
                                       QPointF(rect.right() + out, centre.y()),
                                       QPointF(centre.x(), rect.bottom() + out),
                                       QPointF(rect.left() - out, centre.y())]))
    elif badge.shape == "triangle":
        base = rect.bottom() - radius * 0.2 if out == 0 else rect.bottom()
        painter.drawPolygon(QPolygonF([QPointF(centre.x(), rect.top() - out),
                                       QPointF(rect.right() + out, base),
                                       QPointF(rect.left() - out, base)]))
    else:
        painter.drawEllipse(rect)
    glyph = badge.glyph if text is None else text
    if glyph:
        painter.setPen(colour(badge.text))
        scale = look.glyph_scale[min(len(glyph), 3) - 1]
        painter.setFont(font(radius * scale, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, glyph)
