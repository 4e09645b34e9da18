"""What one seat may see, as a message: `rules.observe(state, seat)` written out, and read back.

A `SeatView` holds exactly the fields of a `PlayerView` (its own cards, the public actions,
whose turn, the scores), so a client's window, its hints and a computer standing in for a
dropped person all work from the same value they have at home. Nothing of another seat's
hand is in a `PlayerView`, so nothing of it can be in a `SeatView` (tests/net prove it on
the bytes). The hands already scored travel apart, a few at a time, in `Results`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from kaiser_desktop.net.wire import Fields, ProtocolError, read_notation, trump_text
from kaiser_desktop.rules.actions import Discard, PassCard, SeatAction
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Card, Seat, Suit, Team
from kaiser_desktop.rules.errors import NotationError, RulesError
from kaiser_desktop.rules.record import action_from_json, action_to_json, trump_from_text
from kaiser_desktop.rules.state import HandResult, Phase, Trick
from kaiser_desktop.rules.variants import RuleSet
from kaiser_desktop.rules.view import PlayerView

MAX_STEP = 10**9
MAX_HANDS = 10**6
MAX_SCORE = 10**6
MAX_CARDS = 10  # eight, with the kitty ten
MAX_CALLS = 200  # an open auction's calls; each bid must outrank the last, so far fewer
MAX_LEGAL = 64  # the most: 45 discards of ten cards
RESULTS_PER_MESSAGE = 32
PHASES = tuple(p.value for p in Phase)
RESULT_KINDS = ("played", "redeal", "thrown_in")
ACTION_KINDS = ("redeal", "pass", "bid", "discard", "trump", "play")


def _cards(cards: Sequence[Card]) -> list[str]:
    return [c.text for c in cards]


def _text(value: Seat | Card | Bid | Team | Suit | None) -> str | None:
    return None if value is None else value.text


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {"order": [s.text for s in trick.order], "cards": _cards(trick.cards)}


def _read_trick(data: object, where: str) -> Trick:
    f = Fields(data, where)
    order = f.listed("order", Seat.from_text, 4)
    cards = f.listed("cards", Card.from_text, 4)
    f.done()
    if len(order) < 3 or len(set(order)) != len(order) or len(cards) > len(order):
        raise ProtocolError(f"{where} is not a trick")
    return Trick(order, cards)


def action_json(action: SeatAction) -> dict[str, Any]:
    kind, value = action_to_json(action)
    return {"kind": kind, "value": value}


def _read_action(data: object, where: str) -> SeatAction:
    f = Fields(data, where)
    kind, value = f.raw("kind"), f.raw("value")
    f.done()
    try:
        return action_from_json(kind, value)
    except NotationError:
        raise ProtocolError(f"{where} is not an action") from None


@dataclass(frozen=True, slots=True)
class ViewAction:
    """The action that made a view: `seat`'s, of `kind` ("play", "bid", ...: the record's
    notation), with the action itself, or None when its cards are another seat's secret
    (a card passed, the discards)."""

    seat: Seat
    kind: str
    action: SeatAction | None

    @classmethod
    def seen_by(cls, viewer: Seat, seat: Seat, action: SeatAction) -> ViewAction:
        kind, _ = action_to_json(action)
        secret = isinstance(action, (PassCard, Discard)) and seat != viewer
        return cls(seat, kind, None if secret else action)

    def to_json(self) -> dict[str, Any]:
        value = None if self.action is None else action_to_json(self.action)[1]
        return {"seat": self.seat.text, "kind": self.kind, "value": value}

    @classmethod
    def from_json(cls, data: object) -> ViewAction:
        f = Fields(data, "view.action")
        seat = f.seat("seat")
        kind = f.word("kind", ACTION_KINDS)
        value = f.raw("value")
        f.done()
        if value is None:
            if kind not in ("pass", "discard"):
                raise ProtocolError("view.action has no value")
            return cls(seat, kind, None)
        try:
            action = action_from_json(kind, value)
        except NotationError:
            raise ProtocolError("view.action is not an action") from None
        return cls(seat, kind, action)


@dataclass(frozen=True, slots=True)
class SeatView:
    """The `PlayerView` of `view.seat` at the host's `step` (the count of states sent so far),
    with `results_count`: how many hands are scored (their results come in `Results`), and
    the `action` that made it (None for a deal, a restore, a seat just joined)."""

    TYPE: ClassVar[str] = "view"
    view: PlayerView
    step: int
    results_count: int
    action: ViewAction | None = None

    @classmethod
    def of(
        cls, view: PlayerView, step: int, action: tuple[Seat, SeatAction] | None = None
    ) -> SeatView:
        seen = None if action is None else ViewAction.seen_by(view.seat, *action)
        return cls(_replace_results(view, ()), step, len(view.results), seen)

    def to_json(self) -> dict[str, Any]:
        v = self.view
        return {
            "seat": v.seat.text,
            "step": self.step,
            "results_count": self.results_count,
            "rules": v.rules.to_json(),
            "phase": v.phase.value,
            "to_act": _text(v.to_act),
            "dealer": v.dealer.text,
            "hand_number": v.hand_number,
            "scores": list(v.scores),
            "hand": _cards(v.hand),
            "dealt": _cards(v.dealt),
            "hand_sizes": list(v.hand_sizes),
            "kept_weak_hands": [s.text for s in v.kept_weak_hands],
            "passed": _text(v.passed),
            "received": _text(v.received),
            "passes_made": list(v.passes_made),
            "bids": [b.text for b in v.bids],
            "declarer": _text(v.declarer),
            "contract": _text(v.contract),
            "kitty": _cards(v.kitty),
            "discards": _cards(v.discards),
            "trump": trump_text(v.trump) if v.trump_named else None,
            "tricks": [_trick_json(t) for t in v.tricks],
            "current": _trick_json(v.current) if v.current is not None else None,
            "out_of_play": _text(v.out_of_play),
            "legal": [action_json(a) for a in v.legal],
            "action": None if self.action is None else self.action.to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> SeatView:
        f = Fields(data, "view")
        step = f.integer("step", 0, MAX_STEP)
        results_count = f.integer("results_count", 0, MAX_HANDS)
        view = _read_player_view(f)
        action_data = f.raw("action")
        f.done()
        action = None if action_data is None else ViewAction.from_json(action_data)
        return cls(view, step, results_count, action)

    def player_view(self, results: Sequence[HandResult]) -> PlayerView:
        """The `PlayerView` again, with the results the client has gathered."""
        if len(results) != self.results_count:
            raise ValueError(f"{len(results)} results for a view of {self.results_count}")
        return _replace_results(self.view, results)


def _replace_results(view: PlayerView, results: Sequence[HandResult]) -> PlayerView:
    fields = {name: getattr(view, name) for name in PlayerView.__dataclass_fields__}
    fields["results"] = tuple(results)
    return PlayerView(**fields)


def _read_rules(f: Fields) -> RuleSet:
    try:
        return RuleSet.from_json(f.raw("rules"))
    except RulesError as exc:
        raise ProtocolError(f"view.rules: {str(exc)[:80]}") from None


def _bools(f: Fields, key: str) -> tuple[bool, bool, bool, bool]:
    values = f.items(key, 4)
    if len(values) != 4 or not all(isinstance(v, bool) for v in values):
        raise ProtocolError(f"view.{key} must be four of true or false")
    return values[0], values[1], values[2], values[3]  # type: ignore[return-value]


def _sizes(f: Fields, key: str) -> tuple[int, int, int, int]:
    values = f.items(key, 4)
    ok = len(values) == 4 and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_CARDS for v in values
    )
    if not ok:
        raise ProtocolError(f"view.{key} must be four whole numbers from 0 to {MAX_CARDS}")
    return values[0], values[1], values[2], values[3]  # type: ignore[return-value]


def _read_player_view(f: Fields) -> PlayerView:
    trump_value = f.raw("trump")
    trump_named = trump_value is not None
    trump: Suit | None = None
    if trump_named:
        trump = read_notation(trump_value, "view.trump", trump_from_text)
    current = f.raw("current")
    return PlayerView(
        seat=f.seat("seat"),
        rules=_read_rules(f),
        phase=Phase(f.word("phase", PHASES)),
        to_act=f.nullable("to_act", Seat.from_text),
        dealer=f.seat("dealer"),
        hand_number=f.integer("hand_number", 1, MAX_HANDS),
        scores=f.pair("scores", -MAX_SCORE, MAX_SCORE),
        results=(),
        hand=f.listed("hand", Card.from_text, MAX_CARDS),
        dealt=f.listed("dealt", Card.from_text, MAX_CARDS),
        hand_sizes=_sizes(f, "hand_sizes"),
        kept_weak_hands=f.listed("kept_weak_hands", Seat.from_text, 4),
        passed=f.nullable("passed", Card.from_text),
        received=f.nullable("received", Card.from_text),
        passes_made=_bools(f, "passes_made"),
        bids=f.listed("bids", Bid.from_text, MAX_CALLS),
        declarer=f.nullable("declarer", Seat.from_text),
        contract=f.nullable("contract", Bid.from_text),
        kitty=f.listed("kitty", Card.from_text, 2),
        discards=f.listed("discards", Card.from_text, 2),
        trump=trump,
        trump_named=trump_named,
        tricks=tuple(_read_trick(t, "view.tricks[]") for t in f.items("tricks", 8)),
        current=None if current is None else _read_trick(current, "view.current"),
        out_of_play=f.nullable("out_of_play", Seat.from_text),
        legal=tuple(_read_action(a, "view.legal[]") for a in f.items("legal", MAX_LEGAL)),
    )


# --- the hands already scored ----------------------------------------------------------------


def result_json(r: HandResult) -> dict[str, Any]:
    return {
        "hand": r.number,
        "dealer": r.dealer.text,
        "kind": r.kind,
        "redeal_by": _text(r.redeal_by),
        "declarer": _text(r.declarer),
        "contract": _text(r.contract),
        "trump": _text(r.trump),
        "raw": list(r.raw),
        "points": list(r.points),
        "score": list(r.score),
        "made": r.made,
        "tricks_won": list(r.tricks_won),
        "five": _text(r.five_taken_by),
        "three": _text(r.three_taken_by),
    }


def read_result(data: object) -> HandResult:
    f = Fields(data, "results[]")
    made = f.raw("made")
    if made is not None and not isinstance(made, bool):
        raise ProtocolError("results[].made must be true, false or null")
    result = HandResult(
        number=f.integer("hand", 1, MAX_HANDS),
        dealer=f.seat("dealer"),
        kind=f.word("kind", RESULT_KINDS),
        redeal_by=f.nullable("redeal_by", Seat.from_text),
        declarer=f.nullable("declarer", Seat.from_text),
        contract=f.nullable("contract", Bid.from_text),
        trump=f.nullable("trump", Suit.from_text),
        raw=f.pair("raw", -MAX_SCORE, MAX_SCORE),
        points=f.pair("points", -MAX_SCORE, MAX_SCORE),
        score=f.pair("score", -MAX_SCORE, MAX_SCORE),
        made=made,
        tricks_won=f.pair("tricks_won", 0, 8),
        five_taken_by=f.nullable("five", Team.from_text),
        three_taken_by=f.nullable("three", Team.from_text),
    )
    f.done()
    return result


@dataclass(frozen=True, slots=True)
class Results:
    """Scored hands `first`, `first + 1`, ... (0-based), at most RESULTS_PER_MESSAGE."""

    TYPE: ClassVar[str] = "results"
    first: int
    results: tuple[HandResult, ...]

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "results": [result_json(r) for r in self.results]}

    @classmethod
    def from_json(cls, data: object) -> Results:
        f = Fields(data, "results")
        first = f.integer("first", 0, MAX_HANDS)
        results = tuple(read_result(r) for r in f.items("results", RESULTS_PER_MESSAGE))
        f.done()
        return cls(first, results)
