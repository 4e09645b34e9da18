"""The host's family table over a loopback link: whole games with people at other computers,
every client's view equal to the host's at every step, admission and its refusals, quick
messages, and hostile clients that change nothing."""

from __future__ import annotations

import json

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.family_play.family_table import family_seating
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.net.hand_record import HandRecord
from kaiser_desktop.net.protocol import ActionMessage, Goodbye, Hello, Quick, encode
from kaiser_desktop.net.table_code import LIFETIME
from kaiser_desktop.net.wire import MAX_MESSAGE_BYTES
from kaiser_desktop.rules import Phase, PlayerView, Seat, observe
from kaiser_desktop.rules.cards import make_pack
from tests.family_play.family_table_harness import NOW, Person, family_game

GAME_TIMEOUT = 90_000


@pytest.mark.parametrize("people", [1, 2, 3])
def test_whole_games_with_people_and_computers(
    qtbot: QtBot, controllers: list[GameController], people: int
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=10 + people)
    controllers.append(c)
    names = ["Pat", "Sam", "Alex"][:people]
    wanted = [Seat.E, None, Seat.E]  # the third asks for a taken seat: the first free one
    clients = [
        Person(hub, record, name, table=ticket.code.text.upper(), seat=wanted[i])
        for i, name in enumerate(names)
    ]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in clients), timeout=5000)
    seats = [p.seat for p in clients]
    assert seats == [Seat.E, Seat.N, Seat.W][:people]
    kinds = {info.seat: info.kind for info in table.seats()}
    assert kinds[Seat.S] == "person" and sum(k == "person" for k in kinds.values()) == people + 1
    assert sum(k == "open" for k in kinds.values()) == 3 - people
    with qtbot.waitSignal(c.game_over, timeout=GAME_TIMEOUT):
        table.start_game()
    final = table.step
    qtbot.waitUntil(lambda: all(p.step == final for p in clients), timeout=5000)
    assert c.faults == []
    for p in clients:
        assert p.seat is not None and p.view == observe(c.state, p.seat)
        assert p.view.phase is Phase.GAME_OVER
        assert p.diverged == []
        assert p.compared >= final // 2  # a view at (nearly) every step of the game
        assert p.actions_sent > 20  # the person played their seat
        assert p.action_refusals == []
        assert p.lost is None
        # The review: each hand's record, once it was scored (after the view saying so).
        assert [r.number for r in p.records] == list(range(1, len(c.state.results) + 1))
        assert p.early_records == []
        assert p.records[-1] == HandRecord.of(c.state, len(c.state.results))
        statuses = {s: (m.kind, m.name) for s, m in p.statuses.items()}
        assert statuses[Seat.S] == ("person", "Grandma")
        for other in clients:
            assert statuses[other.seat] == ("person", other.name)
        computers = [s for s in Seat if s is not Seat.S and s not in seats]
        named = {Seat.N: "Pat", Seat.E: "Alex", Seat.W: "Sam"}  # the host's computer players
        assert all(statuses[s] == ("computer", named[s]) for s in computers)
    # The people's actions went through the controller: their seats are not computers'.
    assert set(c.last_decisions) <= {Seat.S, *[s for s in Seat if s not in seats]}


def _refused(qtbot: QtBot, person: Person) -> str:
    qtbot.waitUntil(lambda: person.refused is not None and person.lost is not None, timeout=3000)
    assert person.refused is not None and person.seat is None
    return person.refused.reason


def test_admission_refusals(qtbot: QtBot, controllers: list[GameController]) -> None:
    now = [NOW]
    hub = LoopbackHub(home=False)  # through a relay: the code is always needed
    c, table, record, ticket = family_game(hub, seed=3, clock=lambda: now[0])
    controllers.append(c)
    assert _refused(qtbot, Person(hub, record, "Nobody", table="")) == "unknown_table"
    wrong = "maple-river-lantern-otter-" + ("428" if ticket.code.number != 428 else "429")
    if ticket.code.text != wrong:
        assert _refused(qtbot, Person(hub, record, "Guess", table=wrong)) == "wrong_code"
    code = " ".join(ticket.code.words) + f" {ticket.code.number}"  # as typed over the phone
    assert _refused(qtbot, Person(hub, record, "Bad", table=code, token="x" * 24)) == "bad_token"
    seated = [Person(hub, record, n, table=code) for n in ("A", "B", "C")]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in seated), timeout=3000)
    assert _refused(qtbot, Person(hub, record, "Fourth", table=code)) == "table_full"
    now[0] = NOW + LIFETIME
    assert _refused(qtbot, Person(hub, record, "Late", table=code)) == "table_expired"
    assert table.remote_people() == {Seat.N: "A", Seat.E: "B", Seat.W: "C"}
    assert all(p.lost is None for p in seated)


def test_a_join_without_the_code_is_asked_about_and_reserved_seats_stay_computers(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub(home=True, proven=False)  # from the home network's list, no code
    c, table, record, _ = family_game(hub, seed=4)
    controllers.append(c)
    asked: list[tuple[int, str]] = []
    table.seat_requested.connect(lambda conn, name: asked.append((conn, name)))
    table.seat_people([Seat.W])  # North and East are kept for the computers
    first = Person(hub, record, "Kim", table="", seat=Seat.N)
    qtbot.waitUntil(lambda: first.asked is not None, timeout=3000)
    assert asked == [(first.conn, "Kim")] and first.seat is None
    assert first.asked is not None and first.asked.host == "Grandma"
    assert table.let_in(first.conn)
    qtbot.waitUntil(lambda: first.seat is not None, timeout=3000)
    assert first.seat is Seat.W
    assert _refused(qtbot, Person(hub, record, "Lee", table="")) == "table_full"  # none to give
    assert len(asked) == 1
    assert [(i.seat, i.kind) for i in table.seats()] == [
        (Seat.S, "person"), (Seat.N, "computer"), (Seat.E, "computer"), (Seat.W, "person"),
    ]  # fmt: skip
    # Until the host starts, the host's own game is untouched and nobody is sent any of it.
    qtbot.wait(50)  # nothing more happens
    assert first.view is None and not c.remote_seats.plays(Seat.W)
    assert c.seating.label(Seat.W) == "West: Sam"
    table.start_game()
    assert c.seating.label(Seat.W) == "West: Kim" and c.seating.name(Seat.W) == "Kim"
    assert c.remote_seats.plays(Seat.W)
    qtbot.waitUntil(lambda: first.view is not None, timeout=3000)
    assert first.diverged == []


def test_an_older_or_newer_app_is_told_to_update(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c, _, record, ticket = family_game(hub, seed=5)
    controllers.append(c)
    newer = Person(hub, record, "Future", table=ticket.code.text)
    newer.link.connected.disconnect(newer._hello)
    hello = {"v": 3, "type": "hello", "app": "9", "name": "F"}
    newer.link.connected.connect(lambda: newer.link.send_bytes(json.dumps(hello).encode()))
    assert _refused(qtbot, newer) == "host_update"
    first = Person(hub, record, "Quick first", table=ticket.code.text)
    first.link.connected.disconnect(first._hello)
    first.link.connected.connect(lambda: first.link.send(Quick("nice_hand")))
    assert _refused(qtbot, first) == "malformed"


def test_quick_messages_reach_everyone_and_are_rate_limited(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=6)
    controllers.append(c)
    said: list[tuple[Seat, str]] = []
    table.quick_said.connect(lambda seat, what: said.append((seat, what)))
    a, b = (Person(hub, record, n, table=ticket.code.text) for n in ("A", "B"))
    qtbot.waitUntil(lambda: a.seat is not None and b.seat is not None, timeout=3000)
    a.link.send(Quick("nice_hand"))
    a.link.send(Quick("thank_you_partner"))  # too soon after the first: dropped
    qtbot.waitUntil(lambda: len(b.quick) == 1 and len(a.quick) == 1, timeout=3000)
    qtbot.wait(50)  # nothing more happens: the second one never comes
    assert b.quick == a.quick == [Quick("nice_hand", Seat.N)]
    assert said == [(Seat.N, "nice_hand")]
    table.say_quick("one_moment")
    qtbot.waitUntil(lambda: len(b.quick) == 2, timeout=3000)
    assert b.quick[-1] == Quick("one_moment", Seat.S)


class Hostile(Person):
    """A seat that, besides playing, tries what a cheating or broken app might."""

    tricks = ("illegal", "out_of_turn", "stale", "other_card", "bytes", "hello", "oversized")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.todo = list(self.tricks)
        self.refusals_expected = 0
        self.closings = 0
        self.before_acting = Hostile._misbehave

    def _misbehave(self, view: PlayerView, step: int) -> bool:
        if not self.todo or view.phase is not Phase.PLAY:
            return False
        trick = self.todo[0]
        if trick == "out_of_turn":
            if view.my_turn:
                return False
            self.todo.pop(0)
            self._expect(ActionMessage(step, "play", view.hand[0].text))
            return False
        if not view.my_turn:
            return False
        self.todo.pop(0)
        if trick == "illegal":
            self._expect(ActionMessage(step, "bid", "7NT"))
            self._expect(ActionMessage(step, "dance", "now"))
        elif trick == "stale":
            self._expect(ActionMessage(step - 1, "play", view.legal[0].card.text))  # type: ignore[union-attr]
        elif trick == "other_card":
            others = [c for c in make_pack() if c not in view.hand]
            self._expect(ActionMessage(step, "play", others[0].text))
        else:
            raw = {
                "bytes": b"\xff\x00 not json",
                "hello": encode(Hello("test", "Again")),
                "oversized": b'{"v":1,"type":"quick","id":"' + b"a" * MAX_MESSAGE_BYTES + b'"}',
            }[trick]
            self.link.send_bytes(raw)
            self.closings += 1
            return True  # closed: it comes back with its token, and plays on then
        return False

    def _expect(self, message: ActionMessage) -> None:
        self.refusals_expected += 1
        self.send_action(message)

    def _on_lost(self, why: str) -> None:
        super()._on_lost(why)
        self.rejoin()


def test_a_hostile_client_changes_nothing(qtbot: QtBot, controllers: list[GameController]) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=7)
    controllers.append(c)
    friend = Person(hub, record, "Friend", table=ticket.code.text, seat=Seat.N)
    rogue = Hostile(hub, record, "Rogue", table=ticket.code.text, seat=Seat.E)
    qtbot.waitUntil(lambda: friend.seat is not None and rogue.seat is not None, timeout=3000)
    with qtbot.waitSignal(c.game_over, timeout=GAME_TIMEOUT):
        table.start_game()
    final = table.step
    qtbot.waitUntil(lambda: friend.step == final and rogue.step == final, timeout=5000)
    assert rogue.todo == [] and rogue.closings == 3
    # Every well-formed cheat was refused with a reason, and nothing of it applied.
    reasons = {r.reason for r in rogue.action_refusals}
    assert len(rogue.action_refusals) == rogue.refusals_expected == 5
    assert reasons == {"wrong_phase", "unknown_action", "not_your_turn", "stale", "not_held"}
    assert table.refused_actions == 5
    # Only the rogue's connection was closed, each time; the friend played on throughout.
    assert friend.lost is None and friend.action_refusals == [] and friend.diverged == []
    assert rogue.diverged == [] and rogue.view == observe(c.state, Seat.E)
    assert c.state.is_over and c.faults == []


def test_the_same_token_on_a_new_connection_replaces_the_old_one(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=8)
    controllers.append(c)
    first = Person(hub, record, "Ann", table=ticket.code.text, acting=False)
    qtbot.waitUntil(lambda: first.seat is not None, timeout=3000)
    table.start_game()
    again = Person(hub, record, "Ann", table=ticket.code.text, token=first.token, acting=False)
    qtbot.waitUntil(lambda: again.seat is not None and first.lost is not None, timeout=3000)
    assert again.seat is first.seat and again.token == first.token
    assert first.goodbye is not None and first.goodbye.reason == "replaced"
    assert [(i.seat, i.kind) for i in table.seats() if i.seat is first.seat] == [
        (first.seat, "person")
    ]
    assert c.remote_seats.plays(Seat.N)
    # Leaving on purpose: the seat is the computer's until the person comes back.
    left: list[tuple[Seat, str]] = []
    table.person_left.connect(lambda seat, name: left.append((seat, name)))
    again.link.send(Goodbye("leaving"))
    qtbot.waitUntil(lambda: left == [(Seat.N, "Ann")], timeout=3000)
    assert not c.remote_seats.plays(Seat.N)
    assert [i.kind for i in table.seats() if i.seat is Seat.N] == ["stand_in"]


def test_closing_the_table_says_goodbye_and_the_computers_play_on(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=9)
    controllers.append(c)
    people = [Person(hub, record, n, table=ticket.code.text, acting=False) for n in ("A", "B")]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in people), timeout=3000)
    table.start_game()
    # Nobody acts: the table waits for the first person whose turn it is.
    qtbot.waitUntil(lambda: c.state.to_act in (Seat.N, Seat.E), timeout=5000)
    qtbot.wait(50)  # nothing more happens: the table waits
    waiting = c.state
    assert c.state is waiting and not c.busy
    table.close()
    qtbot.waitUntil(lambda: all(p.lost is not None for p in people), timeout=3000)
    assert all(p.goodbye is not None and p.goodbye.reason == "host_closing" for p in people)
    assert not c.remote_seats.plays(Seat.N) and not c.remote_seats.plays(Seat.E)
    # The game is still the family's: the save keeps who sat where, to reopen the table.
    assert {seat for seat, _, _ in family_seating(c.meta())} == {Seat.N, Seat.E}
    assert not c.take_backs_allowed
    # The computers took the seats at once, and play the game out.
    qtbot.waitUntil(lambda: c.state.is_over, timeout=GAME_TIMEOUT)
    assert hub.connections() == []


def test_ending_the_table_makes_it_the_hosts_own_game_again(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=12)
    controllers.append(c)
    person = Person(hub, record, "A", table=ticket.code.text, acting=False)
    qtbot.waitUntil(lambda: person.seat is not None, timeout=3000)
    table.start_game()
    assert family_seating(c.meta()) == [(Seat.N, "A", person.token)]
    table.close(ending=True)  # the host's New game
    assert family_seating(c.meta()) == [] and c.take_backs_allowed
    qtbot.waitUntil(lambda: person.goodbye is not None, timeout=3000)
    assert person.goodbye is not None and person.goodbye.reason == "ended"
