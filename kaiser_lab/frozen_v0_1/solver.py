"""A double-dummy solver: every hand open, the best raw points a team can secure.

The value searched is one team's raw points from here on (tricks, +5 for the 5♥, −3 for
the 3♠). It is additive trick by trick, so a transposition table keyed on the cards left
and the leader works at trick boundaries. Every hand score in the standard rules (contract
made or set, no-trump doubling, the defenders' limit) is a non-decreasing function of the
declaring team's raw points, and a monotone function commutes with min and max: the best
score is that function of the best raw points. (With the three-trick rule the raw points
are not additive; the solver still reports the additive count, which the bots use as an
approximation.)

Hands are bitmasks of card ints (suit * 16 + rank). Touching cards (nothing left between
them) are equivalent and searched once; the 5♥ and 3♠ never group with others.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kaiser_desktop.rules.fast import FastPlay, beats, winning_index

FIVE = 17  # 5♥: hearts lane (16) + rank FIVE (1)
THREE = 0  # 3♠
FIVE_BIT = 1 << FIVE
THREE_BIT = 1 << THREE
SUIT_MASK = [0xFFFF << (16 * s) for s in range(4)]
NO_TRUMP = -1
NOBODY = -1
INF = 1000


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


class Solver:
    """Alpha-beta over card plays with a transposition table at trick boundaries.

    One Solver holds one deal's table; it may be reused for positions of the same deal.
    """

    def __init__(self, trump: int, out: int = NOBODY) -> None:
        self.trump = trump
        self.out = out
        self.players = 3 if out != NOBODY else 4
        self.tt: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}
        self.killer: dict[tuple[int, int, int, int, int, int], int] = {}  # best lead found
        self.nodes = 0
        self.team = 0
        self.hands = [0, 0, 0, 0]

    def _next(self, seat: int) -> int:
        nxt = (seat + 1) & 3
        return (nxt + 1) & 3 if nxt == self.out else nxt

    def _winner(self, cards: list[int], seats: list[int]) -> int:
        return seats[winning_index(cards, self.trump)]

    def _moves(self, seat: int, cards: list[int], seats: list[int]) -> list[int]:
        """Legal cards, one per group of equivalent cards, in a good order to try."""
        h = self.hands
        hand = h[seat]
        if cards:
            led = cards[0] >> 4
            legal = hand & SUIT_MASK[led]
            if not legal:
                legal = hand
        else:
            legal = hand
        live = h[0] | h[1] | h[2] | h[3]
        for x in cards:  # cards in the trick still separate ranks (one may beat the other)
            live |= 1 << x
        moves: list[int] = []
        prev = -1
        # Walk from high to low; skip a card touching the one above it (same owner, nothing
        # live in between, same suit, and neither is a scoring card).
        m = legal
        group: list[int] = []
        while m:
            top = m.bit_length() - 1
            m ^= 1 << top
            group.append(top)
        for c in group:
            if (
                prev >= 0
                and prev >> 4 == c >> 4
                and c != FIVE
                and c != THREE
                and prev != FIVE
                and not live & ((1 << prev) - (1 << (c + 1)))
            ):
                prev = c
                moves[-1] = c  # keep the lowest of the run (cheapest to give)
                continue
            moves.append(c)
            prev = c
        if len(moves) <= 1:
            return moves
        team = seat & 1
        if not cards:
            # Leading: high cards first (they often win at once), the 3♠ last.
            moves.sort(key=lambda x: (x == THREE, -(x & 15)))
            return moves
        trump = self.trump
        bi = winning_index(cards, trump)
        best = cards[bi]
        ours = seats[bi] & 1 == team

        def key(x: int) -> tuple[int, int]:
            wins = beats(x, best, trump)
            if x == FIVE:
                return (0 if ours else 3, 0)
            if x == THREE:
                return (0 if not ours else 3, 0)
            if ours:
                return (1, x & 15)  # partner winning: low cards first
            if wins:
                return (1, (x >> 4 == trump) * 16 + (x & 15))  # cheapest winner first
            return (2, x & 15)

        moves.sort(key=key)
        return moves

    def _search(self, seat: int, cards: list[int], seats: list[int], alpha: int, beta: int) -> int:
        """Team `self.team`'s raw points from this node to the end of the hand."""
        self.nodes += 1
        h = self.hands
        key: tuple[int, int, int, int, int, int] | None = None
        if not cards:
            live = h[0] | h[1] | h[2] | h[3]
            if not live:
                return 0
            left = h[seat].bit_count()
            hi = left + (5 if live & FIVE_BIT else 0)
            lo = -3 if live & THREE_BIT else 0
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            key = (h[0], h[1], h[2], h[3], seat, self.team)
            entry = self.tt.get(key)
            if entry is not None:
                tlo, thi = entry
                if tlo >= beta:
                    return tlo
                if thi <= alpha:
                    return thi
                if tlo == thi:
                    return tlo
                if tlo > alpha:
                    alpha = tlo
                if thi < beta:
                    beta = thi
                lo, hi = max(lo, tlo), min(hi, thi)
        a0, b0 = alpha, beta
        maximize = seat & 1 == self.team
        best = -INF if maximize else INF
        players = self.players
        moves = self._moves(seat, cards, seats)
        if key is not None:
            first = self.killer.get(key)
            if first is not None and first in moves and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
        best_card = moves[0]
        for c in moves:
            bit = 1 << c
            h[seat] ^= bit
            cards.append(c)
            seats.append(seat)
            if len(cards) == players:
                win = self._winner(cards, seats)
                if win & 1 == self.team:
                    pts = 1
                    for x in cards:
                        if x == FIVE:
                            pts += 5
                        elif x == THREE:
                            pts -= 3
                else:
                    pts = 0
                v = pts + self._search(win, [], [], alpha - pts, beta - pts)
            else:
                v = self._search(self._next(seat), cards, seats, alpha, beta)
            cards.pop()
            seats.pop()
            h[seat] ^= bit
            if maximize:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best, best_card = v, c
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key is not None:
            self.killer[key] = best_card
            old = self.tt.get(key, (-INF, INF))
            if best <= a0:
                self.tt[key] = (old[0], min(old[1], best))
            elif best >= b0:
                self.tt[key] = (max(old[0], best), old[1])
            else:
                self.tt[key] = (best, best)
        return best

    # --- public API -----------------------------------------------------------------------

    def _load(self, pos: Position, team: int) -> None:
        self.hands = list(pos.hands)
        if self.out != NOBODY:
            self.hands[self.out] = 0  # the Kaiser declarer's partner never plays
        self.team = team

    def best(self, pos: Position, team: int | None = None) -> int:
        """The most raw points `team` (default: the side to move) can be sure of from here,
        plus what it has banked: the hand's final raw points for that team."""
        team = pos.turn & 1 if team is None else team
        self._load(pos, team)
        v = self._search(pos.turn, list(pos.trick), list(pos.trick_seats), -INF, INF)
        return v + pos.banked[team]

    def card_values(self, pos: Position, team: int | None = None) -> dict[int, int]:
        """For every legal card of the player to move: the team's final raw points if that
        card is played and everyone plays perfectly afterwards. Equivalent cards share a value."""
        team = pos.turn & 1 if team is None else team
        self._load(pos, team)
        seat = pos.turn
        cards, seats = list(pos.trick), list(pos.trick_seats)
        hand = self.hands[seat]
        legal_mask = (hand & SUIT_MASK[cards[0] >> 4] or hand) if cards else hand
        out: dict[int, int] = {}
        reps = self._moves(seat, cards, seats)
        for c in reps:
            out[c] = self._after(seat, c, cards, seats) + pos.banked[team]
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
        if len(cards) == self.players:
            win = self._winner(cards, seats)
            pts = 0
            if win & 1 == self.team:
                pts = 1 + sum(5 if x == FIVE else -3 if x == THREE else 0 for x in cards)
            v = pts + self._search(win, [], [], lo - pts, hi - pts)
        else:
            v = self._search(self._next(seat), cards, seats, lo, hi)
        cards.pop()
        seats.pop()
        h[seat] ^= 1 << c
        return v

    def can_reach(self, pos: Position, team: int, target: int) -> bool:
        """Null-window form: can `team` finish the hand with at least `target` raw points?"""
        self._load(pos, team)
        need = target - pos.banked[team]
        v = self._search(pos.turn, list(pos.trick), list(pos.trick_seats), need - 1, need)
        return v >= need

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


def solve(pos: Position, team: int | None = None) -> int:
    """Best final raw points for `team` (default: the side to move) with all cards open."""
    return Solver(pos.trump, pos.out).best(pos, team)


def card_values(pos: Position, team: int | None = None) -> dict[int, int]:
    return Solver(pos.trump, pos.out).card_values(pos, team)


def can_make(pos: Position, team: int, target: int) -> bool:
    """Can `team` (e.g. the declaring team) still reach `target` raw points (e.g. the bid)?"""
    return Solver(pos.trump, pos.out).can_reach(pos, team, target)
