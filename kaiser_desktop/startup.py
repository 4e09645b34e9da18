"""What every way of starting the app shares: the launcher, the self-test and the random-input
runs each build the same settings and computer players from here (so none imports another).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kaiser_desktop.app.settings import Settings

SETTINGS_FILE = "settings.ini"


def make_settings() -> Settings:
    """The player's settings; inside the data folder when $KAISER_DESKTOP_DATA_DIR is set, so
    a test run (or a portable copy) never reads or writes the user's own preferences."""
    from kaiser_desktop.app.settings import Settings
    from kaiser_desktop.app.storage import DATA_DIR_ENV

    folder = os.environ.get(DATA_DIR_ENV)
    return Settings(Path(folder) / SETTINGS_FILE) if folder else Settings()


# The app's computer players think in a process of their own: their pure-Python search
# on a thread holds the GIL the table needs, and the longest stall of the table was
# 38-54 ms that way against 21-26 ms in a process (python -m kaiser_lab.stall_benchmark).
APP_BOT_MODE = "process"
# The empty table shows this long before the first deal: the card bitmaps are drawn in
# idle moments meanwhile (table_scene's warm-up), so the first deal's cards fly as smoothly
# as any later one's. Drawing them while 32 cards were in flight made 25-30 ms stalls.
FIRST_DEAL_DELAY_MS = 400


def offscreen_when_no_display() -> None:
    """On Linux without a screen (CI, ssh), draw offscreen instead of failing to start."""
    no_display = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if sys.platform.startswith("linux") and no_display and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
