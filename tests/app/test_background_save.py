"""The autosave worker: saves land in order, the newest wins, a failing disk is said."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from kaiser_desktop.app.background_save import BackgroundSaver
from kaiser_desktop.app.storage import GameStore, StoreError
from kaiser_desktop.rules import GameState, RuleSet, Seat, apply, legal_actions
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.rules.deal_rank import deal_from_rank
from kaiser_desktop.rules.engine import new_game


def states(count: int) -> list[GameState]:
    """`count` successive states of one game, from its first deal on."""
    rules = RuleSet()
    state = new_game(rules, Seat.N)
    made: list[GameState] = []
    while len(made) < count:
        legal = legal_actions(state)
        if legal:
            state = apply(state, legal[0])
        else:  # the cards are to be dealt
            state = apply(state, deal_from_rank(rules, 1234 + len(made), state.dealer))
        made.append(state)
    return made


class GatedStore(GameStore):
    """A disk that holds the first save until `gate` opens, so later saves pile up."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.written: list[GameState] = []

    def save(self, state: GameState, meta: Mapping[str, Any] | None = None) -> bool:
        self.entered.set()
        self.gate.wait(10)
        self.written.append(state)
        return super().save(state, meta)


def test_the_newest_state_is_the_file_once_flushed(qtbot: QtBot, tmp_path: Path) -> None:
    store = GatedStore(tmp_path)
    saver = BackgroundSaver(store)
    game = states(40)
    saver.save(game[0], None)
    assert store.entered.wait(10)  # the worker is writing the first one
    for number, state in enumerate(game[1:], start=1):
        saver.save(state, {"level": "basic", "turn": number} if number % 10 == 0 else None)
    store.gate.set()
    assert saver.flush()
    # The first save was on its way; the 39 queued behind it became one: the newest.
    assert store.written == [game[0], game[-1]]
    assert store.save_path.read_text(encoding="utf-8") == kaiser_record.dumps(game[-1])
    # The last sidecar asked for (at state 30) was written, though later saves had none.
    assert store.load_meta()["turn"] == 30
    saver.close()


def test_a_game_over_after_saves_files_the_game_away(qtbot: QtBot, tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    saver = BackgroundSaver(store)
    game = states(5)
    for state in game:
        saver.save(state, None)
    saver.clear(game[-1])
    assert saver.flush()
    assert not store.has_save()
    assert store.load_last_game() == game[-1]
    saver.close()


class RefusingStore(GameStore):
    def save(self, state: GameState, meta: Mapping[str, Any] | None = None) -> bool:
        raise StoreError("The game could not be saved because the disk is full.")


def test_a_failing_disk_is_said_in_one_sentence(qtbot: QtBot, tmp_path: Path) -> None:
    saver = BackgroundSaver(RefusingStore(tmp_path))
    with qtbot.waitSignal(saver.failed, timeout=5000) as said:
        saver.save(states(1)[0], None)
    assert said.args == ["The game could not be saved because the disk is full."]
    saver.close()
