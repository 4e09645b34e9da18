"""Bidding from the keyboard (issue 38): Pass in one key, P (« Passe » in French too), said
in the status bar while it works; the arrows in the bid grid keep their row and column."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import PASS, Bid, MakeBid, Phase, PlayerView, RuleSet, Seat, all_bids
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.access_words import table_help
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.panel_choices import PanelChoices
from tests.ui.test_panel_access import calls, south_to_act, table
from tests.ui.windows import NewTable


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Press P to pass"), ("fr", "Appuyez sur P pour passer")]
)
def test_a_keyboard_player_passes_with_one_key_the_button_says_which(
    qtbot: QtBot, new_table: NewTable, language: str, words: str
) -> None:
    assert install_language(language) is None
    try:
        controller, window = table(new_table, RuleSet(), 4, INSTANT)
        controller.start()
        south_to_act(qtbot, controller, Phase.BIDDING)
        panel = window.view.action_panel
        button = panel.button("bid:pass")
        assert button is not None and button.isEnabled()
        assert words in window.status_label.text()  # said on screen, at the body size
        # and to a screen reader, in the table's own help
        assert table_help().endswith("P passes." if language == "en" else "P passe.")
        assert window.status_label.isVisible()
        before = len(calls(controller))
        focused = QApplication.focusWidget()
        assert focused is not button  # the focus is on the table, 15 Tabs away from Pass
        QTest.keyClick(focused or window, Qt.Key.Key_P)
        qtbot.waitUntil(lambda: len(calls(controller)) > before, timeout=5000)
        assert calls(controller)[before] == PASS
        assert words not in window.status_label.text()  # said only while it works
        controller.stop()
    finally:
        install_language("en")


def _bid_grid(qtbot: QtBot, lowest: Bid, holder: QWidget) -> dict[str, QPushButton]:
    """The bid buttons as the panel builds them, every bid from `lowest` up live."""
    rules = RuleSet()
    legal = [b for b in all_bids(rules) if b.key >= lowest.key] + [PASS]
    view = SimpleNamespace(
        legal=[MakeBid(b) for b in legal], rules=rules, bids=(), bidders=(), seat=Seat.S,
        dealer=Seat.E,
    )  # fmt: skip
    _prompt, grid = PanelChoices().bidding(cast(PlayerView, view), Seating())
    qtbot.addWidget(holder)
    holder.setStyleSheet(theme.panel_style(22))
    holder.setLayout(grid)
    holder.show()
    holder.activateWindow()
    qtbot.waitActive(holder)
    return {str(b.property("intent")): b for b in holder.findChildren(QPushButton)}


def _arrow(qtbot: QtBot, buttons: dict[str, QPushButton], start: str, key: Qt.Key) -> str:
    buttons[start].setFocus()
    QApplication.processEvents()
    qtbot.keyClick(buttons[start], key)
    QApplication.processEvents()
    focused = QApplication.focusWidget()
    return str(focused.property("intent")) if focused is not None else ""


def test_the_arrows_in_the_bid_grid_keep_their_row_and_column(qtbot: QtBot) -> None:
    """Qt went to the nearest button it found: Up from "No trump 12" to "No trump 11",
    Down from "Bid 12" to "No trump 6", Up from Pass to "No trump 12"."""
    holders = [QWidget(), QWidget()]
    buttons = _bid_grid(qtbot, Bid(6), holders[0])
    assert _arrow(qtbot, buttons, "bid:12NT", Qt.Key.Key_Up) == "bid:12"
    assert _arrow(qtbot, buttons, "bid:12", Qt.Key.Key_Down) == "bid:12NT"
    assert _arrow(qtbot, buttons, "bid:pass", Qt.Key.Key_Up) == "bid:pass"  # nothing above
    assert _arrow(qtbot, buttons, "bid:12NT", Qt.Key.Key_Right) == "bid:pass"
    assert _arrow(qtbot, buttons, "bid:7", Qt.Key.Key_Left) == "bid:6"
    assert _arrow(qtbot, buttons, "bid:6", Qt.Key.Key_Left) == "bid:6"  # the grid's edge
    asleep = _bid_grid(qtbot, Bid(12), holders[1])  # only 12, 12 no trump and Pass live
    assert _arrow(qtbot, asleep, "bid:pass", Qt.Key.Key_Left) == "bid:12NT"
    assert _arrow(qtbot, asleep, "bid:12NT", Qt.Key.Key_Left) == "bid:12NT"  # 11NT asleep
    assert _arrow(qtbot, asleep, "bid:12", Qt.Key.Key_Down) == "bid:12NT"
