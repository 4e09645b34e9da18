"""Test-wide setup: headless Qt, no sound, and the fixtures many test files share."""

from __future__ import annotations

import contextlib
import os
import sys
import weakref
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


@pytest.fixture(autouse=True)
def _no_controller_outlives_its_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every `GameController` a test makes is stopped when the test ends, so no bot goes on
    playing into a later test's event loop (whose window, long gone, it would signal)."""
    module = sys.modules.get("kaiser_desktop.app.controller")
    if module is None:  # no test module of this process uses the controller (rules, ai)
        yield
        return
    made: list[weakref.ref[GameController]] = []
    original = module.GameController.__init__

    def recording(self: GameController, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(weakref.ref(self))

    monkeypatch.setattr(module.GameController, "__init__", recording)
    yield
    for ref in made:
        controller = ref()
        if controller is not None:
            with contextlib.suppress(RuntimeError):  # its Qt side already gone
                controller.stop()
