"""What one seat can know about the hidden cards, and how to deal the rest at random.

Everything here is computed from a `PlayerView` alone, so a bot that uses it cannot peek.
Cards are ints (`Card.index`: suit * 16 + rank) as on the rules' fast path.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from kaiser_desktop.rules import (
    FIVE_OF_HEARTS,
    THREE_OF_SPADES,
    Card,
    Phase,
    PlayerView,
    Suit,
    make_pack,
)
from kaiser_desktop.rules.fast import beats as beats  # re-exported for the players
from kaiser_desktop.rules.fast import winning_index

FIVE = FIVE_OF_HEARTS.index
THREE = THREE_OF_SPADES.index
NO_TRUMP = -1
HOLE = 4  # pseudo-seat for the kitty / the declarer's discards, unseen by the others
PACKS = {kitty: tuple(c.index for c in make_pack(kitty)) for kitty in (False, True)}


def suit_of(card: int) -> int:
    return card >> 4


def label(card: int) -> str:
    """'10♦', as a player reads it."""
    return Card.from_index(card).label


def name(card: int) -> str:
    """'the king of hearts' for a reason a person reads."""
    c = Card.from_index(card)
    if card == FIVE:
        return "the 5♥"
    if card == THREE:
        return "the 3♠"
    words = {9: "ace", 8: "king", 7: "queen", 6: "jack"}  # "the 10 of clubs", as the ui says
    rank = words.get(c.rank.value, c.rank.label)
    return f"the {rank} of {c.suit.plural}"


def suit_name(suit: int) -> str:
    return Suit(suit).plural


def trump_int(view: PlayerView) -> int:
    return view.trump.value if view.trump is not None else NO_TRUMP


@dataclass(slots=True)
class Knowledge:
    """The seat's picture of where the unseen cards can be."""

    seat: int
    mine: list[int]
    played: set[int]
    unseen: list[int]  # cards not in my hand, not played, not known discarded by me
    sizes: list[int]  # cards still held, by seat; index HOLE is the kitty / discards
    known: list[list[int]]  # cards known to be in a seat's hand (my passed card)
    voids: list[int]  # bitmask of suits each seat has shown void in
    hole_may_hold_honours: bool  # before the discard the kitty may hold 5♥ / 3♠
    # Worked out once for the many layouts sampled from one picture (`sample_hands`):
    # strict (voids kept) or not -> for each free card, the seats that may hold it.
    holders: dict[bool, dict[int, list[int]]] = field(default_factory=dict)

    def may_hold(self, seat: int, card: int) -> bool:
        if seat == HOLE:
            return self.hole_may_hold_honours or card not in (FIVE, THREE)
        return not (self.voids[seat] >> suit_of(card)) & 1


def knowledge(view: PlayerView) -> Knowledge:
    seat = view.seat.value
    mine = [c.index for c in view.hand]
    played = {c.index for c in view.played_cards()}
    gone = set(mine) | played | {c.index for c in view.discards}
    if view.rules.kitty and view.declarer == view.seat:
        gone |= {c.index for c in view.kitty}
    unseen = [c for c in PACKS[view.rules.kitty] if c not in gone]
    sizes = [*view.hand_sizes, 0]
    sizes[seat] = 0
    sizes[HOLE] = len(unseen) - sum(sizes[:4])
    known: list[list[int]] = [[], [], [], [], []]
    if view.passed is not None and view.received is not None:
        p = view.passed.index
        if p not in played:
            known[view.seat.partner.value].append(p)
    voids = [0, 0, 0, 0, 0]
    tricks = [*view.tricks, *([view.current] if view.current is not None else [])]
    for trick in tricks:
        if not trick.cards:
            continue
        led = trick.cards[0].suit.value
        for s, c in trick.plays()[1:]:
            if c.suit.value != led:
                voids[s.value] |= 1 << led
    # Discards are made before trump is named; they may never be the 5♥ or 3♠.
    hole_honours = view.phase not in (Phase.TRUMP, Phase.PLAY)
    return Knowledge(seat, mine, played, unseen, sizes, known, voids, hole_honours)


def played_by_seat(view: PlayerView) -> list[list[int]]:
    """Each seat's cards played so far this hand, in the order played."""
    played: list[list[int]] = [[], [], [], []]
    for trick in [*view.tricks, *([view.current] if view.current is not None else [])]:
        for s, c in trick.plays():
            played[s.value].append(c.index)
    return played


def sample_hands(k: Knowledge, rng: random.Random, tries: int = 30) -> list[list[int]]:
    """One random deal of the unseen cards consistent with sizes, known cards and voids.

    Index 4 is the hole (kitty / discards). The most constrained cards go first; each is
    placed with probability proportional to the room left in the seats that may hold it.
    If the constraints cannot be met (they always can for a true picture) voids are dropped.
    """
    for attempt in range(tries + 1):
        strict = attempt < tries
        options = _holders(k, strict)
        hands: list[list[int]] = [list(kn) for kn in k.known]
        room = [k.sizes[s] - len(k.known[s]) for s in range(5)]
        cards = list(options)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        ok = True
        for c in cards:
            seats = [s for s in options[c] if room[s] > 0]
            total = sum(room[s] for s in seats)
            if total == 0:
                ok = False
                break
            x = rng.random() * total
            for s in seats:
                x -= room[s]
                if x < 0:
                    break
            hands[s].append(c)
            room[s] -= 1
        if ok:
            hands[k.seat] = list(k.mine)
            return hands
    raise AssertionError("unreachable: the last attempt ignores voids")


def _holders(k: Knowledge, strict: bool) -> dict[int, list[int]]:
    """The free cards (unseen and not known to be somewhere), in the order of `k.unseen`,
    each with the seats that may hold it (all but this seat when not `strict`)."""
    table = k.holders.get(strict)
    if table is None:
        table = {
            c: [s for s in range(5) if s != k.seat and (not strict or k.may_hold(s, c))]
            for c in k.unseen
            if not any(c in kn for kn in k.known)
        }
        k.holders[strict] = table
    return table


def touching(unseen: set[int], a: int, b: int) -> bool:
    """Two cards of one suit with every rank between them held by this seat or played,
    neither the 5♥ nor the 3♠: whichever is played, the hand goes the same way."""
    if a >> 4 != b >> 4 or a in (FIVE, THREE) or b in (FIVE, THREE):
        return False
    lo, hi = min(a, b), max(a, b)
    return not any(lo < c < hi for c in unseen)


def higher_unseen(k: Knowledge, card: int) -> list[int]:
    """Unseen cards of the same suit that beat `card`."""
    s = suit_of(card)
    return [c for c in k.unseen if suit_of(c) == s and c > card]


# The trick rules on card ints live once, in the rules' fast path.
trick_winner = winning_index
