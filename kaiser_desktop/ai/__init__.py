"""Computer players: pure Python, no Qt. They see only a `PlayerView`.

Importing this package registers the levels "random", "basic", "standard" and "expert".
`solver_kind()` says which double-dummy solver runs: "compiled" (the C core) or "python".

    from kaiser_desktop.ai import make_bot, hint
    bot = make_bot("expert", seed=7)
    decision = bot.decide(observe(state, seat))   # Decision(action, reason)
"""

from kaiser_desktop.ai import basic as _basic  # noqa: F401  (registers "basic")
from kaiser_desktop.ai import expert as _expert  # noqa: F401  (registers "expert")
from kaiser_desktop.ai import standard as _standard  # noqa: F401  (registers "standard")
from kaiser_desktop.ai.base import Bot, Decision, RandomBot, level_names, make_bot
from kaiser_desktop.ai.hints import hint
from kaiser_desktop.ai.solver import solver_kind

__all__ = ["Bot", "Decision", "RandomBot", "hint", "level_names", "make_bot", "solver_kind"]
