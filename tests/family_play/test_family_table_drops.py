"""A remote person's connection dropping at each phase: a computer plays their seat at once,
every screen is told, and their token seats them again with their cards; a computer's answer
not yet applied is dropped when they come back; and a saved family game reopens its table."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.family_play.family_table import (
    FamilyTable,
    family_seating,
    saved_host_name,
    saved_ticket,
)
from kaiser_desktop.family_play.links import LoopbackHub
from kaiser_desktop.net.hand_record import HandRecord
from kaiser_desktop.net.protocol import ActionMessage
from kaiser_desktop.net.table_code import TableTicket
from kaiser_desktop.rules import MakeBid, Phase, PlayerView, RuleSet, Seat, apply, observe
from tests.family_play.family_table_harness import NOW, HostRecord, Person, family_game

GAME_TIMEOUT = 90_000
SLOW_BOTS = Pace(bot_ms=5000, deal_ms=0)
RULES = RuleSet(lose_at_minus_52=True)  # random play ends a game in a few hands

Moment = Callable[[PlayerView], bool]
MOMENTS: dict[str, Moment] = {
    # The first view of a hand after the first: the cards have just been dealt.
    "dealing": lambda v: v.hand_number >= 2 and v.bids == () and v.phase is Phase.BIDDING,
    "bidding": lambda v: v.phase is Phase.BIDDING and v.my_turn and len(v.bids) >= 1,
    "trump": lambda v: v.phase is Phase.TRUMP and v.my_turn,
    "mid_trick": lambda v: (
        v.phase is Phase.PLAY and v.my_turn and v.current is not None and len(v.current.cards) > 0
    ),
    "summary": lambda v: v.phase is Phase.HAND_SCORED,
}
HAND_IN_PROGRESS = ("dealing", "bidding", "trump", "mid_trick")
AT_THEIR_TURN = ("bidding", "trump", "mid_trick")


def bid_high(person: Person, view: PlayerView, step: int) -> bool:
    """The highest bid in a suit, if the person may make one (they then name trump)."""
    bids = [a for a in view.legal if isinstance(a, MakeBid)]
    suited = [a for a in bids if not a.bid.is_pass and not a.bid.no_trump and not a.bid.is_kaiser]
    if not suited:
        return False
    person.send_action(ActionMessage.of(step, max(suited, key=lambda a: a.bid.key)))
    return True


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_drop_and_rejoin(qtbot: QtBot, controllers: list[GameController], moment: str) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=21)
    controllers.append(c)
    if moment == "summary":
        c.auto_continue = False  # the summary waits for the host's "Next hand"
    people = [Person(hub, record, n, table=ticket.code.text) for n in ("Ann", "Bob", "Cy")]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in people), timeout=3000)
    left: list[tuple[Seat, str]] = []
    joined: list[tuple[Seat, str]] = []
    kinds_when_left: list[str] = []

    def on_left(seat: Seat, name: str) -> None:
        left.append((seat, name))
        kinds_when_left.extend(i.kind for i in table.seats() if i.seat is seat)

    table.person_left.connect(on_left)
    table.person_joined.connect(lambda seat, name: joined.append((seat, name)))
    dropped: list[Person] = []
    at: dict[str, int] = {}
    computer_moves: list[Seat] = []
    c.bot_decided.connect(lambda seat, action, reason: computer_moves.append(seat))

    def watch(person: Person, view: PlayerView, step: int) -> bool:
        if moment == "trump" and not dropped and view.my_turn and view.phase is Phase.BIDDING:
            return bid_high(person, view, step)  # so that a person names trump
        if dropped or not MOMENTS[moment](view):
            return False
        dropped.append(person)
        at["step"] = step
        person.drop()  # the cable is pulled: the host hears of it at once
        QTimer.singleShot(0, come_back)
        return True

    def come_back() -> None:
        if dropped and "back" not in at and (table.step > at["step"] or moment == "summary"):
            at["back"] = table.step
            QTimer.singleShot(0, dropped[0].rejoin)

    for p in people:
        p.before_acting = watch
    c.state_changed.connect(come_back)
    c.hand_scored.connect(lambda result: QTimer.singleShot(0, come_back))
    table.start_game()
    qtbot.waitUntil(lambda: bool(dropped) or c.state.is_over, timeout=GAME_TIMEOUT)
    assert dropped, f"no {moment} moment in the whole game"
    away = dropped[0]
    seat = away.seat
    assert seat is not None
    others = [p for p in people if p is not away]
    # Every other screen hears that a computer plays for the person now.
    stand_in = [(seat, "stand_in", away.name)]

    def told(p: Person) -> list[tuple[Seat, str, str]]:
        return [(m.seat, m.kind, m.name) for m in p.status_log if m.kind == "stand_in"]

    qtbot.waitUntil(lambda: all(told(p) == stand_in for p in others), timeout=3000)
    assert kinds_when_left == ["stand_in"]
    assert left == [(seat, away.name)]
    qtbot.waitUntil(lambda: len(joined) == 1, timeout=10_000)  # the one who came back
    assert joined[-1] == (seat, away.name) and away.seat is seat
    qtbot.waitUntil(lambda: away.step is not None and away.step >= at["back"], timeout=3000)
    # The hand in progress came back, cards and all (the view equals the host's).
    assert away.diverged == []
    back_view = away.view
    assert back_view is not None
    host_then = record.states[away.step]
    assert back_view == observe(host_then, seat)
    if moment in HAND_IN_PROGRESS:
        assert host_then.hand is not None and back_view.hand == host_then.hand.hand_of(seat)
        assert back_view.hand and back_view.hand_number == host_then.hand.number
    if moment in AT_THEIR_TURN:  # dropped at their turn: the table went on without them
        assert seat in computer_moves  # a computer played for the person while away
    qtbot.waitUntil(lambda: all(p.statuses[seat].kind == "person" for p in others), timeout=3000)
    if moment == "summary":
        assert c.state.phase is Phase.HAND_SCORED and back_view.phase is Phase.HAND_SCORED
        assert list(back_view.results) == list(c.state.results)
        qtbot.waitUntil(lambda: bool(away.records), timeout=3000)
        assert away.records[-1] == HandRecord.of(c.state, len(c.state.results))  # the review
        c.auto_continue = True
        c.next_hand()
    qtbot.waitUntil(lambda: c.state.is_over, timeout=GAME_TIMEOUT)
    final = table.step
    qtbot.waitUntil(lambda: all(p.step == final for p in people), timeout=5000)
    for p in others:
        assert p.diverged == [] and p.action_refusals == [] and p.lost is None
    assert away.diverged == []
    # A stale answer of the dropped person's (if any) was refused, nothing else.
    assert {r.reason for r in away.action_refusals} <= {"stale"}
    assert c.faults == []


def test_a_computers_answer_is_dropped_when_the_person_comes_back(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    c = GameController(
        RuleSet(), seating=Seating.all_computers(), seed=5, pace=INSTANT, level="random"
    )
    controllers.append(c)
    c.remote_seats.join(Seat.N)
    with qtbot.waitSignal(
        c.turn_changed, timeout=20_000, check_params_cb=lambda seat, phase: seat is Seat.N
    ):
        c.start()
    qtbot.wait(30)  # nothing more happens: the table waits for the person
    state = c.state
    assert state.to_act is Seat.N and not c.busy and c.state is state  # waiting for the person
    decided: list[Seat] = []
    c.bot_decided.connect(lambda seat, action, reason: decided.append(seat))
    # Dropped: the computer is asked at once; its answer waits out the bots' pause.
    c.pace = SLOW_BOTS
    c.remote_seats.drop(Seat.N)
    assert c.busy
    qtbot.waitUntil(lambda: c._next.kind == "bot", timeout=5000)
    c.remote_seats.join(Seat.N)  # back before the computer's answer was applied: it is dropped
    assert not c.busy and c.state is state
    qtbot.wait(50)  # nothing more happens: the dropped answer is not applied
    assert decided == [] and c.state is state
    # Dropped again and back while the computer is still thinking: its answer, when it
    # comes, is stale.
    with qtbot.waitSignal(c.bots.decided, timeout=10_000):
        c.remote_seats.drop(Seat.N)
        c.remote_seats.join(Seat.N)
    assert decided == [] and c.state is state and not c.busy
    action = observe(state, Seat.N).legal[-1]
    assert c.remote_seats.act(Seat.E, action) == "not_your_turn"
    assert c.remote_seats.act(Seat.N, action) is None
    assert c.state == apply(state, action)


def test_no_undo_take_back_or_claims_in_a_family_game(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c = GameController(RuleSet(), seed=2, pace=INSTANT, claims=True)
    controllers.append(c)
    table = FamilyTable(c, hub.host, TableTicket.issue(NOW), host_name="Gran", clock=lambda: NOW)
    with qtbot.waitSignal(
        c.turn_changed, timeout=20_000, check_params_cb=lambda seat, phase: seat is Seat.S
    ):
        table.start_game()
    assert not c.claims_enabled
    view = c.view(Seat.S)
    assert c.act(view.legal[-1])
    assert not c.can_take_back and not c.can_undo and not c.undo()


def test_a_saved_family_game_reopens_its_table(
    qtbot: QtBot, controllers: list[GameController], tmp_path: Path
) -> None:
    hub = LoopbackHub()
    store = GameStore(tmp_path)
    c = GameController(
        RULES, seating=Seating.all_computers(), seed=8, pace=INSTANT, level="random",
        store=store,
    )  # fmt: skip
    controllers.append(c)
    table = FamilyTable(
        c, hub.host, TableTicket.issue(NOW), host_name="Gran", claim="claim-1", clock=lambda: NOW
    )
    record = HostRecord(c, table)
    code = table.ticket.code.text
    people = [Person(hub, record, n, table=code) for n in ("Ann", "Bob")]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in people), timeout=3000)
    seats = {p.name: p.seat for p in people}
    tokens = {p.name: p.token for p in people}
    table.start_game()
    qtbot.waitUntil(lambda: table.step >= 40 and c.state.phase is Phase.PLAY, timeout=20_000)
    # The host's app is killed: what is on the disk is all that is left.
    assert c.flush_saves()
    c.stop()
    saved = store.load()
    assert saved.state is not None and not saved.state.is_over
    assert set(family_seating(saved.meta)) == {
        (seats[name], name, tokens[name]) for name in ("Ann", "Bob")
    }
    # Started again: the same code (saved with the game), and the same tokens seat everyone
    # at their seats again.
    kept = saved_ticket(saved.meta, NOW + 60)
    assert kept is not None and kept[0] == table.ticket and kept[1] == "claim-1"
    assert saved_host_name(saved.meta) == "Gran"  # not "You" on the family's screens
    hub2 = LoopbackHub()
    c2 = GameController(RULES, seating=Seating.all_computers(), seed=9, pace=INSTANT)
    controllers.append(c2)
    hub2.code = kept[0].code  # the same code seals the reopened table's connections
    table2 = FamilyTable(c2, hub2.host, kept[0], host_name="Gran", claim=kept[1], clock=lambda: NOW)
    record2 = HostRecord(c2, table2)
    c2.auto_continue = False  # hold the resumed table at the end of the hand at most
    table2.resume_game(saved.state, saved.meta)
    assert {(i.seat, i.kind, i.name) for i in table2.seats() if i.kind != "computer"} == {
        (Seat.S, "person", "Gran"),
        *[(seats[n], "stand_in", n) for n in ("Ann", "Bob")],
    }
    # Bob's app kept his token; Ann's app was started again too and has none: she is not
    # seated by her name, the host is asked; let in, she has her seat with a new token.
    # A stranger is asked about too (a computer's seat is free); the host says not now.
    back = [
        Person(hub2, record2, "ann", table=code, token=None),
        Person(hub2, record2, "Bob", table=code, token=tokens["Bob"]),
    ]
    qtbot.waitUntil(lambda: back[1].seat is not None and back[0].asked is not None, timeout=3000)
    assert back[0].seat is None and table2.asking() == {back[0].conn: "ann"}
    assert table2.let_in(back[0].conn)
    qtbot.waitUntil(lambda: back[0].seat is not None, timeout=3000)
    assert {p.name.title(): p.seat for p in back} == seats
    assert back[1].token == tokens["Bob"] and back[0].token not in (None, tokens["Ann"])
    stranger = Person(hub2, record2, "Cy", table=code)
    qtbot.waitUntil(lambda: stranger.asked is not None, timeout=3000)
    assert table2.turn_away(stranger.conn)
    qtbot.waitUntil(lambda: stranger.refused is not None, timeout=3000)
    assert stranger.refused is not None and stranger.refused.reason == "not_now"
    assert stranger.seat is None and stranger.token is None
    stale = Person(hub2, record2, "Ann", table=code, token=tokens["Ann"])
    qtbot.waitUntil(lambda: stale.refused is not None, timeout=3000)
    assert stale.refused is not None and stale.refused.reason == "bad_token"
    # Expired: nothing of the old code is reused.
    assert saved_ticket(saved.meta, table.ticket.expires_at) is None
    c2.auto_continue = True
    c2.next_hand()
    qtbot.waitUntil(lambda: c2.state.is_over, timeout=GAME_TIMEOUT)
    final = table2.step
    qtbot.waitUntil(lambda: all(p.step == final for p in back), timeout=5000)
    assert all(p.diverged == [] and p.compared > 10 for p in back)
    assert c2.state.past_hands[: len(saved.state.past_hands)] == saved.state.past_hands


def test_random_drops_all_game_long_never_diverge(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    hub = LoopbackHub()
    c, table, record, ticket = family_game(hub, seed=31)
    controllers.append(c)
    rng = random.Random(31)
    people = [Person(hub, record, n, table=ticket.code.text) for n in ("Ann", "Bob", "Cy")]
    qtbot.waitUntil(lambda: all(p.seat is not None for p in people), timeout=3000)
    drops: list[str] = []

    def now_and_then(person: Person, view: PlayerView, step: int) -> bool:
        if rng.random() > 0.06:
            return False
        drops.append(person.name)
        person.drop()
        QTimer.singleShot(rng.randrange(0, 15), person.rejoin)
        return True

    for p in people:
        p.before_acting = now_and_then
    table.start_game()
    qtbot.waitUntil(lambda: c.state.is_over, timeout=GAME_TIMEOUT)
    final = table.step
    qtbot.waitUntil(lambda: all(p.step == final for p in people), timeout=5000)
    assert len(drops) >= 10
    for p in people:
        assert p.diverged == [] and p.seat is not None
        assert p.view == observe(c.state, p.seat)
        assert {r.reason for r in p.action_refusals} <= {"stale"}
    assert c.faults == []


@pytest.mark.parametrize(
    ("table", "name"),
    [
        ({"host": "Gran"}, "Gran"),
        ({"host": "Gr\u202ean"}, "Gran"),  # a right-to-left override is not shown
        ({"host": 7}, ""),
        ({}, ""),
        ("not a table", ""),
    ],
)
def test_the_hosts_name_is_read_back_from_the_sidecar(table: object, name: str) -> None:
    assert saved_host_name({"family": {"table": table}}) == name
