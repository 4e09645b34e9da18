"""Words at the table for the open auction, and the hint there."""

from __future__ import annotations

from kaiser_desktop.ai import hint
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Deal, MakeBid, RuleSet, Seat, apply, new_game, observe
from kaiser_desktop.ui.wording import bidding_prompt


def south_to_bid(rules: RuleSet):
    state = apply(new_game(rules, Seat.W), Deal.from_number(rules, 5, Seat.W))
    for text in ("6", "pass"):  # North, East
        state = apply(state, MakeBid(Bid.from_text(text)))
    assert state.to_act is Seat.S
    return observe(state, Seat.S)


def test_the_open_auction_says_a_pass_is_not_the_end() -> None:
    view = south_to_bid(RuleSet(auction="open", weak_hand_redeal=False))
    words = bidding_prompt(view, Seating())
    assert words == "Pat bid 6. Bid higher or pass. You can bid again on a later turn."
    one_round = bidding_prompt(south_to_bid(RuleSet(weak_hand_redeal=False)), Seating())
    assert one_round == "Pat bid 6. Bid higher or pass."


def test_the_hint_in_an_open_auction_is_a_legal_call_with_a_reason() -> None:
    view = south_to_bid(RuleSet(auction="open", weak_hand_redeal=False))
    for level in ("basic", "standard", "expert"):
        advice = hint(view, level=level)
        assert advice.action in view.legal and advice.reason.endswith(".")
