"""What a seat (or chance) can do: frozen values, one type per kind of decision."""

from __future__ import annotations

import random
from dataclasses import dataclass

from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import SEATS, Card, Seat, Suit, make_pack
from kaiser_desktop.rules.variants import RuleSet

HAND_SIZE = 8


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step: every seat's cards as dealt (indexed N, E, S, W) and the kitty."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...] = ()

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat.value]

    @property
    def text(self) -> str:
        return "deal"

    @classmethod
    def shuffled(cls, rules: RuleSet, rng: random.Random, dealer: Seat) -> Deal:
        """Shuffle with `rng` and deal one at a time clockwise from the dealer's left."""
        pack = list(make_pack(rules.kitty))
        rng.shuffle(pack)
        hands: list[list[Card]] = [[] for _ in SEATS]
        for i in range(4 * HAND_SIZE):
            hands[dealer.after(1 + i).value].append(pack[i])
        return cls(tuple(tuple(h) for h in hands), tuple(pack[4 * HAND_SIZE :]))

    @classmethod
    def from_number(cls, rules: RuleSet, deal_number: int, dealer: Seat) -> Deal:
        """The same number, rules and dealer always give the same deal."""
        return cls.shuffled(rules, random.Random(deal_number), dealer)


@dataclass(frozen=True, slots=True)
class AskRedeal:
    """A weak hand's holder asks for a redeal (ask=True) or keeps the hand."""

    ask: bool

    @property
    def text(self) -> str:
        return "redeal" if self.ask else "keep"


@dataclass(frozen=True, slots=True)
class PassCard:
    """pass_to_partner: the card given face down to the partner."""

    card: Card

    @property
    def text(self) -> str:
        return self.card.text


@dataclass(frozen=True, slots=True)
class MakeBid:
    bid: Bid

    @property
    def text(self) -> str:
        return self.bid.text


@dataclass(frozen=True, slots=True)
class Discard:
    """kitty: the declarer's two discards, made together (an unordered pair)."""

    cards: tuple[Card, Card]

    def __post_init__(self) -> None:
        # One order for the pair, so equal discards compare equal.
        first, second = self.cards
        if second.index < first.index:
            object.__setattr__(self, "cards", (second, first))

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.cards)


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The declarer names trump; None is no trump (only after a Kaiser bid)."""

    suit: Suit | None

    @property
    def text(self) -> str:
        return self.suit.text if self.suit is not None else "NT"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    @property
    def text(self) -> str:
        return self.card.text


Action = Deal | AskRedeal | PassCard | MakeBid | Discard | NameTrump | Play
SeatAction = AskRedeal | PassCard | MakeBid | Discard | NameTrump | Play
