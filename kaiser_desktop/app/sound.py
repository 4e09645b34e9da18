"""The table's sounds: which sound goes with which moment, at what volume, through what.

`SoundPlayer(controller, settings)` listens to the controller (a deal, a card, a trick
gathered, a hand or the game won or lost) and to the settings (sounds on or off, volume
0–100), and hands each sound's name to a backend. The backend is the seam: the real one
(`audio_out.MiniaudioBackend`) plays through the computer's speakers on its own thread;
tests use `RecordingBackend`; `NullBackend` is silence. Whatever goes wrong with audio, the
game goes on silently — at most one line in the log, never a message in front of the player.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Final, Protocol

from PySide6.QtCore import QObject, QTimer

from kaiser_desktop.app.settings import SOUND_VOLUME_DEFAULT
from kaiser_desktop.rules import HandResult, Phase, Team

if TYPE_CHECKING:
    from kaiser_desktop.app.settings import Settings
    from kaiser_desktop.app.table_control import TableControl

log = logging.getLogger(__name__)

SOUND_NAMES: Final = (
    "deal", "card", "trick", "hand_won", "hand_lost", "game_won", "game_lost",
)  # fmt: skip
# Set to "off" to keep the speakers quiet whatever the settings say (the test suite does).
SOUND_ENV: Final = "KAISER_SOUND"
PLAYER_TEAM: Final = Team.NS  # the person sits South; an all-computer table is heard so too


class SoundBackend(Protocol):
    """Plays a named sound at a volume (0.0–1.0) without making the caller wait."""

    def play(self, name: str, volume: float) -> None: ...

    def close(self) -> None: ...


class NullBackend:
    """Silence: no audio device, no audio library, or sounds turned off for the process."""

    def play(self, name: str, volume: float) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingBackend:
    """Remembers what would have been played, for tests: `played` is (name, volume) pairs."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.closed = False

    def play(self, name: str, volume: float) -> None:
        self.played.append((name, volume))

    def close(self) -> None:
        self.closed = True

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.played]


# The speakers start this long after the event loop does, once the window has painted (see
# audio_out.BEGIN_WAIT_MAX_S). A sound asked for before then plays when they are ready.
SOUND_START_AFTER_MS: Final = 300


def default_backend(*, wait_for_begin: bool = False) -> SoundBackend:
    """The speakers if the audio library loads; silence otherwise (said once, in the log:
    here, or by the backend's own thread, which imports the library and opens the device)."""
    if os.environ.get(SOUND_ENV, "").lower() in ("off", "0", "null"):
        return NullBackend()
    try:
        from kaiser_desktop.app.audio_out import MiniaudioBackend

        return MiniaudioBackend(wait_for_begin=wait_for_begin)
    except Exception as error:  # a broken install: play on without sound
        log.warning("Sounds are off: the audio library could not be loaded (%s)", error)
        return NullBackend()


class SoundPlayer(QObject):
    """Turns the controller's signals into sounds, as the settings say."""

    def __init__(
        self,
        controller: TableControl,
        settings: Settings | None = None,
        *,
        backend: SoundBackend | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.settings = settings
        self.backend: SoundBackend = (
            backend if backend is not None else default_backend(wait_for_begin=True)
        )
        begin = getattr(self.backend, "begin", None)
        if callable(begin):  # after the first paint, not competing with it
            QTimer.singleShot(SOUND_START_AFTER_MS, self, begin)
        self._failed = False
        c = controller
        c.dealt.connect(lambda number, dealer: self.play("deal"))
        c.card_played.connect(lambda seat, card: self.play("card"))
        c.trick_won.connect(lambda seat, cards: self.play("trick"))
        c.hand_scored.connect(self._on_hand_scored)
        c.game_over.connect(self._on_game_over)
        self._heard = (self.enabled, self.volume)  # what the player last chose
        # Sounds on and volume are written one after the other: one tap for both.
        self._preview = QTimer(self)
        self._preview.setSingleShot(True)
        self._preview.setInterval(0)
        self._preview.timeout.connect(self._play_preview)
        if settings is not None:
            settings.changed.connect(self._on_setting_changed)
        backend = self.backend  # not self: the slot runs as this object is destroyed
        self.destroyed.connect(lambda: _close_quietly(backend))

    # --- what the settings say --------------------------------------------------------

    @property
    def enabled(self) -> bool:
        return self.settings.sound_on if self.settings is not None else True

    @property
    def volume(self) -> float:
        """0.0–1.0, from the 0–100 setting."""
        level = self.settings.sound_volume if self.settings is not None else SOUND_VOLUME_DEFAULT
        return max(0, min(100, level)) / 100.0

    def _on_setting_changed(self, key: str) -> None:
        # A short tap right after the player changes the volume (or turns sounds on), so
        # they hear at once how loud the table will be. (Settings may announce a key that
        # was written with its old value: only a real change is heard.)
        if key in ("sound/volume", "sound/on"):
            self._preview.start()

    def _play_preview(self) -> None:
        now = (self.enabled, self.volume)
        if now != self._heard:
            self._heard = now
            self.play("card")

    # --- what the table does ----------------------------------------------------------

    def _on_hand_scored(self, result: HandResult) -> None:
        if result.kind != "played":
            return  # a redeal or a thrown-in hand: the next deal's sound follows
        if self.controller.view().phase is Phase.GAME_OVER:
            return  # the game's own sound says it, without a chime on top
        ours, theirs = result.points[PLAYER_TEAM.value], result.points[PLAYER_TEAM.other.value]
        if ours != theirs:
            self.play("hand_won" if ours > theirs else "hand_lost")

    def _on_game_over(self, winner: Team, scores: object) -> None:
        self.play("game_won" if winner is PLAYER_TEAM else "game_lost")

    def play(self, name: str) -> None:
        """Play a sound now, unless sounds are off, the volume is 0, or a table is being
        rebuilt (a resumed or undone game replays its hand: that must stay quiet)."""
        if self._failed or not self.enabled or self.volume <= 0.0:
            return
        if self.controller.restoring:
            return
        try:
            self.backend.play(name, self.volume)
        except Exception as error:  # a backend that breaks mid-game: silence from here on
            self._failed = True
            log.warning("Sounds are off: the audio backend failed (%s)", error)

    def close(self) -> None:
        _close_quietly(self.backend)


def _close_quietly(backend: SoundBackend) -> None:
    try:
        backend.close()
    except Exception as error:  # nothing to tell the player at the end of a game
        log.warning("The audio backend did not close cleanly (%s)", error)
