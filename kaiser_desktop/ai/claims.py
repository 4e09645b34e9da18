"""Claiming the rest of the tricks: only when they are certain, from one seat's own view.

`claim(view)` says whether the seat's side wins every trick still to play *whatever
anyone plays* (each seat, its partner too, may play any legal card) in *every* layout of
the hidden cards consistent with what the seat has seen: their number in each hand, the
suits a seat has shown it is out of, the card passed to it, and that the discards hold
neither the 5♥ nor the 3♠. Every such layout is enumerated and checked exhaustively, so a
claim is offered exactly when all of them agree; positions with more layouts than
`MAX_LAYOUTS` are not claimed at all (never a guess).

Because any card wins, the rest can then be played out with any legal cards: the tricks,
the 5♥ and the 3♠ go to the claiming side whatever is played.
Only a `PlayerView` is read, so a computer player that claims has seen no hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kaiser_desktop.ai.common import HOLE, NO_TRUMP, Knowledge, knowledge
from kaiser_desktop.ai.solver import cards_of, mask_of
from kaiser_desktop.rules import Phase, PlayerView
from kaiser_desktop.rules.fast import winning_index

MAX_TRICKS = 3  # claims are looked for with at most this many tricks still to finish
MAX_LAYOUTS = 600  # more layouts than this: no claim (the check would take too long)


@dataclass(frozen=True, slots=True)
class Claim:
    team: int  # 0 NS, 1 EW: the claiming seat's side
    tricks: int  # tricks still to finish, the one in progress included: all of them


def claim(view: PlayerView) -> Claim | None:
    """The claim `view.seat` may make for its side now, or None if the rest is not certain."""
    if view.phase is not Phase.PLAY or view.current is None:
        return None
    tricks_left = 8 - len(view.tricks)
    if not 1 <= tricks_left <= MAX_TRICKS:
        return None
    k = knowledge(view)
    if count_layouts(k, MAX_LAYOUTS + 1) > MAX_LAYOUTS:
        return None
    trump = view.trump.value if view.trump is not None else NO_TRUMP
    out = view.out_of_play.value if view.out_of_play is not None else -1
    cur = view.current
    trick = [c.index for c in cur.cards]
    seats = [s.value for s, _ in cur.plays()]
    turn = cur.order[len(cur.cards)].value
    team = view.seat.value & 1
    check = _Checker(trump, out, team)
    for hands in layouts(k):
        masks = [mask_of(h) for h in hands[:4]]
        if out >= 0:
            masks[out] = 0
        if not check.ours_whatever(masks, turn, trick, seats):
            return None
    return Claim(team, tricks_left)


def count_layouts(k: Knowledge, stop: int) -> int:
    """How many layouts `layouts(k)` yields, counting no further than `stop`."""
    n = 0
    for _ in layouts(k):
        n += 1
        if n >= stop:
            break
    return n


def layouts(k: Knowledge) -> Iterator[list[list[int]]]:
    """Every placement of the unseen cards into the other hands (and the hole) that fits
    their sizes, their shown voids and the known cards; index `k.seat` is the seat's own."""
    fixed = {c for kn in k.known for c in kn}
    free = sorted(c for c in k.unseen if c not in fixed)
    hands: list[list[int]] = [list(kn) for kn in k.known]
    room = [k.sizes[s] - len(k.known[s]) for s in range(5)]
    options = {c: [s for s in range(5) if s != k.seat and k.may_hold(s, c)] for c in free}

    def place(i: int) -> Iterator[list[list[int]]]:
        if i == len(free):
            out = [list(h) for h in hands]
            out[k.seat] = list(k.mine)
            yield out
            return
        c = free[i]
        for s in options[c]:
            if room[s] > 0:
                room[s] -= 1
                hands[s].append(c)
                yield from place(i + 1)
                hands[s].pop()
                room[s] += 1

    if sum(max(0, r) for r in room) != len(free) or any(r < 0 for r in room):
        return
    yield from place(0)


class _Checker:
    """Does `team` win every trick left, whatever each seat plays? (one layout at a time;
    the answers for positions at a trick's start are kept across layouts)."""

    def __init__(self, trump: int, out: int, team: int) -> None:
        self.trump = trump
        self.out = out
        self.team = team
        self.players = 3 if out >= 0 else 4
        self.memo: dict[tuple[int, int, int, int, int], bool] = {}

    def _next(self, seat: int) -> int:
        nxt = (seat + 1) & 3
        return (nxt + 1) & 3 if nxt == self.out else nxt

    def ours_whatever(
        self, hands: list[int], turn: int, trick: list[int], seats: list[int]
    ) -> bool:
        if not trick:
            if not any(hands):
                return True
            key = (hands[0], hands[1], hands[2], hands[3], turn)
            got = self.memo.get(key)
            if got is None:
                got = self.memo[key] = self._every_card(hands, turn, trick, seats)
            return got
        return self._every_card(hands, turn, trick, seats)

    def _every_card(self, hands: list[int], turn: int, trick: list[int], seats: list[int]) -> bool:
        hand = hands[turn]
        if trick:
            led = 0xFFFF << (16 * (trick[0] >> 4))
            hand = hand & led or hand
        for c in cards_of(hand):
            hands[turn] ^= 1 << c
            trick.append(c)
            seats.append(turn)
            try:
                if len(trick) == self.players:
                    winner = seats[winning_index(trick, self.trump)]
                    ok = winner & 1 == self.team and self.ours_whatever(hands, winner, [], [])
                else:
                    ok = self.ours_whatever(hands, self._next(turn), trick, seats)
            finally:
                trick.pop()
                seats.pop()
                hands[turn] ^= 1 << c
            if not ok:
                return False
        return True


__all__ = ["HOLE", "MAX_LAYOUTS", "MAX_TRICKS", "Claim", "claim", "count_layouts", "layouts"]
