"""A yardstick for card play (play audit and arena only, not offered in the app).

    python -m kaiser_lab.play_audit --level pimc-reference --deals 15 --seed 3

`PimcReferenceBot` is the Expert, but with PIMC from the first trick: 24 layouts, each
solved exactly, with no node limit. It shows what faster solves would buy the Expert in
tricks 1-3, where the Expert uses ISMCTS because an exact solve of a full hand costs about
half a second here; its own first-trick decisions take 10-25 seconds.
"""

from __future__ import annotations

from typing import ClassVar

from kaiser_desktop.ai.base import register_level
from kaiser_desktop.ai.expert import ExpertBot


class PimcReferenceBot(ExpertBot):
    level = "pimc-reference"
    pimc_from = 8
    pimc_samples: ClassVar[dict[int, int]] = {8: 24, 7: 24, 6: 24, 5: 24, 4: 30, 3: 40, 2: 30, 1: 1}
    node_budget = 0
    solve_limit = 0
    compiled_budget = None  # the budget above, whichever solver runs
    infer_from_play = False  # the yardstick stays as it was


register_level("pimc-reference", PimcReferenceBot)
