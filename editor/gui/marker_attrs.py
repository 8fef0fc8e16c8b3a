"""The selected marker's attributes, named for people and editable (one undo step each):
monster count, gold vein, relic or place face, custom label, tunnel number, name."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget

from editor.gui import commands as cmd
from editor.gui.canvas.tools import DEFAULT_ATTRS
from editor.gui.document import ScenarioDocument
from editor.model.scenario import Marker
from editor.render.style import default_style

# Allowed values and ranges, as the scenario schema states them.
CHOICES = {"face": ("up", "down"), "vein": ("A", "B", "C"), "token": ("staircase", "beanstalk"),
           "symbol": ("cavern", "mine", "magic")}
RANGES = {"count": (1, 20), "number": (1, 99)}
TEXTS = ("label", "name")
ATTR_NAMES = {"count": "Monsters", "vein": "Gold vein", "face": "Face", "label": "Label",
              "number": "Tunnel number", "name": "Name", "token": "Token", "symbol": "Symbol"}
EDITABLE = {"monster_stack": ("count",), "gold_vein": ("vein",), "relic": ("face", "name"),
            "place": ("face", "name"), "custom": ("label",), "tunnel": ("number",)}


def human_name(kind: str) -> str:
    """``rusted_throne`` → "Rusted Throne" (the style's label when it has one)."""
    badge = default_style().markers.get(kind)
    return badge.label if badge is not None else kind.replace("_", " ").title()


class MarkerAttributes(QWidget):
    """A form that rebuilds itself for the selected marker."""

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.editors: dict[str, QWidget] = {}
        self.index: int | None = None
        for signal in (doc.selectionChanged, doc.markersChanged):
            signal.connect(self.refresh)
        self.refresh()

    def marker(self) -> Marker | None:
        sel = self.doc.selection
        if sel.board is None or sel.marker_index is None or sel.is_group:
            return None
        markers = self.doc.scenario.board(sel.board).markers
        return markers[sel.marker_index] if sel.marker_index < len(markers) else None

    def refresh(self, *_args: object) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors = {}
        marker = self.marker()
        self.index = self.doc.selection.marker_index if marker is not None else None
        self.setVisible(marker is not None)
        if marker is None:
            return
        self.form.addRow("Marker", QLabel(f"{human_name(marker.kind)} on "
                                          f"{marker.region or marker.hex}"))
        keys = list(EDITABLE.get(marker.kind, ()))
        keys += [k for k in DEFAULT_ATTRS.get(marker.kind, {}) if k not in keys]
        for key in keys:
            editor = self._editor(key, marker.attrs.get(key))
            self.editors[key] = editor
            self.form.addRow(ATTR_NAMES.get(key, key), editor)

    def _editor(self, key: str, value: object) -> QWidget:
        if key in CHOICES:
            box = QComboBox()
            box.addItems(list(CHOICES[key]))
            box.setCurrentIndex(max(0, box.findText(str(value))) if value is not None else 0)
            box.activated.connect(lambda _row, k=key, b=box: self.set_attr(k, b.currentText()))
            return box
        if key in RANGES:
            spin = QSpinBox()
            spin.setRange(*RANGES[key])
            spin.setValue(value if isinstance(value, int) else RANGES[key][0])
            spin.editingFinished.connect(lambda k=key, s=spin: self.set_attr(k, s.value()))
            return spin
        line = QLineEdit(str(value) if value is not None else "")
        line.setMaxLength(80)
        line.editingFinished.connect(lambda k=key, e=line: self.set_attr(k, e.text().strip()))
        return line

    def set_attr(self, key: str, value: object) -> None:
        marker, index, sel = self.marker(), self.index, self.doc.selection
        if marker is None or index is None or sel.board is None:
            return
        if marker.attrs.get(key) == value or (key in TEXTS and value == ""):
            return
        attrs = {**marker.attrs, key: value}
        text = f"Set {ATTR_NAMES.get(key, key).lower()} of {human_name(marker.kind)} to {value}"
        self.doc.undo_stack.push(cmd.EditMarker(self.doc, sel.board, index,
                                                replace(marker, attrs=attrs), text))
