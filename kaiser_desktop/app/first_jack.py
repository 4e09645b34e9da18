"""Who deals first, for the controller, and how long the table shows the draw.

Under `first_dealer: first_jack` the table deals cards face up, one at a time, until a
jack appears (rules/first_dealer.py); the first deal waits while the table shows them.
"""

from __future__ import annotations

import random

from kaiser_desktop.app.deal_numbers import dealer_for_number
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.rules import FirstDealerDraw, RuleSet, draw_first_dealer

CARD_MS = 320  # between two face-up cards, at normal pace
HOLD_MS = 1800  # the jack stays in view this long before the deal


def first_dealer(rules: RuleSet, rng: random.Random, deal_number: int | None) -> FirstDealerDraw:
    """The first dealer: the one a deal number names, or as the rules choose."""
    if deal_number is not None:
        return FirstDealerDraw(dealer_for_number(deal_number))
    return draw_first_dealer(rules, rng)


def show_ms(pace: Pace, draw: FirstDealerDraw) -> int:
    """How long the table shows the draw (0 when nothing is shown)."""
    if not draw.shown:
        return 0
    return pace.ms(CARD_MS * len(draw.shown) + HOLD_MS)
