"""Helpers of the double-dummy solver: relative-rank table keys and quick-trick bounds.

Hands are bitmasks of card ints (suit * 16 + rank), as in `solver.py`.
"""

from __future__ import annotations

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
