"""The double-dummy solver's moves: which cards stand for which, and the order to try them.

Cards are ints (suit * 16 + rank), as in `solver.py`. The lists here are remembered and
shared between searches: callers must not change them.
"""

from __future__ import annotations

FIVE = 17  # 5♥: hearts lane (16) + rank FIVE (1)
THREE = 0  # 3♠


# Representatives of one suit's cards in a hand, high to low: a card touching the one
# above it (nothing live between, neither a scoring card) stands for it, so the lowest of
# a run is kept. Keyed by (suit * 16) << 20 | the suit's live ranks << 10 | the hand's.
class Groups(dict[int, list[int]]):
    """`groups[key]` works a suit's representatives out the first time."""

    def __missing__(self, key: int) -> list[int]:
        base = key >> 20
        live = key >> 10 & 1023
        held = key & 1023
        reps: list[int] = []
        prev = -1  # rank of the card above
        while held:
            r = held.bit_length() - 1
            held ^= 1 << r
            c = base + r
            if (
                prev >= 0
                and c != THREE
                and c != FIVE
                and base + prev != FIVE
                and not live & ((1 << prev) - (2 << r))
            ):
                reps[-1] = c
            else:
                reps.append(c)
            prev = r
        self[key] = reps
        return reps


groups = Groups()


def all_groups(hand: int, live: int) -> list[int]:
    """Every suit's representatives, the highest suit first (a lead or a void)."""
    out: list[int] = []
    for sh in (48, 32, 16, 0):
        held = hand >> sh & 1023
        if held:
            k = sh << 20 | (live >> sh & 1023) << 10 | held
            out += groups[k]
    return out


def follow_order(moves: list[int], best: int, ours: bool, last: bool, trump: int) -> list[int]:
    """Cards to a trick in a good order to try: the 5♥ to a trick the side wins, the 3♠ to
    one it loses, low cards under a partner, the cheapest winner, then the lowest losers."""
    if len(moves) <= 1:
        return moves
    bsuit = best >> 4
    # Sort keys as ints: priority * 256 + card (a card int is below 64).
    keys: list[int] = []
    for x in moves:
        xs = x >> 4
        wins = (xs == bsuit and x > best) or (xs == trump and bsuit != trump)
        if x == FIVE:
            p = 0 if (ours and not wins) or (wins and last) else 60
        elif x == THREE:
            p = 0 if not ours and not wins else 60
        elif ours:
            p = 10 + (x & 15)  # partner winning: low cards first
        elif wins:
            p = 10 + (16 if xs == trump else 0) + (x & 15)  # cheapest winner first
        else:
            p = 40 + (x & 15)
        keys.append(p << 8 | x)
    keys.sort()
    return [k & 255 for k in keys]


# Memo of `follow_order` when following suit, keyed by the suit's `groups` key, the
# trick's best card, whose it is, whether the card closes the trick, and the trump.
follows: dict[int, list[int]] = {}
MEMO_LIMIT = 300_000  # entries; a long-lived bot process starts afresh past this


# Leading: high cards first (they often win at once), the point cards last; between
# equal ranks the higher suit first.
LEAD_ORDER = [(c in (THREE, FIVE)) << 12 | (15 - (c & 15)) << 6 | (63 - c) for c in range(64)]
