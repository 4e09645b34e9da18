"""The host's choices before the start: a computer and its level per seat, a person moved to
another seat, the partners drawn. A moved person is welcomed again at the new seat (their
screen turns), the others are told, and the game then streams to the new seats."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.family_play.family_table import family_levels
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.rotation import offset_for, rotate_view
from kaiser_desktop.rules import Seat, observe
from kaiser_desktop.rules.state import evolve
from tests.family_play.family_table_harness import Person, family_game

GAME_TIMEOUT = 90_000


@pytest.fixture
def made() -> Iterator[list[GameController | RemoteController]]:
    controllers: list[GameController | RemoteController] = []
    yield controllers
    for c in controllers:
        c.stop()


def test_a_computer_seat_moves_the_person_sitting_there_and_plays_at_its_level(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=21)
    made.append(c)
    pat = Person(hub, record, "Pat", table=ticket.code.text, seat=Seat.N)
    sam = Person(hub, record, "Sam", table=ticket.code.text, seat=Seat.E)
    qtbot.waitUntil(lambda: pat.seat is Seat.N and sam.seat is Seat.E, timeout=3000)
    token = pat.token
    assert table.choose_seat(Seat.N, "basic")
    # Pat moves to the one open seat left (West), with the same token; Sam is told.
    qtbot.waitUntil(lambda: pat.seat is Seat.W, timeout=3000)
    assert pat.token == token
    qtbot.waitUntil(lambda: sam.statuses[Seat.W].name == "Pat", timeout=3000)
    assert sam.statuses[Seat.N].kind == "computer"
    assert table.seat_levels() == {Seat.N: "basic", Seat.E: None, Seat.W: None}
    assert table.remote_people() == {Seat.W: "Pat", Seat.E: "Sam"}
    assert c.bots.level_of(Seat.N) == "basic" and c.bots.level_of(Seat.E) == "random"
    # No seat is left for Sam: a computer at East is refused, and nothing changes.
    assert not table.choose_seat(Seat.E, "expert")
    assert table.remote_people() == {Seat.W: "Pat", Seat.E: "Sam"}
    assert table.seat_levels()[Seat.E] is None
    with pytest.raises(ValueError):
        table.choose_seat(Seat.W, "grandmaster")
    assert table.meta()["family"]["levels"] == {"N": "basic"}
    assert family_levels(table.meta(), {Seat.N, Seat.E}) == {Seat.N: "basic"}
    with qtbot.waitSignal(c.game_over, timeout=GAME_TIMEOUT):
        table.start_game()
    final = table.step
    qtbot.waitUntil(lambda: pat.step == final and sam.step == final, timeout=5000)
    assert c.faults == []
    for person in (pat, sam):
        assert person.seat is not None and person.view == observe(c.state, person.seat)
        assert person.diverged == [] and person.compared >= final // 2
        assert person.actions_sent > 10
    # Once started, the seats and levels stay.
    assert not table.choose_seat(Seat.N, None)
    assert not table.move_person(Seat.W, Seat.N)
    assert table.seat_levels()[Seat.N] == "basic"


def test_a_seat_given_back_to_people_is_open_again(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    c, table, _, _ = family_game(hub, seed=22)
    made.append(c)
    assert table.choose_seat(Seat.W, "expert")
    assert [(i.seat, i.kind) for i in table.seats()][3] == (Seat.W, "computer")
    assert c.bots.level_of(Seat.W) == "expert"
    assert table.choose_seat(Seat.W, None)
    assert [(i.seat, i.kind) for i in table.seats()][3] == (Seat.W, "open")
    assert c.bots.level_of(Seat.W) == "random" and c.seat_levels == {}
    table.choose_seat(Seat.N, "standard")
    table.close()  # closed before the start: the host's own game has no seat levels
    assert c.seat_levels == {}


def test_a_moved_persons_screen_turns_and_the_game_streams_to_the_new_seat(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=23)
    made.append(c)
    robin = RemoteController(
        hub.connect(code=ticket.code.text),
        name="Robin",
        table_code=ticket.code.text,
        seat=Seat.E,
        pace=INSTANT,
    )
    made.append(robin)
    kim = Person(hub, record, "Kim", table=ticket.code.text, seat=Seat.N, acting=False)
    qtbot.waitUntil(lambda: robin.seat is Seat.E and kim.seat is Seat.N, timeout=3000)
    qtbot.waitUntil(lambda: robin.seating.name(Seat.E) == "Kim", timeout=3000)  # N from E
    token = robin.token
    infos: list[str] = []
    robin.info.connect(infos.append)
    assert not table.move_person(Seat.E, Seat.N)  # Kim sits there
    assert table.move_person(Seat.E, Seat.W)
    qtbot.waitUntil(lambda: robin.seat is Seat.W, timeout=3000)
    assert robin.token == token and robin.offset == offset_for(Seat.W)
    assert infos == ["The host gave you another seat at the table."]
    # From West: Kim (North) is on Robin's left, the host (Grandma, South) on the right.
    qtbot.waitUntil(lambda: robin.seating.name(Seat.W) == "Kim", timeout=3000)
    assert robin.seating.name(Seat.E) == "Grandma"
    assert kim.statuses[Seat.W].name == "Robin" and kim.statuses[Seat.E].kind == "open"
    assert robin.step is None  # nothing of the game before the start
    table.start_game()
    qtbot.waitUntil(lambda: robin.step is not None and robin.step == table.step, timeout=5000)
    shown = robin.view()
    assert shown.seat is Seat.S  # every app shows its own seat at South
    host = rotate_view(observe(c.state, Seat.W), offset_for(Seat.W))
    assert evolve(shown, results=tuple(shown.results)) == evolve(host, results=tuple(host.results))
    assert kim.diverged == [] and kim.seat is Seat.N
    assert c.remote_seats.plays(Seat.W) and not c.remote_seats.plays(Seat.E)


def _seated_as(people: list[Person], where: dict[Seat, str]) -> bool:
    """Each person's own screen says the seat the table gives them."""
    return all(p.seat is not None and where.get(p.seat) == p.name for p in people)


def test_the_partners_are_drawn_over_the_seats_open_to_people(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=24)
    made.append(c)
    people = [
        Person(hub, record, name, table=ticket.code.text, seat=seat)
        for name, seat in (("A", Seat.N), ("B", Seat.E))
    ]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in people), timeout=3000)
    tokens = {p.name: p.token for p in people}
    seen: set[tuple[Seat, Seat]] = set()
    for draw in range(12):
        table.draw_partners(random.Random(draw))
        where = table.remote_people()
        assert sorted(where.values()) == ["A", "B"]
        qtbot.waitUntil(lambda where=where: _seated_as(people, where), timeout=3000)
        seen.add((people[0].seat, people[1].seat))  # type: ignore[arg-type]
    assert len(seen) > 2  # the draws put them in different seats
    assert {p.name: p.token for p in people} == tokens
    table.choose_seat(Seat.W, "standard")
    for draw in range(6):  # West is the computer's: only North and East are drawn
        table.draw_partners(random.Random(draw))
        assert set(table.remote_people()) == {Seat.N, Seat.E}
    qtbot.waitUntil(lambda: _seated_as(people, table.remote_people()), timeout=3000)
    with qtbot.waitSignal(c.game_over, timeout=GAME_TIMEOUT):
        table.start_game()
    final = table.step
    qtbot.waitUntil(lambda: all(p.step == final for p in people), timeout=5000)
    for p in people:
        assert p.diverged == [] and p.view == observe(c.state, p.seat)  # type: ignore[arg-type]
    assert c.bots.level_of(Seat.W) == "standard"


def test_the_seat_levels_come_back_with_a_saved_family_game(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=25)
    made.append(c)
    ann = Person(hub, record, "Ann", table=ticket.code.text, seat=Seat.N, acting=False)
    qtbot.waitUntil(lambda: ann.seat is Seat.N, timeout=3000)
    assert table.choose_seat(Seat.W, "expert")
    table.start_game()
    saved_state, saved_meta = c.state, c.meta()
    assert saved_meta["family"]["levels"] == {"W": "expert"}
    table.close()  # the game goes on here; the seats and levels stay
    assert c.bots.level_of(Seat.W) == "expert"
    hub2 = LoopbackHub()
    c2, table2, _, _ = family_game(hub2, seed=26)
    made.append(c2)
    assert c2.bots.level_of(Seat.W) == "random"
    table2.resume_game(saved_state, saved_meta)
    assert c2.bots.level_of(Seat.W) == "expert" and c2.bots.level_of(Seat.E) == "random"
    assert table2.seat_levels() == {Seat.N: None, Seat.E: "random", Seat.W: "expert"}
    assert not table2.choose_seat(Seat.E, "basic")  # resumed: the seats stay
