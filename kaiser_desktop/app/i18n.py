"""Qt's translation call, for modules that must import without Qt (the storage runs in
plain Python processes too). `pyside6-lupdate` finds `translate("Context", "text")` calls
by their name, so each call site keeps its context and text literal."""

from __future__ import annotations


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`text` in the installed language (as is when no translation is loaded)."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate(context, text, disambiguation, n)
