"""The host decides who sits: a rejoin by token only, everyone else asked about on the
host's screen (never seated by name or address), a latecomer in a computer's seat on the
host's yes, the away reminder, and the controller's remote seats as a part of its own."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.family_play.family_table import (
    AWAY_SECONDS,
    MAX_ASKING,
    FamilyTable,
)
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.family_play.remote_controller import RemoteController, refusal_sentence
from kaiser_desktop.net.view_check import clean_text
from kaiser_desktop.rules import Seat, Team, observe
from kaiser_desktop.ui.wording import team_name
from tests.family_play.family_table_harness import NOW, HostRecord, Person, family_game


def _started_with_ann_away(
    qtbot: QtBot, controllers: list[GameController], hub: LoopbackHub
) -> tuple[GameController, FamilyTable, HostRecord, Person]:
    c, table, record, ticket = family_game(hub, seed=41)
    controllers.append(c)
    ann = Person(hub, record, "Ann", table=ticket.code.text, seat=Seat.N)
    qtbot.waitUntil(lambda: ann.seat is Seat.N, timeout=3000)
    table.start_game()
    ann.drop()
    qtbot.waitUntil(lambda: not c.remote_seats.plays(Seat.N), timeout=3000)
    return c, table, record, ann


def test_a_dropped_persons_name_without_a_token_is_asked_about_not_seated(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(proven=True)  # even with the code
    c, table, record, ann = _started_with_ann_away(qtbot, controllers, hub)
    asked: list[tuple[int, str]] = []
    table.seat_requested.connect(lambda conn, name: asked.append((conn, name)))
    thief = Person(hub, record, " ANN ", table="")
    qtbot.waitUntil(lambda: thief.asked is not None, timeout=3000)
    qtbot.wait(30)  # nothing more happens: asked once, nothing given
    assert asked == [(thief.conn, "ANN")]
    assert thief.seat is None and thief.token is None and thief.view is None  # nothing given
    assert [i.kind for i in table.seats() if i.seat is Seat.N] == ["stand_in"]
    # Not now: a refusal the joining app says in its own sentence.
    assert table.turn_away(thief.conn)
    qtbot.waitUntil(lambda: thief.refused is not None and thief.lost is not None, timeout=3000)
    assert thief.refused is not None and thief.refused.reason == "not_now"
    assert refusal_sentence("not_now") != refusal_sentence("malformed")
    # Ann's own app, with her token, sits again (her token was never given away).
    ann.rejoin()
    qtbot.waitUntil(lambda: c.remote_seats.plays(Seat.N), timeout=3000)
    assert ann.seat is Seat.N and ann.refused is None


def test_let_in_by_the_host_a_same_named_person_gets_the_seat_with_a_new_token(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(proven=True)
    c, table, record, ann = _started_with_ann_away(qtbot, controllers, hub)
    old_token = ann.token
    again = Person(hub, record, "ann", table="")
    qtbot.waitUntil(lambda: again.asked is not None, timeout=3000)
    assert table.let_in(again.conn)
    qtbot.waitUntil(lambda: again.view is not None, timeout=3000)
    assert again.seat is Seat.N and again.token not in (None, old_token)
    assert again.diverged == [] and c.remote_seats.plays(Seat.N)
    # The old token no longer seats anyone: what was stolen or lost is worth nothing.
    ann.rejoin()
    qtbot.waitUntil(lambda: ann.refused is not None, timeout=3000)
    assert ann.refused is not None and ann.refused.reason == "bad_token"


@pytest.mark.parametrize("started", [False, True])
def test_a_connection_that_did_not_prove_the_code_is_always_asked_about(
    qtbot: QtBot, controllers: list[GameController], started: bool
) -> None:
    hub = LoopbackHub(home=True, proven=False)  # a private address vouches for nothing
    c, table, record, _ = family_game(hub, seed=42)
    controllers.append(c)
    if started:
        table.start_game()
    people = [Person(hub, record, f"P{i}", table="") for i in range(MAX_ASKING + 1)]
    qtbot.waitUntil(lambda: all(p.asked or p.refused for p in people), timeout=3000)
    qtbot.wait(30)  # nothing more happens: no seat is given
    assert all(p.seat is None for p in people)
    assert len(table.asking()) == MAX_ASKING  # hostile peers cannot pile up questions
    over = [p for p in people if p.refused is not None]
    assert len(over) == 1 and over[0].refused is not None and over[0].refused.reason == "not_now"
    # A request whose person leaves is answered "Not now": the question goes.
    withdrawn: list[int] = []
    table.request_withdrawn.connect(withdrawn.append)
    waiting = [p for p in people if p.asked is not None]
    waiting[0].drop()
    qtbot.waitUntil(lambda: withdrawn == [waiting[0].conn], timeout=3000)
    assert not table.let_in(waiting[0].conn)
    assert len(table.asking()) == MAX_ASKING - 1


def test_the_joining_app_reads_that_the_host_is_asked_then_not_now(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(proven=False)
    c, table, _, _ = family_game(hub, seed=43)
    controllers.append(c)
    robin = RemoteController(hub.connect(), name="Robin", table_code="", pace=INSTANT)
    asking: list[str] = []
    refused: list[str] = []
    robin.asking.connect(asking.append)
    robin.refused.connect(refused.append)
    qtbot.waitUntil(lambda: bool(asking), timeout=3000)
    assert asking == ["Grandma is being asked to let you sit at the table. Please wait."]
    (conn,) = table.asking()
    table.turn_away(conn)
    qtbot.waitUntil(lambda: bool(refused), timeout=3000)
    assert refused == [refusal_sentence("not_now")]
    assert "did not let you sit" in refused[0]
    robin.stop()


def test_a_latecomer_takes_a_computers_seat_on_the_hosts_yes(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(proven=True)
    c, table, record, ticket = family_game(hub, seed=44)
    controllers.append(c)
    pat = Person(hub, record, "Pat", table=ticket.code.text, seat=Seat.N)
    qtbot.waitUntil(lambda: pat.seat is Seat.N, timeout=3000)
    table.start_game()
    qtbot.waitUntil(lambda: table.step > 20, timeout=20_000)
    assert not c.remote_seats.plays(Seat.E)
    lou = Person(hub, record, "Lou", table=ticket.code.text, seat=Seat.E)
    qtbot.waitUntil(lambda: lou.asked is not None, timeout=3000)
    assert lou.seat is None  # the code alone no longer seats anyone once the game is on
    assert table.let_in(lou.conn)
    qtbot.waitUntil(lambda: lou.actions_sent > 3, timeout=20_000)
    assert lou.seat is Seat.E and c.remote_seats.plays(Seat.E)
    assert c.seating.name(Seat.E) == "Lou"
    assert pat.statuses[Seat.E].kind == "person" and pat.statuses[Seat.E].name == "Lou"
    assert lou.diverged == [] and pat.diverged == [] and c.faults == []
    assert lou.view is not None and lou.step is not None
    assert lou.view == observe(record.states[lou.step], Seat.E)


def test_the_away_reminder_after_two_minutes_and_a_computer_plays_that_turn_only(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    now = [NOW]
    hub = LoopbackHub(proven=True)
    c, table, record, ticket = family_game(hub, seed=45, clock=lambda: now[0])
    controllers.append(c)
    kim = Person(hub, record, "Kim", table=ticket.code.text, seat=Seat.N, acting=False)
    qtbot.waitUntil(lambda: kim.seat is Seat.N, timeout=3000)
    reminders: list[tuple[Seat, str]] = []
    table.away_reminder.connect(lambda seat, name: reminders.append((seat, name)))
    table.start_game()
    qtbot.waitUntil(lambda: c.state.to_act is Seat.N and not c.busy, timeout=20_000)
    qtbot.wait(30)  # nothing more happens: the table waits for Kim
    waiting = c.state
    assert c.state is waiting  # the table waits for Kim
    table.check_away()
    now[0] += AWAY_SECONDS - 1
    table.check_away()
    assert reminders == []
    now[0] += 2
    table.check_away()
    table.check_away()
    assert reminders == [(Seat.N, "Kim")]  # once for the turn; nothing was played
    assert c.state is waiting
    moved: list[Seat] = []
    c.bot_decided.connect(lambda seat, action, reason: moved.append(seat))
    assert table.let_computer_play(Seat.N)
    qtbot.waitUntil(lambda: moved[:1] == [Seat.N], timeout=10_000)
    assert c.remote_seats.plays(Seat.N)  # Kim keeps the seat
    assert [i.kind for i in table.seats() if i.seat is Seat.N] == ["person"]
    assert not table.let_computer_play(Seat.N)  # that turn is over


def test_the_controller_has_no_remote_flags_written_from_outside(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(proven=True)
    c, table, _, _ = family_game(hub, seed=46)
    controllers.append(c)
    assert not hasattr(c, "extra_meta")
    for public in ("take_backs_allowed", "is_remote", "seat_joined", "seat_dropped"):
        assert public == "take_backs_allowed" or not hasattr(c, public)
    with pytest.raises(AttributeError):
        c.take_backs_allowed = True  # type: ignore[misc]
    c.claims_enabled = True  # the app's setting
    table.start_game()
    assert not c.take_backs_allowed and not c.claims_enabled  # a family game
    table.close(ending=True)
    assert c.take_backs_allowed and c.claims_enabled  # the host's own game again


def test_names_are_shown_without_control_or_bidi_characters() -> None:
    assert clean_text("Ann\u202egnp.exe\u0007") == "Anngnp.exe"
    assert clean_text("  Grand\u00a0 maman \n") == "Grand maman"


def test_the_hosts_screen_calls_every_remote_seat_by_name_once_the_game_is_on(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(proven=True)
    c, table, record, ticket = family_game(hub, seed=47)
    controllers.append(c)
    kim = Person(hub, record, "Kim", table=ticket.code.text, seat=Seat.W, acting=False)
    qtbot.waitUntil(lambda: kim.seat is Seat.W, timeout=3000)
    assert table.seat_names() == {Seat.W: "Kim"}  # the host's own game: untouched
    table.start_game()
    assert table.seat_names() == {Seat.N: "Pat", Seat.E: "Alex", Seat.W: "Kim"}
    assert team_name(Team.EW, c.seating) == "Alex & Kim"  # not "East & Kim"
    assert c.seating.name(Seat.E) == "Alex" and c.seating.label(Seat.E) == "East: Alex"
