"""The canvas checks need a QApplication (widgets). It is made at collection time, before
any printable-board test can create a bare QGuiApplication (as tests/gui does); settings
stay out of $HOME."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

from PySide6.QtWidgets import QApplication

_APP = QApplication.instance() or QApplication([])
