"""The score sheet model and its dock, fed scripted hands and a whole random game."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QFontInfo, QFontMetrics
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from kaiser_desktop.rules import STANDARD, Bid, HandResult, Seat, Suit, Team
from kaiser_desktop.rules.simulate import random_game
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.score_sheet import (
    CONTRACT,
    DEALER,
    DECLARER,
    FAILED_COLOUR,
    HAND,
    MADE_COLOUR,
    POINTS_EW,
    POINTS_NS,
    RAW_EW,
    RAW_NS,
    RESULT,
    TOTAL_EW,
    TOTAL_NS,
    ScoreSheetDock,
    ScoreSheetModel,
)
from kaiser_desktop.ui.text_size import apply_application_font


def played(
    number: int,
    dealer: Seat,
    declarer: Seat,
    bid: Bid,
    trump: Suit | None,
    raw: tuple[int, int],
    points: tuple[int, int],
    score: tuple[int, int],
    made: bool,
) -> HandResult:
    return HandResult(
        number, dealer, "played", None, declarer, bid, trump, raw, points, score, made,
        (5, 3), Team.NS, Team.NS,
    )  # fmt: skip


def not_played(number: int, dealer: Seat, kind: str, score: tuple[int, int]) -> HandResult:
    redeal_by = Seat.E if kind == "redeal" else None
    return HandResult(
        number, dealer, kind, redeal_by, None, None, None, (0, 0), (0, 0), score, None,
        (0, 0), None, None,
    )  # fmt: skip


# RULES.md examples 2 and 4 as scored hands, then a redeal and a thrown-in hand.
SCRIPT = (
    played(1, Seat.W, Seat.N, Bid(8), Suit.D, (7, 3), (-8, 3), (-8, 3), made=False),
    played(2, Seat.N, Seat.E, Bid(7, True), None, (1, 9), (1, 18), (-7, 21), made=True),
    not_played(3, Seat.E, "redeal", (-7, 21)),
    not_played(4, Seat.E, "thrown_in", (-7, 21)),
    played(5, Seat.S, Seat.S, Bid(7, True), None, (4, 6), (-14, 6), (-21, 27), made=False),
)


def text(model: ScoreSheetModel, row: int, column: int) -> str:
    return model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)


def test_rows_and_cells(qtbot: QtBot) -> None:
    model = ScoreSheetModel()
    model.set_results(SCRIPT)
    assert model.rowCount() == 5
    assert model.columnCount() == 11
    assert [text(model, 0, c) for c in range(11)] == [
        "1", "West", "8 ♦", "North", "✗ Failed", "7", "3", "−8", "3", "−8", "3",
    ]  # fmt: skip
    assert text(model, 1, CONTRACT) == "7 no trump"
    assert text(model, 1, DECLARER) == "East"
    assert (text(model, 1, POINTS_NS), text(model, 1, POINTS_EW)) == ("1", "18")
    assert text(model, 1, RESULT) == "✓ Made"
    assert text(model, 2, CONTRACT) == "Redeal (East)"
    assert text(model, 3, CONTRACT) == "Thrown in"
    for row in (2, 3):
        assert text(model, row, DECLARER) == ""
        assert text(model, row, RAW_NS) == text(model, row, POINTS_EW) == ""
        assert text(model, row, RESULT) == ""
        assert (text(model, row, TOTAL_NS), text(model, row, TOTAL_EW)) == ("−7", "21")
    assert (text(model, 4, TOTAL_NS), text(model, 4, TOTAL_EW)) == ("−21", "27")
    assert text(model, 4, HAND) == "5" and text(model, 4, DEALER) == "South"
    assert text(model, 4, RAW_EW) == "6"


def test_made_and_failed_colours(qtbot: QtBot) -> None:
    model = ScoreSheetModel()
    model.set_results(SCRIPT)
    brush = model.data(model.index(0, RESULT), Qt.ItemDataRole.ForegroundRole)
    assert isinstance(brush, QBrush) and brush.color() == FAILED_COLOUR
    brush = model.data(model.index(1, RESULT), Qt.ItemDataRole.ForegroundRole)
    assert brush.color() == MADE_COLOUR
    assert model.data(model.index(2, RESULT), Qt.ItemDataRole.ForegroundRole) is None


def test_headers_name_the_teams(qtbot: QtBot) -> None:
    model = ScoreSheetModel()
    header = model.headerData(TOTAL_NS, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    assert "Us (N–S)" in header
    assert "Them (E–W)" in model.headerData(RAW_EW, Qt.Orientation.Horizontal)
    model.set_names(
        seats={Seat.N: "Grandma", Seat.E: "Alex"},
        teams={Team.NS: "Us", Team.EW: "Them"},
    )
    model.set_results(SCRIPT)
    assert model.headerData(POINTS_NS, Qt.Orientation.Horizontal) == "Points\nUs"
    assert text(model, 0, DECLARER) == "Grandma"
    assert text(model, 2, CONTRACT) == "Redeal (Alex)"


def test_tooltip_explains_the_hand(qtbot: QtBot) -> None:
    model = ScoreSheetModel()
    model.set_results(SCRIPT)
    tip = model.data(model.index(0, CONTRACT), Qt.ItemDataRole.ToolTipRole)
    assert "North bid 8 ♦" in tip and "failed" in tip and "−8" in tip


def test_appending_inserts_rows_and_other_changes_reset(qtbot: QtBot) -> None:
    model = ScoreSheetModel()
    inserted: list[tuple[int, int]] = []
    resets: list[bool] = []
    model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    model.modelReset.connect(lambda: resets.append(True))
    model.set_results(SCRIPT[:2])
    model.set_results(SCRIPT)
    assert inserted == [(0, 1), (2, 4)]
    model.set_results(SCRIPT[:1])  # an undo
    assert resets == [True] and model.rowCount() == 1
    model.set_results(())  # a new game
    assert model.rowCount() == 0
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.data(QModelIndex()) is None


def test_a_whole_game(qtbot: QtBot) -> None:
    game = random_game(STANDARD, seed=11)
    dock = ScoreSheetDock()
    qtbot.addWidget(dock)
    dock.set_results(game.results)
    dock.show()
    model = dock.model
    assert dock.windowTitle() == "Score sheet"
    assert model.rowCount() == len(game.results)
    last = model.rowCount() - 1
    ns, ew = game.scores
    assert text(model, last, TOTAL_NS) == str(ns).replace("-", "−")
    assert text(model, last, TOTAL_EW) == str(ew).replace("-", "−")
    for row, result in enumerate(game.results):
        if result.made is not None:
            assert text(model, row, RESULT) == ("✓ Made" if result.made else "✗ Failed")


def test_cells_shown_before_a_change_of_names_or_rows_are_worked_out_again(
    qtbot: QtBot,
) -> None:
    # The sheet keeps the words it shows; a new name, a new language or new rows must reach it.
    model = ScoreSheetModel()
    model.set_results(SCRIPT)
    assert text(model, 0, DECLARER) == "North"
    assert "Us (N–S)" in model.headerData(TOTAL_NS, Qt.Orientation.Horizontal)
    model.set_names(seats={Seat.N: "Grandma"}, teams={Team.NS: "Us"})
    assert text(model, 0, DECLARER) == "Grandma"
    assert model.headerData(TOTAL_NS, Qt.Orientation.Horizontal) == "Total\nUs"
    model.set_results(SCRIPT[1:])
    assert text(model, 0, DECLARER) == "East"


@contextmanager
def sheet_at_extra_large(
    qtbot: QtBot, language: str
) -> Iterator[tuple[QMainWindow, ScoreSheetDock]]:
    """A sheet docked in a window, in `language` with Extra large text (both undone after)."""
    assert install_language(language) is None
    try:
        apply_application_font(1.5)
        window = QMainWindow()
        qtbot.addWidget(window)
        dock = ScoreSheetDock()
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        yield window, dock
    finally:
        apply_application_font(1.0)
        install_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_at_800_wide_extra_large_the_sheet_fits_its_width_in_large_words(
    qtbot: QtBot, language: str
) -> None:
    """Issue 38: at 800×600 with Extra large text the sheet scrolled sideways, its totals cut
    off, its title in the platform's small font, its bold cells at 16 px; "Raw" was jargon.
    Now the columns a narrow sheet can spare go (the row's tooltip says them), the rest fit."""
    with sheet_at_extra_large(qtbot, language) as (window, dock):
        dock.set_names(
            seats={Seat.N: "Pat"},
            teams={Team.NS: "Pat & You" if language == "en" else "Pat et vous",
                   Team.EW: "East & West" if language == "en" else "Est et Ouest"},
        )  # fmt: skip
        dock.set_results(SCRIPT)
        window.resize(800, 600)
        window.show()
        qtbot.waitExposed(window)
        body = QApplication.font().pixelSize()
        view = dock.view
        qtbot.waitUntil(lambda: not view._fitting, timeout=2000)
        header = view.horizontalHeader()
        shown = view.shown_columns()
        assert {HAND, CONTRACT, RESULT, TOTAL_NS, TOTAL_EW} <= set(shown)
        widths = sum(header.sectionSize(c) for c in shown)
        assert widths <= view.viewport().width(), (shown, widths, view.viewport().width())
        for column in shown:  # every header's words whole in its column
            words = str(view.model().headerData(column, Qt.Orientation.Horizontal))
            metrics = header.fontMetrics()
            widest = max(metrics.horizontalAdvance(line) for line in words.splitlines())
            assert widest <= header.sectionSize(column), (words, header.sectionSize(column))
        assert QFontInfo(view.font()).pixelSize() >= body
        bold = view.model().data(view.model().index(0, RESULT), Qt.ItemDataRole.FontRole)
        assert bold.pixelSize() >= body
        assert QFontInfo(dock.font()).pixelSize() >= body and dock.font().bold()  # the title
        headers = [str(view.model().headerData(c, Qt.Orientation.Horizontal)) for c in range(11)]
        assert not any(h.startswith(("Raw", "Brut")) for h in headers), headers


def test_scrolled_to_the_newest_hand_every_row_shown_is_whole(qtbot: QtBot) -> None:
    """Issue 38 pictures (800x600, Large): following the newest hand, the sheet showed its
    first visible row cut in half across its words. Its rows' room is a whole number of
    rows, so the first row shown is whole and so is the newest."""
    dock = ScoreSheetDock()
    qtbot.addWidget(dock)
    dock.resize(700, 150)
    dock.show()
    results = random_game(STANDARD, seed=11).results
    for row in range(1, len(results) + 1):
        dock.set_results(list(results[:row]))
    view = dock.view
    viewport = view.viewport().rect()
    newest = dock.model.index(dock.model.rowCount() - 1, HAND)
    qtbot.waitUntil(lambda: viewport.contains(view.visualRect(newest)))
    shown = [
        view.visualRect(dock.model.index(row, HAND))
        for row in range(dock.model.rowCount())
        if view.visualRect(dock.model.index(row, HAND)).intersects(view.viewport().rect())
    ]
    assert 0 < len(shown) < len(results)  # scrolled: some rows out of sight
    assert shown[0].top() >= 0  # the first row shown is not cut at the top


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_sheet_closes_by_a_button_as_large_as_its_words(qtbot: QtBot, language: str) -> None:
    """At 800×600 with Extra large text the sheet floats over the table, and its own
    float and close buttons were the platform's, about ten pixels: too small to find or
    hit. Its title bar now has a Close button with a word on it, in the size of the text."""
    with sheet_at_extra_large(qtbot, language) as (window, dock):
        dock.setFloating(True)
        window.resize(800, 600)
        window.show()
        dock.show()
        qtbot.waitExposed(dock)
        bar = dock.title_bar
        assert dock.titleBarWidget() is bar
        english = language == "en"
        assert bar.title.text() == ("Score sheet" if english else "Feuille de pointage")
        button = bar.close_button
        assert button.text() == ("Close" if english else "Fermer")
        assert button.accessibleName() == (
            "Close the score sheet" if english else "Fermer la feuille de pointage"
        )
        body = QApplication.font().pixelSize()
        for words in (bar.title, button):
            assert QFontInfo(words.font()).pixelSize() >= body
            metrics = QFontMetrics(words.font())
            assert words.width() >= metrics.horizontalAdvance(words.text())  # whole
            assert words.height() >= metrics.height()
        with qtbot.waitSignal(dock.closed_by_person, timeout=1000):
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert dock.isHidden()
        assert not dock.toggleViewAction().isChecked()  # the View menu's tick follows
