"""Who deals the first hand (RULES.md, `first_dealer`).

- `random`: a seat drawn at random.
- `first_jack` (seed 004): cards are dealt face up, one at a time, clockwise from a random
  seat, until a jack appears; the player who receives it deals first. The table shows those
  cards; the game record holds only the dealer.

>>> import random
>>> draw = draw_first_dealer(RuleSet(first_dealer="first_jack"), random.Random(4))
>>> draw.shown[-1][1].rank is Rank.JACK and draw.dealer is draw.shown[-1][0]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kaiser_desktop.rules.cards import SEATS, Card, Rank, Seat, make_pack
from kaiser_desktop.rules.variants import RuleSet


@dataclass(frozen=True, slots=True)
class FirstDealerDraw:
    """The first dealer and, under `first_jack`, the face-up cards in the order dealt
    (seat, card), the last being the jack. Empty under `random`."""

    dealer: Seat
    shown: tuple[tuple[Seat, Card], ...] = ()


def draw_first_dealer(rules: RuleSet, rng: random.Random) -> FirstDealerDraw:
    """Choose the first dealer as the rules say, drawing from `rng`.

    Under `random` this draws exactly `rng.choice(SEATS)`, as the table always has.
    """
    if rules.first_dealer != "first_jack":
        return FirstDealerDraw(rng.choice(SEATS))
    pack = list(make_pack(rules.kitty))
    rng.shuffle(pack)
    start = rng.choice(SEATS)
    shown: list[tuple[Seat, Card]] = []
    for i, card in enumerate(pack):
        seat = start.after(i)
        shown.append((seat, card))
        if card.rank is Rank.JACK:
            return FirstDealerDraw(seat, tuple(shown))
    raise AssertionError("the pack has four jacks")  # pragma: no cover
