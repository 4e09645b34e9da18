"""The bidding prompt says in words what was heard before the person's turn."""

from __future__ import annotations

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Deal, MakeBid, RuleSet, Seat, apply, new_game, observe
from kaiser_desktop.ui.wording import bidding_prompt

RULES = RuleSet(weak_hand_redeal=False)


def south_after(dealer: Seat, calls: list[str]) -> str:
    state = apply(new_game(RULES, dealer), Deal.from_number(RULES, 5, dealer))
    for text in calls:
        state = apply(state, MakeBid(Bid.from_text(text)))
    assert state.to_act is Seat.S
    return bidding_prompt(observe(state, Seat.S), Seating())


def test_the_first_to_speak_hears_the_opening_words() -> None:
    assert south_after(Seat.E, []) == "Your bid. Bids start at 6. Bid or pass."


def test_passes_before_the_persons_turn_are_said_by_name() -> None:
    # The panel can cover the players' bubbles in a small window: the prompt says it too.
    assert south_after(Seat.N, ["pass"]) == "East passed. Bids start at 6: bid or pass."
    assert south_after(Seat.W, ["pass", "pass"]) == (
        "Pat and East passed. Bids start at 6: bid or pass."
    )


def test_a_standing_bid_is_said_whatever_passed_before_it() -> None:
    assert south_after(Seat.W, ["pass", "7"]) == "East bid 7. Bid higher or pass."
