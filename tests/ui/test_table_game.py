"""Whole games through the real table: a scripted player clicks bid buttons and card items."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import make_bot
from kaiser_desktop.app.bot_runner import resolve_level
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.deal_numbers import dealer_for_number
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.rules import (
    Card,
    Deal,
    MakeBid,
    Phase,
    Play,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    is_weak_hand,
    sort_hand,
)
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.scripted_player import ScriptedPlayer
from tests.ui.windows import NewTable

GAME_TIMEOUT_MS = 120_000  # a guard against a hung game, not a speed goal


def make_table(
    new_table: NewTable, rules: RuleSet, seed: int, size: tuple[int, int] = (800, 600)
) -> tuple[GameController, MainWindow]:
    return new_table(rules=rules, seed=seed, level=None, size=size)


@pytest.fixture
def cleanup() -> Iterator[list[GameController]]:
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.stop()


def bot_chooser(seed: int):
    bot = make_bot(resolve_level(None), seed)
    return lambda view: bot.decide(view).action


def check_table_matches_rules(controller: GameController, window: MainWindow) -> None:
    hand = controller.state.hand
    assert hand is not None
    scene = window.view.table_scene
    assert scene.shown_south() == list(sort_hand(hand.hand_of(Seat.S)))
    counts = scene.shown_counts()
    for seat in (Seat.N, Seat.E, Seat.W):
        assert counts[seat] == len(hand.hand_of(seat)), seat


def play_whole_game(
    qtbot: QtBot, controller: GameController, window: MainWindow, player: ScriptedPlayer
) -> None:
    checks = {"plays": 0}

    def after_play(seat: Seat, card: Card) -> None:
        check_table_matches_rules(controller, window)
        checks["plays"] += 1

    controller.card_played.connect(after_play)
    with qtbot.waitSignal(controller.game_over, timeout=GAME_TIMEOUT_MS):
        controller.start()
    state = controller.state
    assert state.phase is Phase.GAME_OVER
    assert state.winner is not None
    assert tuple(sum(r.points[i] for r in state.results) for i in (0, 1)) == state.scores
    assert max(state.scores) >= state.rules.target or state.rules.lose_at_minus_52
    assert checks["plays"] > 0
    assert any(isinstance(a, Play) for a in player.actions), "South never clicked a card"
    assert any(isinstance(a, MakeBid) for a in player.actions), "South never bid"
    assert controller.faults == []
    summary = window.view.summary
    assert summary.isVisible() and summary.again_button.isVisible()


@pytest.mark.parametrize(
    ("variant", "rules", "seed"),
    [
        ("standard", RuleSet(), 1),
        # Shorter games (to 30) keep the variants quick; they still play to the end.
        ("pass_to_partner", RuleSet(pass_to_partner=True, target=30), 2),
        ("kitty", RuleSet(kitty=True, target=30), 3),
        ("kaiser_throw_in", RuleSet(kaiser_bid=True, all_pass="throw_in", target=30), 4),
    ],
)
@pytest.mark.slow
def test_whole_game_through_the_table(
    qtbot: QtBot,
    new_table: NewTable,
    cleanup: list[GameController],
    variant: str,
    rules: RuleSet,
    seed: int,
) -> None:
    controller, window = make_table(new_table, rules, seed)
    cleanup.append(controller)
    player = ScriptedPlayer(window, bot_chooser(seed))
    shown_bids: list[tuple[list[str], list[str]]] = []

    def before(view: PlayerView, action: SeatAction) -> None:
        if view.phase is Phase.BIDDING:
            legal = sorted(f"bid:{a.bid.text}" for a in view.legal if isinstance(a, MakeBid))
            shown_bids.append((legal, sorted(window.view.action_panel.shown_intents())))

    player.before_action = before
    play_whole_game(qtbot, controller, window, player)
    assert shown_bids
    for legal, shown in shown_bids:
        assert shown == legal  # the panel offers exactly the legal bids


def test_illegal_card_and_early_click_are_refused(
    qtbot: QtBot, new_table: NewTable, cleanup: list[GameController]
) -> None:
    # Bots take a moment here, so a click can land while one of them is thinking.
    pace = Pace(bot_ms=40, trick_pause_ms=0, sweep_ms=0, move_ms=0, deal_ms=0, notice_ms=0)
    controller, window = new_table(seed=5, pace=pace, level=None, size=(800, 600))
    cleanup.append(controller)
    player = ScriptedPlayer(window, bot_chooser(5))
    errors: list[str] = []
    controller.error.connect(errors.append)
    seen = {"illegal": 0, "early": 0}

    def before(view: PlayerView, action: SeatAction) -> None:
        if view.phase is not Phase.PLAY or seen["illegal"]:
            return
        legal = {a.card for a in view.legal if isinstance(a, Play)}
        illegal = [c for c in view.hand if c not in legal]
        if not illegal:
            return
        assert view.current is not None and view.current.cards
        led = view.current.cards[0].suit
        serial, state = controller.serial, controller.state
        player.click_card(illegal[0])
        assert errors[-1] == f"You must follow {led.plural}."
        assert controller.serial == serial and controller.state is state
        assert window.view.action_panel.notice.text() == errors[-1]
        check_table_matches_rules(controller, window)
        seen["illegal"] += 1

    def click_early(seat: Seat) -> None:
        state = controller.state
        south = window.view.table_scene.south
        if state.to_act != seat or state.phase is not Phase.PLAY or not south:
            return  # the bot was quicker than the click
        serial = controller.serial
        player.click_card(window.view.table_scene.south_order()[0])
        assert errors[-1] == f"Wait for {controller.seating.name(seat)} to play."
        assert controller.serial == serial and controller.state is state
        check_table_matches_rules(controller, window)
        seen["early"] += 1

    def on_turn(seat: Seat, phase: Phase) -> None:
        if phase is Phase.PLAY and seat in (Seat.W, Seat.E):
            # Like a person: the click comes after the table has shown whose turn it is.
            QTimer.singleShot(0, lambda: click_early(seat))

    player.before_action = before
    controller.turn_changed.connect(on_turn)
    for _ in range(4):  # a few hands, until both refusals have been seen
        with qtbot.waitSignal(controller.hand_scored, timeout=GAME_TIMEOUT_MS):
            if controller.state.phase is Phase.DEAL:
                controller.start()
        if seen["illegal"] and seen["early"]:
            break
    assert seen["illegal"] >= 1 and seen["early"] >= 1
    assert "Wait for West to play." in errors or "Wait for East to play." in errors


def _weak_south_deal(rules: RuleSet) -> int:
    """A deal number that gives South a weak hand (the number also fixes the dealer)."""
    for number in range(1, 200_000):
        if is_weak_hand(Deal.from_number(rules, number, dealer_for_number(number)).hand_of(Seat.S)):
            return number
    raise AssertionError("no weak hand found")


def test_weak_hand_redeal_is_asked_in_plain_words(
    qtbot: QtBot, new_table: NewTable, cleanup: list[GameController]
) -> None:
    rules = RuleSet()
    controller, window = make_table(new_table, rules, 1)
    cleanup.append(controller)
    with qtbot.waitSignal(
        controller.turn_changed,
        timeout=5000,
        check_params_cb=(lambda seat, phase: seat == Seat.S and phase is Phase.REDEAL),
    ):
        controller.new_game(deal_number=_weak_south_deal(rules))
    panel = window.view.action_panel
    assert panel.prompt.text() == (
        "Your hand has no ace, no face card, no 5♥ and no 3♠. Ask for a new deal?"
    )
    player = ScriptedPlayer(window)
    player.enabled = False
    with qtbot.waitSignal(controller.dealt, timeout=5000):
        player.click_intent("redeal:yes")
    assert controller.state.results[-1].kind == "redeal"
    assert controller.state.results[-1].redeal_by == Seat.S


def test_keyboard_plays_a_card(
    qtbot: QtBot, new_table: NewTable, cleanup: list[GameController]
) -> None:
    controller, window = make_table(new_table, RuleSet(), 6)
    cleanup.append(controller)
    controller.auto_play_single = False
    player = ScriptedPlayer(window, bot_chooser(6))
    played: list[Card] = []

    def on_turn(seat: Seat, phase: Phase) -> None:
        if seat == Seat.S and phase is Phase.PLAY and controller.waiting_for_human() == Seat.S:
            player.enabled = False

    controller.turn_changed.connect(on_turn)
    controller.start()
    qtbot.waitUntil(lambda: not player.enabled, timeout=10_000)
    scene = window.view.table_scene
    view = window.view
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Right)
    focus = scene.focus
    assert focus is not None and focus in scene.playable_cards()
    controller.card_played.connect(lambda seat, card: played.append(card))
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert played and played[0] == focus


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_table_fits_any_window(
    qtbot: QtBot, new_table: NewTable, cleanup: list[GameController], size
) -> None:
    controller, window = make_table(new_table, RuleSet(), 7, size)
    cleanup.append(controller)
    with qtbot.waitSignal(controller.turn_changed, timeout=5000):
        controller.start()
    view = window.view
    viewport = view.viewport().rect()
    scene = view.table_scene
    for item in scene.items():
        rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if item.isVisible() and item.boundingRect().width() > 0:
            assert viewport.adjusted(-12, -12, 12, 12).contains(rect), (item, rect)
    panel = view.action_panel.geometry()
    assert viewport.contains(panel)
