"""Drawing shared by the editor canvas and the printable exports.

:mod:`editor.render.style` holds the palette as plain records (no Qt, so any exporter
can read it); :mod:`editor.render.paint` draws with it through QPainter (badges, fonts,
colours). Neither knows about the editor's widgets or the export formats, so the
exporters depend on this package and not on :mod:`editor.gui`.
"""
