"""The messages: every kind round-trips, versions are told apart, and any bytes at all give
either a message or a ProtocolError (never another exception, never a crash)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_desktop.net.hand_record import HandRecord
from kaiser_desktop.net.protocol import (
    ACTION_REFUSALS,
    GOODBYES,
    QUICK_MESSAGES,
    REFUSALS,
    SEAT_KINDS,
    TYPES,
    VERSION,
    ActionMessage,
    ActionRefused,
    Asking,
    Goodbye,
    Hello,
    Message,
    Quick,
    Refused,
    SeatStatus,
    Welcome,
    decode,
    encode,
    refusal_for,
)
from kaiser_desktop.net.seat_view import Results, SeatView
from kaiser_desktop.net.wire import MAX_MESSAGE_BYTES, ProtocolError, UnsupportedVersion
from kaiser_desktop.rules import SEATS, RuleSet, legal_actions, observe, record
from kaiser_desktop.rules.actions import Discard, MakeBid, NameTrump, Play
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Card, Suit
from kaiser_desktop.rules.simulate import random_states

TOKEN = "abcdefghijklmnopqrstuvwxyz012345"


def sample_messages() -> list[Message]:
    states = list(random_states(RuleSet(kitty=True, kaiser_bid=True), seed=3))
    views = [SeatView.of(observe(s, seat), i) for i, s in enumerate(states[::40]) for seat in SEATS]
    last = states[-1]
    return [
        Hello("0.1.0", "Grand-maman Hélène", None, None),
        Hello("0.1.0", "Sam", SEATS[2], TOKEN),
        Welcome(SEATS[1], TOKEN),
        *(Refused(reason) for reason in REFUSALS),
        ActionMessage.of(5, Play(Card.from_text("5H"))),
        ActionMessage.of(6, MakeBid(Bid.from_text("8NT"))),
        ActionMessage.of(7, NameTrump(None)),
        ActionMessage.of(8, Discard((Card.from_text("8D"), Card.from_text("9C")))),
        *(ActionRefused(9, reason) for reason in ACTION_REFUSALS),
        *(Quick(said, seat) for said in QUICK_MESSAGES for seat in (None, SEATS[0])),
        *(SeatStatus(SEATS[3], kind, "Léa") for kind in SEAT_KINDS),
        *(Goodbye(reason) for reason in GOODBYES),
        Asking("Grand-maman Hélène"),
        Results(0, tuple(last.results[:32])),
        HandRecord.of(last, 1),
        *views,
    ]


MESSAGES = sample_messages()


def test_every_type_is_among_the_samples() -> None:
    assert {m.TYPE for m in MESSAGES} == set(TYPES)


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: m.TYPE)
def test_each_message_round_trips(message: Message) -> None:
    data = encode(message)
    assert len(data) <= MAX_MESSAGE_BYTES
    assert decode(data) == message
    assert decode(data.decode("utf-8")) == message
    body = json.loads(data)
    assert body["type"] == message.TYPE and body["v"] == getattr(message, "FROZEN_VERSION", 2)


def test_actions_are_written_in_the_record_notation() -> None:
    discard = Discard((Card.from_text("9C"), Card.from_text("TD")))
    body = json.loads(encode(ActionMessage.of(3, discard)))
    assert body == {"v": 2, "type": "action", "step": 3, "kind": "discard", "value": ["TD", "9C"]}
    assert json.loads(encode(ActionMessage.of(0, NameTrump(Suit.H))))["value"] == "H"
    assert json.loads(encode(ActionMessage.of(0, MakeBid(Bid(0)))))["value"] == "pass"


def hello_body(**changes: object) -> dict[str, object]:
    body: dict[str, object] = {"v": 2, "type": "hello", "app": "0.1.0", "name": "Sam",
                               "seat": None, "token": None}  # fmt: skip
    body.update(changes)
    return body


def test_a_newer_version_is_told_apart_and_answered_please_update() -> None:
    newer = json.dumps(hello_body(v=VERSION + 1, future_key=[1, 2])).encode()
    with pytest.raises(UnsupportedVersion) as caught:
        decode(newer)
    assert caught.value.version == VERSION + 1
    answer = refusal_for(caught.value)
    assert answer.reason == "host_update"  # this (older) host asks its own user to update
    assert refusal_for(UnsupportedVersion(0)).reason == "update_app"
    # A message type this version never heard of, from a newer app: also "please update".
    with pytest.raises(UnsupportedVersion):
        decode(json.dumps({"v": VERSION + 1, "type": "emote", "x": 1}))


def test_an_older_apps_hello_is_told_to_update() -> None:
    # Version 1's Hello (with the code in it, in clear): this app speaks 2 only.
    old = {"v": 1, "type": "hello", "app": "0.9", "table": "maple-river-lantern-otter-427",
           "name": "Sam", "seat": None, "token": None}  # fmt: skip
    with pytest.raises(UnsupportedVersion) as caught:
        decode(json.dumps(old))
    assert caught.value.version == 1
    assert refusal_for(caught.value) == Refused("update_app")
    assert json.loads(encode(refusal_for(caught.value)))["v"] == 1  # a v1 app reads it


def test_the_refusal_is_frozen_at_version_one_so_any_app_reads_it() -> None:
    data = encode(Refused("update_app", speaks=7))
    assert json.loads(data)["v"] == 1
    assert decode(data) == Refused("update_app", speaks=7)
    with pytest.raises(ProtocolError):
        decode(json.dumps({"v": 2, "type": "refused", "reason": "update_app", "speaks": 2}))


def without(message: Message, key: str) -> dict[str, object]:
    body = json.loads(encode(message))
    assert key in body
    del body[key]
    return dict(body)


MALFORMED: list[bytes | str] = [
    b"",
    b"not json",
    b"[]",
    b'"hello"',
    b"\xff\xfe\x00",
    json.dumps(hello_body(v=None)),
    json.dumps(hello_body(v=True)),
    json.dumps(hello_body(v=0)),
    json.dumps(hello_body(type="nope")),
    json.dumps(hello_body(type=None)),
    json.dumps(hello_body(name=7)),
    json.dumps(hello_body(name="x" * 41)),
    json.dumps(hello_body(name="a\u0007b")),
    '{"v":2,"type":"hello","app":"1","name":"\\ud800","seat":null,"token":null}',
    json.dumps(hello_body(seat="Q")),
    json.dumps(hello_body(token="short")),
    json.dumps(hello_body(extra=1)),
    json.dumps({k: v for k, v in hello_body().items() if k != "name"}),
    json.dumps({k: v for k, v in hello_body().items() if k != "seat"}),  # null, not left out
    json.dumps(without(MESSAGES[-1], "to_act")),
    json.dumps(without(MESSAGES[-1], "step")),
    '{"v":1,"v":1,"type":"goodbye","reason":"leaving"}',
    '{"v":1,"type":"goodbye","reason":"leaving","x":NaN}',
    '{"v":1.0,"type":"goodbye","reason":"leaving"}',
    '{"v":1' + "0" * 5000 + ',"type":"goodbye","reason":"leaving"}',
    "[" * 8_000 + "]" * 8_000,  # within the size limit, nested too deeply
    '{"v":1,"type":"goodbye","reason":"' + "x" * MAX_MESSAGE_BYTES + '"}',
    json.dumps({"v": 2, "type": "action", "step": -1, "kind": "play", "value": "5H"}),
    json.dumps({"v": 2, "type": "action", "step": True, "kind": "play", "value": "5H"}),
    json.dumps({"v": 2, "type": "action", "step": 1, "kind": "play", "value": ["5H", "AS", "KS"]}),
    json.dumps({"v": 2, "type": "action", "step": 1, "kind": "play", "value": {"card": "5H"}}),
    json.dumps({"v": 2, "type": "quick", "id": "you_lose", "seat": None}),
    json.dumps({"v": 2, "type": "welcome", "seat": "N", "token": None}),
    json.dumps({"v": 2, "type": "results", "first": 0, "results": [{}]}),
    json.dumps({"v": 2, "type": "seat_status", "seat": "N", "kind": "ghost", "name": "x"}),
]


@pytest.mark.parametrize("data", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_input_raises_a_protocol_error(data: bytes | str) -> None:
    with pytest.raises(ProtocolError):
        decode(data)


def test_the_size_limit_holds_for_sending_too() -> None:
    too_long = SeatStatus(SEATS[0], "person", "x" * 40)
    assert len(encode(too_long)) < MAX_MESSAGE_BYTES  # a real one is small
    huge = Results(0, tuple(list(random_states(RuleSet(), seed=1))[-1].results) * 40)
    with pytest.raises(ProtocolError):
        encode(huge)


def assert_message_or_protocol_error(data: bytes | str) -> None:
    try:
        message = decode(data)
    except ProtocolError:
        return
    assert decode(encode(message)) == message  # what was read can be written and read again


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_a_message_or_a_protocol_error(data: bytes) -> None:
    assert_message_or_protocol_error(data)


words = st.sampled_from(["N", "5H", "8NT", "pass", "play", "bid", "NT", "person", "leaving"])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**15), 10**15) | st.text(max_size=12) | words,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(MESSAGES), st.data())
def test_any_change_to_a_valid_message_gives_a_message_or_a_protocol_error(
    message: Message, data: st.DataObject
) -> None:
    body = json.loads(encode(message))
    keys = sorted(body)
    change = data.draw(st.sampled_from(["drop", "replace", "add"]))
    key = data.draw(st.sampled_from(keys))
    if change == "drop":
        del body[key]
    elif change == "replace":
        body[key] = data.draw(json_values)
    else:
        body[data.draw(st.text(max_size=8))] = data.draw(json_values)
    assert_message_or_protocol_error(json.dumps(body))


def test_random_byte_flips_of_every_message_never_crash() -> None:
    rng = random.Random(24)
    for message in MESSAGES:
        data = bytearray(encode(message))
        for _ in range(30):
            mutated = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                mutated[rng.randrange(len(mutated))] = rng.randrange(256)
            assert_message_or_protocol_error(bytes(mutated))


def test_every_legal_action_of_random_games_round_trips_in_the_record_notation() -> None:
    rules = RuleSet(kitty=True, pass_to_partner=True, kaiser_bid=True, auction="open")
    seen: set[str] = set()
    for seed in range(30):  # until a weak hand's holder has been asked about a redeal
        if seen == set(record.ACTION_KINDS):
            break
        for state in random_states(rules, seed=seed):
            for action in legal_actions(state):
                message = ActionMessage.of(1, action)
                back = decode(encode(message))
                assert isinstance(back, ActionMessage) and back.action() == action
                assert record.action_from_json(*record.action_to_json(action)) == action
                seen.add(message.kind)
    assert seen == set(record.ACTION_KINDS)
    # Readers of the record accept "10" for the ten; so does a message.
    ten = ActionMessage(1, "play", "10D").action()
    assert ten == Play(Card.from_text("TD"))
