"""The words of each choice in Settings and the welcome: presets, levels, speeds, text
sizes, seats and colours, said in the language of the moment (functions, not tables, so a
change of language is heard the next time they are asked for)."""

from __future__ import annotations

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.rules import Seat


def preset_text() -> dict[str, tuple[str, str]]:
    return {
        "standard": (
            translate("SettingsDialog", "Standard"),
            translate("SettingsDialog", "The usual game: bids start at 6, first team to 52 wins."),
        ),
        "tournament": (
            translate("SettingsDialog", "Tournament"),
            translate("SettingsDialog", "Like standard, but the lowest bid is 7."),
        ),
        "bidout47": (
            translate("SettingsDialog", "Bid-out at 47"),
            translate(
                "SettingsDialog",
                "Won only by bidding: defenders stop scoring at 47 and cannot score their way "
                "to 52. A team at −52 or below loses.",
            ),
        ),
        "open_table": (
            translate("SettingsDialog", "Round-the-table bidding"),
            translate(
                "SettingsDialog",
                "Bids start at 6 and go round and round until three pass in a row; "
                "the first to get a jack deals first.",
            ),
        ),
        "custom": (
            translate("SettingsDialog", "Custom"),
            translate("SettingsDialog", "Choose each rule yourself below."),
        ),
    }


def level_text() -> dict[str, tuple[str, str]]:
    return {
        "basic": (
            translate("SettingsDialog", "Basic"),
            translate("SettingsDialog", "Plays simply. Good for learning the game."),
        ),
        "standard": (
            translate("SettingsDialog", "Standard", "computer level"),
            translate("SettingsDialog", "Plays like a careful club player."),
        ),
        "expert": (
            translate("SettingsDialog", "Expert"),
            translate("SettingsDialog", "Counts cards and plans ahead. A real challenge."),
        ),
    }


def speed_text() -> dict[str, str]:
    return {
        "slow": translate("SettingsDialog", "Slow"),
        "normal": translate("SettingsDialog", "Normal", "speed"),
        "fast": translate("SettingsDialog", "Fast"),
    }


def text_size_text() -> dict[str, str]:
    return {
        "normal": translate("SettingsDialog", "Normal", "text size"),
        "large": translate("SettingsDialog", "Large"),
        "extra_large": translate("SettingsDialog", "Extra large"),
    }


def seat_text() -> dict[Seat, str]:
    return {
        Seat.S: translate("SettingsDialog", "You (South)"),
        Seat.N: translate("SettingsDialog", "Your partner (North)"),
        Seat.W: translate("SettingsDialog", "Opponent on your left (West)"),
        Seat.E: translate("SettingsDialog", "Opponent on your right (East)"),
    }


def colour_text() -> dict[str, str]:
    return {
        "green": translate("SettingsDialog", "Green"),
        "blue": translate("SettingsDialog", "Blue"),
        "burgundy": translate("SettingsDialog", "Burgundy"),
        "brown": translate("SettingsDialog", "Brown"),
        "grey": translate("SettingsDialog", "Grey"),
        "red": translate("SettingsDialog", "Red"),
    }
