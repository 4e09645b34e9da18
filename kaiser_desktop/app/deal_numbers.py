"""Deal numbers: one number names one deal, so a family can note a hand and play it again.

A number is `LEGACY_LIMIT + 4 * rank + dealer`: the rank of the deal among every possible
deal (`rules.deal_rank`) and the dealer's seat index. The rank is drawn uniformly from all
deals, so knowing one's own eight cards and the dealer leaves every layout of the other
cards equally likely: there is nothing to search for. The draw comes from the game's secret
seed (128 bits from the operating system), hashed with the hand's index, so a resumed or
undone game deals on exactly as it would have — and nothing a computer player is given
(its own seed, its view) is derived from that seed.

Numbers below LEGACY_LIMIT are the old kind (4 .. 999 999: a small seed for the shuffle).
They still give the same deal, so old saves and numbers people wrote down keep working.
People see numbers in groups of three digits ("398 114 052 771 208 643") and may type them
back with or without the spaces.
"""

from __future__ import annotations

import hashlib
import random
import re

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.rules import SEATS, Deal, GameState, RuleSet, Seat
from kaiser_desktop.rules.deal_rank import deal_count, deal_from_rank

LEGACY_LIMIT = 1_000_000  # numbers from before were at most 999 999
# LEGACY_LIMIT is a multiple of 4, so number % 4 is the dealer for both kinds.
MAX_DEAL_NUMBER = LEGACY_LIMIT + 4 * deal_count(RuleSet(kitty=True)) - 1
GAME_SEED_BITS = 128
_SEPARATORS = re.compile(r"[\s,.'_\-]+")


class DealNumberError(ValueError):
    """A typed deal number that is not one; the message is one sentence for the player."""


def dealer_for_number(number: int) -> Seat:
    return SEATS[number % 4]


def deal_for_number(rules: RuleSet, number: int) -> Deal:
    """The deal a number names (with the dealer it names)."""
    dealer = dealer_for_number(number)
    if number < LEGACY_LIMIT:
        return Deal.from_number(rules, number, dealer)
    # A number from a game with the kitty is too large for the 32-card pack: it still
    # names some deal, as old numbers did under any rules.
    rank = (number - LEGACY_LIMIT) // 4 % deal_count(rules)
    return deal_from_rank(rules, rank, dealer)


def hands_dealt(state: GameState) -> int:
    """How many deals the game has had, the one on the table included (redeals count):
    one deal number is kept for each."""
    return len(state.past_hands) + (0 if state.hand is None else 1)


def new_game_seed(rng: random.Random) -> int:
    """A game's secret seed; `rng` is the OS's randomness except in seeded test runs."""
    return rng.getrandbits(GAME_SEED_BITS)


def is_legacy_seed(seed: object) -> bool:
    """No seed, or an old save's small one (below 2^30): too few to keep drawing deals from."""
    return not isinstance(seed, int) or isinstance(seed, bool) or seed < 1 << 64


def number_for_hand(rules: RuleSet, game_seed: int, index: int, dealer: Seat) -> int:
    """The number of the game's hand `index` (redeals count), from the seed and index alone."""
    digest = hashlib.blake2b(f"deal:{game_seed}:{index}".encode(), digest_size=32).digest()
    # 256 bits reduced to ~2^57..2^66 deals: the bias is far below anything measurable.
    rank = int.from_bytes(digest, "big") % deal_count(rules)
    return LEGACY_LIMIT + 4 * rank + dealer.value


def format_deal_number(number: int) -> str:
    """For people: groups of three digits, like "398 114 052 771 208 643"."""
    return f"{number:,}".replace(",", " ")


def parse_deal_number(text: str) -> int:
    """A number as a person typed it (spaces, commas, dots or dashes between digits are fine)."""
    digits = _SEPARATORS.sub("", text)
    if not digits:
        raise DealNumberError(
            translate(
                "DealNumbers",
                "Type a deal number: point at a hand on the score sheet to see its own.",
            )
        )
    if not re.fullmatch(r"[0-9]+", digits):
        raise DealNumberError(
            translate("DealNumbers", "A deal number has only digits, like 398 114 052 771 208 643.")
        )
    # (Length first: Python refuses to turn thousands of digits into a number.)
    too_long = len(digits.lstrip("0")) > len(str(MAX_DEAL_NUMBER))
    number = 0 if too_long else int(digits)
    if too_long or not 1 <= number <= MAX_DEAL_NUMBER:
        raise DealNumberError(
            translate(
                "DealNumbers", "There is no deal with that number: they go from 1 to {largest}."
            ).format(largest=format_deal_number(MAX_DEAL_NUMBER))
        )
    return number
