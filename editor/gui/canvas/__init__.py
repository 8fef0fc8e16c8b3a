"""The hex canvas: a scene that follows the document and a view that edits it."""

from editor.gui.canvas.scene import RealmScene
from editor.gui.canvas.view import RealmView

__all__ = ["RealmScene", "RealmView"]
