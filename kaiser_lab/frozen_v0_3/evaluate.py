"""Hand evaluation for bidding and naming trump: quick rules of thumb a player can follow.

`estimate_raw` guesses the raw points (tricks + 5♥ − 3♠) the hand's team takes when this
seat declares with the given trump, assuming an average partner. The Expert refines this
with a model fitted offline (see `model.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_lab.frozen_v0_3.common import FIVE, NO_TRUMP, THREE

ACE, KING, QUEEN, JACK = 9, 8, 7, 6
PARTNER_TRICKS = 1.6  # what an average partner adds to a declarer's tricks


@dataclass(frozen=True, slots=True)
class Evaluation:
    trump: int  # NO_TRUMP for no trump
    tricks: float  # this hand's own likely tricks
    raw: float  # the team's likely raw points
    sure: int  # tricks that cannot be lost (top trumps, then aces)
    five: bool
    three: bool


def _ranks(hand: list[int], suit: int) -> list[int]:
    return sorted((c & 15 for c in hand if c >> 4 == suit), reverse=True)


def _top_run(ranks: list[int], top: int) -> int:
    """How many of the suit's top ranks (A, K, Q, ...) the hand holds unbroken."""
    n = 0
    while n < len(ranks) and ranks[n] == top - n:
        n += 1
    return n


def _side_tricks(ranks: list[int]) -> float:
    n = len(ranks)
    if n == 0:
        return 0.0
    run = _top_run(ranks, ACE)
    t = float(min(run, n))
    if run == 0 and KING in ranks:
        t += 0.45 if n >= 2 else 0.15
    elif run == 1 and QUEEN in ranks and n >= 3:
        t += 0.35
    # Side suits with 8 cards split four ways rarely cash a third round.
    if t > 2:
        t = 2 + (t - 2) * 0.5
    return t


def _trump_tricks(ranks: list[int]) -> float:
    n = len(ranks)
    if n == 0:
        return 0.0
    run = _top_run(ranks, ACE)
    t = float(run)
    rest = [r for r in ranks[run:]]
    # Honours below the run win when guarded by length.
    for i, r in enumerate(rest):
        if r >= JACK and n >= 3 + i:
            t += 0.55
    # Long trumps win the later rounds once the others' trumps are gone.
    t += max(0, n - 3) * 0.8
    return min(t, float(n))


def evaluate(hand: list[int], trump: int) -> Evaluation:
    return _evaluate(hand, trump, [_ranks(hand, s) for s in range(4)])


def _evaluate(hand: list[int], trump: int, by_suit: list[list[int]]) -> Evaluation:
    """`evaluate` with the hand's ranks in each suit worked out already (`best_trump` tries
    every trump on the same ranks; the Expert's auction filter calls it for every layout)."""
    tricks = 0.0
    sure = 0
    trump_len = len(by_suit[trump]) if trump != NO_TRUMP else 0
    for suit in range(4):
        ranks = by_suit[suit]
        if suit == trump:
            tricks += _trump_tricks(ranks)
            sure += _top_run(ranks, ACE)
        else:
            tricks += _side_tricks(ranks)
            if trump_len >= 3 and len(ranks) <= 1:
                tricks += (0.7 if not ranks else 0.35) * min(1.0, (trump_len - 2) / 2)
            if trump == NO_TRUMP:
                run = _top_run(ranks, ACE)
                # A long solid suit runs in no trump.
                if run >= 3:
                    tricks += max(0, len(ranks) - run) * 0.7
    if trump != NO_TRUMP:
        sure += sum(1 for s in range(4) if s != trump and ACE in by_suit[s])
    five = FIVE in hand
    three = THREE in hand
    hearts = by_suit[1]
    if five:
        p = 0.5 + 0.08 * sum(1 for r in hearts if r >= QUEEN)
        if trump == 1:
            p += 0.15
        five_value = 5 * min(p, 0.9)
    else:
        five_value = 5 * 0.35
    three_value = -3 * (0.35 if three else 0.3)
    tricks = min(tricks, 8.0)
    team_tricks = min(8.0, tricks + PARTNER_TRICKS * (1 - tricks / 10))
    raw = team_tricks + five_value + three_value
    return Evaluation(trump, tricks, raw, sure, five, three)


def best_trump(hand: list[int], allow_nt: bool = False) -> Evaluation:
    """The best suit to name (or no trump, when allowed), by estimated raw points."""
    by_suit = [_ranks(hand, s) for s in range(4)]
    options = [_evaluate(hand, s, by_suit) for s in range(4)]
    if allow_nt:
        options.append(_evaluate(hand, NO_TRUMP, by_suit))
    return max(options, key=lambda e: (e.raw, e.trump))
