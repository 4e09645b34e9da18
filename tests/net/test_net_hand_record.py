"""The record of a scored hand (the review after it): sent only once the hand is scored,
read back to the same hand, and never a hand in play."""

from __future__ import annotations

import json

import pytest

from kaiser_desktop.net.hand_record import HandRecord, hand_records
from kaiser_desktop.net.protocol import decode, encode
from kaiser_desktop.net.wire import ProtocolError
from kaiser_desktop.rules import GameState, HandState, Phase, record
from kaiser_desktop.rules.simulate import random_states
from tests.net.test_net_seat_stream import VARIANTS


def hand_number(state: GameState, number: int) -> HandState:
    hands = [*state.past_hands, *([state.hand] if state.hand is not None else [])]
    return hands[number - 1]


def game_hand(r: HandRecord) -> HandState:
    assert r.game.hand is not None
    return r.game.hand


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_records_come_only_after_the_hand_is_scored(name: str) -> None:
    rules = VARIANTS[name]
    sent: list[HandRecord] = []
    states = 0
    for state in random_states(rules, seed=1):
        states += 1
        new = hand_records(state, len(sent))  # as the host does after each applied action
        for r in new:
            back = decode(encode(r))
            assert back == r and isinstance(back, HandRecord)
            assert r.game.phase in (Phase.HAND_SCORED, Phase.GAME_OVER)
            # The same hand, card for card (its points may differ: the one-hand game
            # starts at 0-0, and a team near the end scores otherwise in some rules).
            assert r.game.results[0].kind == state.results[r.number - 1].kind
            hand, played = game_hand(r), hand_number(state, r.number)
            assert (hand.deal, hand.dealer, hand.bids) == (played.deal, played.dealer, played.bids)
            assert (hand.tricks, hand.trump, hand.passes) == (
                played.tricks, played.trump, played.passes,
            )  # fmt: skip
        sent += new
        assert [r.number for r in sent] == list(range(1, len(state.results) + 1))
        in_play = state.hand is not None and state.phase not in (
            Phase.HAND_SCORED, Phase.GAME_OVER,
        )  # fmt: skip
        if in_play:
            assert state.hand is not None
            assert all(game_hand(r).deal != state.hand.deal for r in sent)
    assert states > 100 and len(sent) >= 3


def test_a_hand_in_play_is_no_record() -> None:
    state = next(s for s in random_states(VARIANTS["standard"], seed=2) if s.phase is Phase.PLAY)
    with pytest.raises(ValueError):
        HandRecord.of(state, 1)
    data = record.to_json(state)
    body = {"v": 2, "type": "hand_record", "number": 1, "rules": data["rules"]}
    with pytest.raises(ProtocolError, match="scored"):
        decode(json.dumps({**body, "hand": data["hands"][0]}))
    with pytest.raises(ProtocolError):
        decode(json.dumps({**body, "hand": {"dealer": "N", "deal": {}}}))
