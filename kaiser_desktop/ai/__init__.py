"""Computer players: pure Python, no Qt. They see only a `PlayerView`."""

from kaiser_desktop.ai.base import Bot, Decision, RandomBot, level_names, make_bot

__all__ = ["Bot", "Decision", "RandomBot", "level_names", "make_bot"]
