"""Typed settings over an INI file: defaults, round trips, bad values fall back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaiser_desktop.app.settings import (
    DEFAULT_NAMES,
    MAX_NAME_LENGTH,
    TABLE_COLOURS,
    Settings,
    clean_name,
)
from kaiser_desktop.rules import BID_OUT_47, STANDARD, TOURNAMENT, RuleSet, Seat


@pytest.fixture
def ini(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


def test_defaults(ini: Path) -> None:
    s = Settings(ini)
    assert s.rules_preset == "standard"
    assert s.rules() == STANDARD
    assert s.computer_level == "standard"
    assert s.names() == {Seat.S: "You", Seat.N: "Pat", Seat.W: "Sam", Seat.E: "Alex"}
    assert s.animation_speed == "normal"
    assert s.auto_play_single is True
    assert s.jumbo_cards is False
    assert s.four_colour_deck is False
    assert s.table_colour == "green"
    assert s.table_colour_hex() == TABLE_COLOURS["green"]
    assert s.card_back == "blue"


def test_round_trip_through_the_file(ini: Path) -> None:
    s = Settings(ini)
    s.rules_preset = "custom"
    custom = RuleSet(min_bid=5, kaiser_bid=True, all_pass="throw_in", target=62, kitty=True)
    s.custom_rules = custom
    s.computer_level = "expert"
    s.set_name(Seat.N, "Grandma")
    s.set_name(Seat.E, "Uncle Bob")
    s.animation_speed = "slow"
    s.auto_play_single = False
    s.jumbo_cards = True
    s.four_colour_deck = True
    s.table_colour = "burgundy"
    s.card_back = "red"
    s.sync()
    del s
    t = Settings(ini)
    assert t.rules_preset == "custom"
    assert t.rules() == custom
    assert t.computer_level == "expert"
    assert t.name(Seat.N) == "Grandma" and t.name(Seat.E) == "Uncle Bob"
    assert t.name(Seat.S) == "You"
    assert t.animation_speed == "slow"
    assert t.auto_play_single is False
    assert t.jumbo_cards is True
    assert t.four_colour_deck is True
    assert t.table_colour == "burgundy"
    assert t.card_back == "red"


@pytest.mark.parametrize(
    ("preset", "rules"),
    [("standard", STANDARD), ("tournament", TOURNAMENT), ("bidout47", BID_OUT_47)],
)
def test_presets(ini: Path, preset: str, rules: RuleSet) -> None:
    s = Settings(ini)
    s.custom_rules = RuleSet(kitty=True)  # a stored custom set does not leak into presets
    s.rules_preset = preset
    assert s.rules() == rules


def test_preset_values() -> None:
    assert TOURNAMENT.min_bid == 7
    assert BID_OUT_47.defender_limit == 47 and BID_OUT_47.lose_at_minus_52


def test_bad_stored_values_fall_back(ini: Path) -> None:
    ini.write_text(
        '[rules]\npreset=chess\ncustom={"min_bid": 99}\n'
        "[players]\nlevel=godlike\nname_N=\nname_E=   \n"
        "[table]\nspeed=warp\nauto_play_single=maybe\njumbo_cards=17\n"
        "four_colour_deck=\ncolour=plaid\ncard_back=tartan\n",
        encoding="utf-8",
    )
    s = Settings(ini)
    assert s.rules_preset == "standard"
    assert s.custom_rules == STANDARD
    assert s.computer_level == "standard"
    assert s.name(Seat.N) == DEFAULT_NAMES[Seat.N]
    assert s.name(Seat.E) == DEFAULT_NAMES[Seat.E]
    assert s.animation_speed == "normal"
    assert s.auto_play_single is True
    assert s.jumbo_cards is False
    assert s.four_colour_deck is False
    assert s.table_colour == "green"
    assert s.card_back == "blue"


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"unknown_rule": 1}', '"x"'])
def test_bad_custom_rules_fall_back(ini: Path, text: str) -> None:
    ini.write_text(f"[rules]\npreset=custom\ncustom={json.dumps(text)}\n", encoding="utf-8")
    s = Settings(ini)
    assert s.rules() == STANDARD


def test_setters_refuse_unknown_values(ini: Path) -> None:
    s = Settings(ini)
    with pytest.raises(ValueError):
        s.computer_level = "godlike"
    with pytest.raises(ValueError):
        s.table_colour = "plaid"
    assert s.computer_level == "standard"


def test_names_are_tidied(ini: Path) -> None:
    s = Settings(ini)
    s.set_name(Seat.W, "  Aunt   May \n")
    assert s.name(Seat.W) == "Aunt May"
    s.set_name(Seat.W, "x" * 50)
    assert len(s.name(Seat.W)) == MAX_NAME_LENGTH
    s.set_name(Seat.W, "   ")
    assert s.name(Seat.W) == DEFAULT_NAMES[Seat.W]
    assert clean_name(None) == ""


def test_changed_signal(ini: Path) -> None:
    s = Settings(ini)
    seen: list[str] = []
    s.changed.connect(seen.append)
    s.jumbo_cards = True
    s.jumbo_cards = True  # no change, no signal
    s.table_colour = "blue"
    assert seen == ["table/jumbo_cards", "table/colour"]


# --- the default relay (packaging/default_relay.txt) ------------------------------------------


def test_no_default_relay_in_a_source_checkout_unless_set() -> None:
    """The committed packaging/default_relay.txt holds comments only: no relay is assumed."""
    from kaiser_desktop.app.settings import default_relay, default_relay_file

    assert default_relay_file().is_file()
    assert default_relay({}) == ""  # the file as committed, and no environment variable


def test_the_default_relay_from_the_build_file_is_used_while_settings_have_none(
    tmp_path: Path,
) -> None:
    from kaiser_desktop.app.settings import default_relay

    built = tmp_path / "default_relay.txt"
    built.write_text("# the family's relay\n\n  wss://relay.kaiser.example  \n", encoding="utf-8")
    assert default_relay({}, built) == "wss://relay.kaiser.example"
    settings = Settings(tmp_path / "s.ini")
    settings.default_relay = default_relay({}, built)
    assert settings.relay_address == "wss://relay.kaiser.example"
    assert settings.relay_chosen == ""
    settings.relay_address = "ws://192.168.1.20:8765"  # overridden in Settings
    assert settings.relay_address == "ws://192.168.1.20:8765"
    settings.relay_address = ""
    assert settings.relay_address == "wss://relay.kaiser.example"


def test_the_environment_sets_a_checkouts_default_relay_and_a_bad_one_is_not_guessed(
    tmp_path: Path,
) -> None:
    from kaiser_desktop.app.settings import default_relay

    empty = tmp_path / "none.txt"
    assert default_relay({"KAISER_DEFAULT_RELAY": "ws://127.0.0.1:8765"}, empty) == (
        "ws://127.0.0.1:8765"
    )
    assert default_relay({"KAISER_DEFAULT_RELAY": "127.0.0.1:8765"}, empty) == ""
    (tmp_path / "bad.txt").write_text("relay.example.org\n", encoding="utf-8")
    assert default_relay({}, tmp_path / "bad.txt") == ""
    assert default_relay({}, tmp_path / "missing.txt") == ""
