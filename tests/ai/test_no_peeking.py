"""Same view + same seed -> same decision, whatever the hidden cards are."""

from __future__ import annotations

import random

import pytest
from aitestkit import QuickExpert, QuickStandard

from kaiser_desktop.ai import make_bot
from kaiser_desktop.ai.base import Bot
from kaiser_desktop.rules import (
    Card,
    Deal,
    GameState,
    Phase,
    RuleSet,
    Seat,
    SeatAction,
    apply,
    new_game,
    observe,
)


def _play(rules: RuleSet, deal: Deal, dealer: Seat, actions: list[SeatAction]) -> GameState:
    state = apply(new_game(rules, dealer), deal)
    for a in actions:
        state = apply(state, a)
    return state


def _swap_hidden(deal: Deal, state: GameState, seat: Seat, rng: random.Random) -> Deal | None:
    """The deal with two same-suit cards swapped between two other seats that still hold them
    (so every earlier play stays legal and `seat` sees nothing different)."""
    assert state.hand is not None
    others = [s for s in (seat.left, seat.partner, seat.left.partner)]
    pairs = []
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            for ca in state.hand.hand_of(a):
                for cb in state.hand.hand_of(b):
                    dealt = ca in deal.hand_of(a) and cb in deal.hand_of(b)
                    if dealt and (ca.suit == cb.suit or state.phase is not Phase.PLAY):
                        pairs.append((a, ca, b, cb))
    if not pairs:
        return None
    a, ca, b, cb = rng.choice(pairs)
    hands = [list(h) for h in deal.hands]

    def swap(hand: list[Card]) -> tuple[Card, ...]:
        return tuple(cb if c == ca else ca if c == cb else c for c in hand)

    hands[a.value] = list(swap(hands[a.value]))
    hands[b.value] = list(swap(hands[b.value]))
    return Deal(tuple(tuple(h) for h in hands), deal.kitty)


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(kitty=True, kaiser_bid=True)])
def test_decisions_ignore_hidden_cards(rules: RuleSet) -> None:
    rng = random.Random(4)
    bots: list[Bot] = [make_bot("basic", 1), QuickExpert(seed=2), QuickStandard(seed=3)]
    checked = 0
    for number in range(6):
        dealer = Seat(number % 4)
        deal = Deal.from_number(rules, 50 + number, dealer)
        state = apply(new_game(rules, dealer), deal)
        actions: list[SeatAction] = []
        driver = make_bot("basic", 0)
        steps = 0
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if steps % 5 == 0 and state.phase in (Phase.BIDDING, Phase.PLAY):
                other = _swap_hidden(deal, state, seat, rng)
                if other is not None:
                    twin = _play(rules, other, dealer, actions)
                    assert state.hand is not None and twin.hand is not None
                    assert twin.hand.hands != state.hand.hands
                    twin_view = observe(twin, seat)
                    if twin_view == view:
                        for bot in bots:
                            assert bot.decide(view) == bot.decide(twin_view)
                        checked += 1
            action = driver.decide(view).action
            actions.append(action)
            state = apply(state, action)
            steps += 1
    assert checked >= 10


def test_real_expert_same_view_same_card() -> None:
    rules = RuleSet()
    state = apply(new_game(rules, Seat.N), Deal.from_number(rules, 3, Seat.N))
    driver = make_bot("basic", 0)
    while state.phase is not Phase.PLAY:
        assert state.to_act is not None
        state = apply(state, driver.decide(observe(state, state.to_act)).action)
    for _ in range(9):  # into the second trick
        assert state.to_act is not None
        state = apply(state, driver.decide(observe(state, state.to_act)).action)
    assert state.to_act is not None
    view = observe(state, state.to_act)
    expert = make_bot("expert", 11)
    assert expert.decide(view) == expert.decide(view)
