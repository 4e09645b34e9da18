"""The bot interface every computer player follows, and the level registry.

A bot is handed a `PlayerView` (never the full state) and returns a `Decision`: one of the
view's legal actions and a one-line reason a person understands. Bots are deterministic:
the same view and the same seed give the same decision, whatever the hidden cards are.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, reason
from kaiser_desktop.rules import PlayerView, SeatAction


@dataclass(frozen=True, slots=True)
class Decision:
    action: SeatAction
    reason: str


class Bot(ABC):
    """Subclass this (or write any class with the same `decide`) to plug a player in.

    `python -m kaiser_lab.arena --a module:Class` loads such a class by name; it is
    constructed with one keyword argument, `seed`.
    """

    level = "custom"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def decide(self, view: PlayerView) -> Decision:
        """Choose one of `view.legal` for `view.seat`."""

    def rng_for(self, view: PlayerView) -> random.Random:
        """A random source fixed by the seed and the public history, so decisions repeat."""
        key = "|".join(
            [
                str(self.seed),
                view.seat.text,
                str(view.hand_number),
                ",".join(c.text for c in view.hand),
                ",".join(b.text for b in view.bids),
                ",".join(c.text for c in view.played_cards()),
                view.phase.value,
            ]
        )
        digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
        return random.Random(int.from_bytes(digest, "big"))


class RandomBot(Bot):
    """Plays any legal action at random: the floor every other level must beat."""

    level = "random"

    def decide(self, view: PlayerView) -> Decision:
        if not view.legal:
            raise ValueError("It is not this seat's turn.")
        why = reason(QT_TRANSLATE_NOOP("Reasons", "A random legal choice."))
        return Decision(self.rng_for(view).choice(view.legal), why)


BotFactory = Callable[[int], Bot]
_LEVELS: dict[str, BotFactory] = {"random": RandomBot}


def register_level(name: str, factory: BotFactory) -> None:
    _LEVELS[name] = factory


def level_names() -> list[str]:
    return list(_LEVELS)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of a named level ("basic", "standard", "expert", or "random")."""
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise ValueError(f"There is no computer level called {level!r}.") from None
    return factory(seed)
