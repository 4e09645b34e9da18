"""Helpers of the double-dummy solver: relative-rank table keys, sure-trick bounds and the
null-window driver.

Hands are bitmasks of card ints (suit * 16 + rank), as in `solver.py`.
"""

from __future__ import annotations

from collections.abc import Callable

SUIT_MASK = [0xFFFF << (16 * s) for s in range(4)]


def suit_key(lanes: int) -> int:
    """Four hands' 10-bit lanes of one suit (packed 10 bits apart) in relative ranks."""
    live = (lanes | lanes >> 10 | lanes >> 20 | lanes >> 30) & 1023
    key = 0
    i = 0
    for r in range(10):
        if live >> r & 1:
            owner = next(s for s in range(4) if lanes >> (10 * s + r) & 1)
            key |= owner << (2 * i)
            i += 1
    return key | i << 16  # the suit's length, so owner codes of 0 still count


# One suit's 10-bit lanes of the four hands when the hands sit 64 bits apart in one int.
SPREAD = 1023 | 1023 << 64 | 1023 << 128 | 1023 << 192


class SpreadKeys(dict[int, int]):
    """`suit_key` of one suit's lanes taken 64 bits apart (see SPREAD), remembered:
    `spread_keys[lanes]` works it out the first time."""

    def __missing__(self, lanes: int) -> int:
        compact = (
            (lanes & 1023)
            | (lanes >> 64 & 1023) << 10
            | (lanes >> 128 & 1023) << 20
            | (lanes >> 192 & 1023) << 30
        )
        if len(self) > 300_000:  # a long-lived bot process starts afresh
            self.clear()
        key = self[lanes] = suit_key(compact)
        return key


spread_keys = SpreadKeys()


def quick_tricks(hands: list[int], seat: int, trump: int) -> int:
    """Tricks the leader can cash at once from the top, whatever the others do."""
    mine = hands[seat]
    opp_a, opp_b = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
    others = hands[(seat + 2) & 3] | opp_a | opp_b
    tm = SUIT_MASK[trump] if trump >= 0 else 0
    ruff_a = opp_a & tm
    ruff_b = opp_b & tm
    total = 0
    for sm in SUIT_MASK:
        held = mine & sm
        if not held:
            continue
        # The leader's cards above every live card of the others in the suit.
        k = (held >> (others & sm).bit_length()).bit_count()
        if k and sm != tm:
            # An opponent holding trumps ruffs once out of the suit.
            if ruff_a:
                k = min(k, (opp_a & sm).bit_count())
            if ruff_b:
                k = min(k, (opp_b & sm).bit_count())
        total += k
    return min(total, mine.bit_count())


def sure_tricks(hands: list[int], seat: int, trump: int) -> tuple[int, int]:
    """Tricks each side is sure of at a trick boundary where `seat` leads: (the leader's
    side, the other side). The leader's quick tricks; and for either side, the trumps one
    of its players holds above every trump of the other side (each wins the trick it is
    played in, one trick apiece since a player plays one card a trick)."""
    lead = quick_tricks(hands, seat, trump)
    other = 0
    if trump >= 0:
        sh = 16 * trump
        a = hands[seat] >> sh & 1023
        b = hands[(seat + 2) & 3] >> sh & 1023
        c = hands[(seat + 1) & 3] >> sh & 1023
        d = hands[(seat + 3) & 3] >> sh & 1023
        if a | b:
            top = (c | d).bit_length()
            lead = max(lead, (a >> top).bit_count(), (b >> top).bit_count())
        if c | d:
            top = (a | b).bit_length()
            other = max((c >> top).bit_count(), (d >> top).bit_count())
    return lead, other


def narrow(reaches: Callable[[int], bool], guess: int, lo: int = -4, hi: int = 14) -> int:
    """The value v (lo < v < hi) found by null-window tests `reaches(mid)` (is v >= mid?),
    starting at `guess` and stepping toward the answer (MTD style: close guesses are cheap)."""
    while hi - lo > 1:
        mid = min(max(guess, lo + 1), hi - 1)
        if reaches(mid):
            lo, guess = mid, mid + 1
        else:
            hi, guess = mid, mid - 1
    return lo
