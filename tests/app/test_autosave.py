"""Autosave and resume through the real controller and window (offscreen)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import make_bot
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.rules import Phase, RuleSet, Seat, sort_hand
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.rules.simulate import random_game
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.scripted_player import ScriptedPlayer

LEVEL = "basic"  # quick to decide; the level does not matter to saving


class Table:
    """One app session on a data folder: store, statistics, settings, controller, window."""

    def __init__(
        self,
        qtbot: QtBot,
        folder: Path,
        *,
        watch: bool = False,
        rules: RuleSet | None = None,
        seed: int = 3,
        pace: Pace = INSTANT,
    ) -> None:
        self.store = GameStore(folder)
        self.statistics = Statistics.beside(folder)
        self.settings = Settings(folder / "settings.ini")
        self.settings.welcome_done = True  # as after a first start (tests/ui/test_welcome.py)
        seating = Seating.all_computers() if watch else Seating()
        self.controller = GameController(
            rules or RuleSet(),
            seating=seating,
            level=LEVEL,
            seed=seed,
            pace=pace,
            store=self.store,
            statistics=self.statistics,
        )
        self.window = MainWindow(
            self.controller, settings=self.settings, statistics=self.statistics
        )
        self.messages: list[str] = []
        self.window.inform = lambda title, text: self.messages.append(text)
        self.window.confirm = lambda title, text: True
        qtbot.addWidget(self.window)
        self.window.resize(1000, 720)
        self.window.show()
        qtbot.waitExposed(self.window)

    def close(self) -> None:
        self.controller.stop()


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def saved_text(table: Table) -> str:
    """The autosave file, once the saver's queue has reached the disk."""
    assert table.controller.flush_saves()
    return table.store.save_path.read_text(encoding="utf-8")


def test_every_action_is_saved_at_once(qtbot: QtBot, tmp_path: Path, tables: list[Table]) -> None:
    table = Table(qtbot, tmp_path, watch=True)
    tables.append(table)
    c = table.controller
    checked: list[str] = []

    def check() -> None:
        if c.restoring or len(checked) >= 60 or c.state.hand is None:
            return  # (a game with nothing dealt yet has nothing to save)
        # Right after each apply (state_changed), before any animation, the state is on its
        # way to the disk: once the queue is written, the file is that state.
        assert saved_text(table) == kaiser_record.dumps(c.state)
        checked.append(c.state.phase.value)

    c.state_changed.connect(check)
    c.start()
    qtbot.waitUntil(lambda: len(checked) >= 60, timeout=20_000)
    assert {"bidding", "play"} <= set(checked)
    meta = table.store.load_meta()
    assert meta["level"] == LEVEL
    assert meta["deal_numbers"] and meta["deal_numbers"][0] == c.deal_numbers[0]


def test_the_persons_moves_are_saved_too(qtbot: QtBot, tmp_path: Path, tables: list[Table]) -> None:
    table = Table(qtbot, tmp_path)
    tables.append(table)
    c = table.controller
    bot = make_bot(LEVEL, 5)
    player = ScriptedPlayer(table.window, lambda view: bot.decide(view).action)
    results: list[bool] = []
    mine: list[int] = []

    def check() -> None:
        if c.state.hand is None or c.restoring:
            return
        results.append(saved_text(table) == kaiser_record.dumps(c.state))
        if c.state.hand.bids and len(player.actions) > len(mine):
            mine.append(len(results))  # a state right after one of the person's clicks

    c.state_changed.connect(check)
    c.start()
    qtbot.waitUntil(lambda: len(player.actions) >= 6, timeout=20_000)
    player.enabled = False
    assert len(mine) >= 5
    assert results and all(results)


def play_until(qtbot: QtBot, c: GameController, condition: object, timeout: int = 20_000) -> None:
    qtbot.waitUntil(condition, timeout=timeout)  # type: ignore[arg-type]


def test_resume_puts_the_saved_game_back_on_the_table(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    first = Table(qtbot, tmp_path, seed=8)
    tables.append(first)
    c = first.controller
    bot = make_bot(LEVEL, 2)
    player = ScriptedPlayer(first.window, lambda view: bot.decide(view).action)
    c.start()

    # Stop in the middle of play, on the person's turn, with cards on the table.
    def stop_point() -> bool:
        hand = c.state.hand
        return (
            c.waiting_for_human() == Seat.S
            and c.state.phase is Phase.PLAY
            and hand is not None
            and hand.current is not None
            and len(hand.current.cards) >= 1
            and len(c.state.results) >= 1
        )

    player.enabled = True

    def on_turn(seat: Seat, phase: Phase) -> None:
        if stop_point():
            player.enabled = False

    c.turn_changed.connect(on_turn)
    play_until(qtbot, c, lambda: not player.enabled and stop_point(), 30_000)
    saved = c.state
    assert saved_text(first) == kaiser_record.dumps(saved)
    first.close()
    first.window.close()

    second = Table(qtbot, tmp_path, seed=99)
    tables.append(second)
    c2 = second.controller
    asked: list[Seat] = []
    c2.turn_changed.connect(lambda seat, phase: asked.append(seat))
    second.window.start_or_resume(second.store.load())
    assert c2.state == saved
    assert second.messages == []
    # The table shows it: South's cards, the trick in the middle, the others' card counts.
    hand = c2.state.hand
    assert hand is not None and hand.current is not None
    scene = second.window.view.table_scene
    assert scene.shown_south() == list(sort_hand(hand.hand_of(Seat.S)))
    assert [item.card for _, item in scene.trick] == [card.text for card in hand.current.cards]
    for seat in (Seat.N, Seat.E, Seat.W):
        assert scene.shown_counts()[seat] == len(hand.hand_of(seat))
    # The person is asked again, and the score sheet is back.
    assert asked == [Seat.S]
    assert c2.waiting_for_human() == Seat.S
    assert second.window.view.action_panel.prompt.text().startswith("Your turn")
    assert second.window.score_sheet.model.rowCount() == len(saved.results)
    # And it plays on from there.
    card = next(a for a in c2.view(Seat.S).legal)
    ScriptedPlayer(second.window).perform(card)
    qtbot.waitUntil(lambda: c2.state != saved, timeout=5000)
    earlier = kaiser_record.to_json(saved)["hands"][:-1]
    assert kaiser_record.to_json(c2.state)["hands"][:-1] == earlier


def test_resume_of_a_computer_turn_lets_the_computer_carry_on(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    first = Table(qtbot, tmp_path, watch=True, seed=4)
    tables.append(first)
    c = first.controller
    c.start()
    play_until(qtbot, c, lambda: c.state.phase is Phase.PLAY and len(c.state.hand.tricks) >= 2)
    first.close()
    saved = first.store.load()
    assert saved.state is not None
    second = Table(qtbot, tmp_path, watch=True, seed=4)
    tables.append(second)
    second.window.start_or_resume(saved)
    assert second.controller.state == saved.state
    qtbot.waitUntil(lambda: second.controller.state != saved.state, timeout=10_000)


BAD_SAVES = [
    b"",  # empty
    b'{"format": "kaiser-record/1", "hands": [',  # cut short
    b"\x00\x01garbage",  # damaged
    b'{"name": "a shopping list"}',  # not a Kaiser game
]


@pytest.mark.parametrize("content", BAD_SAVES)
def test_a_bad_save_is_kept_aside_with_one_sentence_and_a_new_game_starts(
    qtbot: QtBot, tmp_path: Path, tables: list[Table], content: bytes
) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "autosave.json").write_bytes(content)
    table = Table(qtbot, tmp_path)
    tables.append(table)
    table.window.start_or_resume(table.store.load())
    assert len(table.messages) == 1
    message = table.messages[0]
    assert message.count(".") >= 1 and "\n" not in message and "Traceback" not in message
    assert message.startswith("Your saved game")
    kept = list(tmp_path.glob("autosave.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    # A new game is on the table, and it is the one saved now.
    assert table.controller.state.hand is not None
    assert saved_text(table) == kaiser_record.dumps(table.controller.state)


def test_a_finished_game_is_filed_away_and_counted(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, watch=True, rules=RuleSet(target=12), seed=6)
    tables.append(table)
    c = table.controller
    with qtbot.waitSignal(c.game_over, timeout=30_000):
        c.start()
    final = c.state
    assert c.flush_saves()
    assert not table.store.has_save()
    assert table.store.load_last_game() == final
    assert table.statistics.games_played == 1
    assert table.statistics.live_hands().hands == sum(r.kind == "played" for r in final.results)
    assert table.window.score_sheet.model.rowCount() == len(final.results)
    # Next time: a fresh game, no message.
    again = Table(qtbot, tmp_path, watch=True, seed=7)
    tables.append(again)
    loaded = again.store.load()
    assert loaded.state is None and loaded.message is None


def test_a_save_with_an_illegal_move_resumes_just_before_it_in_one_sentence(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    game = random_game(RuleSet(), seed=8, max_actions=60)
    data = kaiser_record.to_json(game)
    hand = data["hands"][-1]
    assert hand.get("tricks") and len(hand["tricks"]) >= 2
    hand["tricks"][1][0] = hand["tricks"][0][0]  # a card already played
    content = json.dumps(data).encode()
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "autosave.json").write_bytes(content)
    table = Table(qtbot, tmp_path)
    tables.append(table)
    table.window.start_or_resume(table.store.load())
    assert len(table.messages) == 1
    message = table.messages[0]
    assert message.startswith("Your saved game") and "just before that move" in message
    assert "\n" not in message and "Traceback" not in message
    state = table.controller.state
    assert state.hand is not None and len(state.hand.tricks) == 1  # up to the last legal card
    assert len(state.results) == len(data["hands"]) - 1  # the earlier hands are all there
    kept = list(tmp_path.glob("autosave.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
