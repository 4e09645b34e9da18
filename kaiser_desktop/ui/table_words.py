"""A bid as the table shows it, in the player's language."""

from __future__ import annotations

from kaiser_desktop.rules import Bid
from kaiser_desktop.ui import wording


def bid_text(bid: Bid) -> str:
    """ "7", "8 no trump", "Kaiser", "Pass": wording's words for a bid where it has them."""
    said = getattr(wording, "bid_text", None)
    return str(said(bid)) if said is not None else bid.label
