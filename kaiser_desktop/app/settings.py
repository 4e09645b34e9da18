"""The player's preferences, typed, over QSettings. A bad stored value reads as its default.

Rule changes are read by the caller when it starts a new game (`rules()`); the game in
progress keeps the rules it was started with (they are in its record).
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final, SupportsIndex, SupportsInt

from PySide6.QtCore import QByteArray, QObject, QSettings, Signal

from kaiser_desktop.rules import (
    BID_OUT_47,
    OPEN_TABLE,
    STANDARD,
    TOURNAMENT,
    RulesError,
    RuleSet,
    Seat,
)

ORGANIZATION = "Kaiser Desktop"
APPLICATION = "Kaiser Desktop"

PRESETS: Final[dict[str, RuleSet]] = {
    "standard": STANDARD,
    "tournament": TOURNAMENT,
    "bidout47": BID_OUT_47,
    "open_table": OPEN_TABLE,  # seed 004's table: round-the-table bidding, first jack deals
}
RULES_PRESETS: Final = ("standard", "tournament", "bidout47", "open_table", "custom")
LEVELS: Final = ("basic", "standard", "expert")
SPEEDS: Final = ("slow", "normal", "fast")
# One size for all text and cards; the factor scales fonts, cards, panels and dialogs.
TEXT_SIZES: Final[dict[str, float]] = {"normal": 1.0, "large": 1.25, "extra_large": 1.5}
# The card backs a player can choose; the card painter draws each (ui imports this list,
# app imports nothing from ui).
CARD_BACKS: Final[tuple[str, ...]] = ("blue", "red", "green")
# Named felt colours, so the choice reads as words, not a colour picker.
TABLE_COLOURS: Final[dict[str, str]] = {
    "green": "#1d5e33",
    "blue": "#1d4a6e",
    "burgundy": "#6b1f2a",
    "brown": "#5a3d22",
    "grey": "#3d4a4f",
}
DEFAULT_NAMES: Final[dict[Seat, str]] = {
    Seat.S: "You",
    Seat.N: "Pat",
    Seat.W: "Sam",
    Seat.E: "Alex",
}
MAX_NAME_LENGTH: Final = 20
# "" until the player chooses: the app then speaks the system's language.
LANGUAGES: Final = ("", "en", "fr")
SOUND_VOLUME_DEFAULT: Final = 70  # of 100: soft; the sounds themselves peak well below full
# Never a key in a group named "general" (any case): Qt's INI format keeps [General] for keys
# outside any group, writes "general/language" as [%General] and reads it back in the next
# process as "General/language", so the language chosen was forgotten at every restart.
LANGUAGE_KEY: Final = "display/language"
_OLD_LANGUAGE_KEYS: Final = ("General/language", "general/language")


class Settings(QObject):
    """`Settings()` uses the user's QSettings; `Settings(path)` an INI file (tests).

    `changed(key)` is emitted after a value is written, so the table can restyle at once."""

    changed = Signal(str)

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if path is None:
            self._qs = QSettings(ORGANIZATION, APPLICATION)
        else:
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)
        self._move_old_keys()
        # The relay this app was built with (packaging/default_relay.txt), used while the
        # person has chosen none; '' in a source checkout unless set.
        self.default_relay = default_relay()

    # --- plumbing -------------------------------------------------------------------------

    def _move_old_keys(self) -> None:
        """The language as older versions stored it, under its own key now."""
        for old in _OLD_LANGUAGE_KEYS:
            if self._qs.contains(old):
                value = self._qs.value(old)
                self._qs.remove(old)
                if not self._qs.contains(LANGUAGE_KEY) and value in LANGUAGES:
                    self._qs.setValue(LANGUAGE_KEY, value)
                self._qs.sync()

    def _choice(self, key: str, allowed: tuple[str, ...] | list[str], default: str) -> str:
        value = self._qs.value(key, default)
        return value if isinstance(value, str) and value in allowed else default

    def _set_choice(self, key: str, allowed: tuple[str, ...] | list[str], value: str) -> None:
        if value not in allowed:
            raise ValueError(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
        self._write(key, value)

    def _flag(self, key: str, default: bool) -> bool:
        # INI files hand every value back as a string; other backends may return a bool.
        value = self._qs.value(key, default)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        return default

    def _write(self, key: str, value: object) -> None:
        if self._qs.value(key) == value:
            return
        self._qs.setValue(key, value)
        self.changed.emit(key)

    def sync(self) -> None:
        """Flush to disk now (QSettings also does this on its own, later)."""
        self._qs.sync()

    # --- rules ----------------------------------------------------------------------------

    @property
    def rules_preset(self) -> str:
        return self._choice("rules/preset", RULES_PRESETS, "standard")

    @rules_preset.setter
    def rules_preset(self, value: str) -> None:
        self._set_choice("rules/preset", RULES_PRESETS, value)

    @property
    def custom_rules(self) -> RuleSet:
        text = self._qs.value("rules/custom", "{}")
        try:
            return RuleSet.from_json(json.loads(text if isinstance(text, str) else ""))
        except (ValueError, RulesError):  # JSONDecodeError is a ValueError
            return STANDARD

    @custom_rules.setter
    def custom_rules(self, rules: RuleSet) -> None:
        self._write("rules/custom", json.dumps(rules.to_json(), sort_keys=True))

    def rules(self) -> RuleSet:
        """The rule set for the next new game."""
        preset = self.rules_preset
        return self.custom_rules if preset == "custom" else PRESETS[preset]

    # --- players --------------------------------------------------------------------------

    @property
    def computer_level(self) -> str:
        return self._choice("players/level", LEVELS, "standard")

    @computer_level.setter
    def computer_level(self, value: str) -> None:
        self._set_choice("players/level", LEVELS, value)

    def name(self, seat: Seat) -> str:
        value = self._qs.value(f"players/name_{seat.text}", "")
        return clean_name(value) or DEFAULT_NAMES[seat]

    def set_name(self, seat: Seat, name: str) -> None:
        self._write(f"players/name_{seat.text}", clean_name(name) or DEFAULT_NAMES[seat])

    def names(self) -> dict[Seat, str]:
        return {seat: self.name(seat) for seat in DEFAULT_NAMES}

    @property
    def relay_address(self) -> str:
        """The relay for family play across houses (a ws:// or wss:// URL), '' for none:
        the one chosen in Settings, else the one this app was built with."""
        return self.relay_chosen or self.default_relay

    @relay_address.setter
    def relay_address(self, value: str) -> None:
        self._write("family/relay", clean_relay(value) or "")

    @property
    def relay_chosen(self) -> str:
        """The relay the person chose in Settings, '' if none (the default is then used)."""
        return clean_relay(self._qs.value("family/relay", "")) or ""

    @property
    def saved_seat(self) -> SavedSeat | None:
        """The family table this person sits at from here (kept while seated), or None."""
        text = self._qs.value("family/seat", "")
        try:
            return SavedSeat.from_json(json.loads(text)) if isinstance(text, str) and text else None
        except ValueError:
            return None

    @saved_seat.setter
    def saved_seat(self, seat: SavedSeat | None) -> None:
        self._write("family/seat", json.dumps(seat.to_json(), sort_keys=True) if seat else "")
        self.sync()  # a crash or a kill right after must not lose the seat

    @property
    def welcome_done(self) -> bool:
        """The first-start welcome has been shown (answered or closed); it is not shown again."""
        return self._flag("players/welcome_done", False)

    @welcome_done.setter
    def welcome_done(self, value: bool) -> None:
        self._write("players/welcome_done", bool(value))

    @property
    def language(self) -> str:
        """ "en" or "fr" as the player chose, or "" (the system's language)."""
        return self._choice(LANGUAGE_KEY, LANGUAGES, "")

    @language.setter
    def language(self, value: str) -> None:
        self._set_choice(LANGUAGE_KEY, LANGUAGES, value)

    # --- table ----------------------------------------------------------------------------

    @property
    def animation_speed(self) -> str:
        return self._choice("table/speed", SPEEDS, "normal")

    @animation_speed.setter
    def animation_speed(self, value: str) -> None:
        self._set_choice("table/speed", SPEEDS, value)

    @property
    def text_size(self) -> str:
        """ "normal", "large" or "extra_large"; until chosen, what suits the screen."""
        return self._choice("table/text_size", list(TEXT_SIZES), self.default_text_size)

    @text_size.setter
    def text_size(self, value: str) -> None:
        self._set_choice("table/text_size", list(TEXT_SIZES), value)

    @property
    def text_size_chosen(self) -> bool:
        return self._qs.contains("table/text_size")

    default_text_size = "normal"  # the window sets this from the screen before first use

    def text_scale(self) -> float:
        return TEXT_SIZES[self.text_size]

    @property
    def wait_after_trick(self) -> bool:
        """Leave each finished trick on the table until the player clicks or presses a key."""
        return self._flag("table/wait_after_trick", False)

    @wait_after_trick.setter
    def wait_after_trick(self, value: bool) -> None:
        self._write("table/wait_after_trick", bool(value))

    @property
    def window_geometry(self) -> bytes | None:
        """The main window's last size and place (Qt's saveGeometry), or None."""
        value = self._qs.value("window/geometry")
        if isinstance(value, QByteArray):
            return bytes(value.data())
        return bytes(value) if isinstance(value, (bytes, bytearray)) else None

    @window_geometry.setter
    def window_geometry(self, value: bytes) -> None:
        self._qs.setValue("window/geometry", QByteArray(value))  # quietly: nothing restyles

    @property
    def auto_play_single(self) -> bool:
        """Play the only legal card for the player without waiting for a click."""
        return self._flag("table/auto_play_single", True)

    @auto_play_single.setter
    def auto_play_single(self, value: bool) -> None:
        self._write("table/auto_play_single", bool(value))

    @property
    def jumbo_cards(self) -> bool:
        return self._flag("table/jumbo_cards", False)

    @jumbo_cards.setter
    def jumbo_cards(self, value: bool) -> None:
        self._write("table/jumbo_cards", bool(value))

    @property
    def four_colour_deck(self) -> bool:
        return self._flag("table/four_colour_deck", False)

    @four_colour_deck.setter
    def four_colour_deck(self, value: bool) -> None:
        self._write("table/four_colour_deck", bool(value))

    @property
    def table_colour(self) -> str:
        return self._choice("table/colour", list(TABLE_COLOURS), "green")

    @table_colour.setter
    def table_colour(self, value: str) -> None:
        self._set_choice("table/colour", list(TABLE_COLOURS), value)

    def table_colour_hex(self) -> str:
        return TABLE_COLOURS[self.table_colour]

    @property
    def high_contrast(self) -> bool:
        """The high-contrast table: every text on the table and its panels at WCAG AA."""
        return self._flag("table/high_contrast", False)

    @high_contrast.setter
    def high_contrast(self, value: bool) -> None:
        self._write("table/high_contrast", bool(value))

    @property
    def card_back(self) -> str:
        return self._choice("table/card_back", CARD_BACKS, "blue")

    @card_back.setter
    def card_back(self, value: str) -> None:
        self._set_choice("table/card_back", CARD_BACKS, value)

    # --- sound ----------------------------------------------------------------------------

    @property
    def sound_on(self) -> bool:
        return self._flag("sound/on", True)

    @sound_on.setter
    def sound_on(self, value: bool) -> None:
        self._write("sound/on", bool(value))

    @property
    def sound_volume(self) -> int:
        """0 (silent) to 100 (the loudest the sounds were made)."""
        value = self._qs.value("sound/volume", SOUND_VOLUME_DEFAULT)
        if not isinstance(value, (str, bytes, SupportsInt, SupportsIndex)):
            return SOUND_VOLUME_DEFAULT
        try:
            return max(0, min(100, int(value)))  # INI files hand back a string
        except (TypeError, ValueError):
            return SOUND_VOLUME_DEFAULT

    @sound_volume.setter
    def sound_volume(self, value: int) -> None:
        self._write("sound/volume", max(0, min(100, int(value))))


_RELAY = re.compile(r"wss?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")
DEFAULT_RELAY_ENV: Final = "KAISER_DEFAULT_RELAY"  # a source checkout's default relay
DEFAULT_RELAY_FILE: Final = "default_relay.txt"  # packaging/'s, bundled beside the app


def clean_relay(value: object) -> str | None:
    """A relay's address as a WebSocket URL, '' for none, None if `value` is not one.
    Only "ws://…" and "wss://…" are relay addresses: a scheme is never guessed (a guessed
    wss:// in front of a plain relay's "127.0.0.1:8765" fails later, and vaguely)."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text:
        return ""
    shape = _RELAY.fullmatch(text)
    if shape is None or len(text) > 200 or int((shape.group(1) or ":0")[1:]) > 65535:
        return None
    return text


def default_relay_file() -> Path:
    """Where the build's default relay is written: packaging/default_relay.txt in a source
    checkout, bundled at the top of the frozen app (packaging/kaiser_desktop.spec)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / DEFAULT_RELAY_FILE
    return Path(__file__).resolve().parents[2] / "packaging" / DEFAULT_RELAY_FILE


def default_relay(environ: dict[str, str] | None = None, file: Path | None = None) -> str:
    """The relay used while Settings has none: `KAISER_DEFAULT_RELAY` if set, else the first
    line of the default relay file that is not blank or a # comment; '' for none (or for
    an address that is not a relay's: it is not guessed at)."""
    env = os.environ if environ is None else environ
    text = env.get(DEFAULT_RELAY_ENV, "").strip()
    if not text:
        try:
            lines = (file or default_relay_file()).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            lines = []
        text = next(
            (ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), ""
        )
    return clean_relay(text) or ""


_TEXT_MAX = 200
_HEX = re.compile(r"[0-9a-f]{0,128}")


@dataclass(frozen=True)
class SavedSeat:
    """What a joining app keeps while its person is seated at a family table, to offer going
    back after a restart: who hosts, how the table is reached (its code through the relay or
    the home network, or a home-network address), the rejoin token, the seat, and the
    host's identity key once the sealed links pin one (hex, '' until then)."""

    host: str
    name: str  # the person's own name at that table
    token: str
    seat: str  # the host's name for the seat ("N", "E", "W")
    code: str = ""
    relay: str = ""
    address: str = ""  # "host:port" of a table picked on the home network
    host_key: str = ""

    def to_json(self) -> dict[str, str]:
        return {
            "host": self.host, "name": self.name, "token": self.token, "seat": self.seat,
            "code": self.code, "relay": self.relay, "address": self.address,
            "host_key": self.host_key,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: object) -> SavedSeat:
        """ValueError unless `data` is a saved seat (the settings file may have been edited)."""
        if not isinstance(data, dict):
            raise ValueError("not a saved seat")
        values = {key: data.get(key, "") for key in cls.__dataclass_fields__}
        if not all(isinstance(v, str) and len(v) <= _TEXT_MAX for v in values.values()):
            raise ValueError("a saved seat holds short texts only")
        seat = cls(**values)
        if not seat.token or seat.seat not in ("N", "E", "W", "S"):
            raise ValueError("a saved seat needs its token and seat")
        if not (seat.code or seat.address) or clean_relay(seat.relay) is None:
            raise ValueError("a saved seat needs a way to its table")
        if not _HEX.fullmatch(seat.host_key):
            raise ValueError("a host key is hex")
        return seat


def clean_name(value: object) -> str:
    """A name fit for a seat label: one line, trimmed, not too long; '' if unusable."""
    if not isinstance(value, str):
        return ""
    return " ".join(value.split())[:MAX_NAME_LENGTH].strip()
