"""Words a grandparent stumbled on (issue 38), in English and French: jargon in the reasons,
"ten" beside "10", "Hint: play" beside "Hint: Play", "1 of your 1 game", "click" said to a
keyboard player."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import cast

import pytest
from PySide6.QtWidgets import QApplication

from kaiser_desktop.ai.common import name
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Card, NameTrump, Play, PlayerView, Seat
from kaiser_desktop.ui.game_over_wording import games_won_text
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.panel_words import passing_prompt, play_prompt
from kaiser_desktop.ui.said_words import translate
from kaiser_desktop.ui.wording import hint_text

REASONS = [
    "Win the trick with {card}, your lowest card that is sure to win it.",
    "Play {card}, your lowest winning card: no opponent after you can follow with a higher one.",
    "You cannot win this trick: play {card}, the card you need least.",
    "Play the 3♠ on the opponents' trick: if they take it, it costs them 3 points.",
    "{move}; given the cards the others probably hold, this play does better than playing {card}.",
    "Give up the 5♥ now: kept, it would likely cost your side more later",
]
STUMBLED = ("cheapest", "Dump", "layouts", "Raw", "répartitions",
            "Placez", "Laissez aller")  # fmt: skip


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    assert install_language(request.param) is None
    yield request.param
    install_language("en")


def test_the_reasons_say_plain_words(language: str) -> None:
    for template in REASONS:
        said = translate("Reasons", template)
        if language == "fr":
            assert said != template, template  # translated
        assert not any(word in said for word in STUMBLED), said


def test_a_ten_is_said_the_same_way_everywhere() -> None:
    """The reasons said "the ten of clubs" beside the table's "the 10 of spades"."""
    assert name(Card.from_text("TC").index) == "the 10 of clubs"
    assert name(Card.from_text("KC").index) == "the king of clubs"


def test_every_hint_starts_its_advice_with_a_capital(language: str) -> None:
    seating = Seating()
    play = Play(Card.from_text("KH"))
    for text in (
        hint_text(play, "", seating),
        hint_text(NameTrump(None), "", seating),
        hint_text(play, "", seating, legal=[play]),
        hint_text(play, "The opponents are winning this trick.", seating),
    ):
        advice = text.split(":", 1)[1].strip()
        assert advice[:1].isupper(), text


def test_one_game_played_is_not_one_of_your_one_game(language: str) -> None:
    for won in (0, 1):
        said = games_won_text(won, 1)
        assert said and "1" not in said, said
    assert "3" in games_won_text(3, 5) and "5" in games_won_text(3, 5)


def test_the_prompts_fit_the_mouse_and_the_keys(language: str) -> None:
    lead = cast(PlayerView, SimpleNamespace(legal=[Play(Card.from_text("KH"))], current=None))
    passing = cast(PlayerView, SimpleNamespace(seat=Seat.S, passed=None))
    for said in (play_prompt(lead), passing_prompt(passing, Seating())):
        assert "click" not in said.lower() and "cliquez" not in said.lower(), said
