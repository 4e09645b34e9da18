"""Seats, teams, suits, ranks and cards: small frozen values with round-tripping text."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache

from kaiser_desktop.rules.errors import NotationError


class Seat(Enum):
    """A place at the table. Clockwise order is N, E, S, W."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the player to this seat's left)."""
        return SEATS[(self._value_ + 1) % 4]  # (_value_: `value` is slow on hot paths)

    @property
    def partner(self) -> Seat:
        return SEATS[(self._value_ + 2) % 4]

    @property
    def team(self) -> Team:
        return Team.NS if self._value_ % 2 == 0 else Team.EW

    @property
    def text(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return SEAT_LABELS[self]

    def after(self, steps: int) -> Seat:
        return SEATS[(self._value_ + steps) % 4]

    @classmethod
    def from_text(cls, text: object) -> Seat:
        seat = _SEATS_BY_TEXT.get(text) if isinstance(text, str) else None
        if seat is None:
            raise NotationError(f"{text!r} is not a seat (N, E, S or W).")
        return seat


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEATS_BY_TEXT: dict[str, Seat] = {seat.name: seat for seat in SEATS}
SEAT_LABELS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


class Team(Enum):
    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    @property
    def text(self) -> str:
        return self.name

    @classmethod
    def from_text(cls, text: object) -> Team:
        if isinstance(text, str) and text in cls.__members__:
            return cls[text]
        raise NotationError(f"{text!r} is not a team (NS or EW).")


TEAMS: tuple[Team, Team] = (Team.NS, Team.EW)


class Suit(Enum):
    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def text(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self.value]

    @property
    def plural(self) -> str:
        """The suit's name as a player says it: 'hearts'."""
        return ("spades", "hearts", "diamonds", "clubs")[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.H, Suit.D)

    @classmethod
    def from_text(cls, text: object) -> Suit:
        if isinstance(text, str) and text in cls.__members__:
            return cls[text]
        raise NotationError(f"{text!r} is not a suit (S, H, D or C).")


SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)


class Rank(IntEnum):
    """Ranks in order of strength; one scale serves every suit."""

    THREE = 0
    FIVE = 1
    SEVEN = 2
    EIGHT = 3
    NINE = 4
    TEN = 5
    JACK = 6
    QUEEN = 7
    KING = 8
    ACE = 9

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    @property
    def label(self) -> str:
        return "10" if self is Rank.TEN else _RANK_TEXT[self]


_RANK_TEXT = {
    Rank.THREE: "3",
    Rank.FIVE: "5",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_TEXT = {text: rank for rank, text in _RANK_TEXT.items()} | {"10": Rank.TEN}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. `Card.from_text("5H").text == "5H"`."""

    rank: Rank
    suit: Suit
    # Bit position in the fast path's masks: each suit has a 16-bit lane. Worked out once:
    # cards are hashed and compared on every hot path, and enum values are slow to read.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit._value_ * 16 + self.rank._value_)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    @property
    def text(self) -> str:
        return self.rank.text + self.suit.text

    @property
    def label(self) -> str:
        """How a player reads it: '10♦'."""
        return self.rank.label + self.suit.symbol

    @classmethod
    def from_text(cls, text: object) -> Card:
        card = Card.lookup(text)
        if card is None:
            raise NotationError(f"{text!r} is not a card.")
        return card

    @staticmethod
    def lookup(text: object) -> Card | None:
        """The card `text` names ("5H", "TD" or "10D"), or None."""
        return CARDS_BY_TEXT.get(text) if isinstance(text, str) else None

    @classmethod
    def from_index(cls, index: int) -> Card:
        return CARDS_BY_INDEX[index]

    def __hash__(self) -> int:
        # Cards sit in sets and dict keys on hot paths; the enum-based default is slow.
        return self.index

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.from_text({self.text!r})"


# Every rank in every suit, so that notation parses before pack membership is checked.
CARDS_BY_INDEX: dict[int, Card] = {
    suit.value * 16 + rank.value: Card(rank, suit) for suit in SUITS for rank in Rank
}

# Every way a record may write a card ("TD" and "10D" are the same card).
CARDS_BY_TEXT: dict[str, Card] = {
    rank_text + suit.text: card
    for card in CARDS_BY_INDEX.values()
    for suit in (card.suit,)
    for rank_text in ((card.rank.text, "10") if card.rank is Rank.TEN else (card.rank.text,))
}

FIVE_OF_HEARTS = Card(Rank.FIVE, Suit.H)
THREE_OF_SPADES = Card(Rank.THREE, Suit.S)
_STANDARD_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)


@cache
def make_pack(with_sevens: bool = False) -> tuple[Card, ...]:
    """The 32-card Kaiser pack; with the kitty variant, 7♥ and 7♠ too (34 cards)."""
    cards: list[Card] = []
    for suit in SUITS:
        cards.extend(Card(rank, suit) for rank in _STANDARD_RANKS)
        if suit is Suit.S:
            cards.append(THREE_OF_SPADES)
        elif suit is Suit.H:
            cards.append(FIVE_OF_HEARTS)
        else:
            cards.append(Card(Rank.SEVEN, suit))
        if with_sevens and suit in (Suit.S, Suit.H):
            cards.append(Card(Rank.SEVEN, suit))
    return tuple(cards)


def sort_hand(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Suit by suit (♠ ♥ ♣ ♦ alternates colours), strongest first."""
    order = {Suit.S: 0, Suit.H: 1, Suit.C: 2, Suit.D: 3}
    return tuple(sorted(cards, key=lambda c: (order[c.suit], -c.rank.value)))
