"""The play prompt says why the player may play what they may."""

from __future__ import annotations

from types import SimpleNamespace

from kaiser_desktop.rules import Play
from kaiser_desktop.rules.cards import Card
from kaiser_desktop.ui.panel_words import play_prompt


def prompt(hand: list[str], led: str | None, legal: list[str]) -> str:
    view = SimpleNamespace(
        hand=[Card.from_text(c) for c in hand],
        current=SimpleNamespace(cards=[Card.from_text(led)] if led else []),
        legal=[Play(Card.from_text(c)) for c in legal],
    )
    return play_prompt(view)  # type: ignore[arg-type]


def test_a_hand_holding_only_the_led_suit_must_follow_it() -> None:
    # Every card may be played, yet the player is following, not free to play anything.
    assert prompt(["TH", "9H"], "AH", ["TH", "9H"]) == "Your turn: you must follow hearts."


def test_some_of_the_led_suit_must_follow() -> None:
    assert prompt(["TH", "9S"], "AH", ["TH"]) == "Your turn: you must follow hearts."


def test_none_of_the_led_suit_plays_any_card() -> None:
    assert prompt(["TS", "9S"], "AH", ["TS", "9S"]) == (
        "Your turn: you have no hearts, so play any card."
    )


def test_the_lead_is_free() -> None:
    assert prompt(["TS"], None, ["TS"]) == "Your lead: play any card you like."
