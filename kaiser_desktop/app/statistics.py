"""The player's record over many games, from the side of the player's team (North–South).

Hands count as they are played (`record_hand`), keyed by hand number, so a hand replayed
after an undo replaces its first try instead of counting twice. `record_game` settles the
game from its final state; a game in which undo was used is practice and counted apart.
Stored as JSON beside the saved game, written atomically; a damaged file is set aside.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from kaiser_desktop.app.atomic import atomic_write_json
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.storage import set_aside
from kaiser_desktop.rules import GameState, HandResult, Team

FILE_NAME = "statistics.json"
FORMAT = "kaiser-desktop-statistics/1"
PLAYER_TEAM = Team.NS


@dataclass
class HandTally:
    """Hand-level totals for one bucket (counted play, or practice)."""

    hands: int = 0  # hands actually played (not redeals or throw-ins)
    points: int = 0  # North–South's points over those hands
    contracts_bid: int = 0  # hands North–South declared
    contracts_made: int = 0

    def add(self, other: HandTally) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class Totals:
    games_played: int = 0
    games_won: int = 0
    best_comeback: int = 0  # the largest deficit North–South overcame to win
    hands: HandTally = field(default_factory=HandTally)


class Statistics:
    """`Statistics(path)` loads at once; every change is saved at once."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.counted = Totals()
        self.practice = Totals()
        self._pending: dict[int, HandTally] = {}  # the game in progress, by hand number
        self.message: str | None = None  # set if a damaged file had to be set aside
        self._load()

    @classmethod
    def beside(cls, folder: Path) -> Statistics:
        """The statistics file in the same folder as the saved game."""
        return cls(Path(folder) / FILE_NAME)

    # --- what the dialog shows ------------------------------------------------------------

    def live_hands(self) -> HandTally:
        """Counted hand totals including the game in progress."""
        total = HandTally()
        total.add(self.counted.hands)
        for tally in self._pending.values():
            total.add(tally)
        return total

    @property
    def games_played(self) -> int:
        return self.counted.games_played

    @property
    def games_won(self) -> int:
        return self.counted.games_won

    @property
    def contracts_bid(self) -> int:
        return self.live_hands().contracts_bid

    @property
    def contracts_made(self) -> int:
        return self.live_hands().contracts_made

    @property
    def average_points(self) -> float | None:
        """North–South's average points per played hand; None before any hand."""
        hands = self.live_hands()
        return hands.points / hands.hands if hands.hands else None

    @property
    def best_comeback(self) -> int:
        return self.counted.best_comeback

    @property
    def practice_played(self) -> int:
        return self.practice.games_played

    @property
    def practice_won(self) -> int:
        return self.practice.games_won

    # --- recording ------------------------------------------------------------------------

    def record_hand(self, result: HandResult) -> None:
        """A hand of the game in progress has ended."""
        self._pending[result.number] = _tally(result)
        self._save()

    def record_game(self, final_state: GameState, used_undo: bool) -> None:
        """The game is over: count it (as practice if undo was used)."""
        bucket = self.practice if used_undo else self.counted
        results = final_state.results
        for result in results:
            bucket.hands.add(_tally(result))  # the final state is the truth, not _pending
        self._pending.clear()
        if final_state.winner is not None:
            bucket.games_played += 1
            if final_state.winner is PLAYER_TEAM:
                bucket.games_won += 1
                bucket.best_comeback = max(bucket.best_comeback, comeback(results))
        self._save()

    def abandon_game(self, used_undo: bool = False) -> None:
        """A game left unfinished (a new one was started): its hands still count."""
        bucket = self.practice if used_undo else self.counted
        for tally in self._pending.values():
            bucket.hands.add(tally)
        self._pending.clear()
        self._save()

    def reset(self) -> None:
        self.counted = Totals()
        self.practice = Totals()
        self._pending.clear()
        self._save()

    # --- file -----------------------------------------------------------------------------

    def _save(self) -> None:
        data = {
            "format": FORMAT,
            "counted": asdict(self.counted),
            "practice": asdict(self.practice),
            "pending": {str(n): asdict(t) for n, t in sorted(self._pending.items())},
        }
        # Statistics must never stop a game; on a disk error they stay in memory and are
        # written with the next change.
        with contextlib.suppress(OSError):
            atomic_write_json(self.path, data)

    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a statistics file")
            counted = _totals(data["counted"])
            practice = _totals(data["practice"])
            pending = {int(n): _hand_tally(t) for n, t in dict(data.get("pending", {})).items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            kept = set_aside(self.path)
            self.message = (
                translate(
                    "Statistics",
                    "Your game statistics were damaged, so they start again from zero "
                    "(the old file was kept as {file}).",
                ).format(file=kept.name)
                if kept
                else translate(
                    "Statistics",
                    "Your game statistics were damaged, so they start again from zero.",
                )
            )
            return
        self.counted, self.practice, self._pending = counted, practice, pending


def _tally(result: HandResult) -> HandTally:
    if result.kind != "played":
        return HandTally()
    declared = result.declarer is not None and result.declarer.team is PLAYER_TEAM
    return HandTally(
        hands=1,
        points=result.points[PLAYER_TEAM.value],
        contracts_bid=int(declared),
        contracts_made=int(declared and bool(result.made)),
    )


def comeback(results: Iterable[HandResult]) -> int:
    """How far North–South trailed at worst during the game (0 if never behind)."""
    worst = 0
    for result in results:
        ours, theirs = result.score[PLAYER_TEAM.value], result.score[PLAYER_TEAM.other.value]
        worst = max(worst, theirs - ours)
    return worst


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _hand_tally(data: Any) -> HandTally:
    return HandTally(**{f.name: _whole(data[f.name]) for f in fields(HandTally)})


def _totals(data: Any) -> Totals:
    return Totals(
        games_played=_whole(data["games_played"]),
        games_won=_whole(data["games_won"]),
        best_comeback=_whole(data["best_comeback"]),
        hands=_hand_tally(data["hands"]),
    )
