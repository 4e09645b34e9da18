"""The Expert's play budget follows the solver that runs: PIMC from the first trick with the
compiled core, the lighter budget on the pure-Python fallback (its decisions must stay
quick); levels with a budget of their own keep it whichever solver runs."""

from __future__ import annotations

import pytest

from kaiser_desktop.ai import expert
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.ai.standard import StandardBot


def test_the_compiled_solver_gets_the_bigger_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "solver_kind", lambda: "compiled")
    budget = ExpertBot(seed=1).budget()
    assert budget == ExpertBot.compiled_budget
    assert budget.pimc_from == 8  # PIMC from the first trick
    assert budget.node_budget > ExpertBot.node_budget
    # Issue 39: every layout late in the hand, and ties parted on more layouts.
    assert budget.exact_layouts > 0 and budget.tie_samples > 0


def test_the_python_solver_keeps_the_light_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "solver_kind", lambda: "python")
    budget = ExpertBot(seed=1).budget()
    assert budget.pimc_from == ExpertBot.pimc_from == 6
    assert budget.node_budget == ExpertBot.node_budget == 25_000
    assert dict(budget.pimc_samples) == ExpertBot.pimc_samples
    assert budget.exact_layouts == budget.tie_samples == 0


@pytest.mark.parametrize("kind", ["compiled", "python"])
def test_standard_keeps_its_own_budget(monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    monkeypatch.setattr(expert, "solver_kind", lambda: kind)
    budget = StandardBot(seed=1).budget()
    assert budget.pimc_from == StandardBot.pimc_from == 5
    assert dict(budget.pimc_samples) == StandardBot.pimc_samples
