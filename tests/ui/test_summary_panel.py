"""The summary panel on screen: a hand, a redeal, and game over (won and lost)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QObject, QRect, Signal
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, HandResult, Phase, RuleSet, Seat, Suit, Team
from kaiser_desktop.ui.summary_panel import PREPARE_AFTER_MS, SummaryPanel

FAILED = HandResult(
    4, Seat.N, "played", None, Seat.E, Bid(8), Suit.H, (3, 7), (3, -8), (13, -6), False,
    (3, 5), Team.EW, Team.EW,
)  # fmt: skip
REDEAL = HandResult(
    5, Seat.W, "redeal", Seat.E, None, None, None, (0, 0), (0, 0), (13, -6), None,
    (0, 0), None, None,
)  # fmt: skip
LAST = HandResult(
    9, Seat.W, "played", None, Seat.N, Bid(7), Suit.S, (9, 1), (9, 1), (54, 38), True,
    (4, 4), Team.NS, Team.EW,
)  # fmt: skip


@dataclass
class FakeStats:
    games_won: int = 3
    games_played: int = 5


@dataclass
class FakeState:
    results: tuple[HandResult, ...] = ()
    phase: Phase = Phase.GAME_OVER


class FakeController(QObject):
    """The few things the panel reads from the controller, and its signals."""

    hand_scored = Signal(object)
    game_over = Signal(object, object)
    dealt = Signal(int, object)
    game_started = Signal()
    trick_complete = Signal(object, object)

    def __init__(self) -> None:
        super().__init__()
        self.seating = Seating()
        self.rules = RuleSet()
        self.state = FakeState((LAST,))
        self.statistics: FakeStats | None = FakeStats()
        self.auto_continue = False
        self.calls: list[str] = []

    def view(self, seat: Seat = Seat.S) -> FakeState:
        """The panel reads the phase and the results from the person's view."""
        return self.state

    def current_deal_number(self) -> int | None:
        return 1234

    def next_hand(self) -> None:
        self.calls.append("next")

    def new_game(self) -> None:
        self.calls.append("new")


@dataclass
class Shown:
    panel: SummaryPanel
    controller: FakeController
    host: QWidget = field(repr=False)


@pytest.fixture(params=[(800, 600), (1280, 800)], ids=["800x600", "1280x800"])
def shown(qtbot: QtBot, request: pytest.FixtureRequest) -> Shown:
    width, height = request.param
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(width, height)
    host.show()
    controller = FakeController()
    panel = SummaryPanel(controller, host, controller)  # type: ignore[arg-type]
    panel.apply_scale(max(13, min(30, round(width / 800 * 16))))
    panel.place(QRect(0, 0, width, height - 120))  # the score sheet takes the rest
    return Shown(panel, controller, host)


def fits(panel: SummaryPanel) -> bool:
    """Everything the panel holds is inside it: nothing cut off at the bottom."""
    layout = panel.layout()
    needed = layout.totalHeightForWidth(panel.width())
    return panel.height() >= needed and panel.geometry().bottom() <= panel._area.bottom()


def test_a_hand_summary_fits_and_offers_next_hand(shown: Shown) -> None:
    panel, c = shown.panel, shown.controller
    c.hand_scored.emit(FAILED)
    assert panel.isVisible() and fits(panel)
    assert panel.title.text() == "Hand 4 is over"
    assert "5 tricks + 5♥ − 3♠ = 7 points; the bid was 8: failed, −8." in panel.body.text()
    assert panel.next_button.isVisible() and not panel.again_button.isVisible()
    assert not panel.statistics_button.isVisible()
    # How to play the cards again, never the 18-digit number itself (issue 38).
    said = panel.deal_label.text()
    assert said == "To play these cards again: Game → Replay a deal by number…", said
    assert not any(ch.isdigit() for ch in said)
    panel.next_button.click()
    assert c.calls == ["next"] and not panel.isVisible()


def test_the_words_are_ready_while_the_last_trick_rests_and_shown_unchanged(
    qtbot: QtBot, shown: Shown, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel, c = shown.panel, shown.controller
    c.state = FakeState((FAILED,), Phase.HAND_SCORED)  # the last card has been played
    c.trick_complete.emit(Seat.E, None)
    qtbot.waitUntil(lambda: panel._prepared is FAILED, timeout=5000)
    assert not panel.isVisible()  # ready, not shown: the trick is still on the table
    assert panel.title.text() == "Hand 4 is over"
    built: list[HandResult] = []
    fill = panel._fill_hand
    monkeypatch.setattr(panel, "_fill_hand", lambda result: (built.append(result), fill(result)))
    c.hand_scored.emit(FAILED)
    assert panel.isVisible() and fits(panel) and built == []  # shown as it was made ready
    assert "5 tricks + 5♥ − 3♠ = 7 points; the bid was 8: failed, −8." in panel.body.text()
    assert panel.next_button.isVisible()
    # The next hand's summary is made when it comes, never the one made ready before.
    c.dealt.emit(5, Seat.E)
    c.hand_scored.emit(REDEAL)
    assert built == [REDEAL] and panel.title.text() == "A new deal"


def test_next_hand_follows_auto_continue_switched_while_the_last_trick_rests(
    qtbot: QtBot, shown: Shown
) -> None:
    panel, c = shown.panel, shown.controller
    c.auto_continue = True  # made ready without "Next hand": the next deal would follow
    c.state = FakeState((FAILED,), Phase.HAND_SCORED)
    c.trick_complete.emit(Seat.E, None)
    qtbot.waitUntil(lambda: panel._prepared is FAILED, timeout=5000)
    assert panel.next_button.isHidden()
    c.auto_continue = False  # switched off in Settings before the summary shows
    c.hand_scored.emit(FAILED)
    assert panel.next_button.isVisible() and fits(panel)


def test_nothing_is_made_ready_after_a_trick_that_does_not_end_the_hand(
    qtbot: QtBot, shown: Shown
) -> None:
    panel, c = shown.panel, shown.controller
    for phase in (Phase.PLAY, Phase.GAME_OVER):  # mid-hand, and a game's last trick
        c.state = FakeState((FAILED,), phase)
        c.trick_complete.emit(Seat.E, None)
        qtbot.wait(PREPARE_AFTER_MS + 100)  # time passes: longer than it would have waited
        assert panel.title.text() == "" and panel._prepared is None


def test_a_redeal_is_shown_as_a_redeal_without_buttons(shown: Shown) -> None:
    panel, c = shown.panel, shown.controller
    c.hand_scored.emit(REDEAL)
    assert panel.isVisible() and fits(panel)
    assert panel.title.text() == "A new deal"
    assert "East asked for a new deal" in panel.body.text()
    assert not panel.next_button.isVisible() and not panel.again_button.isVisible()
    c.dealt.emit(6, Seat.W)
    assert not panel.isVisible()


def test_game_won_celebrates_with_final_score_play_again_and_statistics(shown: Shown) -> None:
    panel, c = shown.panel, shown.controller
    c.hand_scored.emit(LAST)
    c.game_over.emit(Team.NS, (54, 38))
    assert panel.isVisible() and fits(panel)
    assert panel.title.text() == "You win, 54 to 38!"
    body = panel.body.text()
    assert "Congratulations to you and Pat. Well played!" in body
    assert "Final score" in body and "First to" not in body
    assert "You have won 3 of your 5 games." in body
    assert panel.again_button.isVisible() and panel.statistics_button.isVisible()
    assert not panel.next_button.isVisible()
    # The game-over line is bigger than a hand's headline ("large" is about 1.2×).
    assert f"font-size: {round(panel._px * 1.7)}px" in panel.title.styleSheet()
    asked: list[bool] = []
    panel.statistics_requested.connect(lambda: asked.append(True))
    panel.statistics_button.click()
    assert asked == [True]
    panel.again_button.click()
    assert c.calls == ["new"]


def test_game_lost_consoles(shown: Shown) -> None:
    panel, c = shown.panel, shown.controller
    c.game_over.emit(Team.EW, (38, 54))
    assert panel.title.text() == "East & West win, 54 to 38."
    assert "Well played all the same. Better luck next game!" in panel.body.text()
    assert fits(panel)
    c.hand_scored.emit(FAILED)  # the next hand's summary is plain again
    assert panel.title.styleSheet() == ""


def test_summary_stays_above_a_panel_that_raises_itself(shown: Shown) -> None:
    panel, c = shown.panel, shown.controller
    other = QWidget(shown.host)  # like the prompt panel, which raises itself on re-layout
    other.show()
    c.hand_scored.emit(FAILED)
    other.setGeometry(panel.geometry())
    other.raise_()
    middle = panel.geometry().center()
    hit = shown.host.childAt(middle)
    assert hit is panel or panel.isAncestorOf(hit)
