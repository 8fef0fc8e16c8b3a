"""Graphics items of the canvas. Each draws one model object; none changes the model."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QFontMetricsF, QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.gui.canvas.tile_cache import DESIGNS, design_id, draw_design
from editor.gui.painting import (
    LABEL_DETAIL,
    clip_outside,
    hex_path,
    paint_placeholder,
    paint_tile,
    paint_tile_label,
    parts_path,
    side_label,
)
from editor.gui.shapes import HEX_SIZE, MARKER_RADIUS, RegionShape, hex_centre, side_shapes
from editor.model.catalogue import TileSide
from editor.model.lattice import Point
from editor.model.scenario import Link, Marker, Placement
from editor.render.paint import colour, font, paint_badge
from editor.render.pieces import MOUNTAIN_EXTENT
from editor.render.style import BadgeStyle, Style

Z_TILE, Z_HIGHLIGHT, Z_RIVER, Z_LINK, Z_MARKER, Z_OVERLAY = 0, 1.5, 2, 3, 4, 6


@dataclass
class Layers:
    """What the canvas draws (View → Layers); shared by the scene and its tile items."""

    tiles: bool = True  # the tiles of the shown player count
    names: bool = True  # region names
    symbols: bool = True  # symbol chips
    markers: bool = True  # markers and river border markers
    links: bool = True  # tunnels' partners, cloud bridges, custom links
    others: bool = True  # tiles placed for other player counts only, dimmed



class TileItem(QGraphicsItem):
    """One placed tile: every region filled, hatched, bordered, with symbols and labels."""

    def __init__(self, index: int, placement: Placement, side: TileSide, style: Style,
                 layers: Layers | None = None) -> None:
        super().__init__()
        self.index = index
        self.theme = style
        self.layers = layers or Layers()
        self.selected = False
        self.issue: str | None = None  # worst severity of the findings naming this tile
        self.set_placement(placement, side)
        self.setZValue(Z_TILE)
        # A tile is drawn once per zoom level and then blitted: panning, hovering and
        # repainting neighbours no longer re-run the polygon, hatch and text painting.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_placement(self, placement: Placement, side: TileSide) -> None:
        self.placement = placement
        self.side = side
        self.design = design_id(side)  # whose pictures it shows (read per refined slice)
        self.setPos(QPointF(*hex_centre(placement.q, placement.r)))
        self.update()

    BOUNDS = QRectF(-HEX_SIZE - 3, -HEX_SIZE - 3, 2 * HEX_SIZE + 6, 2 * HEX_SIZE + 6)

    def boundingRect(self) -> QRectF:
        return self.BOUNDS  # one object: Qt asks for it many times per repaint

    def shape(self) -> QPainterPath:
        return hex_path()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        detail = option.levelOfDetailFromTransform(painter.worldTransform())
        label = side_label(self.placement.tile, self.placement.side)
        if self.side.missing:  # its catalogue file is missing
            paint_placeholder(painter, label, self.theme)
            self._paint_marks(painter)
            return
        device = painter.device()
        design = DESIGNS.pixmap(self.side, self.placement.rotation, self.theme, detail,
                                names=self.layers.names, symbols=self.layers.symbols,
                                pixel_ratio=device.devicePixelRatioF() if device else 1.0)
        if design is None:  # zoomed in beyond the biggest cached size: draw the vectors
            paint_tile(painter, self.side, self.placement.rotation, self.theme,
                       tile_label=label, detail=detail, labels=self.layers.names,
                       symbols=self.layers.symbols)
        else:
            pixmap, exact = design
            draw_design(painter, pixmap)
            scene = self.scene()
            if not exact and scene is not None:
                scene.refine_designs_soon()  # type: ignore[attr-defined]
            if detail >= LABEL_DETAIL:
                paint_tile_label(painter, label, self.theme)
        self._paint_marks(painter)

    def _paint_marks(self, painter: QPainter) -> None:
        """The finding and selection outlines over the tile."""
        if self.issue is not None:
            key = "issue" if self.issue == "error" else "issue_warning"
            pen = QPen(colour(self.theme.canvas.get(key, self.theme.canvas["issue"])),
                       2.5 if self.issue == "error" else 2.0, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(hex_path(HEX_SIZE - 4))
        if self.selected:
            pen = QPen(colour(self.theme.canvas["selection"]), 4.0)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(hex_path())

    def region_shapes(self) -> tuple[RegionShape, ...]:
        return side_shapes(self.side, self.placement.rotation)


class MarkerItem(QGraphicsItem):
    """A token laid on a region (or on an empty hex for crop spaces). ``scale`` < 1 when the
    label placement had to shrink it to fit its region."""

    def __init__(self, index: int, marker: Marker, centre: Point, style: Style,
                 scale: float = 1.0) -> None:
        super().__init__()
        self.index, self.marker, self.theme = index, marker, style
        self.radius = MARKER_RADIUS * scale
        self.selected = False
        self.setPos(QPointF(*centre))
        # A piece (a mountain) stands under the chips laid beside it, as on the table.
        self.setZValue(Z_MARKER - 0.5 if self.badge().is_piece else Z_MARKER)
        self.setToolTip(self._tooltip())

    def _tooltip(self) -> str:
        badge = self.theme.marker(self.marker.kind)
        extras = ", ".join(f"{k}={v}" for k, v in self.marker.attrs.items())
        return f"{badge.label}" + (f" ({extras})" if extras else "")

    def text(self) -> str | None:
        attrs = self.marker.attrs
        for key in ("number", "vein", "count"):
            if key in attrs:
                glyph = self.theme.marker(self.marker.kind).glyph
                return f"{glyph}{attrs[key]}" if key != "count" else f"{attrs[key]}"
        if self.marker.kind == "custom" and "label" in attrs:
            return str(attrs["label"])[:2]
        return None

    def badge(self) -> BadgeStyle:
        return self.theme.marker(self.marker.kind)

    def _half_size(self) -> tuple[float, float]:
        """Half the width and height it covers around its centre."""
        badge = self.badge()
        if badge.is_piece:
            w, h = MOUNTAIN_EXTENT
            return self.radius * badge.size * w, self.radius * badge.size * h
        return self.radius, self.radius

    def boundingRect(self) -> QRectF:
        w, h = self._half_size()
        return QRectF(-w - 4, -h - 4, 2 * w + 8, 2 * h + 8)

    def shape(self) -> QPainterPath:
        w, h = self._half_size()
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), w + 2, h + 2)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        outline = colour(self.theme.canvas["selection"]) if self.selected else None
        paint_badge(painter, QPointF(0, 0), self.radius, self.badge(), self.text(), outline)
        if self.selected:
            w, h = self._half_size()
            painter.setPen(QPen(colour(self.theme.canvas["selection"]), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), w + 3, h + 3)


class MoreMarkersItem(MarkerItem):
    """A "+N" badge standing for the markers a crowded region has no room to show. It acts
    as the first of them (a click selects it); the tool tip lists them all."""

    def __init__(self, hidden: list[tuple[int, Marker]], centre: Point, style: Style,
                 scale: float = 1.0) -> None:
        self.hidden = hidden
        super().__init__(hidden[0][0], hidden[0][1], centre, style, scale)

    def _tooltip(self) -> str:
        names = [self.theme.marker(marker.kind).label for _index, marker in self.hidden]
        return f"{len(names)} more markers here: " + ", ".join(names)

    def text(self) -> str | None:
        return f"+{len(self.hidden)}"

    def badge(self) -> BadgeStyle:
        return self.theme.marker("more")


class RiverMarkerItem(QGraphicsItem):
    """A river border marker: a bar lying on the seam it closes."""

    def __init__(self, index: int, start: Point, end: Point, style: Style) -> None:
        super().__init__()
        self.index, self.theme = index, style
        self.selected = False
        sx, sy = start
        ex, ey = end
        self.setPos(QPointF((sx + ex) / 2, (sy + ey) / 2))
        self.half = QPointF((ex - sx) * 0.32, (ey - sy) * 0.32)
        self.setZValue(Z_RIVER)

    def _line(self) -> QPainterPath:
        path = QPainterPath(-self.half)
        path.lineTo(self.half)
        return path

    def boundingRect(self) -> QRectF:
        return self.shape().boundingRect().adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        stroker = QPainterPathStroker()
        stroker.setWidth(12)
        return stroker.createStroke(self._line())

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        badge = self.theme.marker("river_marker")
        pen = QPen(colour("#ffffff"), 10, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPath(self._line())
        pen = QPen(colour(self.theme.canvas["selection"] if self.selected else badge.fill), 7,
                   Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPath(self._line())


class LinkItem(QGraphicsItem):
    """A cloud bridge or custom link between two regions: a dashed line, a badge mid-way.

    Only the badge catches clicks (``shape``), so the regions under the line stay clickable.
    A custom link shows its label beside the badge.
    """

    BADGE_RADIUS = 9.0

    def __init__(self, index: int, a: Point, b: Point, link: Link, style: Style) -> None:
        super().__init__()
        self.index, self.link, self.theme = index, link, style
        self.selected = False
        self.a, self.b = QPointF(*a), QPointF(*b)
        self.middle = (self.a + self.b) / 2
        self.setZValue(Z_LINK)
        badge = style.marker("custom_link" if link.kind == "custom" else link.kind)
        self.badge = badge
        self.setToolTip(f"{badge.label}: {link.a} \u2013 {link.b}"
                        + (f" (\u201c{link.label}\u201d)" if link.label else ""))

    def boundingRect(self) -> QRectF:
        rect = QRectF(self.a, self.b).normalized().adjusted(-14, -14, 14, 14)
        if self.link.label:
            rect = rect.united(QRectF(self.middle.x(), self.middle.y() - 10, 160, 20))
        return rect

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.middle, self.BADGE_RADIUS + 3, self.BADGE_RADIUS + 3)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(colour(self.theme.canvas["graph_link"]), 3, Qt.PenStyle.DashLine))
        painter.drawLine(self.a, self.b)
        outline = colour(self.theme.canvas["selection"]) if self.selected else None
        paint_badge(painter, self.middle, self.BADGE_RADIUS, self.badge, None, outline)
        if self.selected:
            painter.setPen(QPen(colour(self.theme.canvas["selection"]), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self.middle, self.BADGE_RADIUS + 3, self.BADGE_RADIUS + 3)
        if self.link.kind == "custom" and self.link.label:
            self._paint_label(painter, self.link.label[:24])

    def _paint_label(self, painter: QPainter, text: str) -> None:
        """The label on a pale pill, so the dashed line under it does not cross the letters."""
        label_font = font(11.0)
        painter.setFont(label_font)
        width = QFontMetricsF(label_font).horizontalAdvance(text)
        pill = QRectF(self.middle.x() + self.BADGE_RADIUS + 3, self.middle.y() - 8, width + 8, 16)
        painter.setPen(Qt.PenStyle.NoPen)
        background = colour(self.theme.canvas["background"])
        background.setAlpha(230)
        painter.setBrush(background)
        painter.drawRoundedRect(pill, 4, 4)
        painter.setPen(colour(self.theme.canvas["label"]))
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


class RegionHighlightItem(QGraphicsItem):
    """The outline of the selected region (every part of a water body)."""

    def __init__(self, style: Style) -> None:
        super().__init__()
        self.theme = style
        self.path = QPainterPath()
        self.clip = QPainterPath()  # where it may paint: everywhere but the tile letters
        self.setZValue(Z_HIGHLIGHT)

    def set_parts(self, parts: list[tuple[Point, RegionShape]],
                  keep_clear: list[QRectF] | None = None) -> None:
        """Outline ``parts``; ``keep_clear`` (the tile letters) is never painted over."""
        self.prepareGeometryChange()
        self.path = parts_path(parts)
        self.clip = (clip_outside(self.boundingRect(), keep_clear or [])
                     if not self.path.isEmpty() else QPainterPath())
        self.update()

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.path.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.clip.isEmpty():
            painter.setClipPath(self.clip, Qt.ClipOperation.IntersectClip)
        fill = colour(self.theme.canvas["region_selection"])
        translucent = fill.__class__(fill)
        translucent.setAlpha(70)
        painter.setBrush(translucent)
        pen = QPen(fill, 4)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPath(self.path)


class FlashItem(QGraphicsItem):
    """A thick outline that pulses a few times over an object, then hides: "it is here"."""

    DURATION_MS = 1400

    def __init__(self, style: Style, owner: QObject) -> None:
        super().__init__()
        self.theme = style
        self.path = QPainterPath()
        self.setZValue(Z_OVERLAY + 1)
        self.setVisible(False)
        # Owned by the scene: it dies with the scene, never ticking on a deleted item.
        self.animation = QVariantAnimation(owner)
        self.animation.setDuration(self.DURATION_MS)
        self.animation.setStartValue(1.0)
        for step, value in ((0.2, 0.15), (0.4, 1.0), (0.6, 0.15), (0.8, 1.0)):
            self.animation.setKeyValueAt(step, value)
        self.animation.setEndValue(0.0)
        self.animation.setEasingCurve(QEasingCurve.Type.Linear)
        self.animation.valueChanged.connect(self._fade)
        self.animation.finished.connect(lambda: self.setVisible(False))

    def flash(self, path: QPainterPath) -> None:
        self.prepareGeometryChange()
        self.path = path
        self.setOpacity(1.0)
        self.setVisible(not path.isEmpty())
        self.animation.stop()
        self.animation.start()

    def _fade(self, value: object) -> None:
        if isinstance(value, float):
            self.setOpacity(value)

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-8, -8, 8, 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(colour(self.theme.canvas["selection"]), 7)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path)


class CaptionItem(QGraphicsItem):
    """A short text near a point, for hints on the canvas (pair tools, empty board)."""

    def __init__(self, text: str, style: Style) -> None:
        super().__init__()
        self.text, self.theme = text, style
        self.setZValue(Z_OVERLAY)

    def boundingRect(self) -> QRectF:
        return QRectF(-160, -14, 320, 28)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setFont(font(14))
        painter.setPen(colour(self.theme.canvas["ghost"]))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, self.text)
