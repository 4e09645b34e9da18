"""What each seat is sent: whole random games, every state, every seat. No message for seat S
ever holds a card of another seat's hand (or the kitty, or the discards) before it is played,
checked on the very bytes sent; and the client puts back the exact view the host has."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kaiser_desktop.net.protocol import decode, encode
from kaiser_desktop.net.seat_stream import SeatStream, ViewAssembler
from kaiser_desktop.net.seat_view import RESULTS_PER_MESSAGE, Results, SeatView, ViewAction
from kaiser_desktop.net.wire import MAX_MESSAGE_BYTES, ProtocolError
from kaiser_desktop.rules import (
    SEATS,
    Card,
    Deal,
    Discard,
    GameState,
    PassCard,
    Phase,
    RuleSet,
    Seat,
    SeatAction,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kaiser_desktop.rules.cards import Rank
from kaiser_desktop.rules.simulate import modest_choice, random_states

VARIANTS = {
    "standard": RuleSet(),
    "kitty": RuleSet(kitty=True),
    "pass_to_partner": RuleSet(pass_to_partner=True),
    "kaiser_open_throw_in": RuleSet(kaiser_bid=True, auction="open", all_pass="throw_in"),
    "kitty_pass_kaiser": RuleSet(kitty=True, pass_to_partner=True, kaiser_bid=True),
}


def hidden_from(state: GameState, seat: Seat) -> set[Card]:
    """The cards `seat` may not know now, worked out from the full state (not from observe):
    every other seat's cards in hand, the kitty until the declarer takes it (and then from
    all but the declarer, until played), the discards from all but the declarer; less the
    cards `seat` was dealt itself."""
    hand = state.hand
    if hand is None:
        return set()
    hidden = {c for other in SEATS if other != seat for c in hand.hand_of(other)}
    played = {c for t in hand.tricks for c in t.cards}
    if hand.current is not None:
        played |= set(hand.current.cards)
    taken = hand.declarer == seat and state.phase is not Phase.BIDDING
    if not taken:
        hidden |= set(hand.deal.kitty) - played
    if hand.declarer != seat:
        hidden |= set(hand.discards)
    # Its own cards as dealt stay known, wherever they went (passed to its partner, then
    # perhaps discarded by the partner as declarer).
    return hidden - set(hand.hand_of(seat)) - set(hand.deal.hand_of(seat))


def states_and_actions(
    rules: RuleSet, seed: int
) -> Iterator[tuple[GameState, tuple[Seat, SeatAction] | None]]:
    """Every state of one random game with the seat and action that made it (None: a deal)."""
    rng = random.Random(seed)
    state = new_game(rules, SEATS[rng.randrange(4)])
    yield state, None
    while not state.is_over:
        if state.awaiting_deal:
            state = apply(state, Deal.shuffled(rules, rng, state.dealer))
            yield state, None
        else:
            seat = state.to_act
            assert seat is not None
            action = modest_choice(rng, legal_actions(state))
            state = apply(state, action)
            yield state, (seat, action)


def notations(card: Card) -> list[bytes]:
    """Every way the record's notation can write `card`, as it stands in JSON: "TD", "10D"."""
    texts = [card.text] + (["10" + card.suit.text] if card.rank is Rank.TEN else [])
    return [f'"{t}"'.encode() for t in texts]


def leaks(data: bytes, hidden: set[Card]) -> list[str]:
    return [c.text for c in hidden for n in notations(c) if n in data]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_no_seat_is_ever_sent_another_seats_card(name: str) -> None:
    rules = VARIANTS[name]
    checked_hidden = 0
    kitty_or_discards_hidden = 0
    largest = 0
    secret_actions = 0
    for seed in range(2):
        streams = {seat: SeatStream(seat) for seat in SEATS}
        clients = {seat: ViewAssembler() for seat in SEATS}
        for step, (state, action) in enumerate(states_and_actions(rules, seed)):
            for seat in SEATS:
                hidden = hidden_from(state, seat)
                checked_hidden += len(hidden)
                if state.hand is not None and set(state.hand.deal.kitty) & hidden:
                    kitty_or_discards_hidden += 1
                for message in streams[seat].messages(state, step, action):
                    data = encode(message)
                    largest = max(largest, len(data))
                    assert leaks(data, hidden) == [], (name, seed, step, seat)
                    got = decode(data)
                    view = clients[seat].receive(got)
                # The client has the very view a computer at that seat would be handed,
                # and the action that made it (another seat's cards passed or discarded
                # only by their kind).
                assert view == observe(state, seat)
                assert isinstance(got, SeatView)
                if action is None:
                    assert got.action is None
                else:
                    assert got.action == ViewAction.seen_by(seat, *action)
                    secret = isinstance(action[1], (PassCard, Discard)) and action[0] != seat
                    assert (got.action.action is None) == secret
                    secret_actions += secret
    assert checked_hidden > 10_000  # the check looked at many hidden cards, not none
    if rules.kitty:
        assert kitty_or_discards_hidden > 100
    if rules.kitty or rules.pass_to_partner:
        assert secret_actions > 20
    assert largest < MAX_MESSAGE_BYTES // 2


def test_the_leak_check_finds_a_leak() -> None:
    """The check above can fail: a view of the partner's seat, sent to South, is caught."""
    states = [s for s in random_states(RuleSet(kitty=True), seed=5) if s.phase is Phase.PLAY]
    state = states[0]
    wrong = SeatStream(Seat.N).messages(state, 0)[-1]
    assert leaks(encode(wrong), hidden_from(state, Seat.S)) != []
    right = SeatStream(Seat.S).messages(state, 0)[-1]
    assert leaks(encode(right), hidden_from(state, Seat.S)) == []


def test_hands_scored_travel_a_few_at_a_time_and_again_on_rejoin() -> None:
    states = list(random_states(RuleSet(all_pass="throw_in"), seed=10))
    last = states[-1]
    assert len(last.results) > RESULTS_PER_MESSAGE  # 57 hands, many thrown in
    stream = SeatStream(Seat.E)
    sent = stream.messages(last, len(states))
    chunks = [m for m in sent if isinstance(m, Results)]
    assert [c.first for c in chunks] == list(range(0, len(last.results), RESULTS_PER_MESSAGE))
    assert isinstance(sent[-1], SeatView) and sent[-1].results_count == len(last.results)
    assert [m for m in stream.messages(last, len(states)) if isinstance(m, Results)] == []
    stream.restart()  # the person came back: everything again
    assert len([m for m in stream.messages(last, len(states)) if isinstance(m, Results)]) == len(
        chunks
    )


def test_a_client_refuses_messages_that_do_not_fit_together() -> None:
    last = list(random_states(RuleSet(all_pass="throw_in"), seed=10))[-1]
    messages = SeatStream(Seat.W).messages(last, 1)
    client = ViewAssembler()
    with pytest.raises(ProtocolError):
        client.receive(messages[-1])  # the view before the results it counts
    with pytest.raises(ProtocolError):
        client.receive(messages[1])  # results with a gap before them
    for message in messages:
        view = client.receive(message)
    assert view == observe(last, Seat.W)
