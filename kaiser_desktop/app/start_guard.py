"""Never a start loop: a start that dies before its table is steady is noticed next time.

Each start leaves a small marker in the data folder, removed once the table has been up and
steady for a moment (or the app quits cleanly). A marker found at the next start means the
previous start died on the way (a crash while restoring the table, a power cut, a kill):
the player is then asked before the saved game is restored again, and is offered a way
round whatever killed it (ui/start_trouble.py).
"""

from __future__ import annotations

import contextlib
import json
import os
from enum import Enum
from pathlib import Path

from kaiser_desktop.app.atomic import atomic_write_text
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.storage import GameStore, LoadResult
from kaiser_desktop.app.storage_words import where_kept
from kaiser_desktop.rules import GameState, apply
from kaiser_desktop.rules import record as kaiser_record

MARKER_NAME = "starting.json"
# How long the table must have been up, with the event loop running, to count as steady.
STEADY_AFTER_MS = 1500


class StartChoice(Enum):
    CARRY_ON = "carry_on"  # from the start of the hand in progress (the record to its deal)
    NEW_GAME = "new_game"  # the save kept aside, as a damaged save is
    TRY_AGAIN = "try_again"  # the saved game as it is


class StartGuard:
    """The marker of a start in progress, in the data folder."""

    def __init__(self, folder: Path) -> None:
        self.marker = folder / MARKER_NAME

    def begin(self) -> bool:
        """Mark this start; True when the previous start never became steady."""
        failed_before = self.marker.exists()
        # A full or read-only disk only costs the guard, never the start itself.
        with contextlib.suppress(OSError):
            self.marker.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.marker, json.dumps({"pid": os.getpid()}))
        return failed_before

    def steady(self) -> None:
        """The table is up and steady, or the app is closing cleanly: no trouble to tell."""
        with contextlib.suppress(OSError):
            self.marker.unlink(missing_ok=True)


def needs_asking(loaded: LoadResult) -> bool:
    """Whether a failed start has a game to offer ways round (a finished one is filed away)."""
    return loaded.state is not None and not loaded.state.is_over


def start_of_this_hand(state: GameState) -> GameState:
    """The game as it was just after the current hand was dealt (before any bid)."""
    start, actions = kaiser_record.last_hand_actions(state)
    if not actions:
        return state
    return apply(start, actions[0])


def after_failed_start(choice: StartChoice, loaded: LoadResult, store: GameStore) -> LoadResult:
    """What to start with after the player chose a way round a start that died.

    Nothing is thrown away: a changed or dropped save is first kept aside, as a damaged one
    is (`autosave.corrupt-<time>.json`)."""
    state = loaded.state
    if choice is StartChoice.TRY_AGAIN or state is None:
        return loaded
    if choice is StartChoice.NEW_GAME:
        kept = store.set_aside_game()
        message = translate(
            "Storage", "A new game starts, and the game you were playing is not lost: {where}."
        ).format(where=where_kept(kept, store.save_path))
        return LoadResult(None, message, kept_as=kept)
    carried = start_of_this_hand(state)
    # Written at once: should this start die too, the next one begins from here.
    kept = store.replace_save(carried)
    return LoadResult(carried, meta=loaded.meta, kept_as=kept)
