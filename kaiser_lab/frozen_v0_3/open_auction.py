"""Bidding in the open auction (RULES.md, `auction: open`): the calls go round until three
passes follow a bid, and a player who passed may bid again.

In the one-round auction a player has one call, so a level bids the most its hand is
worth. In the open auction that gives information away and pays too much: the others may
come back anyway. So every level bids through `open_auction_bid`, which asks the level
what its hand is worth *now* (the level's own one-round bid, made again at each turn after
hearing every call so far) and then:

- passes when the level would pass (a later turn may still bid, if the others go higher);
- passes while the partner's bid stands: the side already has the contract, and the
  partner can be raised later if the opponents outbid;
- otherwise bids the lowest legal bid of the same kind (plain or no trump) that is not
  above the hand's worth, so the contract stays as cheap as the others allow: the dealer,
  who may equal the standing bid, equals it.
- A Kaiser bid is made at once (nothing outbids it but the dealer's equal).
"""

from __future__ import annotations

from collections.abc import Callable

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, Said, reason
from kaiser_desktop.rules import PASS, Bid, MakeBid, PlayerView, Seat
from kaiser_desktop.rules.auction import caller, last_bid_index


def standing_holder(view: PlayerView) -> tuple[Bid | None, Seat | None]:
    """The standing bid and who made it."""
    index = last_bid_index(view.bids)
    if index is None:
        return None, None
    return view.bids[index], caller(view.dealer, index)


def open_auction_bid(view: PlayerView, worth: Callable[[PlayerView], Decision]) -> Decision:
    """A bid for `view` (phase BIDDING); `worth` is the level's one-round bid decision."""
    decision = worth(view)
    if view.rules.auction != "open" or not isinstance(decision.action, MakeBid):
        return decision
    wanted = decision.action.bid
    if wanted.is_pass or wanted.is_kaiser:
        return decision
    legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
    standing, holder = standing_holder(view)
    if standing is not None and holder == view.seat.partner and PASS in legal:
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "Pass: your partner's bid of {standing} stands. If the others bid higher, "
            "you can still bid.",
        )
        return Decision(MakeBid(PASS), reason(why, standing=standing))
    cheaper = [
        b
        for b in legal
        if not b.is_pass
        and not b.is_kaiser
        and b.no_trump == wanted.no_trump
        and b.key <= wanted.key
    ]
    if not cheaper:
        return decision
    bid = min(cheaper, key=lambda b: b.key)
    if bid == wanted:
        return decision
    return Decision(MakeBid(bid), _reason(view, bid, wanted, standing))


def _reason(view: PlayerView, bid: Bid, wanted: Bid, standing: Bid | None) -> Said:
    if standing is None:
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "Bid {bid}: the lowest bid. Your hand is worth up to {wanted}, "
            "and you can bid again if someone goes higher.",
        )
        return reason(why, bid=bid, wanted=wanted)
    if bid.key == standing.key:
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "Bid {bid}: as the dealer you may match {standing} and take it. Your hand is worth "
            "up to {wanted}, and you can bid again if someone goes higher.",
        )
        return reason(why, bid=bid, standing=standing, wanted=wanted)
    why = QT_TRANSLATE_NOOP(
        "Reasons",
        "Bid {bid}: just enough to top {standing}. Your hand is worth up to {wanted}, "
        "and you can bid again if someone goes higher.",
    )
    return reason(why, bid=bid, standing=standing, wanted=wanted)
