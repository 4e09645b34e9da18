"""What tests look at in a window, from outside it (no test hooks in the window itself)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget


def open_dialogs(window: QWidget) -> list[QDialog]:
    """The window's modeless dialogs showing now."""
    return [d for d in window.findChildren(QDialog) if d.isVisible()]
