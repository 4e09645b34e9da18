"""Test-wide setup: headless Qt, no sound, and the fixtures many test files share."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController

# Before any Qt import: tests must never need a display. An empty value counts as unset.
if not os.environ.get("QT_QPA_PLATFORM"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
# No test plays through the speakers: windows get the silent backend (app/sound.py); the
# sound tests hand SoundPlayer a recording backend of their own.
os.environ.setdefault("KAISER_SOUND", "off")


@pytest.fixture
def controllers() -> Iterator[list[GameController]]:
    """The `GameController`s a test makes (it appends each): stopped after the test, so no
    bot thread or process outlives it."""
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.stop()
