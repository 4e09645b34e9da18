"""Game → Play with family…: the dialog's pages with fake tables and joins (no network)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.rules import Seat
from kaiser_desktop.ui import family_dialog
from kaiser_desktop.ui.family_dialog import (
    FamilyDialog,
    FamilyStarts,
    FoundTable,
    HostedTable,
    PendingJoin,
    SeatShown,
)


@dataclass(frozen=True)
class Shown:
    seat: Seat
    kind: str
    name: str


@dataclass
class FakeTable:
    code: str = "maple-river-lantern-otter-427"
    shown: list[Shown] = field(default_factory=list)
    started: bool = False
    closed: bool = False
    slots: list[Callable[[], None]] = field(default_factory=list)
    levels: dict[Seat, str | None] = field(
        default_factory=lambda: {Seat.N: None, Seat.E: None, Seat.W: "standard"}
    )
    chosen: list[tuple[Seat, str | None]] = field(default_factory=list)
    refuse: bool = False  # choose_seat says no (someone sits there, no seat free)
    draws: int = 0
    relay_slots: list[Callable[[bool], None]] = field(default_factory=list)

    def seats(self) -> Sequence[SeatShown]:
        return self.shown

    def seat_levels(self) -> Mapping[Seat, str | None]:
        return self.levels

    def choose_seat(self, seat: Seat, level: str | None) -> bool:
        self.chosen.append((seat, level))
        if self.refuse:
            return False
        self.levels[seat] = level
        return True

    def draw_partners(self) -> None:
        self.draws += 1

    def on_seats_changed(self, slot: Callable[[], None]) -> None:
        self.slots.append(slot)

    def on_relay_state(self, slot: Callable[[bool], None]) -> None:
        self.relay_slots.append(slot)

    def start_game(self) -> None:
        self.started = True

    def close(self) -> None:
        self.closed = True


@dataclass
class FakeJoin:
    slot: Callable[[str | None], None] | None = None
    waiting: Callable[[str], None] | None = None
    cancelled: bool = False

    def on_result(self, slot: Callable[[str | None], None]) -> None:
        self.slot = slot

    def on_waiting(self, slot: Callable[[str], None]) -> None:
        self.waiting = slot

    def cancel(self) -> None:
        self.cancelled = True


@dataclass
class Calls:
    table: FakeTable = field(default_factory=FakeTable)
    joins: list[tuple[str, str, str | None]] = field(default_factory=list)
    pending: FakeJoin = field(default_factory=FakeJoin)
    finder: list[Callable[[list[FoundTable]], None]] = field(default_factory=list)
    stopped: int = 0

    def starts(self, *, relay_set: bool = False) -> FamilyStarts:
        def host(name: str) -> HostedTable | str:
            self.table.shown = [
                Shown(Seat.S, "person", name),
                Shown(Seat.N, "open", ""),
                Shown(Seat.E, "open", ""),
                Shown(Seat.W, "computer", "Sam"),
            ]
            return self.table

        def join(name: str, code: str, address: str | None) -> PendingJoin | str:
            self.joins.append((name, code, address))
            return self.pending

        def find(slot: Callable[[list[FoundTable]], None]) -> Callable[[], None]:
            self.finder.append(slot)

            def stop() -> None:
                self.stopped += 1

            return stop

        return FamilyStarts(host=host, join=join, find=find, relay_set=relay_set)


def items(widget: object) -> list[str]:
    from PySide6.QtWidgets import QListWidget

    assert isinstance(widget, QListWidget)
    return [widget.item(i).text() for i in range(widget.count())]


def seat_rows(dialog: FamilyDialog) -> list[str]:
    """The host page's seats, as shown: across, left, right."""
    return [label.text() for label in dialog.seat_labels.values()]


def test_hosting_shows_the_code_and_the_seats_as_people_sit_down(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Gran")
    qtbot.addWidget(dialog)
    dialog.host_button.click()
    assert dialog.pages.currentIndex() == 1
    assert dialog.code_label.text() == "maple-river-lantern-otter-427"
    assert "home network" in dialog.reach_label.text()  # no relay: only this house
    assert seat_rows(dialog) == [
        "Across from you (your partner): Waiting for someone to join…",
        "On your left: A computer plays",
        "On your right: Waiting for someone to join…",
    ]
    calls.table.shown[1] = Shown(Seat.N, "person", "Tom")
    for slot in calls.table.slots:
        slot()
    assert seat_rows(dialog)[0] == "Across from you (your partner): Tom has sat down"
    # The seat's choice box says the same to a screen reader.
    assert dialog.seat_boxes[Seat.N].accessibleName() == seat_rows(dialog)[0]
    dialog.start_button.click()
    assert calls.table.started and not calls.table.closed  # the game keeps the table


def test_closing_the_dialog_before_the_start_closes_the_table(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(relay_set=True), name="Gran")
    qtbot.addWidget(dialog)
    dialog.host_button.click()
    assert "Until it answers, only computers on this home network" in dialog.reach_label.text()
    for slot in calls.table.relay_slots:
        slot(True)
    assert "other houses" in dialog.reach_label.text()
    dialog.reject()
    assert calls.table.closed and not calls.table.started


def test_a_name_is_needed_first(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="")
    qtbot.addWidget(dialog)
    dialog.join_button.click()
    assert dialog.pages.currentIndex() == 0
    assert "Type your name" in dialog.choice_status.text()


def test_joining_by_code_waits_for_the_host_and_says_a_refusal(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Tom")
    qtbot.addWidget(dialog)
    dialog.join_button.click()
    assert dialog.pages.currentIndex() == 2
    dialog.join_now.click()  # no code typed
    assert calls.joins == [] and "Type the table code" in dialog.status_label.text()
    dialog.code_edit.setText("maple river lantern otter 427")
    dialog.join_now.click()
    assert calls.joins == [("Tom", "maple river lantern otter 427", None)]
    assert not dialog.join_now.isEnabled()  # one join at a time
    assert calls.pending.slot is not None
    calls.pending.slot("No table has that code. Check it with the host.")
    assert dialog.isVisible() or dialog.result() != 1
    assert dialog.status_label.text() == "No table has that code. Check it with the host."
    assert dialog.join_now.isEnabled()


def test_a_table_found_on_the_home_network_joins_without_a_code(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Tom")
    dialog.show()  # shown, so that accepting closes and frees it, as in the app
    finished: list[int] = []
    dialog.finished.connect(finished.append)
    dialog.join_button.click()
    calls.finder[0]([FoundTable("Gran", "192.168.1.20:50123")])
    assert items(dialog.found_list) == ["Gran's table"]
    dialog.found_list.setCurrentRow(0)
    dialog.join_now.click()
    assert calls.joins == [("Tom", "", "192.168.1.20:50123")]
    # Without the code, the host is asked: the person reads so while they wait.
    assert calls.pending.waiting is not None
    calls.pending.waiting("Gran is being asked to let you sit at the table. Please wait.")
    assert dialog.status_label.text() == (
        "Gran is being asked to let you sit at the table. Please wait."
    )
    assert calls.pending.slot is not None
    calls.pending.slot(None)  # seated
    assert finished == [1] and calls.stopped == 1  # seated; stopped looking, once


def test_the_found_list_says_looking_then_no_table_found_in_words(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(family_dialog, "LOOK_MS", 100)
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Tom")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.join_button.click()
    note = dialog.found_note
    assert dialog.found_box.currentWidget() is note and note.isVisible()
    assert note.text() == "Looking…" and note.accessibleName() == "Looking…"
    assert note.font().pixelSize() == dialog.font().pixelSize()  # the body's size
    qtbot.waitUntil(lambda: note.text() == "No table found on this home network.", timeout=2000)
    assert note.isVisible() and note.wordWrap()
    calls.finder[0]([FoundTable("Gran", "192.168.1.20:50123")])  # heard later: listed
    assert dialog.found_box.currentWidget() is dialog.found_list
    assert items(dialog.found_list) == ["Gran's table"]
    calls.finder[0]([])  # and gone again
    assert dialog.found_box.currentWidget() is note
    assert note.text() == "No table found on this home network."
    dialog._back()  # looking again from the start
    dialog.join_button.click()
    assert note.text() == "Looking…" and len(calls.finder) == 2


def test_going_back_cancels_a_join_under_way(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Tom")
    qtbot.addWidget(dialog)
    dialog.join_button.click()
    dialog.code_edit.setText("maple-river-lantern-otter-427")
    dialog.join_now.click()
    dialog._back()
    assert calls.pending.cancelled and dialog.pages.currentIndex() == 0


def boxes(dialog: FamilyDialog) -> dict[Seat, str]:
    return {seat: box.currentText() for seat, box in dialog.seat_boxes.items()}


def test_the_host_chooses_a_person_or_a_computer_level_for_each_seat(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Gran")
    qtbot.addWidget(dialog)
    dialog.host_button.click()
    assert boxes(dialog) == {
        Seat.N: "Someone from the family",
        Seat.W: "Computer: Standard",
        Seat.E: "Someone from the family",
    }
    north = dialog.seat_boxes[Seat.N]
    assert [north.itemText(i) for i in range(north.count())] == [
        "Someone from the family", "Computer: Basic", "Computer: Standard", "Computer: Expert",
    ]  # fmt: skip
    assert north.accessibleName().startswith("Across from you (your partner): ")
    north.activated.emit(3)
    assert calls.table.chosen == [(Seat.N, "expert")]
    assert boxes(dialog)[Seat.N] == "Computer: Expert" and dialog.seat_note.text() == ""
    dialog.seat_boxes[Seat.W].activated.emit(0)
    assert calls.table.chosen[-1] == (Seat.W, None)
    assert boxes(dialog)[Seat.W] == "Someone from the family"
    # Refused (someone sits there and no seat is free): one sentence, the box goes back.
    calls.table.refuse = True
    dialog.seat_boxes[Seat.E].activated.emit(1)
    assert calls.table.chosen[-1] == (Seat.E, "basic")
    assert boxes(dialog)[Seat.E] == "Someone from the family"
    assert dialog.seat_note.text().startswith("Someone sits there")


def test_draw_partners_is_there_once_someone_has_sat_down(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(), name="Gran")
    qtbot.addWidget(dialog)
    dialog.host_button.click()
    assert not dialog.draw_button.isEnabled()  # nobody to draw yet
    calls.table.shown[1] = Shown(Seat.N, "person", "Tom")
    for slot in calls.table.slots:
        slot()
    assert dialog.draw_button.isEnabled()
    dialog.draw_button.click()
    assert calls.table.draws == 1
    assert dialog.seat_note.text() == "The partners were drawn."


def test_the_host_page_says_who_can_join_as_the_relay_comes_and_goes(qtbot: QtBot) -> None:
    calls = Calls()
    dialog = FamilyDialog(calls.starts(relay_set=True), name="Gran")
    qtbot.addWidget(dialog)
    dialog.host_button.click()
    assert len(calls.table.relay_slots) == 1
    calls.table.relay_slots[0](True)
    assert dialog.reach_label.text() == "Family in other houses and on this home network can join."
    calls.table.relay_slots[0](False)
    assert dialog.reach_label.text().startswith(
        "Right now only computers on this home network can join: the relay is not answering."
    )
    assert dialog.reach_label.accessibleName() == dialog.reach_label.text()
