"""The installed Qt binding must not be the PySide6 release that crashes on Python 3.11."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF


def test_qt_calls_keep_references_to_none() -> None:
    # PySide6 6.12.0 on Python 3.11 drops one reference to None per void call and the app
    # aborts after a few thousand; pyproject.toml excludes it. 3.12+ makes None immortal.
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(1000):
        point.setX(1.0)
    assert sys.getrefcount(None) >= before - 10
