"""The players' rules page and the statistics dialog."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.paths import resource
from kaiser_desktop.rules import STANDARD
from kaiser_desktop.rules.simulate import random_game
from kaiser_desktop.ui.help_dialog import RulesDialog
from kaiser_desktop.ui.statistics_dialog import StatisticsDialog

RULES_PAGE = resource("help", "rules.html")

# Each worked example of RULES.md, by the numbers a player must find in the page.
WORKED_EXAMPLES = {
    1: ["1 + 5 = 6"],
    2: ["5 + 5 − 3 = 7", "loses 8", "+3"],
    3: ["7 + 5 = 12", "1 − 3 = −2"],
    4: ["2 × 9 = +18", "2 × 7 = −14"],
    5: ["47", "score 0", "−2", "+4"],
    6: ["“7 no trump”", "West wins the contract at 8", "may not pass"],
    7: ["“8 no trump”", "only the dealer", "too low"],
}


def page_text() -> str:
    return RULES_PAGE.read_text(encoding="utf-8")


def plain(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def test_the_page_exists_and_is_offline() -> None:
    assert RULES_PAGE.is_file()
    text = page_text()
    assert "http://" not in text and "https://" not in text and "<script" not in text

    class Parser(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.headings: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("h1", "h2"):
                self.headings.append(tag)

    parser = Parser()
    parser.feed(text)
    assert parser.headings.count("h2") >= 8


@pytest.mark.parametrize("example", sorted(WORKED_EXAMPLES))
def test_worked_examples_are_explained(example: int) -> None:
    text = plain(page_text())
    for needle in WORKED_EXAMPLES[example]:
        assert needle in text, (example, needle)


def test_every_variant_and_the_card_order() -> None:
    text = plain(page_text())
    for words in [
        "Lowest bid", "If everyone passes", "Redeal for a weak hand", "45 or 47",
        "Stealing the", "Three-trick rule", "Kaiser bid", "−52", "Pass to your partner",
        "Kitty", "Points to win", "Bidding round and round", "The first jack deals",
        "Win only by bidding", "Round-the-table bidding",
    ]:  # fmt: skip
        assert words in text, words
    for row in ["A K Q J 10 9 8 3", "A K Q J 10 9 8 5", "A K Q J 10 9 8 7"]:
        assert row in text, row


def test_the_pins_and_the_rules_the_help_used_to_leave_out() -> None:
    text = plain(page_text())
    for words in [
        "The 7♥ ranks just above the 5♥",  # the kitty 7s' rank
        "The two discarded cards count for neither team",
        "chooses no trump", "The 40 is never doubled",  # the Kaiser bid
        "The dealer may equal a Kaiser bid",
        "it counts for neither team",  # the sitting-out partner's 5♥ or 3♠
        "unless the other team reached 52 in the same hand",  # the −52 exceptions
        "the lower score loses",
        "45 or 47, whichever you play",  # the 5♥ steal at either limit
        "even if the bidders reach 52 in the same hand",
        "must win a bid (unless you play with stealing the 5♥",  # no longer false
    ]:  # fmt: skip
        assert words in text, words


def test_rules_dialog_loads_the_page(qtbot: QtBot) -> None:
    dialog = RulesDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    shown = dialog.browser.toPlainText()
    assert "How to play Kaiser" in shown
    assert "1 + 5 = 6" in shown
    assert dialog.browser.font().pixelSize() >= 16
    dialog.resize(500, 400)  # resizable
    assert dialog.width() == 500


def test_rules_dialog_without_the_page(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "kaiser_desktop.ui.help_dialog.resource", lambda *parts: Path("/nonexistent/rules.html")
    )
    dialog = RulesDialog()
    qtbot.addWidget(dialog)
    assert "could not be found" in dialog.browser.toPlainText()


def test_statistics_dialog_and_reset(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stats = Statistics(tmp_path / "statistics.json")
    game = random_game(STANDARD, seed=3)
    for result in game.results:
        stats.record_hand(result)
    stats.record_game(game, used_undo=False)
    dialog = StatisticsDialog(stats)
    qtbot.addWidget(dialog)
    dialog.show()
    won = 1 if stats.games_won else 0
    assert dialog.values["games"].text().startswith(f"{won} of 1")
    assert dialog.values["average"].text() != "none yet"

    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def question(*args: object, **kwargs: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    dialog.reset_button.click()  # "No": nothing is cleared
    assert stats.games_played == 1
    dialog.reset_button.click()  # "Yes"
    assert stats.games_played == 0
    assert dialog.values["games"].text() == "none yet"
    assert Statistics(tmp_path / "statistics.json").games_played == 0
    assert len(asked) == 2 and "zero" in asked[0]
