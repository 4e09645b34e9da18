"""Every possible deal has exactly one rank: 0 .. deal_count(rules) - 1.

The pack's cards (in `make_pack` order) go one after another to five piles: the four hands,
starting at the dealer's left, then the kitty. A deal's rank counts the deals that come
before it in that order (a multinomial number system), so ranks and deals match one to one.
A rank drawn uniformly is a uniformly shuffled deal, and the rank says nothing about the
hidden cards that the cards one holds do not already say.

Within a hand the cards come in pack order (the table sorts hands anyway).
"""

from __future__ import annotations

from math import factorial

from kaiser_desktop.rules.actions import HAND_SIZE, Deal
from kaiser_desktop.rules.cards import SEATS, Card, Seat, make_pack
from kaiser_desktop.rules.variants import RuleSet


def _pile_sizes(rules: RuleSet) -> list[int]:
    return [HAND_SIZE] * len(SEATS) + [rules.pack_size - HAND_SIZE * len(SEATS)]


def _arrangements(sizes: list[int]) -> int:
    """How many ways the remaining cards can fill piles of these sizes."""
    ways = factorial(sum(sizes))
    for size in sizes:
        ways //= factorial(size)
    return ways


def deal_count(rules: RuleSet) -> int:
    """How many different deals the rules' pack has (about 10^17; 5.6 * 10^19 with a kitty)."""
    return _arrangements(_pile_sizes(rules))


def deal_from_rank(rules: RuleSet, rank: int, dealer: Seat) -> Deal:
    """The deal with this rank, dealt by `dealer`."""
    if not 0 <= rank < deal_count(rules):
        raise ValueError(f"A deal's rank must be from 0 to {deal_count(rules) - 1}, not {rank}.")
    sizes = _pile_sizes(rules)
    piles: list[list[Card]] = [[] for _ in sizes]
    for card in make_pack(rules.kitty):
        for pile, size in enumerate(sizes):
            if size == 0:
                continue
            sizes[pile] -= 1
            ways = _arrangements(sizes)  # deals that put this card on this pile
            if rank < ways:
                piles[pile].append(card)
                break
            rank -= ways
            sizes[pile] += 1
    hands: list[tuple[Card, ...]] = [()] * len(SEATS)
    for i in range(len(SEATS)):
        hands[dealer.after(1 + i).value] = tuple(piles[i])
    return Deal(tuple(hands), tuple(piles[len(SEATS)]))


def rank_of_deal(rules: RuleSet, deal: Deal, dealer: Seat) -> int:
    """The rank of `deal` (the order of cards within a hand does not matter)."""
    pack = make_pack(rules.kitty)
    dealt = [card for hand in deal.hands for card in hand] + list(deal.kitty)
    sizes_ok = all(len(hand) == HAND_SIZE for hand in deal.hands)
    if not sizes_ok or len(dealt) != len(pack) or set(dealt) != set(pack):
        raise ValueError("That deal does not deal this pack, eight cards to each hand.")
    pile_of: dict[Card, int] = {}
    for i in range(len(SEATS)):
        for card in deal.hand_of(dealer.after(1 + i)):
            pile_of[card] = i
    for card in deal.kitty:
        pile_of[card] = len(SEATS)
    sizes = _pile_sizes(rules)
    rank = 0
    for card in pack:
        for pile in range(pile_of[card]):
            if sizes[pile] == 0:
                continue
            sizes[pile] -= 1
            rank += _arrangements(sizes)  # the deals that put this card on an earlier pile
            sizes[pile] += 1
        sizes[pile_of[card]] -= 1
    return rank
