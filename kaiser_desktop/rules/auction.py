"""The auction: which bids are legal, when the bidding is over, and who won it.

Two auctions (RULES.md, `auction`):
- `one_round`: each seat calls once, from the dealer's left round to the dealer.
- `open` (seed 004): calls go round and round until three passes in a row follow a bid; a
  seat that passed may bid again; the dealer, at each of the dealer's turns, may equal the
  standing bid and so take it over.

Calls are a tuple of `Bid` in turn order; call `i` is made by `caller(dealer, i)`.
"""

from __future__ import annotations

from kaiser_desktop.rules import refusals as R
from kaiser_desktop.rules.bids import KAISER, MAX_LEVEL, PASS, Bid
from kaiser_desktop.rules.cards import Seat
from kaiser_desktop.rules.variants import RuleSet


def all_bids(rules: RuleSet) -> list[Bid]:
    """Every bid (not pass) the rules allow, lowest first."""
    bids = [Bid(level, nt) for level in range(rules.min_bid, MAX_LEVEL + 1) for nt in (False, True)]
    if rules.kaiser_bid:
        bids.append(KAISER)
    return bids


def caller(dealer: Seat, index: int) -> Seat:
    """Who makes call number `index` (0-based): clockwise from the dealer's left."""
    return dealer.after(1 + index % 4)


def is_dealers_call(index: int) -> bool:
    """Call `index` is the dealer's (every fourth call, the first at index 3)."""
    return index % 4 == 3


def last_bid_index(bids: tuple[Bid, ...]) -> int | None:
    """The index of the last call that was not a pass (the standing bid), if any."""
    for i in range(len(bids) - 1, -1, -1):
        if not bids[i].is_pass:
            return i
    return None


def standing_bid(bids: tuple[Bid, ...]) -> Bid | None:
    """The highest bid so far (the last one, since each must outrank or equal it)."""
    index = last_bid_index(bids)
    return None if index is None else bids[index]


def dealer_may_equal(rules: RuleSet, bids: tuple[Bid, ...]) -> bool:
    """Whether the next call is the dealer's, who may then equal the standing bid.

    (In an open auction the standing bid at the dealer's turn is never the dealer's own:
    three passes after it end the auction before the dealer speaks again.)"""
    turn = len(bids)
    if rules.auction == "one_round":
        return turn == 3
    return is_dealers_call(turn)


def legal_bids(rules: RuleSet, bids: tuple[Bid, ...]) -> list[Bid]:
    """What the next caller may say (the dealer makes every fourth call)."""
    standing = standing_bid(bids)
    if standing is None:
        forced = len(bids) == 3 and rules.all_pass == "dealer_must_bid"
        return ([] if forced else [PASS]) + all_bids(rules)
    floor = standing.key - (1 if dealer_may_equal(rules, bids) else 0)
    return [PASS] + [bid for bid in all_bids(rules) if bid.key > floor]


def auction_over(rules: RuleSet, bids: tuple[Bid, ...]) -> bool:
    """Whether the calls so far end the bidding (won, or thrown in after four passes)."""
    if rules.auction == "one_round":
        return len(bids) >= 4
    index = last_bid_index(bids)
    if index is None:
        return len(bids) >= 4
    return len(bids) - 1 - index >= 3


def auction_winner(dealer: Seat, bids: tuple[Bid, ...]) -> tuple[Seat, Bid] | None:
    """The declarer and the contract (the last bid), or None if nobody bid."""
    index = last_bid_index(bids)
    if index is None:
        return None
    return caller(dealer, index), bids[index]


def bid_refusal(rules: RuleSet, bids: tuple[Bid, ...], bid: Bid) -> str:
    """Why `bid` may not be said next, in a sentence."""
    standing = standing_bid(bids)
    if bid.is_pass:
        return R.refusal(R.DEALER_BIDS, level=rules.min_bid)
    if bid not in all_bids(rules):
        if bid.is_kaiser:
            return R.refusal(R.NO_KAISER)
        return R.refusal(R.BID_RANGE, low=rules.min_bid, high=MAX_LEVEL)
    assert standing is not None
    if dealer_may_equal(rules, bids):
        return R.refusal(R.NOT_EQUAL, bid=bid.text, standing=standing.text)
    return R.refusal(R.NOT_HIGHER, bid=bid.text, standing=standing.text)
