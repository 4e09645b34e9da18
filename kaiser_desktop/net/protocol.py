"""The messages of family play across computers: versioned JSON, size-limited, strictly read.

Every message is one JSON object `{"v": 2, "type": ..., ...}` of at most 16 KiB (sealed
on the wire by net/seal.py). Game
actions are written in the record's own notation (`rules.record.action_to_json`): a card
"5H", a bid "8NT", a trump "NT", two discards ["8D", "9C"]. `decode` turns any bytes into a
`Message` or raises `ProtocolError` (a `ValueError`); `UnsupportedVersion` is the one the
host answers with a "please update" `Refused`, which every version can read (it is frozen
at version 1).

Who sends what (docs/NETWORK.md): a client sends `Hello`, `ActionMessage`, `Quick`,
`Goodbye`; the host sends `Welcome` or `Refused`, `SeatView` and `Results`,
`ActionRefused`, `Quick` (with the seat that said it), `SeatStatus`, `Goodbye`, `Asking`
(while the host is asked whether a person may sit), and once a
hand is scored its `HandRecord` (hand_record.py), for the review after it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from kaiser_desktop.net.hand_record import HandRecord
from kaiser_desktop.net.seat_view import MAX_STEP, Results, SeatView
from kaiser_desktop.net.wire import (
    MAX_MESSAGE_BYTES,
    Fields,
    ProtocolError,
    UnsupportedVersion,
    check_text,
    parse_object,
)
from kaiser_desktop.rules.actions import SeatAction
from kaiser_desktop.rules.cards import Seat
from kaiser_desktop.rules.record import action_from_json, action_to_json

VERSION = 2  # the protocol this app speaks (2: sealed by the table code, net/seal.py)
OLDEST_VERSION = 2  # the oldest it still speaks
MAX_NAME = 40
MAX_APP_VERSION = 32

QUICK_MESSAGES = ("nice_hand", "one_moment", "thank_you_partner")
# Why a host turns a Hello away; the app says each in a sentence of its own.
REFUSALS = (
    "update_app",  # this app is older than the host's: please update
    "host_update",  # the host's app is older than this one: the host should update
    "unknown_table",  # no table has that code
    "table_expired",
    "table_full",
    "seat_taken",
    "bad_token",  # a rejoin token that is not this table's
    "malformed",  # the last message was not one (the connection closes)
    "not_now",  # the host was asked to let this person sit, and said not now
    "wrong_code",  # the sealed exchange failed: the code typed is not the table's
    "code_paused",  # too many wrong codes were tried: the host must let the code work again
    "not_this_table",  # (said by the joining app's own link) another host answered a rejoin
)
# Why the host did not take a remote seat's action (referee_gate.py says when).
ACTION_REFUSALS = (
    "stale",  # the table moved on since the view it answers (e.g. a computer played for you)
    "not_your_turn",
    "game_over",
    "unknown_action",
    "wrong_phase",  # e.g. a card while bidding
    "not_held",
    "must_follow",
    "discard_two",
    "keep_honours",
    "name_a_suit",
    "bid_too_low",
    "bid_not_allowed",
    "dealer_must_bid",
)
SEAT_KINDS = (
    "person",  # someone is at this seat
    "computer",  # a computer player chosen for this seat
    "stand_in",  # a computer playing for a person whose connection dropped
    "open",  # nobody yet (before the start)
)
GOODBYES = ("leaving", "host_closing", "game_over", "replaced", "ended")  # ended: New game


@dataclass(frozen=True, slots=True)
class Hello:
    """A client asks for a seat; `token` rejoins a seat. (The table's code is not in it: the
    sealed exchange before it proved the code, net/seal.py.)"""

    TYPE: ClassVar[str] = "hello"
    app: str  # the app's version, for the log and the "please update" sentence
    name: str
    seat: Seat | None = None  # the seat wanted, if any
    token: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "app": self.app,
            "name": self.name,
            "seat": self.seat.text if self.seat else None,
            "token": self.token,
        }

    @classmethod
    def from_json(cls, data: object) -> Hello:
        f = Fields(data, "hello")
        app = f.text("app", MAX_APP_VERSION)
        name = f.text("name", MAX_NAME)
        seat = f.nullable("seat", Seat.from_text)
        token = f.token("token")
        f.done()
        return cls(app, name, seat, token)


@dataclass(frozen=True, slots=True)
class Welcome:
    """The host seats the client at `seat`; `token` lets it take the seat back later."""

    TYPE: ClassVar[str] = "welcome"
    seat: Seat
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.text, "token": self.token}

    @classmethod
    def from_json(cls, data: object) -> Welcome:
        f = Fields(data, "welcome")
        seat = f.seat("seat")
        token = f.token("token")
        f.done()
        if token is None:
            raise ProtocolError("welcome.token is missing")
        return cls(seat, token)


@dataclass(frozen=True, slots=True)
class Refused:
    """The host turns a Hello away. Frozen at version 1, so that any app can read it."""

    TYPE: ClassVar[str] = "refused"
    FROZEN_VERSION: ClassVar[int] = 1
    reason: str
    speaks: int = VERSION  # the protocol version of the app that refused

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "speaks": self.speaks}

    @classmethod
    def from_json(cls, data: object) -> Refused:
        f = Fields(data, "refused")
        reason = f.word("reason", REFUSALS)
        speaks = f.integer("speaks", 1, 10**6)
        f.done()
        return cls(reason, speaks)


def refusal_for(error: UnsupportedVersion) -> Refused:
    """The "please update" answer to a message of a version this app does not speak."""
    return Refused("host_update" if error.version > VERSION else "update_app")


@dataclass(frozen=True, slots=True)
class ActionMessage:
    """A seat's intended action, answering the view of `step`. `kind` and `value` are the
    record's notation as sent; `action()` reads them (referee_gate.py checks it)."""

    TYPE: ClassVar[str] = "action"
    step: int
    kind: str
    value: str | tuple[str, ...]

    @classmethod
    def of(cls, step: int, action: SeatAction) -> ActionMessage:
        kind, value = action_to_json(action)
        return cls(step, kind, value if isinstance(value, str) else tuple(value))

    def action(self) -> SeatAction:
        """The action; NotationError if it is none (an unknown kind or value)."""
        value = self.value if isinstance(self.value, str) else list(self.value)
        return action_from_json(self.kind, value)

    def to_json(self) -> dict[str, Any]:
        value = self.value if isinstance(self.value, str) else list(self.value)
        return {"step": self.step, "kind": self.kind, "value": value}

    @classmethod
    def from_json(cls, data: object) -> ActionMessage:
        f = Fields(data, "action")
        step = f.integer("step", 0, MAX_STEP)
        kind = f.text("kind", 16)
        raw = f.raw("value")
        f.done()
        if isinstance(raw, list):
            if len(raw) > 2:
                raise ProtocolError("action.value must be at most two")
            return cls(step, kind, tuple(check_text(v, "action.value[]", 8) for v in raw))
        return cls(step, kind, check_text(raw, "action.value", 8))


@dataclass(frozen=True, slots=True)
class ActionRefused:
    TYPE: ClassVar[str] = "action_refused"
    step: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "reason": self.reason}

    @classmethod
    def from_json(cls, data: object) -> ActionRefused:
        f = Fields(data, "action_refused")
        step = f.integer("step", 0, MAX_STEP)
        reason = f.word("reason", ACTION_REFUSALS)
        f.done()
        return cls(step, reason)


@dataclass(frozen=True, slots=True)
class Quick:
    """One of the few quick messages; the host fills in `seat` when it passes it on."""

    TYPE: ClassVar[str] = "quick"
    id: str
    seat: Seat | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat.text if self.seat else None}

    @classmethod
    def from_json(cls, data: object) -> Quick:
        f = Fields(data, "quick")
        said = f.word("id", QUICK_MESSAGES)
        seat = f.nullable("seat", Seat.from_text)
        f.done()
        return cls(said, seat)


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """Who plays `seat` now: a person (named), a computer, or a computer standing in."""

    TYPE: ClassVar[str] = "seat_status"
    seat: Seat
    kind: str
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.text, "kind": self.kind, "name": self.name}

    @classmethod
    def from_json(cls, data: object) -> SeatStatus:
        f = Fields(data, "seat_status")
        seat = f.seat("seat")
        kind = f.word("kind", SEAT_KINDS)
        name = f.text("name", MAX_NAME)
        f.done()
        return cls(seat, kind, name)


@dataclass(frozen=True, slots=True)
class Asking:
    """The host is being asked whether this person may sit (a join without a rejoin token,
    or without the code): wait for a `Welcome` or a `Refused("not_now")`."""

    TYPE: ClassVar[str] = "asking"
    host: str  # the host's name, for the sentence the person reads

    def to_json(self) -> dict[str, Any]:
        return {"host": self.host}

    @classmethod
    def from_json(cls, data: object) -> Asking:
        f = Fields(data, "asking")
        host = f.text("host", MAX_NAME)
        f.done()
        return cls(host)


@dataclass(frozen=True, slots=True)
class Goodbye:
    """Either side closes the connection on purpose. Frozen at version 1, like Refused."""

    TYPE: ClassVar[str] = "goodbye"
    FROZEN_VERSION: ClassVar[int] = 1
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason}

    @classmethod
    def from_json(cls, data: object) -> Goodbye:
        f = Fields(data, "goodbye")
        reason = f.word("reason", GOODBYES)
        f.done()
        return cls(reason)


Message = (
    Hello | Welcome | Refused | SeatView | Results | ActionMessage | ActionRefused | Quick
    | SeatStatus | Goodbye | HandRecord | Asking
)  # fmt: skip
_CLASSES = (
    Hello, Welcome, Refused, SeatView, Results, ActionMessage, ActionRefused, Quick, SeatStatus,
    Goodbye, HandRecord, Asking,
)  # fmt: skip
_READERS: dict[str, Callable[[object], Message]] = {cls.TYPE: cls.from_json for cls in _CLASSES}
TYPES = tuple(_READERS)
_FROZEN = {Refused.TYPE, Goodbye.TYPE}  # readable whatever the version


def encode(message: Message) -> bytes:
    """The message as UTF-8 JSON; ProtocolError if it would exceed the size limit."""
    version = getattr(message, "FROZEN_VERSION", VERSION)
    body = {"v": version, "type": message.TYPE, **message.to_json()}
    data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a {message.TYPE} message of {len(data):,} bytes is over the limit")
    return data


def decode(data: bytes | str) -> Message:
    """The message `data` holds. ProtocolError if it is not one; UnsupportedVersion (a
    ProtocolError) if it is of a protocol version this app does not speak."""
    obj = parse_object(data)
    version = obj.pop("v", None)
    kind = obj.pop("type", None)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ProtocolError("a message must say its protocol version (v) as a whole number")
    if not isinstance(kind, str) or kind not in _READERS:
        if version > VERSION:
            raise UnsupportedVersion(version)
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    if kind in _FROZEN:
        if version != 1:
            raise ProtocolError(f"a {kind} message is always of version 1")
    elif not OLDEST_VERSION <= version <= VERSION:
        raise UnsupportedVersion(version)
    return _READERS[kind](obj)
