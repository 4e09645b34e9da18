"""Test-wide setup: headless Qt."""

from __future__ import annotations

import os

# Before any Qt import: tests must never need a display. An empty value counts as unset.
if not os.environ.get("QT_QPA_PLATFORM"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
