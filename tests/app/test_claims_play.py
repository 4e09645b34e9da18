"""Claims at the table: offered to the person when certain, played out through the normal
path; an opponent's claim waits for the person, who may accept or play on."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai.claims import claim
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.rules import (
    SEATS,
    Deal,
    GameState,
    Phase,
    Play,
    RuleSet,
    Seat,
    Team,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kaiser_desktop.rules.simulate import modest_choice


def find_state(test: Callable[[GameState], bool], seed: int) -> GameState:
    """A state of a random game's play that passes `test`."""
    rng = random.Random(seed)
    rules = RuleSet()
    for _ in range(400):
        state = new_game(rules, SEATS[rng.randrange(4)])
        state = apply(state, Deal.shuffled(rules, rng, state.dealer))
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            if state.phase is Phase.PLAY and test(state):
                return state
            state = apply(state, modest_choice(rng, legal_actions(state)))
    raise AssertionError("no such position in 400 random hands")


def claim_for(seats: tuple[Seat, ...], certain: bool) -> Callable[[GameState], bool]:
    def test(state: GameState) -> bool:
        seat = state.to_act
        hand = state.hand
        if seat not in seats or hand is None or len(hand.tricks) < 5:
            return False
        if len(legal_actions(state)) < 2:  # not an only card (that is played for the person)
            return False
        return (claim(observe(state, seat)) is not None) == certain

    return test


def tricks_left(state: GameState) -> int:
    assert state.hand is not None
    return 8 - len(state.hand.tricks)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_persons_claim_is_offered_and_played_out(qtbot: QtBot, seed: int) -> None:
    state = find_state(claim_for((Seat.S,), certain=True), seed)
    assert state.hand is not None
    won_so_far = sum(1 for t in state.hand.tricks if t.winner(state.hand.trump).team is Team.NS)
    left = tricks_left(state)
    controller = GameController(level="basic", seed=5, pace=INSTANT, claims=True)
    offers: list[tuple[Seat, int]] = []
    controller.claim_offered.connect(lambda seat, n: offers.append((seat, n)))
    controller.open_record(state)
    qtbot.waitUntil(lambda: bool(offers), timeout=20_000)
    assert offers == [(Seat.S, left)]
    assert controller.accept_claim()
    qtbot.waitUntil(lambda: controller.state.phase is not Phase.PLAY, timeout=20_000)
    result = controller.state.results[-1]
    assert result.tricks_won[Team.NS.value] == won_so_far + left
    assert controller.can_undo  # the claim can be taken back like any move
    controller.stop()


def test_no_claim_is_offered_when_the_rest_is_not_certain(qtbot: QtBot) -> None:
    state = find_state(claim_for((Seat.S,), certain=False), 4)
    controller = GameController(level="basic", seed=5, pace=INSTANT, claims=True)
    offers: list[object] = []
    controller.claim_offered.connect(lambda seat, n: offers.append(seat))
    answered: list[int] = []  # the serials the checks answered for, on this thread
    controller.claims.ready.connect(lambda serial, found: answered.append(serial))
    controller.open_record(state)
    qtbot.waitUntil(lambda: controller.waiting_for_human() == Seat.S, timeout=20_000)
    # The check for South's turn has answered (its answer is queued to this thread).
    qtbot.waitUntil(lambda: controller.serial in answered, timeout=20_000)
    assert offers == []
    assert not controller.accept_claim()
    controller.stop()


@pytest.mark.parametrize("accept", [True, False])
def test_an_opponents_claim_waits_for_the_person(qtbot: QtBot, accept: bool) -> None:
    state = find_state(claim_for((Seat.W, Seat.E), certain=True), 7)
    assert state.hand is not None and state.to_act is not None
    won_so_far = sum(1 for t in state.hand.tricks if t.winner(state.hand.trump).team is Team.EW)
    left = tricks_left(state)
    controller = GameController(level="basic", seed=5, pace=INSTANT, claims=True)
    offers: list[tuple[Seat, int]] = []
    controller.claim_offered.connect(lambda seat, n: offers.append((seat, n)))
    controller.open_record(state)
    qtbot.waitUntil(lambda: bool(offers), timeout=20_000)
    assert offers == [(state.to_act, left)]
    qtbot.wait(100)  # time passes: nothing plays on while the offer is open
    assert controller.state is not None and controller.busy  # waiting for the person's answer
    assert controller.state.hand is not None
    assert len(controller.state.hand.current.cards) == len(state.hand.current.cards)  # type: ignore[union-attr]
    if accept:
        assert controller.accept_claim()
    else:
        assert controller.refuse_claim()

    # Played on or played out, the hand ends; the opponents win the rest either way.
    def over() -> bool:
        s = controller.state
        if s.phase is Phase.PLAY and controller.waiting_for_human() == Seat.S:
            controller.act(Play(observe(s, Seat.S).legal[0].card))  # type: ignore[union-attr]
        return s.phase is not Phase.PLAY

    qtbot.waitUntil(over, timeout=30_000)
    assert offers == [(state.to_act, left)]  # not claimed again after "play on"
    assert controller.state.results[-1].tricks_won[Team.EW.value] == won_so_far + left
    controller.stop()
