"""Where the app's bundled files live: installed, frozen, or in a source checkout."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The folder holding fonts, icons and help text."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / "resources"
    installed = Path(__file__).resolve().parent / "resources"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "resources"


def resource(*parts: str) -> Path:
    """A bundled file by its path below resources/."""
    return resources_dir().joinpath(*parts)
