"""The action panel for a person who listens or who uses the keyboard (issue 27, points 7
and 8): the hint is announced, focus moves once after a choice, the bid buttons never move
under the pointer, the hint's frame goes when the moment changes, and French sentences say
French card letters (V♥, D♠, R♦), never English ones (J♥, Q♠, K♦)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import cast

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.person_intents import only_card_words
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Card, MakeBid, Phase, Play, PlayerView, RuleSet, Seat
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.panel_choices import PanelChoices
from kaiser_desktop.ui.panel_words import passing_prompt
from tests.ui.windows import NewTable

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


# --- the table ------------------------------------------------------------------------------


def table(
    new_table: NewTable, rules: RuleSet, seed: int, pace: Pace
) -> tuple[GameController, MainWindow]:
    controller, window = new_table(rules=rules, seed=seed, pace=pace)
    controller.auto_play_single = False
    window.activateWindow()
    return controller, window


def south_to_act(qtbot: QtBot, controller: GameController, phase: Phase) -> None:
    def ready() -> None:
        assert controller.waiting_for_human() == Seat.S
        assert controller.state.phase is phase

    qtbot.waitUntil(ready, timeout=15_000)


def calls(controller: GameController) -> tuple[Bid, ...]:
    hand = controller.state.hand
    assert hand is not None
    return hand.bids


def bid_places(window: MainWindow) -> dict[str, tuple[QRect, bool]]:
    """Where each bid button is (window coordinates) and whether it is live."""
    panel = window.view.action_panel
    places = {}
    for button in panel.buttons.findChildren(QPushButton):
        intent = str(button.property("intent"))
        if button.isVisible() and intent.startswith("bid:"):
            corner = button.mapTo(window, QPoint(0, 0))
            places[intent] = (QRect(corner, button.size()), button.isEnabled())
    return places


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hint_is_announced_as_it_is_shown(
    qtbot: QtBot, new_table: NewTable, language: str
) -> None:
    assert install_language(language) is None
    try:
        controller, window = table(new_table, RuleSet(), 4, INSTANT)
        window.hint_level = "basic"
        controller.start()
        south_to_act(qtbot, controller, Phase.BIDDING)
        panel, access = window.view.action_panel, window.view.access
        window.show_hint()
        qtbot.waitUntil(lambda: panel.hinted_intent() is not None, timeout=20_000)
        shown = panel._notice_full
        assert shown.startswith("Hint: " if language == "en" else "Indice\u00a0: "), shown
        # What the screen reader hears is what a sighted player reads: the reason too.
        assert access.spoken[-1] == " ".join(shown.split())
        assert access.latest.text().endswith(access.spoken[-1])
        controller.stop()
    finally:
        install_language("en")


def test_focus_moves_once_after_a_bid_and_after_a_trump(qtbot: QtBot, new_table: NewTable) -> None:
    """Seed 4: South bids 12 by keyboard and wins, names trump, then plays. After each
    choice the focus moves once, to the table (Backspace takes the choice back there; the
    next prompt is read out and Tab reaches the panel), and stays there until South plays:
    never from bid button to bid button, never onto a button where a stray Enter would bid."""
    controller, window = table(new_table, RuleSet(), 4, Pace(0.05))
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    moves: list[str] = []

    def moved(_old: QWidget | None, new: QWidget | None) -> None:
        moves.append("table" if new is view else str(new.objectName() if new else None))

    app.focusChanged.connect(moved)
    panel, view = window.view.action_panel, window.view
    controller.start()
    south_to_act(qtbot, controller, Phase.BIDDING)
    twelve = panel.button("bid:12")
    assert twelve is not None and twelve.isEnabled()
    twelve.setFocus()
    moves.clear()
    QTest.keyClick(twelve, Qt.Key.Key_Return)  # as a keyboard or a screen reader bids
    qtbot.waitUntil(lambda: controller.can_take_back, timeout=5000)
    south_to_act(qtbot, controller, Phase.TRUMP)
    qtbot.wait(100)  # time passes: a second, late move of the focus would show by now
    assert moves == ["table"], moves
    assert controller.state.to_act is Seat.S and panel.button("trump:S") is not None
    first_suit = panel.button("trump:S")
    assert first_suit is not None
    first_suit.setFocus()
    moves.clear()
    QTest.keyClick(first_suit, Qt.Key.Key_Return)
    south_to_act(qtbot, controller, Phase.PLAY)
    qtbot.wait(100)  # time passes: a second, late move of the focus would show by now
    assert moves == ["table"], moves
    assert app.focusWidget() is view
    controller.stop()


def test_the_bid_buttons_stay_put_when_another_player_bids_higher(
    qtbot: QtBot, new_table: NewTable
) -> None:
    """The open auction, seed 28: South opens 6, the next player bids 7, and at South's next
    turn every bid button is where it was (the ones no longer allowed asleep in place)."""
    controller, window = table(new_table, RuleSet(auction="open"), 28, INSTANT)
    controller.start()
    south_to_act(qtbot, controller, Phase.BIDDING)
    before = bid_places(window)
    assert before["bid:6"][1] and before["bid:pass"][1], before
    six = window.view.action_panel.button("bid:6")
    assert six is not None
    QTest.mouseClick(six, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: Bid(6) in calls(controller), timeout=5000)
    south_to_act(qtbot, controller, Phase.BIDDING)
    standing = [bid for bid in calls(controller) if not bid.is_pass][-1]
    assert standing.key > Bid(6).key, calls(controller)  # another player's higher bid
    after = bid_places(window)
    assert {k: rect for k, (rect, _) in after.items()} == {k: r for k, (r, _) in before.items()}
    legal = {f"bid:{a.bid.text}" for a in controller.view(Seat.S).legal if isinstance(a, MakeBid)}
    assert {k for k, (_, live) in after.items() if live} == legal
    assert not after["bid:6"][1]  # asleep, in its place
    controller.stop()


def test_the_hint_frame_goes_when_the_person_chooses_otherwise(
    qtbot: QtBot, new_table: NewTable
) -> None:
    controller, window = table(new_table, RuleSet(), 4, Pace(0.05))
    window.hint_level = "basic"
    controller.start()
    south_to_act(qtbot, controller, Phase.BIDDING)
    panel = window.view.action_panel
    window.show_hint()
    qtbot.waitUntil(lambda: panel.hinted_intent() is not None, timeout=20_000)
    hinted = panel.hinted_intent()
    other = next(
        f"bid:{a.bid.text}"
        for a in controller.view(Seat.S).legal
        if isinstance(a, MakeBid) and f"bid:{a.bid.text}" != hinted
    )
    button = panel.button(other)
    assert button is not None
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: controller.can_take_back, timeout=5000)
    assert panel.hinted_intent() is None  # held: no frame left on the hinted button
    assert all(not b.styleSheet() for b in panel.buttons.findChildren(QPushButton))
    controller.stop()
