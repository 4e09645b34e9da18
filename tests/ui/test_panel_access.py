"""The action panel for a person who listens or who uses the keyboard (issue 27, points 7
and 8): the hint is announced, focus moves once after a choice, the bid buttons never move
under the pointer, the hint's frame goes when the moment changes, and French sentences say
French card letters (V♥, D♠, R♦), never English ones (J♥, Q♠, K♦)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import cast

import pytest
from PySide6.QtWidgets import QApplication

from kaiser_desktop.app.person_intents import only_card_words
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Card, Play, PlayerView, Seat
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.panel_choices import PanelChoices
from kaiser_desktop.ui.panel_words import passing_prompt

FRENCH_SEATING = Seating(
    labels={Seat.S: "Vous", Seat.N: "Pat (partenaire)", Seat.W: "Ouest", Seat.E: "Est"},
    short={Seat.S: "Vous", Seat.N: "Pat", Seat.W: "Ouest", Seat.E: "Est"},
)


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    assert install_language("fr") is None  # both catalogues: the window's and the words'
    yield
    install_language("en")


def cards(*texts: str) -> list[Card]:
    return [Card.from_text(text) for text in texts]


def test_the_passed_card_is_said_in_french_letters(french: None) -> None:
    view = cast(PlayerView, SimpleNamespace(seat=Seat.S, passed=Card.from_text("JH")))
    assert passing_prompt(view, FRENCH_SEATING) == "Vous passez le V♥ à Pat."


def test_the_kitty_and_the_chosen_cards_are_said_in_french_letters(french: None) -> None:
    view = cast(PlayerView, SimpleNamespace(kitty=cards("QS", "KD", "AC")))
    prompt, _grid = PanelChoices().discard(view, cards("JH", "TD"))
    assert "(D♠ R♦ A♣)" in prompt, prompt
    assert "Choisies\u00a0: V♥, 10♦." in prompt, prompt
    assert not any(letter in prompt for letter in ("Q♠", "K♦", "J♥")), prompt


def test_the_only_card_played_for_the_person_is_said_in_french_letters(french: None) -> None:
    said = only_card_words(Play(Card.from_text("QS")))
    assert said.startswith("Le D♠ est votre seule carte jouable"), said
    assert only_card_words(Play(Card.from_text("KD"))).startswith("Le R♦ ")


def test_english_letters_stay_english(qapp: QApplication) -> None:
    view = cast(PlayerView, SimpleNamespace(kitty=cards("QS", "KD", "AC")))
    prompt, _grid = PanelChoices().discard(view, cards("JH"))
    assert "(Q♠ K♦ A♣)" in prompt and "Chosen: J♥." in prompt, prompt
    assert only_card_words(Play(Card.from_text("JH"))).startswith("The J♥ is your only card")
