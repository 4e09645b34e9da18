"""The pieces together, in one process and without sockets: a host and four remote seats
trading only bytes, plus a hostile seat. Every action a client takes comes from its own view;
every client's view equals the host's view of that seat after every step; nothing hostile is
ever accepted, and the game still ends."""

from __future__ import annotations

import json
import random

from kaiser_desktop.net.protocol import ActionMessage, ActionRefused, decode, encode
from kaiser_desktop.net.referee_gate import Accepted, check_action
from kaiser_desktop.net.seat_stream import SeatStream, ViewAssembler
from kaiser_desktop.net.seat_view import SeatView
from kaiser_desktop.net.wire import MAX_MESSAGE_BYTES, ProtocolError
from kaiser_desktop.rules import SEATS, Deal, PlayerView, RuleSet, Seat, apply, new_game, observe
from kaiser_desktop.rules.simulate import modest_choice

HOSTILE: list[bytes] = [
    b"\x00\x01garbage",
    b"{" * 20_000,
    json.dumps(
        {"v": 2, "type": "action", "step": 0, "kind": "play", "value": "5H", "x": 1}
    ).encode(),
    json.dumps({"v": 9, "type": "action", "step": 0, "kind": "play", "value": "5H"}).encode(),
    b'{"v":2,"type":"action","step":0,"kind":"play","value":"' + b"A" * MAX_MESSAGE_BYTES + b'"}',
]


def hostile_actions(view: PlayerView, step: int, rng: random.Random) -> list[bytes]:
    """Well-formed actions a cheating or confused client might send for `view.seat`."""
    guesses = ["5H", "3S", "AS", "KD", "TC", "7H"]
    return [
        encode(ActionMessage(step, "play", rng.choice(guesses))),
        encode(ActionMessage(step + 1, "bid", "12NT")),
        encode(ActionMessage(max(step - 1, 0), "trump", "NT")),
        encode(ActionMessage(step, "bid", "K")),
        encode(ActionMessage(step, "dance", "now")),
    ]


def test_a_whole_game_over_bytes_with_a_hostile_seat() -> None:
    rng = random.Random(2024)
    rules = RuleSet(kitty=True, pass_to_partner=True)
    state = new_game(rules, Seat.W)
    step = 0
    streams = {seat: SeatStream(seat) for seat in SEATS}
    clients = {seat: ViewAssembler() for seat in SEATS}
    views: dict[Seat, PlayerView] = {}
    counts = {"accepted": 0, "refused": 0, "malformed": 0, "compared": 0}
    for _ in range(5000):
        # The host sends each seat its messages; each client rebuilds its view.
        for seat in SEATS:
            for message in streams[seat].messages(state, step):
                view = clients[seat].receive(decode(encode(message)))
                if view is not None:
                    views[seat] = view
            assert views[seat] == observe(state, seat)
            counts["compared"] += 1
        if state.is_over:
            break
        if state.awaiting_deal:  # the host deals; no client takes part
            state = apply(state, Deal.shuffled(rules, rng, state.dealer))
            step += 1
            continue
        # The hostile seat (the one not to act, or any) tries its luck first.
        assert state.to_act is not None
        cheat = rng.choice(SEATS)
        for data in HOSTILE + hostile_actions(views[cheat], step, rng):
            try:
                message = decode(data)
            except ProtocolError:
                counts["malformed"] += 1  # the host logs it and closes that connection
                continue
            assert isinstance(message, ActionMessage)
            verdict = check_action(state, cheat, message, step)
            if isinstance(verdict, Accepted):  # a lucky guess of a legal action: fine
                assert verdict.action in views[cheat].legal
                continue
            counts["refused"] += 1
            reply = decode(encode(ActionRefused(step, verdict.reason)))
            assert isinstance(reply, ActionRefused)
        # The seat to act chooses from its own view alone, and the host applies it.
        seat = state.to_act
        assert views[seat].my_turn
        choice = modest_choice(rng, list(views[seat].legal))
        verdict = check_action(state, seat, decode(encode(ActionMessage.of(step, choice))), step)
        assert verdict == Accepted(choice)
        state = apply(state, choice)  # in the app: the controller, the one caller of apply
        step += 1
        counts["accepted"] += 1
    assert state.is_over
    assert counts["accepted"] > 100 and counts["refused"] > 100 and counts["malformed"] > 100
    assert counts["compared"] == 4 * (step + 1)
    last = SeatStream(Seat.N).messages(state, step)[-1]
    assert isinstance(last, SeatView) and last.view.phase.value == "game_over"


def test_a_rejoining_seat_gets_its_cards_back_mid_hand() -> None:
    rng = random.Random(7)
    rules = RuleSet()
    state = new_game(rules, Seat.N)
    state = apply(state, Deal.shuffled(rules, rng, state.dealer))
    while state.hand is None or len(state.hand.tricks) < 3:
        assert state.to_act is not None
        state = apply(state, modest_choice(rng, list(observe(state, state.to_act).legal)))
    stream = SeatStream(Seat.E)
    stream.messages(state, 40)  # sent before the connection dropped
    stream.restart()  # the person is back, on a new connection with a new client
    client = ViewAssembler()
    views = [client.receive(decode(encode(m))) for m in stream.messages(state, 41)]
    assert views[-1] == observe(state, Seat.E)
    assert views[-1] is not None and len(views[-1].hand) == 5
