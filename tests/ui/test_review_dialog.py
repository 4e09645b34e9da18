"""The hand review on screen: reached from the summary, the score sheet and an opened
record; stepped card by card and trick by trick, with the buttons and the arrow keys."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from kaiser_desktop.rules import GameState
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.ui.review_dialog import ReviewDialog
from kaiser_lab.review_bench import played_game
from tests.app.test_autosave import Table

GAME = played_game(2, seed=4)


@pytest.fixture
def table(qtbot: QtBot, tmp_path: Path) -> Iterator[Table]:
    made = Table(qtbot, tmp_path)
    # An opened record: the game above, written out and read back as a file would be.
    state: GameState = kaiser_record.loads(kaiser_record.dumps(GAME))
    made.controller.open_record(state)
    yield made
    for dialog in made.window.findChildren(ReviewDialog):
        dialog.close()
    made.window.reviews.wait()
    made.close()


def _played() -> list[int]:
    return [r.number for r in GAME.results if r.kind == "played"]


def _ready(qtbot: QtBot, table: Table) -> ReviewDialog:
    dialogs = [d for d in table.window.findChildren(ReviewDialog) if d.isVisible()]
    assert len(dialogs) == 1
    dialog = dialogs[0]
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=120_000)
    return dialog


def test_the_summary_opens_the_review_of_its_hand(qtbot: QtBot, table: Table) -> None:
    summary = table.window.view.summary
    qtbot.waitUntil(summary.isVisible, timeout=5_000)
    assert summary.review_button.isVisible()
    assert summary.review_button.text() == "Review this hand"
    summary.review_button.click()
    dialog = _ready(qtbot, table)
    assert dialog.number == _played()[-1]
    assert dialog.review is not None and dialog.review.number == dialog.number
    assert dialog.verdict.text().startswith(("You could have made", "You made"))
    assert "with all cards open" in dialog.honesty.text()


def test_the_score_sheet_opens_any_hand(qtbot: QtBot, table: Table) -> None:
    sheet = table.window.score_sheet
    rows = [i for i in range(sheet.model.rowCount()) if sheet.model.result_at(i).kind == "played"]
    assert len(rows) == 2
    first = sheet.model.index(rows[0], 0)
    sheet.view.doubleClicked.emit(first)  # as a double-click on the row does
    dialog = _ready(qtbot, table)
    assert dialog.number == _played()[0]
    # Asked again, the session's review answers at once, from the cache.
    review = dialog.review
    dialog.close()
    assert sheet.review_row(rows[0])
    again = next(d for d in table.window.findChildren(ReviewDialog) if d.isVisible())
    assert again.review is review


def test_stepping_forward_and_back(qtbot: QtBot, table: Table) -> None:
    table.window.open_review(_played()[-1])
    dialog = _ready(qtbot, table)
    review = dialog.review
    assert review is not None
    assert dialog.step == 0
    assert "Before the first card" in dialog.trick_line.text()

    def struck() -> int:  # played cards are shown struck through in the hands
        return sum(dialog.hands[s].text().count("<s>") for s in dialog.hands)

    dialog.next_card.click()
    assert dialog.step == 1 and struck() == 1
    qtbot.keyClick(dialog, Qt.Key.Key_Right)
    assert dialog.step == 2 and struck() == 2
    qtbot.keyClick(dialog, Qt.Key.Key_Left)
    assert dialog.step == 1
    qtbot.keyClick(dialog, Qt.Key.Key_Down)  # to the end of the trick
    assert dialog.step == 4 and struck() == 4
    assert "won the trick" in dialog.trick_line.text()
    dialog.next_trick.click()
    assert dialog.step == 8
    dialog.back_trick.click()
    assert dialog.step == 4
    qtbot.keyClick(dialog, Qt.Key.Key_Up)
    assert dialog.step == 0
    qtbot.keyClick(dialog, Qt.Key.Key_End)
    assert dialog.step == 32 and struck() == 32
    dialog.next_card.click()  # nothing past the end
    assert dialog.step == 32
    qtbot.keyClick(dialog, Qt.Key.Key_Home)
    assert dialog.step == 0
    dialog.strip[4].click()  # trick 5, complete
    assert dialog.step == 20
    last = review.cards[19]
    assert f"Trick {last.trick}" in dialog.step_line.text()


def test_costly_tricks_are_marked_on_the_strip(qtbot: QtBot, table: Table) -> None:
    table.window.open_review(_played()[-1])
    dialog = _ready(qtbot, table)
    review = dialog.review
    assert review is not None

    def marked(sign: str) -> set[int]:
        return {t + 1 for t, b in enumerate(dialog.strip) if b.text().endswith(sign)}

    guessed = {c.trick for c in review.guesses}
    assert marked("!") == {c.trick for c in review.mistakes}
    assert marked("?") == guessed - marked("!")  # a reasonable guess, shown apart
    dialog.everyone.setChecked(True)
    costly = {c.trick for c in review.cards if c.costly and c.kind != "guess"}
    assert marked("!") == costly
    assert marked("?") == guessed - costly
    assert costly  # some card of this hand cost someone points with all cards open


def test_a_hand_that_was_not_played_is_refused_in_a_sentence(table: Table) -> None:
    assert table.window.open_review(99) is None
    assert table.messages[-1] == "Only a hand that was bid and played can be reviewed."
