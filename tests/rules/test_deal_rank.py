"""Deal ranks: every deal has exactly one rank, and every rank is a legal deal."""

from __future__ import annotations

import random
from collections import Counter
from math import factorial

import pytest

from kaiser_desktop.rules import SEATS, Deal, RuleSet, Seat, apply, make_pack, new_game
from kaiser_desktop.rules.deal_rank import deal_count, deal_from_rank, rank_of_deal

RULE_SETS = [RuleSet(), RuleSet(kitty=True)]


def test_the_count_is_every_way_to_deal_the_pack() -> None:
    assert deal_count(RuleSet()) == factorial(32) // factorial(8) ** 4
    assert deal_count(RuleSet(kitty=True)) == factorial(34) // (factorial(8) ** 4 * 2)
    assert deal_count(RuleSet()) > 2**56  # far too many to try one by one


@pytest.mark.parametrize("rules", RULE_SETS, ids=["32 cards", "kitty"])
def test_rank_and_deal_round_trip(rules: RuleSet) -> None:
    rng = random.Random(5)
    count = deal_count(rules)
    for rank in [0, 1, 2, count - 2, count - 1, *(rng.randrange(count) for _ in range(150))]:
        dealer = rng.choice(SEATS)
        deal = deal_from_rank(rules, rank, dealer)
        assert rank_of_deal(rules, deal, dealer) == rank
        # Every card once, eight to a hand, and the engine accepts it.
        cards = [c for hand in deal.hands for c in hand] + list(deal.kitty)
        assert Counter(cards) == Counter(make_pack(rules.kitty))
        assert all(len(hand) == 8 for hand in deal.hands)
        apply(new_game(rules, dealer), deal)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["32 cards", "kitty"])
def test_every_shuffled_deal_has_a_rank(rules: RuleSet) -> None:
    rng = random.Random(9)
    for _ in range(100):
        dealer = rng.choice(SEATS)
        deal = Deal.shuffled(rules, rng, dealer)
        rank = rank_of_deal(rules, deal, dealer)
        again = deal_from_rank(rules, rank, dealer)
        for seat in SEATS:  # the same cards (in pack order rather than as shuffled)
            assert set(again.hand_of(seat)) == set(deal.hand_of(seat))
        assert set(again.kitty) == set(deal.kitty)


def test_neighbouring_ranks_are_different_deals() -> None:
    rules = RuleSet()
    deals = {deal_from_rank(rules, rank, Seat.N) for rank in range(500)}
    assert len(deals) == 500


def test_the_dealer_turns_the_same_rank_round_the_table() -> None:
    rules = RuleSet()
    north = deal_from_rank(rules, 12345, Seat.N)
    east = deal_from_rank(rules, 12345, Seat.E)
    # The first pile goes to the dealer's left: East for North, South for East.
    assert north.hand_of(Seat.E) == east.hand_of(Seat.S)


def test_ranks_out_of_range_and_foreign_deals_are_refused() -> None:
    rules = RuleSet()
    with pytest.raises(ValueError):
        deal_from_rank(rules, -1, Seat.N)
    with pytest.raises(ValueError):
        deal_from_rank(rules, deal_count(rules), Seat.N)
    kitty_deal = deal_from_rank(RuleSet(kitty=True), 7, Seat.N)
    with pytest.raises(ValueError):
        rank_of_deal(rules, kitty_deal, Seat.N)
