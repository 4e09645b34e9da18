"""best_trump works every trump out on one set of the hand's ranks: it must give exactly
what evaluating each trump on its own gives."""

from __future__ import annotations

import random

from kaiser_desktop.ai.common import NO_TRUMP
from kaiser_desktop.ai.evaluate import best_trump, evaluate
from kaiser_desktop.rules import make_pack


def test_best_trump_is_the_best_single_evaluation() -> None:
    rng = random.Random(5)
    pack = [c.index for c in make_pack()]
    for trial in range(3000):
        hand = rng.sample(pack, rng.randint(1, 10))
        allow_nt = trial % 2 == 0
        singles = [evaluate(hand, s) for s in range(4)]
        if allow_nt:
            singles.append(evaluate(hand, NO_TRUMP))
        assert best_trump(hand, allow_nt) == max(singles, key=lambda e: (e.raw, e.trump))


def test_evaluation_reads_each_suit_of_the_hand() -> None:
    # A♠ K♠ Q♠ J♠ (spades 0, ranks 9-6) and two small hearts: spades are trump, four sure.
    hand = [9, 8, 7, 6, 16 + 3, 16 + 4]
    best = best_trump(hand)
    assert best.trump == 0
    assert best.sure == 4
    assert evaluate(hand, 1).sure == 1  # with hearts trump only the A♠ is sure
