"""Helpers for the computer-player tests: hand-built positions and quick game drivers."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import ClassVar

from kaiser_desktop.ai.base import Bot
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.ai.standard import StandardBot
from kaiser_desktop.rules import (
    Bid,
    Card,
    Deal,
    GameState,
    HandState,
    MakeBid,
    Phase,
    RuleSet,
    Seat,
    Suit,
    Trick,
    apply,
    new_game,
    observe,
)

VARIANTS: list[RuleSet] = [
    RuleSet(),
    RuleSet(min_bid=5),
    RuleSet(min_bid=7),
    RuleSet(all_pass="throw_in"),
    RuleSet(weak_hand_redeal=False),
    RuleSet(defender_limit=47, steal_five_wins=True),
    RuleSet(three_trick_rule=True),
    RuleSet(kaiser_bid=True),
    RuleSet(lose_at_minus_52=True),
    RuleSet(pass_to_partner=True),
    RuleSet(kitty=True),
    RuleSet(target=30),
    RuleSet(
        min_bid=7, all_pass="throw_in", defender_limit=47, steal_five_wins=True,
        three_trick_rule=True, kaiser_bid=True, lose_at_minus_52=True, pass_to_partner=True,
        kitty=True, target=40,
    ),
]  # fmt: skip


class QuickExpert(ExpertBot):
    """The Expert with a tiny budget, so tests stay fast (same code paths)."""

    ismcts_iterations = 40
    pimc_samples: ClassVar[dict[int, int]] = {6: 2, 5: 3, 4: 4, 3: 4, 2: 4, 1: 1}
    compiled_budget = None  # the budget above, whichever solver runs


class QuickStandard(StandardBot):
    ismcts_iterations = 30
    pimc_samples: ClassVar[dict[int, int]] = {5: 2, 4: 2, 3: 3, 2: 3, 1: 1}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_text(t) for t in text.split())


def play_position(
    hands: dict[Seat, str],
    trump: Suit | None,
    declarer: Seat,
    contract: str,
    leader: Seat,
    played: str = "",
    rules: RuleSet | None = None,
    tricks: tuple[Trick, ...] = (),
    scores: tuple[int, int] = (0, 0),
) -> GameState:
    """A state in the play phase with the given hands and the current trick's cards."""
    rules = rules or RuleSet()
    order = tuple(leader.after(i) for i in range(4))
    now = cards(played) if played else ()
    held = tuple(cards(hands.get(s, "")) for s in (Seat.N, Seat.E, Seat.S, Seat.W))
    deal = Deal(held)
    hand = HandState(
        number=1, dealer=declarer.after(3), deal=deal, hands=held, declarer=declarer,
        contract=Bid.from_text(contract), trump=trump, trump_named=True, tricks=tricks,
        current=Trick(order, now),
    )  # fmt: skip
    return GameState(
        rules=rules, phase=Phase.PLAY, dealer=hand.dealer, scores=scores, hand=hand,
        to_act=order[len(now)],
    )  # fmt: skip


def random_states(
    rules: RuleSet, bot: Bot, seed: int, hands: int, mix: float = 0.5
) -> list[tuple[GameState, Bot]]:
    """Plays `hands` hands; returns every decision point met. Bids are sometimes random so
    that rare contracts (no trump, Kaiser, high bids) come up too."""
    rng = random.Random(seed)
    out: list[tuple[GameState, Bot]] = []
    state = new_game(rules, Seat(rng.randrange(4)))
    played = 0
    while True:
        if state.is_over:
            state = new_game(rules, Seat(rng.randrange(4)))
        if state.awaiting_deal:
            if played == hands:
                break
            state = apply(state, Deal.shuffled(rules, rng, state.dealer))
            played += 1
            continue
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        out.append((state, bot))
        decision = bot.decide(view)
        assert decision.action in view.legal, (decision, view.legal)
        assert decision.reason and len(decision.reason) > 8
        action = decision.action
        if state.phase is Phase.BIDDING and rng.random() < mix:
            action = rng.choice([a for a in view.legal if isinstance(a, MakeBid)])
        state = apply(state, action)
    return out


def with_hands(state: GameState, hands: tuple[tuple[Card, ...], ...]) -> GameState:
    assert state.hand is not None
    return replace(state, hand=replace(state.hand, hands=hands))
