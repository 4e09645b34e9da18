"""Test-wide setup: headless Qt."""

from __future__ import annotations

import os

# Before any Qt import: tests must never need a display. An empty value counts as unset.
if not os.environ.get("QT_QPA_PLATFORM"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
# No test plays through the speakers: windows get the silent backend (app/sound.py); the
# sound tests hand SoundPlayer a recording backend of their own.
os.environ.setdefault("KAISER_SOUND", "off")
