"""The fast path agrees with the checked engine, move for move and point for point."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kaiser_desktop.rules import (
    Bid,
    Card,
    Deal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    RuleSet,
    Seat,
    Suit,
    apply,
    legal_actions,
    new_game,
)
from kaiser_desktop.rules.fast import FastPlay, random_hand
from kaiser_desktop.rules.simulate import random_states

VARIANTS = [
    RuleSet(weak_hand_redeal=False),
    RuleSet(weak_hand_redeal=False, kitty=True, kaiser_bid=True),
    RuleSet(weak_hand_redeal=False, pass_to_partner=True, all_pass="throw_in"),
    RuleSet(weak_hand_redeal=False, three_trick_rule=True, min_bid=5),
    RuleSet(weak_hand_redeal=False, auction="open"),
    RuleSet(weak_hand_redeal=False, auction="open", all_pass="throw_in", kaiser_bid=True),
    RuleSet(weak_hand_redeal=False, auction="open", kitty=True, bid_out=True),
]


def replay_fast_log(rules: RuleSet, log: list[int], dealer: Seat, scores=(0, 0)):
    """Feed random_hand's logged choices through the checked engine."""
    it = iter(log)
    size = rules.pack_size
    pack = [Card.from_index(next(it)) for _ in range(size)]
    hands = [[] for _ in range(4)]
    for i in range(32):
        hands[dealer.after(1 + i).value].append(pack[i])
    start = replace(new_game(rules, dealer), scores=scores)
    state = apply(start, Deal(tuple(tuple(h) for h in hands), tuple(pack[32:])))
    while not state.awaiting_deal and not state.is_over:
        phase = state.phase
        if phase is Phase.PASSING:
            action = PassCard(Card.from_index(next(it)))
        elif phase is Phase.BIDDING:
            key = next(it)
            action = MakeBid(Bid(0) if key < 0 else Bid(key // 2, key % 2 == 1))
        elif phase is Phase.DISCARD:
            action = Discard((Card.from_index(next(it)), Card.from_index(next(it))))
        elif phase is Phase.TRUMP:
            suit = next(it)
            action = NameTrump(None if suit < 0 else Suit(suit))
        else:
            action = Play(Card.from_index(next(it)))
        assert action in legal_actions(state)
        state = apply(state, action)
    assert next(it, None) is None
    return state


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(r.to_json()))
def test_random_hand_agrees_with_the_engine(rules: RuleSet) -> None:
    rng = random.Random(7)
    longest = 0
    for i in range(150):
        dealer = Seat(i % 4)
        log: list[int] = []
        scores = (rng.randrange(-20, 52), rng.randrange(-20, 52))
        fast = random_hand(rules, rng, dealer.value, scores, log=log)
        state = replay_fast_log(rules, log, dealer, scores)
        result = state.results[-1]
        if fast.contract is None:
            assert result.kind == "thrown_in"
            continue
        if rules.auction == "open":
            longest = max(longest, len(state.hand.bids))
        assert result.declarer is Seat(fast.declarer)
        assert result.contract == fast.contract
        assert result.raw == fast.raw
        assert result.points == fast.points
    assert rules.auction == "one_round" or longest > 4  # open auctions went round again


def test_fast_play_undo_restores_everything() -> None:
    for state in random_states(RuleSet(kaiser_bid=True), 4, 3000):
        if state.phase is Phase.PLAY and state.hand and not state.hand.tricks:
            break
    fast = FastPlay.from_state(state)
    snapshot = fast.copy()
    moves: list[int] = []
    rng = random.Random(0)
    while not fast.finished:
        move = rng.choice(fast.legal_moves())
        moves.append(move)
        fast.play(move)
    for _ in moves:
        fast.undo()
    assert sorted(map(sorted, fast.hands)) == sorted(map(sorted, snapshot.hands))
    assert fast.won == [0, 0] and fast.turn == snapshot.turn
    assert fast.tricks_done == 0 and fast.five_team == snapshot.five_team
