"""`kaiser-record/1`: the game record that saves, resumes, exports, imports and is refereed.

`to_json(state)` writes a record of everything played so far; `from_json(data)` replays a
record through the checked engine and returns the state it reaches, or raises `RecordError`
naming the hand (1-based), the action and why.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable
from typing import Any, TypeVar

from kaiser_desktop.rules.actions import (
    Action,
    AskRedeal,
    Deal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    SeatAction,
)
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import CARDS_BY_TEXT, SEATS, Card, Seat, Suit
from kaiser_desktop.rules.engine import apply, new_game
from kaiser_desktop.rules.errors import NotationError, RecordError, RulesError
from kaiser_desktop.rules.state import GameState, HandResult, HandState, Phase
from kaiser_desktop.rules.variants import RuleSet

FORMAT = "kaiser-record/1"
# A long game's record is ~100 KB. Replay is linear (~0.1 ms a redealt hand, ~1 ms a played
# one), so a longer document is refused in one line rather than refereed for minutes.
MAX_RECORD_CHARS = 10_000_000
BYTE_ORDER_MARK = "\ufeff"  # at the start of a document, passed over
MAX_DIGITS = 20  # longer whole numbers are no rule value, and Python refuses 4,301 digits
_HAND_KEYS = {
    "dealer", "deal", "redeal", "passes", "bids", "kitty", "discards", "trump", "tricks",
}  # fmt: skip
_SEAT_TEXTS = ("N", "E", "S", "W")  # in seat order
_DEAL_KEYS = {*_SEAT_TEXTS, "kitty"}
T = TypeVar("T")


# --- writing -------------------------------------------------------------------------------


def to_json(state: GameState) -> dict[str, Any]:
    """The record of `state`'s game so far, as plain JSON data."""
    hands = list(state.past_hands)
    if state.hand is not None:
        hands.append(state.hand)
    results = {r.number: r for r in state.results}
    return {
        "format": FORMAT,
        "rules": state.rules.to_json(),
        "hands": [_hand_json(hand, results.get(hand.number)) for hand in hands],
    }


def dumps(state: GameState) -> str:
    return json.dumps(to_json(state), indent=1, ensure_ascii=False) + "\n"


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def _hand_json(hand: HandState, result: HandResult | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dealer": hand.dealer.text,
        "deal": {seat.text: _cards(hand.deal.hand_of(seat)) for seat in SEATS},
    }
    if hand.deal.kitty:
        out["kitty"] = _cards(hand.deal.kitty)
    if result is not None and result.redeal_by is not None:
        out["redeal"] = result.redeal_by.text
        return out
    if any(p is not None for p in hand.passes):
        out["passes"] = {s.text: p.text for s, p in zip(SEATS, hand.passes, strict=True) if p}
    out["bids"] = [b.text for b in hand.bids]
    if hand.discards:
        out["discards"] = _cards(hand.discards)
    if hand.trump_named:
        out["trump"] = hand.trump.text if hand.trump is not None else "NT"
    tricks = [list(t.cards) for t in hand.tricks]
    if hand.current is not None and hand.current.cards:
        tricks.append(list(hand.current.cards))
    if hand.trump_named:
        out["tricks"] = [[c.text for c in trick] for trick in tricks]
    return out


# --- reading -------------------------------------------------------------------------------


class HugeNumber:
    """A whole number in a record too long to be any value a record holds (see MAX_DIGITS).

    Kept as its text, so the reader refuses it like any other bad value, naming the hand."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"a number {self.digits:,} digits long"


def _parse_int(text: str) -> int | HugeNumber:
    return HugeNumber(text) if len(text) > MAX_DIGITS else int(text)


def parse_document(text: str) -> object:
    """The JSON of a record's text, or RecordError in one sentence. A byte order mark at
    the start (Notepad writes one) is no part of the document: it is passed over."""
    text = text.removeprefix(BYTE_ORDER_MARK)
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            f"the document is too large to be a game record (over {MAX_RECORD_CHARS:,} characters)"
        )
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise RecordError("not valid JSON (nested too deeply)") from None


def loads(text: str) -> GameState:
    """Parse and replay a record's text."""
    state, _ = loads_partial(text, partial=False)
    return state


def loads_partial(text: str, partial: bool = True) -> tuple[GameState, RecordError | None]:
    """Like `loads`, but a record that breaks the rules after its first deal gives the
    state just before the first bad action, with the error (a saved game resumes there).
    Raises RecordError if not even the first deal can be replayed."""
    # A record makes many small objects and no cycles: the cycle collector would walk them
    # all again and again (a third of the time of a 200,000-hand record).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _replay(parse_document(text), partial=partial, consume=True)
    finally:
        if collecting:
            gc.enable()


def from_json(data: object) -> GameState:
    """Replay a record through the checked engine; the state it reaches."""
    state, _ = _replay(data, partial=False)
    return state


def _replay(
    data: object, partial: bool, consume: bool = False
) -> tuple[GameState, RecordError | None]:
    """Replay `data`; with `consume` (a document parsed for this replay alone), each hand's
    JSON is let go once read, so a long record is not held twice in memory."""
    if not isinstance(data, dict):
        raise RecordError("the document must be a JSON object")
    unknown = sorted(set(data) - {"format", "rules", "hands"})
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r}")
    if data.get("format") != FORMAT:
        raise RecordError(f'"format" must be "{FORMAT}", not {data.get("format")!r}')
    rules = _read_rules(data.get("rules", {}))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError('"hands" must be a list')
    if not hands:
        raise RecordError('"hands" must hold at least one hand')
    state: GameState | None = None
    count = len(hands)
    for number in range(1, count + 1):
        hand = hands[number - 1]
        if consume:
            hands[number - 1] = None
        reader = _HandReader(rules, state, number, is_last=number == count)
        try:
            state = reader.read(hand)
        except RecordError as error:
            if not partial or reader.state is None or reader.state.phase is Phase.DEAL:
                raise
            return reader.state, error
    assert state is not None
    return state, None


def _read_rules(data: object) -> RuleSet:
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, HugeNumber):
                raise RecordError(f"rule {key} cannot be {value!r}", where="rules")
    try:
        return RuleSet.from_json(data)
    except RulesError as exc:
        raise RecordError(str(exc).rstrip("."), where="rules") from None


def last_hand_actions(state: GameState) -> tuple[GameState, list[Action]]:
    """The state just before the last hand's deal, and every action of that hand since.

    Applying the actions in order to the start state gives `state` again: the table uses
    this to rebuild a resumed or undone hand by replaying it.
    """
    data = to_json(state)
    hands = data["hands"]
    if not hands:
        return state, []
    prior = from_json({**data, "hands": hands[:-1]}) if len(hands) > 1 else None
    reader = _HandReader(state.rules, prior, len(hands), is_last=True)
    reader.read(hands[-1])
    assert reader.start is not None
    return reader.start, reader.actions


def _quick_hands(values: list[object]) -> tuple[tuple[Card, ...], ...] | None:
    """Four lists of card names as cards, by one lookup each; None if anything is off."""
    if not all(type(v) is list for v in values):
        return None
    get = CARDS_BY_TEXT.get
    try:
        hands = tuple(tuple(map(get, v)) for v in values)  # type: ignore[call-overload]
    except TypeError:  # an unhashable value
        return None
    return hands if all(map(all, hands)) else None


class _HandReader:
    """Replays one hand of a record onto the state, naming each action in errors."""

    def __init__(self, rules: RuleSet, state: GameState | None, number: int, is_last: bool):
        self.rules = rules
        self.state = state
        self.number = number
        self.is_last = is_last
        self.start = state  # before this hand's deal (set by read_deal for the first hand)
        self.actions: list[Action] = []

    def fail(self, where: str | None, reason: str) -> RecordError:
        return RecordError(reason, hand=self.number, where=where)

    def act(self, where: str, action: Action) -> None:
        assert self.state is not None
        try:
            self.state = apply(self.state, action)
        except RulesError as exc:
            raise self.fail(where, str(exc).rstrip(".")) from None
        self.actions.append(action)

    def parse(self, where: str, parser: Callable[[object], T], value: object) -> T:
        try:
            return parser(value)
        except RulesError as exc:
            raise self.fail(where, str(exc).rstrip(".")) from None

    def seat_label(self) -> str:
        assert self.state is not None and self.state.to_act is not None
        return self.state.to_act._name_  # (`name` is slow on hot paths)

    def read(self, hand: object) -> GameState:
        if not isinstance(hand, dict):
            raise self.fail(None, "a hand must be a JSON object")
        if not hand.keys() <= _HAND_KEYS:
            unknown = sorted(set(hand) - _HAND_KEYS)
            raise self.fail(None, f"unknown key {unknown[0]!r}")
        if self.state is not None and self.state.is_over:
            raise self.fail("deal", "the game was already over")
        self.read_deal(hand)
        self.read_redeal(hand)
        if self.state_phase() is Phase.HAND_SCORED:  # redealt
            return self.finish(hand, allowed={"dealer", "deal", "kitty", "redeal"})
        self.read_passes(hand)
        self.read_bids(hand)
        if self.state_phase() is Phase.HAND_SCORED:  # thrown in
            return self.finish(hand, allowed={"dealer", "deal", "kitty", "passes", "bids"})
        self.read_discards(hand)
        self.read_trump(hand)
        self.read_tricks(hand)
        return self.finish(hand, allowed=_HAND_KEYS)

    def state_phase(self) -> Phase:
        assert self.state is not None
        return self.state.phase

    def finish(self, hand: dict[str, Any], allowed: set[str]) -> GameState:
        assert self.state is not None
        if not hand.keys() <= allowed:
            extra = sorted(set(hand) - allowed)
            raise self.fail(extra[0], "the hand was already over")
        if not self.is_last and not self.state.awaiting_deal and not self.state.is_over:
            raise self.fail(None, "only the last hand of a record may be unfinished")
        return self.state

    def read_deal(self, hand: dict[str, Any]) -> None:
        dealer = self.parse("dealer", Seat.from_text, hand.get("dealer"))
        if self.state is None:
            self.state = self.start = new_game(self.rules, dealer)
        elif dealer != self.state.dealer:
            raise self.fail(
                "dealer", f"the dealer must be {self.state.dealer.text}, not {dealer.text}"
            )
        deal = hand.get("deal")
        if not isinstance(deal, dict):
            raise self.fail("deal", '"deal" must be an object with N, E, S and W')
        kitty_value = hand.get("kitty", deal.get("kitty", []))
        if not deal.keys() <= _DEAL_KEYS or not all(s in deal for s in _SEAT_TEXTS):
            raise self.fail("deal", '"deal" must be an object with N, E, S and W')
        cards = _quick_hands([deal[seat] for seat in _SEAT_TEXTS])
        if cards is None:  # the slow way, which names what is wrong
            cards = tuple(self.card_list(f"deal {seat}", deal[seat]) for seat in _SEAT_TEXTS)
        kitty = self.card_list("kitty", kitty_value)
        self.act("deal", Deal(cards, kitty))

    def card_list(self, where: str, value: object) -> tuple[Card, ...]:
        if not isinstance(value, list):
            raise self.fail(where, "must be a list of cards")
        if not value:
            return ()
        try:
            cards = tuple(map(CARDS_BY_TEXT.get, value))  # the quick way, for long records
        except TypeError:  # an unhashable value: the slow way names it
            cards = ()
        if cards and all(cards):
            return cards  # type: ignore[return-value]  # no None among them
        return tuple(self.parse(where, Card.from_text, c) for c in value)

    def read_redeal(self, hand: dict[str, Any]) -> None:
        asker = None
        if "redeal" in hand:
            asker = self.parse("redeal", Seat.from_text, hand["redeal"])
        while self.state_phase() is Phase.REDEAL:
            to_act = self.seat_label()
            self.act(f"redeal ({to_act})", AskRedeal(asker is not None and to_act == asker.text))
            if self.state_phase() is Phase.HAND_SCORED:
                return
        if asker is not None:
            raise self.fail(
                f"redeal ({asker.text})",
                "this hand may not be thrown back: "
                + (
                    "the rules have no weak-hand redeal"
                    if not self.rules.weak_hand_redeal
                    else "it has an ace, a king, queen or jack, the 5♥ or the 3♠"
                ),
            )

    def read_passes(self, hand: dict[str, Any]) -> None:
        if "passes" in hand and not self.rules.pass_to_partner:
            raise self.fail("passes", "passing to partner is not played under these rules")
        if self.state_phase() is not Phase.PASSING:
            return
        passes = hand.get("passes", {})
        if not isinstance(passes, dict) or set(passes) - {"N", "E", "S", "W"}:
            raise self.fail("passes", '"passes" must be an object with N, E, S and W')
        while self.state_phase() is Phase.PASSING:
            seat = self.seat_label()
            where = f"pass ({seat})"
            if seat not in passes:
                if len(passes) < 4 and self.is_last and not hand.get("bids"):
                    return  # the record stops while cards are being chosen
                raise self.fail(where, "a seat's passed card is missing")
            self.act(where, PassCard(self.parse(where, Card.from_text, passes[seat])))

    def read_bids(self, hand: dict[str, Any]) -> None:
        if self.state_phase() is Phase.PASSING:
            if hand.get("bids"):
                raise self.fail("bid 1", "every seat must pass a card before the bidding")
            return
        bids = hand.get("bids", [])
        if not isinstance(bids, list):
            raise self.fail("bids", '"bids" must be a list')
        for i, text in enumerate(bids, start=1):
            if self.state_phase() is not Phase.BIDDING:
                raise self.fail(f"bid {i}", "the bidding is already over")
            where = f"bid {i} ({self.seat_label()})"
            self.act(where, MakeBid(self.parse(where, Bid.from_text, text)))

    def read_discards(self, hand: dict[str, Any]) -> None:
        if "discards" in hand and not self.rules.kitty:
            raise self.fail("discards", "there is no kitty under these rules")
        if self.state_phase() is not Phase.DISCARD:
            if "discards" in hand and self.state_phase() is Phase.BIDDING:
                raise self.fail("discards", "the bidding is not over")
            return
        if "discards" not in hand:
            return
        cards = self.card_list("discards", hand["discards"])
        if len(cards) != 2:
            raise self.fail(f"discards ({self.seat_label()})", "discard exactly two cards")
        self.act(f"discards ({self.seat_label()})", Discard((cards[0], cards[1])))

    def read_trump(self, hand: dict[str, Any]) -> None:
        if "trump" not in hand:
            if self.state_phase() is Phase.PLAY and hand.get("tricks"):
                raise self.fail("trump", "trump must be recorded before the tricks")
            return
        text = hand["trump"]
        if self.state_phase() is Phase.BIDDING or self.state_phase() is Phase.DISCARD:
            raise self.fail("trump", "trump is named after the bidding and any discard")
        if self.state_phase() is Phase.TRUMP:
            where = f"trump ({self.seat_label()})"
            self.act(where, NameTrump(self.parse(where, trump_from_text, text)))
            return
        # A no-trump bid fixes trump without a separate choice; the record must agree.
        assert self.state is not None and self.state.hand is not None
        if text != "NT":
            reason = f'the contract is no trump, so trump must be "NT", not {text!r}'
            raise self.fail("trump", reason)

    def read_tricks(self, hand: dict[str, Any]) -> None:
        tricks = hand.get("tricks", [])
        if not isinstance(tricks, list):
            raise self.fail("tricks", '"tricks" must be a list')
        if tricks and self.state_phase() is not Phase.PLAY:
            raise self.fail("trick 1", "play has not started")
        for t, trick in enumerate(tricks, start=1):
            if not isinstance(trick, list):
                raise self.fail(f"trick {t}", "a trick must be a list of cards")
            assert self.state is not None and self.state.hand is not None
            players = 3 if self.state.hand.out_of_play is not None else 4
            if len(trick) > players or (t < len(tricks) and len(trick) < players):
                raise self.fail(f"trick {t}", f"a trick has {players} cards")
            for k, text in enumerate(trick, start=1):
                if self.state_phase() is not Phase.PLAY:
                    raise self.fail(f"trick {t}, card {k}", "the hand is already over")
                where = f"trick {t}, card {k} ({self.seat_label()})"
                self.act(where, Play(self.parse(where, Card.from_text, text)))


# --- one action, as a message carries it -----------------------------------------------

# Each kind is named after the record key that holds such actions; the value is written as
# the record writes it (a card, a bid, a trump; the two discards as a list).
ACTION_KINDS = ("redeal", "pass", "bid", "discard", "trump", "play")


def trump_from_text(text: object) -> Suit | None:
    """A record's trump: a suit, or None for "NT"."""
    return None if text == "NT" else Suit.from_text(text)


def action_to_json(action: SeatAction) -> tuple[str, str | list[str]]:
    """A seat's action as (kind, value) in the record's notation: ("play", "5H"),
    ("bid", "8NT"), ("trump", "NT"), ("discard", ["8D", "9C"]), ("redeal", "keep")."""
    if isinstance(action, AskRedeal):
        return "redeal", action.text
    if isinstance(action, PassCard):
        return "pass", action.card.text
    if isinstance(action, MakeBid):
        return "bid", action.bid.text
    if isinstance(action, Discard):
        return "discard", _cards(action.cards)
    if isinstance(action, NameTrump):
        return "trump", action.text
    if isinstance(action, Play):
        return "play", action.card.text
    raise TypeError(f"{action!r} is not a seat's action")


def action_from_json(kind: object, value: object) -> SeatAction:
    """The action `action_to_json` wrote; NotationError if `kind` or `value` is not one."""
    if kind == "redeal" and value in ("redeal", "keep"):
        return AskRedeal(value == "redeal")
    if kind == "pass":
        return PassCard(Card.from_text(value))
    if kind == "bid":
        return MakeBid(Bid.from_text(value))
    if kind == "discard" and isinstance(value, list) and len(value) == 2:
        return Discard((Card.from_text(value[0]), Card.from_text(value[1])))
    if kind == "trump":
        return NameTrump(trump_from_text(value))
    if kind == "play":
        return Play(Card.from_text(value))
    raise NotationError(f"{kind!r} {value!r} is not an action.")


# --- the referee's lines -------------------------------------------------------------------


def _teams(values: tuple[int, int]) -> dict[str, int]:
    return {"NS": values[0], "EW": values[1]}


def result_line(result: HandResult) -> dict[str, Any]:
    """One completed hand as the referee prints it."""
    return {
        "hand": result.number,
        "dealer": result.dealer.text,
        "declarer": result.declarer.text if result.declarer else None,
        "contract": result.contract.text if result.contract else None,
        "trump": result.trump_text,
        "raw": _teams(result.raw),
        "points": _teams(result.points),
        "score": _teams(result.score),
    }


def final_line(state: GameState) -> dict[str, Any]:
    if state.winner is not None:
        return {"winner": state.winner.text, "score": _teams(state.scores)}
    return {"in_progress": True, "score": _teams(state.scores)}
