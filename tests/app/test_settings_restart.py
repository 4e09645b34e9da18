"""Every setting survives a restart: written by one process, read back by another.

Within one process Qt keeps the settings file in memory, so a round trip there proves
nothing about the file: the language was written as `[%General] language=fr` (Qt's INI
format keeps the "General" group for itself) and read back as '' by the next start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kaiser_desktop.app.settings import LANGUAGE_KEY, Settings
from kaiser_desktop.rules import RuleSet, Seat

ROOT = Path(__file__).resolve().parents[2]

# One process writes these (or reads them back and prints them); the file is "" for the
# user's own settings (Settings(), found through HOME and XDG_CONFIG_HOME).
CHILD = """
import json, sys
from pathlib import Path
from kaiser_desktop.app.settings import SavedSeat, Settings
from kaiser_desktop.rules import RuleSet, Seat

mode, file = sys.argv[1], sys.argv[2]
s = Settings(Path(file)) if file else Settings()
settable = [n for n, v in vars(Settings).items() if isinstance(v, property) and v.fset]

def encode(value):
    if isinstance(value, SavedSeat):
        return {"saved_seat": value.to_json()}
    if isinstance(value, RuleSet):
        return {"rules": value.to_json()}
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    return value

def decode(value):
    if isinstance(value, dict) and "saved_seat" in value:
        return SavedSeat.from_json(value["saved_seat"])
    if isinstance(value, dict) and "rules" in value:
        return RuleSet.from_json(value["rules"])
    if isinstance(value, dict) and "bytes" in value:
        return bytes.fromhex(value["bytes"])
    return value

if mode == "write":
    values = json.loads(sys.argv[3])
    for seat, name in values.pop("names").items():
        s.set_name(Seat[seat], name)
    for key, value in values.items():
        setattr(s, key, decode(value))
    s.sync()
else:
    out = {n: encode(getattr(s, n)) for n in settable}
    out["names"] = {seat.name: name for seat, name in s.names().items()}
    print(json.dumps(out))
"""

CUSTOM = RuleSet(min_bid=5, kaiser_bid=True, all_pass="throw_in", target=62, kitty=True)
# A value other than the default for every setting.
CHOSEN: dict[str, Any] = {
    "rules_preset": "custom",
    "custom_rules": {"rules": CUSTOM.to_json()},
    "computer_level": "expert",
    "relay_address": "wss://relay.example.org:8765",
    "welcome_done": True,
    "language": "fr",
    "animation_speed": "slow",
    "text_size": "extra_large",
    "wait_after_trick": True,
    "window_geometry": {"bytes": "01d9d0cb000300000000004e"},
    "auto_play_single": False,
    "jumbo_cards": True,
    "four_colour_deck": True,
    "table_colour": "burgundy",
    "high_contrast": True,
    "card_back": "red",
    "sound_on": False,
    "sound_volume": 35,
    "names": {"S": "Marie", "N": "Grandma", "E": "Uncle Bob", "W": "Zoé"},
    "saved_seat": {
        "saved_seat": {
            "host": "Gran",
            "name": "Tom",
            "token": "t" * 24,
            "seat": "N",
            "code": "maple-river-lantern-otter-427",
            "relay": "wss://relay.example.org",
            "address": "",
            "host_key": "ab" * 32,
        }
    },
}


def child(home: Path, *args: str) -> str:
    env = dict(
        os.environ,
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(ROOT),
    )
    env.pop("KAISER_DESKTOP_DATA_DIR", None)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args], env=env, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_setting_has_a_chosen_value_other_than_its_default(tmp_path: Path) -> None:
    settable = {n for n, v in vars(Settings).items() if isinstance(v, property) and v.fset}
    assert settable | {"names"} == set(CHOSEN), "a new setting needs a value in CHOSEN"
    defaults = Settings(tmp_path / "fresh.ini")
    assert defaults.custom_rules != CUSTOM
    assert defaults.window_geometry is None
    for key, value in CHOSEN.items():
        if key == "names":
            assert all(defaults.name(Seat[s]) != name for s, name in value.items())
        elif not isinstance(value, dict):
            assert getattr(defaults, key) != value, key


@pytest.mark.parametrize("where", ["own", "file"])
def test_every_setting_survives_a_restart(tmp_path: Path, where: str) -> None:
    """The user's own settings (Settings()) and a settings file (Settings(path), as with
    KAISER_DESKTOP_DATA_DIR) alike."""
    file = "" if where == "own" else str(tmp_path / "data" / "settings.ini")
    child(tmp_path, "write", file, json.dumps(CHOSEN))
    read = json.loads(child(tmp_path, "read", file))
    assert read == CHOSEN


def test_a_language_stored_by_an_older_version_is_still_read(tmp_path: Path) -> None:
    ini = tmp_path / "settings.ini"
    ini.write_text("[%General]\nlanguage=fr\n\n[table]\ncard_back=red\n", encoding="utf-8")
    read = json.loads(child(tmp_path, "read", str(ini)))
    assert read["language"] == "fr" and read["card_back"] == "red"
    # Moved to its own key on the way: the next start reads it without the old form.
    text = ini.read_text(encoding="utf-8")
    assert "%General" not in text and LANGUAGE_KEY.split("/")[0] in text
    assert json.loads(child(tmp_path, "read", str(ini)))["language"] == "fr"
