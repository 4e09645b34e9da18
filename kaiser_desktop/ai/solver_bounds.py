"""Helpers of the double-dummy solver: relative-rank table keys, sure-trick bounds and the
null-window driver.

Hands are bitmasks of card ints (suit * 16 + rank), as in `solver.py`.
"""

from __future__ import annotations

from collections.abc import Callable

SUIT_MASK = [0xFFFF << (16 * s) for s in range(4)]

# Memo of `suit_key`: a suit's layout over four hands -> its key in relative ranks.
suit_keys: dict[int, int] = {}


def suit_key(lanes: int) -> int:
    """Four hands' 10-bit lanes of one suit (packed 10 bits apart) in relative ranks."""
    key = suit_keys.get(lanes)
    if key is None:
        live = (lanes | lanes >> 10 | lanes >> 20 | lanes >> 30) & 1023
        key = 0
        i = 0
        for r in range(10):
            if live >> r & 1:
                owner = next(s for s in range(4) if lanes >> (10 * s + r) & 1)
                key |= owner << (2 * i)
                i += 1
        key |= i << 16  # the suit's length, so owner codes of 0 still count
        suit_keys[lanes] = key
    return key


def quick_tricks(hands: list[int], seat: int, trump: int) -> int:
    """Tricks the leader can cash at once from the top, whatever the others do."""
    mine = hands[seat]
    opp_a, opp_b = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
    live = hands[0] | hands[1] | hands[2] | hands[3]
    ruffers: list[int] = []
    if trump >= 0:
        tm = SUIT_MASK[trump]
        ruffers = [o for o in (opp_a, opp_b) if o & tm]
    total = 0
    for s in range(4):
        sm = SUIT_MASK[s]
        if not mine & sm:
            continue
        x = live & sm
        k = 0
        while x:
            top = 1 << (x.bit_length() - 1)
            if not mine & top:
                break
            k += 1
            x ^= top
        if k and s != trump:
            for o in ruffers:  # an opponent holding trumps ruffs once out of the suit
                k = min(k, (o & sm).bit_count())
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
