"""Reading one message's JSON strictly: a size limit, no surprises, and one typed error.

Whatever bytes arrive, `parse_object` returns a JSON object of plain values or raises
`ProtocolError`; `Fields` then reads its keys one by one, each of a known type and bound,
and refuses any key left over. Nothing else is ever raised on bad input.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from typing import TypeVar

from kaiser_desktop.rules.cards import Seat, Suit
from kaiser_desktop.rules.errors import NotationError

MAX_MESSAGE_BYTES = 16 * 1024  # the largest seat view is about 3 KiB (tests/net)
MAX_DIGITS = 12  # no number a message holds is longer
T = TypeVar("T")
Json = None | bool | int | str | list["Json"] | dict[str, "Json"]


class ProtocolError(ValueError):
    """A message that is not one: too large, not JSON, or not of the agreed shape.

    `reason` is a sentence for the log; the connection that sent it is closed."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnsupportedVersion(ProtocolError):
    """A message of a protocol version this app does not speak (`version`)."""

    def __init__(self, version: int) -> None:
        super().__init__(f"protocol version {version} is not understood")
        self.version = version


def _no_constant(name: str) -> object:
    raise ProtocolError(f"{name} is not a value a message holds")


def _no_float(text: str) -> object:
    raise ProtocolError(f"{text[:20]} is not a whole number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ProtocolError("a number too long to be any value a message holds")
    return int(text)


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise ProtocolError(f"key {key[:40]!r} appears twice")
        out[key] = value
    return out


def parse_object(data: bytes | str) -> dict[str, object]:
    """The JSON object `data` holds: at most MAX_MESSAGE_BYTES of UTF-8, no NaN, no
    fractions, no key twice; ProtocolError otherwise."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message of {len(raw):,} bytes (the limit is {MAX_MESSAGE_BYTES:,})")
    try:
        text = raw.decode("utf-8")
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_constant=_no_constant,
            parse_float=_no_float,
            parse_int=_bounded_int,
        )
    except ProtocolError:
        raise
    except UnicodeDecodeError:
        raise ProtocolError("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON ({exc.msg} at character {exc.pos})") from None
    except RecursionError:
        raise ProtocolError("nested too deeply") from None
    if not isinstance(value, dict):
        raise ProtocolError("a message must be a JSON object")
    return value


_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def check_text(value: object, where: str, max_chars: int) -> str:
    """A short line of text: at most `max_chars`, no control characters, no lone halves of
    a surrogate pair (they cannot be written back as UTF-8)."""
    if not isinstance(value, str):
        raise ProtocolError(f"{where} must be text")
    if len(value) > max_chars:
        raise ProtocolError(f"{where} is longer than {max_chars} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
        raise ProtocolError(f"{where} holds a control character")
    return value


class Fields:
    """The keys of one JSON object, read with their types and bounds; `done()` refuses any
    key that was not read. `where` names the object in errors ("view", "view.current")."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ProtocolError(f"{where} must be an object")
        self.data: dict[str, object] = data
        self.where = where
        self.read: set[str] = set()

    def name(self, key: str) -> str:
        return f"{self.where}.{key}"

    def raw(self, key: str) -> object:
        """The value of `key`, which must be there (null is a value: "nobody", "none yet")."""
        self.read.add(key)
        if key not in self.data:
            raise ProtocolError(f"{self.name(key)} is missing")
        return self.data[key]

    def done(self) -> None:
        extra = sorted(set(self.data) - self.read)
        if extra:
            raise ProtocolError(f"{self.where} has an unknown key {extra[0][:40]!r}")

    def integer(self, key: str, low: int, high: int) -> int:
        value = self.raw(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError(f"{self.name(key)} must be a whole number from {low} to {high}")
        return value

    def text(self, key: str, max_chars: int) -> str:
        return check_text(self.raw(key), self.name(key), max_chars)

    def word(self, key: str, words: tuple[str, ...]) -> str:
        value = self.raw(key)
        if not isinstance(value, str) or value not in words:
            raise ProtocolError(f"{self.name(key)} must be one of {', '.join(words)}")
        return value

    def token(self, key: str) -> str | None:
        value = self.raw(key)
        if value is None:
            return None
        if not isinstance(value, str) or not _TOKEN.fullmatch(value):
            raise ProtocolError(f"{self.name(key)} is not a rejoin token")
        return value

    def nullable(self, key: str, parse: Callable[[object], T]) -> T | None:
        """A value in the record's notation (a seat, card, bid, suit), or null."""
        value = self.raw(key)
        return None if value is None else read_notation(value, self.name(key), parse)

    def seat(self, key: str) -> Seat:
        return read_notation(self.raw(key), self.name(key), Seat.from_text)

    def items(self, key: str, max_items: int) -> list[object]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > max_items:
            raise ProtocolError(f"{self.name(key)} must be a list of at most {max_items}")
        return value

    def listed(self, key: str, parse: Callable[[object], T], max_items: int) -> tuple[T, ...]:
        where = self.name(key)
        return tuple(read_notation(v, where, parse) for v in self.items(key, max_items))

    def pair(self, key: str, low: int, high: int) -> tuple[int, int]:
        """Two whole numbers, NS then EW (a score, points, tricks)."""
        values = self.items(key, 2)
        ok = len(values) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values
        )
        if not ok:
            raise ProtocolError(f"{self.name(key)} must be two whole numbers")
        return values[0], values[1]  # type: ignore[return-value]  # checked just above


def read_notation(value: object, where: str, parse: Callable[[object], T]) -> T:
    try:
        return parse(value)
    except NotationError as exc:
        raise ProtocolError(f"{where}: {str(exc)[:80]}") from None


def trump_text(suit: Suit | None) -> str:
    return suit.text if suit is not None else "NT"
