"""The window's menus: new game, export/open, replay a deal, settings, hint, why, statistics."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.deal_numbers import dealer_for_number
from kaiser_desktop.rules import Deal, Phase, RuleSet, Seat
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.rules.simulate import random_states
from kaiser_desktop.ui.scripted_player import ScriptedPlayer
from kaiser_desktop.ui.statistics_dialog import StatisticsDialog
from tests.app.test_autosave import Table
from tests.ui.windows import open_dialogs


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def started(qtbot: QtBot, tmp_path: Path, tables: list[Table], **kw: object) -> Table:
    table = Table(qtbot, tmp_path, **kw)  # type: ignore[arg-type]
    tables.append(table)
    table.controller.start()
    qtbot.waitUntil(lambda: table.controller.waiting_for_human() == Seat.S, timeout=10_000)
    return table


def menu_texts(table: Table) -> dict[str, list[str]]:
    out = {}
    for menu_action in table.window.menuBar().actions():
        menu = menu_action.menu()
        out[menu_action.text().replace("&", "")] = [
            a.text().replace("&", "")
            for a in menu.actions()
            if not a.isSeparator() and a.isVisible()  # what the person sees
        ]
    return out


def test_everything_is_in_a_menu(qtbot: QtBot, tmp_path: Path, tables: list[Table]) -> None:
    table = started(qtbot, tmp_path, tables)
    menus = menu_texts(table)
    assert menus["Game"] == [
        "New game", "Replay a deal by number…", "Open game record…", "Export game record…",
        "Settings…", "Statistics…", "Quit",
    ]  # fmt: skip
    assert "Undo my last move" in menus["Edit"]
    assert menus["View"][0] == "Score sheet"
    assert menus["Help"] == [
        "Rules", "Welcome and how to play…", "Hint", "Why did they do that?", "About Kaiser",
    ]  # fmt: skip
    # No hand yet: the empty sheet stays out of the way until asked for.
    assert not table.window.score_sheet.isVisible()
    table.window.menus.score_sheet_action.trigger()
    assert table.window.score_sheet.isVisible()
    table.window.menus.score_sheet_action.trigger()
    assert not table.window.score_sheet.isVisible()


def test_new_game_asks_first(qtbot: QtBot, tmp_path: Path, tables: list[Table]) -> None:
    table = started(qtbot, tmp_path, tables)
    c = table.controller
    before = c.state
    questions: list[str] = []
    table.window.confirm = lambda title, text: questions.append(text) or False
    table.window.menus.new_action.trigger()
    assert questions and c.state == before
    table.window.confirm = lambda title, text: True
    table.window.menus.new_action.trigger()
    assert c.state != before


def test_export_then_open_round_trip(qtbot: QtBot, tmp_path: Path, tables: list[Table]) -> None:
    table = started(qtbot, tmp_path / "a", tables)
    c, window = table.controller, table.window
    target = tmp_path / "my game"
    window.choose_save_path = lambda suggested: str(target)
    window.menus.export_action.trigger()
    exported = tmp_path / "my game.json"
    assert exported.read_text(encoding="utf-8") == kaiser_record.dumps(c.state)
    saved = c.state
    other = started(qtbot, tmp_path / "b", tables, seed=77)
    other.window.choose_open_path = lambda: str(exported)
    other.window.menus.open_action.trigger()
    assert other.controller.state == saved
    assert other.controller.waiting_for_human() == Seat.S  # it carries on
    assert other.controller.flush_saves()
    assert other.store.save_path.read_text(encoding="utf-8") == kaiser_record.dumps(saved)


def test_open_a_finished_game_shows_its_final_scores(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    final = list(random_states(RuleSet(), 4))[-1]
    assert final.is_over
    path = tmp_path / "finished.json"
    path.write_text(kaiser_record.dumps(final), encoding="utf-8")
    table = started(qtbot, tmp_path / "data", tables)
    table.window.choose_open_path = lambda: str(path)
    table.window.menus.open_action.trigger()
    assert table.controller.state == final
    summary = table.window.view.summary
    assert summary.isVisible() and summary.again_button.isVisible()
    assert f"{max(final.scores)}" in summary.title.text()
    assert table.window.score_sheet.model.rowCount() == len(final.results)


@pytest.mark.parametrize("content", [b"not json at all", b'{"format": "something else"}'])
def test_open_a_bad_file_is_one_sentence(
    qtbot: QtBot, tmp_path: Path, tables: list[Table], content: bytes
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    table = started(qtbot, tmp_path / "data", tables)
    before = table.controller.state
    table.window.choose_open_path = lambda: str(path)
    table.window.menus.open_action.trigger()
    assert len(table.messages) == 1
    assert table.messages[0].startswith("The file “bad.json”")
    assert "\n" not in table.messages[0]
    assert table.controller.state == before


def test_replay_a_deal_by_number_gives_the_same_deal(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = started(qtbot, tmp_path, tables)
    c, window = table.controller, table.window
    number = c.current_deal_number()
    assert number is not None and "Deal number" not in window.status_label.text()
    first_deal = c.state.hand.deal if c.state.hand else None
    offered: list[int | None] = []
    window.ask_deal_number = lambda current: offered.append(current) or number
    window.menus.replay_action.trigger()
    assert c.state.hand is not None and c.state.hand.deal == first_deal
    assert c.state.hand.number == 1 and not c.state.past_hands
    assert offered == [None]  # during play the dialog does not offer this deal's number
    window.ask_deal_number = lambda current: 4242  # an old-style number still works
    window.menus.replay_action.trigger()
    expected = Deal.from_number(c.rules, 4242, dealer_for_number(4242))
    assert c.state.hand.deal == expected and c.current_deal_number() == 4242


def test_settings_reach_the_table(qtbot: QtBot, tmp_path: Path, tables: list[Table]) -> None:
    table = started(qtbot, tmp_path, tables)
    c, window, s = table.controller, table.window, table.settings
    s.animation_speed = "fast"
    assert c.pace.factor == 0.5
    s.auto_play_single = False
    assert not c.auto_play_single and not window.menus.auto_play_action.isChecked()
    s.set_name(Seat.N, "Grandma")
    assert window.view.table_scene.plates[Seat.N].text == "Grandma (partner)"
    assert c.seating.name(Seat.N) == "Grandma"
    s.table_colour = "blue"
    s.four_colour_deck = True
    assert window.appearance == (True, False, "blue", "#1d4a6e")
    # Rules and level wait for the next game.
    s.rules_preset = "tournament"
    s.computer_level = "expert"
    assert c.rules.min_bid == 6 and c.bots.level == "basic"
    window.menus.new_action.trigger()
    assert c.rules.min_bid == 7 and c.bots.level == "expert"


def test_settings_dialog_opens_from_the_menu(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = started(qtbot, tmp_path, tables)
    seen: list[object] = []

    def run(dialog: object) -> int:
        seen.append(dialog)
        dialog.speed_buttons["slow"].setChecked(True)  # type: ignore[attr-defined]
        dialog.apply()  # type: ignore[attr-defined]
        return 1

    table.window.run_dialog = run
    table.window.menus.settings_action.trigger()
    assert seen and seen[0].in_progress_note.isVisibleTo(seen[0])  # type: ignore[attr-defined]
    assert table.controller.pace.factor == 1.6


def test_hint_is_legal_explained_and_shown(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = started(qtbot, tmp_path, tables)
    c, window = table.controller, table.window
    window.hint_level = "basic"
    panel = window.view.action_panel
    assert panel.hint_button.isVisible()
    with qtbot.waitSignal(window.hints.ready, timeout=10_000):
        panel.hint_button.click()  # searched off the GUI thread
        assert window.last_hint is None and "Thinking" in panel.notice.text()
    decision = window.last_hint
    assert decision is not None
    assert decision.action in c.view(Seat.S).legal
    assert decision.reason.strip()
    assert panel.notice.text().startswith("Hint: ")
    assert decision.reason.strip() in panel.notice.text()
    if c.state.phase is Phase.BIDDING:
        assert panel.hinted_intent() == f"bid:{decision.action.bid.text}"  # type: ignore[union-attr]


def test_why_explains_the_last_computer_move(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = started(qtbot, tmp_path, tables)
    c, window = table.controller, table.window
    seat = c.last_bot
    if seat is None:  # South bids first in this deal: let the others move once
        ScriptedPlayer(table.window).act()
        qtbot.waitUntil(lambda: c.last_bot is not None, timeout=10_000)
        seat = c.last_bot
    assert seat is not None
    window.menus.why_action.trigger()
    text = table.messages[-1]
    assert text.startswith(c.seating.name(seat) + " ")
    assert ": “" in text or text.endswith(".")


def test_statistics_dialog_and_score_sheet(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, watch=True, rules=RuleSet(target=12), seed=2)
    tables.append(table)
    c = table.controller
    with qtbot.waitSignal(c.game_over, timeout=30_000):
        c.start()
    assert table.window.score_sheet.model.rowCount() == len(c.state.results)
    shown: list[object] = []
    table.window.run_dialog = lambda dialog: shown.append(dialog) or 0
    table.window.menus.statistics_action.trigger()
    assert isinstance(shown[0], StatisticsDialog)
    assert table.statistics.games_played == 1


def test_last_trick_shows_the_four_cards_and_the_winner(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    from PySide6.QtWidgets import QLabel

    table = started(qtbot, tmp_path, tables)
    c, window = table.controller, table.window
    assert not window.menus.last_trick_action.isEnabled()  # nothing played yet
    player = ScriptedPlayer(window)

    def a_trick_complete() -> None:  # play on (South clicks) until a trick is complete
        if c.waiting_for_human() == Seat.S:
            player.act()
        assert c.last_trick() is not None

    qtbot.waitUntil(a_trick_complete, timeout=20_000)
    trick, winner = c.last_trick()
    assert trick.complete and winner == trick.winner(c.state.hand.trump)
    assert window.menus.last_trick_action.isEnabled()
    window.menus.last_trick_action.trigger()
    dialog = next(d for d in open_dialogs(window))
    texts = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    for seat, _card in trick.plays():
        assert any(c.seating.name(seat) in t for t in texts)
    pictures = [
        label
        for label in dialog.findChildren(QLabel)
        if label.pixmap() and not label.pixmap().isNull()
    ]
    assert len(pictures) == len(trick.cards)
    assert any(f"{c.seating.name(winner)} won the trick" in t for t in texts)
    dialog.close()


def test_the_sheet_closed_by_its_button_stays_closed(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    """The sheet shows itself after the first hand; closed by its own Close button (not
    the View menu), it stayed closed only until the next hand, then came back."""
    table = Table(qtbot, tmp_path, watch=True)
    tables.append(table)
    table.window.resize(1200, 1000)  # room for the sheet under large cards
    sheet = table.window.score_sheet
    table.controller.start()
    qtbot.waitUntil(sheet.isVisible, timeout=20_000)
    scored = len(table.controller.view().results)
    qtbot.mouseClick(sheet.title_bar.close_button, Qt.MouseButton.LeftButton)
    assert not sheet.isVisible()
    assert not table.window.menus.score_sheet_action.isChecked()
    qtbot.waitUntil(lambda: len(table.controller.view().results) > scored, timeout=20_000)
    qtbot.wait(50)  # the window's answer to the hand scored
    assert not sheet.isVisible()
