"""A double-dummy solver: every hand open, the best raw points a team can secure.

The value searched is one team's raw points from here on (tricks, +5 for the 5♥, −3 for
the 3♠). It is additive trick by trick, so a transposition table keyed on the cards left
and the leader works at trick boundaries. Every hand score in the standard rules (contract
made or set, no-trump doubling, the defenders' limit) is a non-decreasing function of the
declaring team's raw points, and a monotone function commutes with min and max: the best
score is that function of the best raw points. (With the three-trick rule the raw points
are not additive; the solver still reports the additive count, which the bots use as an
approximation.)

Hands are bitmasks of card ints (suit * 16 + rank). What makes it fast enough in Python:
- touching cards (nothing live between them, same owner) are searched once; the 5♥ and
  3♠ never group with others;
- the table key uses *relative* ranks (cards already played close the gaps), so layouts
  that differ only in which small cards are gone share one entry;
- sure tricks bound a node before it is searched: top cards the leader can cash, and
  trumps above every trump the other side holds (they win whenever they are played);
- the table keeps bounds, so null-window probes (`can_reach`, the MTD-style driver of
  `best`, and `card_values` after its first card) reuse each other's work; the best lead
  found is tried first next time.
Every search is counted in nodes (`nodes`), the unit the players budget their work in.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kaiser_desktop.ai.solver_bounds import (
    SPREAD,
    SUIT_MASK,
    narrow,
    spread_keys,
    sure_tricks,
)
from kaiser_desktop.ai.solver_moves import (
    FIVE,
    LEAD_ORDER,
    MEMO_LIMIT,
    THREE,
    all_groups,
    follow_order,
    follows,
    groups,
)
from kaiser_desktop.rules.fast import FastPlay, winning_index

if TYPE_CHECKING:
    from collections.abc import Collection

    from kaiser_desktop.ai._solver_core import Core

FIVE_BIT = 1 << FIVE
THREE_BIT = 1 << THREE
NO_TRUMP = -1
NOBODY = -1
INF = 1000
POINT_CARDS = FIVE_BIT | THREE_BIT


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass
class Position:
    """A hand in play with all cards open. `trick` holds the cards of the trick in progress
    in playing order; `trick_seats` who played them; `turn` who plays next."""

    hands: list[int]  # bitmask per seat (N, E, S, W)
    trump: int
    turn: int
    trick: list[int] = field(default_factory=list)
    trick_seats: list[int] = field(default_factory=list)
    out: int = NOBODY  # seat sitting out after a Kaiser bid
    banked: tuple[int, int] = (0, 0)  # raw points already taken by NS and EW (additive)

    @classmethod
    def from_fast(cls, fp: FastPlay) -> Position:
        banked = [0, 0]
        for t in range(2):
            banked[t] = (
                fp.won[t] + (5 if fp.five_team == t else 0) - (3 if fp.three_team == t else 0)
            )
        return cls(
            [mask_of(h) for h in fp.hands],
            fp.trump,
            fp.turn,
            list(fp.trick),
            list(fp.trick_seats),
            fp.out,
            (banked[0], banked[1]),
        )


class SearchAborted(Exception):
    """A search passed its node limit (a pathological deal); the caller falls back."""


class PythonSolver:
    """Alpha-beta over card plays with a transposition table at trick boundaries, in pure
    Python: the reference the compiled core (`_solver_core.c`) is an exact port of, and the
    fallback where it is not built. Use `Solver`, which picks one.

    One solver holds one deal's table; it may be reused for positions of the same deal.
    `node_limit` stops a search that runs away (see `SearchAborted`); `nodes` counts work.
    """

    def __init__(self, trump: int, out: int = NOBODY, node_limit: int = 0) -> None:
        self.trump = trump
        self.out = out
        self.players = 3 if out != NOBODY else 4
        # key -> (lower bound, upper bound, best lead) for the searching team
        self.tt: dict[tuple[int, int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self.node_limit = node_limit
        self.team = 0
        self.hands = [0, 0, 0, 0]

    def _next(self, seat: int) -> int:
        nxt = (seat + 1) & 3
        return (nxt + 1) & 3 if nxt == self.out else nxt

    def _key(self, seat: int) -> tuple[int, int, int, int, int]:
        h0, h1, h2, h3 = self.hands
        # All four hands in one int, 64 bits apart: one shift and mask gives a suit's lanes.
        every = h0 | h1 << 64 | h2 << 128 | h3 << 192
        k0 = spread_keys[every & SPREAD]
        k1 = spread_keys[every >> 16 & SPREAD]
        k2 = spread_keys[every >> 32 & SPREAD]
        k3 = spread_keys[every >> 48 & SPREAD]
        live = h0 | h1 | h2 | h3
        flags = (1 if live & FIVE_BIT else 0) | (2 if live & THREE_BIT else 0)
        return (k0, k1, k2, k3, seat << 4 | flags << 1 | self.team)

    def _moves(self, seat: int, cards: list[int], seats: list[int]) -> list[int]:
        """Legal cards, one per group of equivalent cards, in a good order to try.
        The list may be shared: don't change it."""
        h = self.hands
        hand = h[seat]
        live = h[0] | h[1] | h[2] | h[3]
        if not cards:
            moves = all_groups(hand, live)
            if len(moves) <= 1:
                return moves
            return sorted(moves, key=LEAD_ORDER.__getitem__)
        for x in cards:  # cards in the trick still separate ranks (one may beat the other)
            live |= 1 << x
        trump = self.trump
        bi = winning_index(cards, trump)
        best = cards[bi]
        ours = (seats[bi] ^ seat) & 1 == 0
        last = len(cards) == self.players - 1
        sh = cards[0] >> 4 << 4
        held = hand >> sh & 1023
        if held:  # following suit: the order depends on that suit and the trick alone
            k = sh << 20 | (live >> sh & 1023) << 10 | held
            fk = k << 12 | best << 6 | ours << 5 | last << 4 | (trump + 1)
            known = follows.get(fk)
            if known is None:
                if len(follows) > MEMO_LIMIT:
                    follows.clear()
                known = follows[fk] = follow_order(groups[k], best, ours, last, trump)
            return known
        return follow_order(all_groups(hand, live), best, ours, last, trump)

    def _py_search(
        self, seat: int, cards: list[int], seats: list[int], alpha: int, beta: int
    ) -> int:
        """Team `self.team`'s raw points from this node to the end of the hand."""
        self.nodes += 1
        h = self.hands
        key: tuple[int, int, int, int, int] | None = None
        entry: tuple[int, int, int] | None = None
        first = -1
        if not cards:
            if self.nodes > self.node_limit > 0:
                raise SearchAborted
            live = h[0] | h[1] | h[2] | h[3]
            if not live:
                return 0
            left = h[seat].bit_count()
            total = left + (5 if live & FIVE_BIT else 0) - (3 if live & THREE_BIT else 0)
            if left == 1:
                return self._last_trick(seat, total)
            hi = left + (5 if live & FIVE_BIT else 0)
            three = lo = -3 if live & THREE_BIT else 0
            # Sure tricks bound the node: the leader's quick tricks (or its side's top
            # trumps) and the other side's top trumps; each is worth a point to its side,
            # less the 3♠ if it is still out.
            mine, theirs = sure_tricks(h, seat, self.trump)  # the leader's side first
            if seat & 1 != self.team:
                mine, theirs = theirs, mine
            if mine:
                lo = max(lo, mine + three)
            if theirs:
                hi = min(hi, total - theirs - three)
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            key = self._key(seat)
            entry = self.tt.get(key)
            if entry is not None:
                tlo, thi, first = entry
                if tlo >= beta:
                    return tlo
                if thi <= alpha:
                    return thi
                if tlo == thi:
                    return tlo
                lo, hi = max(lo, tlo), min(hi, thi)
                if hi <= alpha:
                    return hi
                if lo >= beta:
                    return lo
            # Bounds that meet settle the node. Searched, its window would close to nothing
            # (alpha == beta): the search would stop after its first child and return a
            # value that is no bound at all (a reused solver's card values came out wrong).
            if lo >= hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        maximize = seat & 1 == self.team
        best = -INF if maximize else INF
        team = self.team
        trump = self.trump
        moves = self._moves(seat, cards, seats)
        if first >= 0 and moves[0] != first and first in moves:
            moves = [first, *(m for m in moves if m != first)]
        best_card = moves[0]
        hand = h[seat]
        closing = len(cards) == self.players - 1
        if closing:
            # This card closes the trick: who wins it, and its points, without playing it out
            # (the hottest loop of the search, so `rules.fast.beats` is written out inline).
            bi = winning_index(cards, trump)
            top, top_seat = cards[bi], seats[bi]
            top_suit = top >> 4
            points = 1 + (5 if FIVE in cards else 0) - (3 if THREE in cards else 0)
        else:
            nxt = (seat + 1) & 3
            if nxt == self.out:
                nxt = (nxt + 1) & 3
            seats.append(seat)
            cards.append(-1)  # this node's card goes here
        for c in moves:
            h[seat] = hand ^ 1 << c
            if closing:
                cs = c >> 4
                if (cs == top_suit and c > top) or (cs == trump and top_suit != trump):
                    win = seat
                else:
                    win = top_seat
                if win & 1 == team:
                    pts = points + (5 if c == FIVE else -3 if c == THREE else 0)
                else:
                    pts = 0
                v = pts + self._py_search(win, [], [], alpha - pts, beta - pts)
            else:
                cards[-1] = c
                v = self._py_search(nxt, cards, seats, alpha, beta)
            if maximize:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if not closing:
            cards.pop()
            seats.pop()
        h[seat] = hand
        if key is not None:
            olo, ohi = (entry[0], entry[1]) if entry is not None else (-INF, INF)
            if best <= a0:
                self.tt[key] = (olo, min(ohi, best), best_card)
            elif best >= b0:
                self.tt[key] = (max(olo, best), ohi, best_card)
            else:
                self.tt[key] = (best, best, best_card)
        return best

    # The public methods search through `_search`, which `Solver` points at the compiled core.
    _search = _py_search

    def _last_trick(self, seat: int, total: int) -> int:
        """One card each: the trick plays itself."""
        h = self.hands
        cards = []
        seats = []
        s = seat
        for _ in range(self.players):
            cards.append(h[s].bit_length() - 1)
            seats.append(s)
            s = self._next(s)
        win = seats[winning_index(cards, self.trump)]
        return total if win & 1 == self.team else 0

    # --- public API -----------------------------------------------------------------------

    def _load(self, pos: Position, team: int) -> None:
        self.hands = list(pos.hands)
        if self.out != NOBODY:
            self.hands[self.out] = 0  # the Kaiser declarer's partner never plays
        self.team = team

    def _root(self, pos: Position, lo: int, hi: int) -> int:
        return self._search(pos.turn, list(pos.trick), list(pos.trick_seats), lo, hi)

    def best(self, pos: Position, team: int | None = None) -> int:
        """The most raw points `team` (default: the side to move) can be sure of from here,
        plus what it has banked: the hand's final raw points for that team."""
        team = pos.turn & 1 if team is None else team
        self._load(pos, team)
        # Null-window probes from a middling guess; the table carries bounds between them.
        return narrow(lambda mid: self._root(pos, mid - 1, mid) >= mid, 5) + pos.banked[team]

    def card_values(
        self,
        pos: Position,
        team: int | None = None,
        only: Collection[int] | None = None,
        guess: int | None = None,
    ) -> dict[int, int]:
        """For every legal card of the player to move (or only those in `only`, a few
        legal cards to compare, which costs less): the team's final raw points if that
        card is played and everyone plays perfectly afterwards. Equivalent cards share a value.
        With `guess` (a likely value of the first card, banked points included), the first
        card too is found by null-window probes from it rather than a full window."""
        team = pos.turn & 1 if team is None else team
        self._load(pos, team)
        seat = pos.turn
        cards, seats = list(pos.trick), list(pos.trick_seats)
        hand = self.hands[seat]
        legal_mask = (hand & SUIT_MASK[cards[0] >> 4] or hand) if cards else hand
        out: dict[int, int] = {}
        reps = self._moves(seat, cards, seats)
        if only is not None and legal_mask & ~mask_of(list(only)):
            # Each card asked for gets its own search (a representative left out of `only`
            # must not lend its value to a card that is not touching it).
            legal_mask &= mask_of(list(only))
            reps = [r for r in reps if legal_mask >> r & 1]
            reps += [c for c in cards_of(legal_mask) if c not in reps]
        # The first card (the likeliest best) gets a full window; the others null-window
        # probes starting from the value before them (cards' values are often close).
        v: int | None = None
        if guess is not None:
            v = guess - pos.banked[team]
        for c in reps:
            if v is None:
                v = self._after(seat, c, cards, seats)
            else:

                def reaches(mid: int, c: int = c) -> bool:
                    return self._after(seat, c, cards, seats, mid - 1, mid) >= mid

                v = narrow(reaches, v)
            out[c] = v + pos.banked[team]
        # Give every legal card its representative's value (touching cards are equal).
        for c in cards_of(legal_mask):
            if c not in out:
                rep = min(
                    (r for r in reps if r >> 4 == c >> 4 and r < c and r not in (FIVE, THREE)),
                    key=lambda r: c - r,
                    default=None,
                )
                if rep is None:
                    out[c] = self._after(seat, c, cards, seats) + pos.banked[team]
                else:
                    out[c] = out[rep]
        return out

    def _after(
        self, seat: int, c: int, cards: list[int], seats: list[int], lo: int = -INF, hi: int = INF
    ) -> int:
        h = self.hands
        h[seat] ^= 1 << c
        cards.append(c)
        seats.append(seat)
        try:
            if len(cards) == self.players:
                win = seats[winning_index(cards, self.trump)]
                pts = 0
                if win & 1 == self.team:
                    pts = 1 + sum(5 if x == FIVE else -3 if x == THREE else 0 for x in cards)
                v = pts + self._search(win, [], [], lo - pts, hi - pts)
            else:
                v = self._search(self._next(seat), cards, seats, lo, hi)
        finally:
            cards.pop()
            seats.pop()
            h[seat] ^= 1 << c
        return v

    def can_reach(self, pos: Position, team: int, target: int) -> bool:
        """Null-window form: can `team` finish the hand with at least `target` raw points?"""
        self._load(pos, team)
        need = target - pos.banked[team]
        return self._root(pos, need - 1, need) >= need

    def card_reaches(self, pos: Position, team: int, target: int) -> dict[int, bool]:
        """For every legal card: does the team still reach `target` after it (null windows)?"""
        self._load(pos, team)
        need = target - pos.banked[team]
        seat = pos.turn
        cards, seats = list(pos.trick), list(pos.trick_seats)
        hand = self.hands[seat]
        legal_mask = (hand & SUIT_MASK[cards[0] >> 4] or hand) if cards else hand
        out: dict[int, bool] = {}
        for c in cards_of(legal_mask):
            out[c] = self._after(seat, c, cards, seats, need - 1, need) >= need
        return out


def _load_core() -> type[Core] | None:
    """The compiled core, or None where it is not built (or cannot load: a wrong build, a
    missing runtime library); the game then runs the Python solver, with no message."""
    try:
        from kaiser_desktop.ai._solver_core import Core
    except Exception:  # ImportError, OSError, or a broken build's own error: fall back
        return None
    return Core


_core = _load_core()
# KAISER_DESKTOP_SOLVER=python forces the Python solver (tests run the AI both ways).
SOLVER_KIND = (
    "compiled"
    if _core is not None and os.environ.get("KAISER_DESKTOP_SOLVER", "").strip() != "python"
    else "python"
)


def solver_kind() -> str:
    """Which solver `Solver` runs: "compiled" (the C core) or "python"."""
    return SOLVER_KIND


def compiled_available() -> bool:
    """Whether the compiled core is built and loads (whatever KAISER_DESKTOP_SOLVER says)."""
    return _core is not None


class Solver(PythonSolver):
    """The solver the game uses: the compiled core's search where it is built (see
    `solver_kind`), else the Python one. Both give the same values, best cards and node
    counts (tests/ai/test_solver_compiled.py), so a bot decides the same either way.

    `compiled=True` asks for the core whatever KAISER_DESKTOP_SOLVER says (RuntimeError if
    it is not built); `compiled=False` for the Python search."""

    def __init__(
        self, trump: int, out: int = NOBODY, node_limit: int = 0, compiled: bool | None = None
    ) -> None:
        super().__init__(trump, out, node_limit)
        if compiled is None:
            compiled = SOLVER_KIND == "compiled"
        if compiled and _core is None:
            raise RuntimeError("The compiled solver core is not built.")
        self._core = _core(trump, out, SearchAborted) if compiled and _core else None

    def _search(self, seat: int, cards: list[int], seats: list[int], alpha: int, beta: int) -> int:
        core = self._core
        if core is None:
            return self._py_search(seat, cards, seats, alpha, beta)
        try:
            value: int = core.search(
                self.hands, self.team, self.nodes, self.node_limit, seat, cards, seats, alpha, beta
            )
        finally:
            self.nodes = core.nodes
        return value


def solve(pos: Position, team: int | None = None) -> int:
    """Best final raw points for `team` (default: the side to move) with all cards open."""
    return Solver(pos.trump, pos.out).best(pos, team)


def card_values(pos: Position, team: int | None = None) -> dict[int, int]:
    return Solver(pos.trump, pos.out).card_values(pos, team)
