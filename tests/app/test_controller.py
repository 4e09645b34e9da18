"""The controller alone: it is the only caller of apply, checks turns, drops stale answers."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import Decision
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Card, MakeBid, Phase, Play, RuleSet, Seat, observe

# Bots wait five seconds before acting: the table is surely waiting for one.
SLOW_BOTS = Pace(bot_ms=5000, deal_ms=0)


def test_computer_game_runs_to_the_end(qtbot: QtBot, controllers: list[GameController]) -> None:
    c = GameController(
        RuleSet(lose_at_minus_52=True),
        seating=Seating.all_computers(),
        seed=3,
        pace=INSTANT,
        level="random",
    )
    controllers.append(c)
    scored: list[object] = []
    c.hand_scored.connect(scored.append)
    with qtbot.waitSignal(c.game_over, timeout=20_000) as blocker:
        c.start()
    team, scores = blocker.args
    assert c.state.phase is Phase.GAME_OVER and c.state.winner is team
    assert scores == c.state.scores
    assert len(scored) == len(c.state.results)
    assert c.faults == []


def test_a_click_out_of_turn_is_refused(qtbot: QtBot, controllers: list[GameController]) -> None:
    c = GameController(RuleSet(), seed=3, pace=SLOW_BOTS)
    controllers.append(c)
    errors: list[str] = []
    c.error.connect(errors.append)
    with qtbot.waitSignal(c.turn_changed, timeout=20_000):
        c.start()
    if c.state.to_act == Seat.S:
        assert c.act(MakeBid(Bid(0)))  # South passes; now a computer player is thinking
    seat = c.state.to_act
    assert seat is not None and seat != Seat.S
    state, serial = c.state, c.serial
    assert not c.act(MakeBid(Bid(7)))
    assert errors == [f"Wait for {c.seating.name(seat)} to bid."]
    assert c.state is state and c.serial == serial


def test_stale_bot_answers_are_ignored(qtbot: QtBot, controllers: list[GameController]) -> None:
    c = GameController(RuleSet(), seed=4, pace=SLOW_BOTS)
    controllers.append(c)
    with qtbot.waitSignal(c.turn_changed, timeout=20_000):
        c.start()
    seat = c.state.to_act
    assert seat is not None
    legal = observe(c.state, seat).legal
    state = c.state
    # An answer tagged with an old serial (e.g. from before a new game) changes nothing.
    c._on_bot_decided(c.serial - 1, seat, Decision(legal[0], "late"))
    qtbot.wait(50)  # time passes: a late answer acted on would have changed the state
    assert c.state is state


def test_illegal_human_action_gives_the_rules_sentence(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    c = GameController(RuleSet(), seed=1, pace=INSTANT, seating=Seating())
    controllers.append(c)
    errors: list[str] = []
    c.error.connect(errors.append)
    with qtbot.waitSignal(
        c.turn_changed,
        timeout=20_000,
        check_params_cb=lambda seat, phase: seat == Seat.S and phase is Phase.BIDDING,
    ):
        c.start()
    state = c.state
    assert not c.act(Play(Card.from_text("AS")))
    assert errors[-1] == "It is time to bid or pass."
    assert c.state is state
