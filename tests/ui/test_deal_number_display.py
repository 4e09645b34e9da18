"""The deal number is hidden while a hand is played (it names every card). Once the hand is
over it is shown only where someone asks for it (issue 38: 18 digits on every summary and in
the status bar): Game → Replay a deal by number… offers it filled in, and the score sheet
row's tooltip says it. The summary says how to play the cards again. The replay dialog
takes the large numbers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.deal_numbers import format_deal_number, parse_deal_number
from kaiser_desktop.rules import Phase
from kaiser_desktop.ui import main_window as main_window_module
from tests.app.test_autosave import Table

PLAYING = {Phase.REDEAL, Phase.PASSING, Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.PLAY}


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def test_the_number_shows_only_once_the_hand_is_over(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, watch=True)
    tables.append(table)
    c, window = table.controller, table.window
    c.auto_continue = False  # stay on the first played hand's summary
    shown_during_play: list[str] = []
    checked = []

    def check() -> None:
        if c.state.phase in PLAYING:
            checked.append(c.state.phase)
            if "Deal number" in window.status_label.text():
                shown_during_play.append(window.status_label.text())

    c.state_changed.connect(check)
    c.start()
    qtbot.waitUntil(window.view.summary.isVisible, timeout=30_000)  # a played hand is over
    assert Phase.PLAY in checked and not shown_during_play
    number = c.current_deal_number()
    assert number is not None
    grouped = format_deal_number(number)
    assert "Deal number" not in window.status_label.text()
    assert not any(ch.isdigit() for ch in window.status_label.text().split("·")[1:])
    summary = window.view.summary.deal_label.text()
    assert str(number) not in summary.replace(" ", "") and "Replay a deal by number" in summary
    offered: list[int | None] = []
    window.ask_deal_number = lambda current: offered.append(current)  # type: ignore[func-returns-value]
    window.menus.replay_action.trigger()
    assert offered == [number]  # asked for, it is there, filled in
    sheet = window.score_sheet.model
    row = sheet.rowCount() - 1
    tip = sheet.data(sheet.index(row, 0), main_window_module.Qt.ItemDataRole.ToolTipRole)
    assert f"Deal number {grouped}." in tip
    # The next hand is dealt: its number is gone from the status bar again.
    c.next_hand()
    qtbot.waitUntil(lambda: c.state.phase in PLAYING, timeout=10_000)
    assert "Deal number" not in window.status_label.text()


def test_the_replay_dialog_takes_large_numbers_and_explains_a_bad_one(
    qtbot: QtBot, tmp_path: Path, tables: list[Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(qtbot, tmp_path)
    tables.append(table)
    window = table.window
    big = 223_415_091_458_678_403_999
    answers = [("398 114 05x", True), (format_deal_number(big), True), ("", False)]
    asked: list[dict[str, Any]] = []

    def fake_get_text(parent: object, title: str, label: str, **kw: Any) -> tuple[str, bool]:
        asked.append({"label": label, **kw})
        return answers.pop(0)

    monkeypatch.setattr(main_window_module.QInputDialog, "getText", fake_get_text)
    assert window._deal_number_dialog(4242) == big
    assert asked[0]["text"] == "4 242"  # a finished hand's number is offered, grouped
    assert asked[1]["label"].startswith("A deal number has only digits")
    assert asked[1]["text"] == "398 114 05x"  # what was typed stays, to be corrected
    assert window._deal_number_dialog(None) is None  # cancelled
    assert asked[2]["text"] == ""
    assert parse_deal_number(format_deal_number(big)) == big
