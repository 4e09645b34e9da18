"""Issue 38: at 800x600 with Large and Extra large text, in English and French, nothing covers
a card that matters: no card of the trick on the table and none of South's hand lies under
the action panel with the score sheet open, nor under a claim.

With the score sheet open the table is 373 px tall (measured under Xvfb at 800x600 Extra
large), the cards at their least; the play prompt's panel, 114 px tall, covered 72 px of
East's trick card (both in French). A claim box, 153 px tall, sat between the trick and
South's hand, 70 px apart, over most of South's last card. Each card is measured by its
own face (its item's card rectangle in scene coordinates, which are the view's)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import GameState, Seat, legal_actions
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import TABLE_MIN_BESIDE_SHEET, MainWindow
from tests.app.test_claims_play import claim_for, find_state
from tests.ui.test_window_fits_screen import small_screen
from tests.ui.windows import NewTable

TABLE_BESIDE_SHEET = 373  # the table's height at 800x600 with the sheet open (Xvfb)
__all__ = ["small_screen"]  # the fixture, used by name
CASES = [(text, language) for text in ("large", "extra_large") for language in ("en", "fr")]


def south_to_follow(state: GameState) -> bool:
    """South to play early in a hand, two or three cards of the trick on the table."""
    hand = state.hand
    if state.to_act is not Seat.S or hand is None or hand.current is None:
        return False
    return len(hand.tricks) <= 2 and len(hand.current.cards) >= 2 and len(legal_actions(state)) > 1


def window(
    new_table: NewTable, settings: Settings, text: str, claims: bool
) -> tuple[GameController, MainWindow]:
    """The game in its window at 800x600, at `text` size, offering claims if `claims`."""
    settings.text_size = text
    return new_table(seed=5, claims=claims, size=(800, 600), settings=settings)


def face(item: CardItem) -> QRectF:
    return item.mapRectToScene(item.card_rect())


def covered(window: MainWindow, panel: QWidget) -> list[tuple[str, QRectF]]:
    """The cards of the trick and of South's hand that `panel` covers any of."""
    scene = window.view.table_scene
    place = QRectF(panel.geometry())
    cards = [(f"trick {seat.name}", face(item)) for seat, item in scene.trick]
    cards += [(f"South's {card}", face(item)) for card, item in scene.south.items()]
    return [(name, rect) for name, rect in cards if place.intersected(rect).height() > 0.5]


def settle(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.view.table_scene
    qtbot.waitUntil(
        lambda: not any(item.is_animating() for item in (*scene.south.values(),)), timeout=5000
    )
    QApplication.processEvents()


@pytest.mark.parametrize(("text", "language"), CASES)
def test_with_the_score_sheet_open_the_play_prompt_covers_no_card(
    qtbot: QtBot,
    new_table: NewTable,
    settings_file: Settings,
    text: str,
    language: str,
    small_screen: QRect,
) -> None:
    assert install_language(language) is None
    try:
        controller, shown = window(new_table, settings_file, text, claims=False)
        shown.menus.score_sheet_action.trigger()  # View → Score sheet
        view = shown.view
        qtbot.waitUntil(lambda: shown.score_sheet.isVisible(), timeout=5000)
        # As tall as the sheet leaves the table on a real 800x600 screen (Xvfb and openbox:
        # 373 px); offscreen, the window is told it is on one.
        for _ in range(3):
            QApplication.processEvents()
        height = shown.height()
        shown.resize(800, height - (view.height() - TABLE_BESIDE_SHEET))
        assert shown.height() <= 600  # (offscreen, the menus and the sheet take less)
        if text == "extra_large":  # too short for its words: the sheet floats over it
            qtbot.waitUntil(shown.score_sheet.isFloating, timeout=5000)
            assert view.height() >= TABLE_MIN_BESIDE_SHEET * 1.5
        else:
            qtbot.waitUntil(lambda: view.height() == TABLE_BESIDE_SHEET, timeout=5000)
            assert not shown.score_sheet.isFloating()
        controller.open_record(find_state(south_to_follow, 3))
        panel = view.action_panel
        qtbot.waitUntil(lambda: panel.hint_button.isVisible(), timeout=10_000)
        settle(qtbot, shown)
        assert len(view.table_scene.trick) >= 2
        assert covered(shown, panel) == [], (panel.geometry(), view.size())
        controller.stop()
    finally:
        install_language("en")


@pytest.mark.parametrize(("text", "language"), CASES)
def test_a_claim_covers_no_card_of_the_trick_nor_of_south(
    qtbot: QtBot, new_table: NewTable, settings_file: Settings, text: str, language: str
) -> None:
    assert install_language(language) is None
    try:
        controller, shown = window(new_table, settings_file, text, claims=True)
        controller.open_record(find_state(claim_for((Seat.W, Seat.E), certain=True), 7))
        claim = shown.view.claim_panel
        qtbot.waitUntil(claim.isVisible, timeout=20_000)
        settle(qtbot, shown)
        assert len(shown.view.table_scene.trick) >= 2
        assert covered(shown, claim) == [], claim.geometry()
        viewport = QRectF(shown.view.viewport().rect())
        for item in shown.view.table_scene.south.values():  # each card's rank and suit shown
            corner = face(item)
            corner.setHeight(corner.height() * 0.35)
            assert viewport.contains(corner), (corner, viewport)
        controller.stop()
    finally:
        install_language("en")


def east_declares_and_west_claims(state: GameState) -> bool:
    """West claims the rest of a hand East declared (the picture's moment)."""
    hand = state.hand
    claims = claim_for((Seat.W,), certain=True)
    return hand is not None and hand.declarer is Seat.E and claims(state)


@pytest.mark.parametrize(("text", "language"), CASES)
def test_a_claim_lies_over_no_name_or_bid_of_west_or_east(
    qtbot: QtBot, new_table: NewTable, settings_file: Settings, text: str, language: str
) -> None:
    """Issue 38 pictures (tools/screenshot_matrix.py): on an 800x600 screen (the window
    800x560 inside its frame) a claim box as wide as 24 letters reached over the left of
    East's bid bubble ("6 ♦" showed as "6 ♦" half under it). It is as wide as the room
    between West's and East's plates and bubbles, its words on more lines (or its first
    clause, "West claims the last 2 tricks.", the pointer and the screen reader having all
    of them), over no name or bid of anyone's."""
    assert install_language(language) is None
    try:
        controller, shown = window(new_table, settings_file, text, claims=True)
        shown.resize(800, 560)
        controller.open_record(find_state(east_declares_and_west_claims, 7))
        claim = shown.view.claim_panel
        qtbot.waitUntil(claim.isVisible, timeout=20_000)
        settle(qtbot, shown)
        scene = shown.view.table_scene
        assert scene.bubbles[Seat.E].isVisible()  # East's bid: the contract
        table = scene.table
        place = QRectF(claim.geometry())
        for seat in Seat:
            for what, item, r in (
                ("name", scene.plates[seat], table.name_labels[seat.name]),
                ("bid", scene.bubbles[seat], table.bid_bubbles[seat.name]),
            ):
                box = QRectF(r.x, r.y, r.width, r.height)
                assert not (item.isVisible() and place.intersects(box)), (seat, what, place)
        assert covered(shown, claim) == [], claim.geometry()
        for item in scene.south.values():  # each of South's cards shows its rank and suit
            corner = face(item)
            corner.setHeight(corner.height() * 0.35)
            assert not place.intersects(corner), (corner, place)
        label = claim.text  # its words all shown, at least its first clause
        need = label.heightForWidth(label.contentsRect().width())
        assert need <= label.height(), (need, label.height())
        assert label.text() in claim._texts  # all its words, or its first clause
        assert (label.toolTip() == "") == (label.accessibleName() == "")
        controller.stop()
    finally:
        install_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_score_sheet_floats_where_the_table_would_lose_its_words(
    qtbot: QtBot,
    new_table: NewTable,
    settings_file: Settings,
    language: str,
    small_screen: QRect,
) -> None:
    """Issue 38 pictures: at 800x600 with Extra large text the docked sheet left the table
    330 px, West's name hidden and both "Pass" bubbles cut. Where the table would be shorter
    than its words need, the sheet floats over the table's lower part (the table keeps its
    height); in a window with room again it docks under the table."""
    assert install_language(language) is None
    try:
        controller, shown = window(new_table, settings_file, "extra_large", claims=False)
        view = shown.view
        shown.menus.score_sheet_action.trigger()  # View → Score sheet
        sheet = shown.score_sheet
        qtbot.waitUntil(sheet.isVisible, timeout=5000)
        shown.resize(800, 520)  # a table too short beside a docked sheet
        qtbot.waitUntil(sheet.isFloating, timeout=5000)
        assert view.height() >= TABLE_MIN_BESIDE_SHEET * 1.5
        table = QRect(view.mapToGlobal(view.rect().topLeft()), view.size())
        assert table.contains(sheet.geometry()), (sheet.geometry(), table)
        assert sheet.geometry().top() >= table.center().y()  # the lower part only
        shown.resize(1024, 900)  # room again
        qtbot.waitUntil(lambda: not sheet.isFloating(), timeout=5000)
        assert sheet.isVisible() and view.height() >= TABLE_MIN_BESIDE_SHEET * 1.5
        controller.stop()
    finally:
        install_language("en")
