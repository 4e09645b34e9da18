"""Sentences about the person and cards inside sentences, in English and French (issue 27,
point 8): "You name trump" (never "You names trump"), « Vous avez remporté » and « Vous avez
misé » (never « Vous a remporté », « par Vous »), and French letters for the cards (« V♥ »,
never the English J♥) in French sentences."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from kaiser_desktop.ai.review import CardReview, HandReview
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Card, HandResult, Seat, Suit, Team
from kaiser_desktop.ui import access_words
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.review_wording import card_label, card_line, contract_line, trick_won_text
from kaiser_desktop.ui.said_words import card_letters
from kaiser_desktop.ui.score_sheet import ScoreSheetModel

NB = "\u00a0"


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    assert install_language(request.param) is None
    yield request.param
    install_language("en")


def _review(declarer: Seat, cards: tuple[CardReview, ...] = ()) -> HandReview:
    return HandReview(
        number=1, viewer=Seat.S, dealer=Seat.E, hands=((), (), (), ()), trump=1,
        declarer=declarer, contract_level=7, no_trump=False, out=None, cards=cards,
        start_value=7, final=7, bidding=None,
    )  # fmt: skip


def test_you_name_trump_others_name_it(lang: str) -> None:
    seating = Seating.from_names({})
    you, west = seating.name(Seat.S), seating.name(Seat.W)
    said = access_words.trump_named_text(you, "♥")
    other = access_words.trump_named_text(west, "♥")
    if lang == "en":
        assert said == "You name trump: ♥."
        assert other == "West names trump: ♥."
    else:
        assert said == f"Vous choisissez l'atout{NB}: ♥."
        assert other == f"Ouest choisit l'atout{NB}: ♥."
    # Watching, South is still "You" in sentences: never "You plays", « Vous joue ».
    nine = Card.from_text("9S")
    assert access_words.played_text(you, nine, is_me=False) == access_words.played_text(
        you, nine, is_me=True
    )
    assert access_words.trick_won_text(you, is_me=False) == access_words.trick_won_text(
        you, is_me=True
    )


def test_you_won_the_trick_in_the_review(lang: str) -> None:
    seating = Seating.from_names({})
    said, other = trick_won_text(Seat.S, seating), trick_won_text(Seat.W, seating)
    if lang == "en":
        assert (said, other) == ("You won the trick.", "West won the trick.")
    else:
        assert (said, other) == ("Vous avez remporté la levée.", "Ouest a remporté la levée.")


def test_you_bid_in_the_review_and_on_the_score_sheet(lang: str) -> None:
    seating = Seating.from_names({})
    line = contract_line(_review(Seat.S), seating)
    model = ScoreSheetModel()
    model.set_names(
        seats={seat: seating.name(seat) for seat in Seat},
        teams={Team.NS: seating.team_name(True), Team.EW: seating.team_name(False)},
    )
    result = HandResult(
        number=1, dealer=Seat.E, kind="played", redeal_by=None, declarer=Seat.S,
        contract=Bid(7), trump=Suit.H, raw=(8, 2), points=(8, 2), score=(8, 2), made=True,
        tricks_won=(6, 2), five_taken_by=Team.NS, three_taken_by=None,
    )  # fmt: skip
    explained = model._explain(result)
    assert explained is not None
    if lang == "en":
        assert line == "You bid 7; trump: hearts."
        assert explained.startswith("You bid 7 ♥.")
        assert "5♥ (+5) taken by you and Pat." in explained
        assert "You and Pat made the contract" in explained  # a sentence's start keeps it
    else:
        assert line == f"Vous avez misé 7{NB}; atout{NB}: cœur."
        assert explained.startswith("Vous avez misé 7 ♥.")
        assert "par Vous" not in explained and "par Vous" not in line
        assert "5♥ (+5) pris par vous et Pat." in explained
        assert "Contrat réussi par vous et Pat" in explained
    west = contract_line(_review(Seat.W), seating)
    assert west == ("West bid 7; trump: hearts." if lang == "en" else
                    f"Mise de 7 par Ouest{NB}; atout{NB}: cœur.")  # fmt: skip


def test_cards_in_sentences_use_the_languages_own_letters(lang: str) -> None:
    letters = {"en": ("J♥", "Q♠", "K♦", "A♣", "10♥"), "fr": ("V♥", "D♠", "R♦", "A♣", "10♥")}
    cards = [Card.from_text(t) for t in ("JH", "QS", "KD", "AC", "TH")]
    assert tuple(card_letters(c) for c in cards) == letters[lang]
    assert card_label(cards[0].index) == letters[lang][0]
    jack = CardReview(
        number=9, trick=3, seat=Seat.W, card=cards[0].index, before=7, after=7, costly=False
    )
    line = card_line(jack, _review(Seat.N, (jack,)), Seating.from_names({}))
    if lang == "en":
        assert "West played the J♥." in line
    else:
        assert "Ouest a joué le V♥." in line and "J♥" not in line
