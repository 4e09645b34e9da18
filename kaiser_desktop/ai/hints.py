"""Hints for the human player: the move a computer level would make, and why."""

from __future__ import annotations

from kaiser_desktop.ai.base import Decision, make_bot
from kaiser_desktop.rules import PlayerView


def hint(view: PlayerView, level: str = "expert") -> Decision:
    """The suggested action for `view.seat` and a one-line reason a person understands.

    Uses only what the view shows, so a hint never reveals hidden cards.
    """
    import kaiser_desktop.ai  # noqa: F401  (makes sure every level is registered)

    return make_bot(level, seed=0).decide(view)
