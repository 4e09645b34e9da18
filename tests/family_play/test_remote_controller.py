"""The joining person's controller over a loopback link and a small fake host: it says what
the host's own controller says (the same signals, turned so the person sits at South), its
view is the host's view of its seat turned, its intents become the right actions, refusals
become sentences, and a lost connection comes back with the rejoin token."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.family_play.links import ClientLink, LoopbackHub
from kaiser_desktop.family_play.remote_controller import (
    RETRY_MS,
    RemoteController,
    action_refusal_sentence,
    refusal_sentence,
)
from kaiser_desktop.net.protocol import (
    ACTION_REFUSALS,
    REFUSALS,
    ActionMessage,
    ActionRefused,
    Hello,
    Message,
    Refused,
)
from kaiser_desktop.net.rotation import (
    offset_for,
    rotate_result,
    rotate_seat,
    rotate_team,
    rotate_trick,
    rotate_view,
)
from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.rules import (
    SEATS,
    GameState,
    HandResult,
    Phase,
    Play,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Team,
    Trick,
    legal_actions,
    observe,
)
from kaiser_desktop.rules.simulate import modest_choice
from kaiser_desktop.rules.state import evolve
from tests.family_play.family_host_fake import CODE, FakeHost

SIGNALS = (
    "game_started", "dealt", "turn_changed", "redeal_decided", "card_passed", "cards_exchanged",
    "bid_made", "contract_won", "discarded", "trump_named", "card_played", "trick_complete",
    "trick_won", "hand_scored", "game_over", "state_changed", "restoring_started", "restored",
)  # fmt: skip
RULE_MIXES = {
    "standard": RuleSet(),
    "kitty_pass_kaiser": RuleSet(kitty=True, pass_to_partner=True, kaiser_bid=True),
}


def record(controller: object, log: list[tuple[str, tuple[object, ...]]]) -> None:
    for name in SIGNALS:
        getattr(controller, name).connect(lambda *args, name=name: log.append((name, args)))


def turned(args: tuple[object, ...], offset: int) -> tuple[object, ...]:
    """A signal's arguments as the client at `offset` shows them."""
    out: list[object] = []
    for a in args:
        if isinstance(a, Seat):
            out.append(rotate_seat(a, offset))
        elif isinstance(a, Team):
            out.append(rotate_team(a, offset))
        elif isinstance(a, HandResult):
            out.append(rotate_result(a, offset))
        elif isinstance(a, Trick):
            out.append(rotate_trick(a, offset))
        elif isinstance(a, tuple) and len(a) == 2 and all(isinstance(x, int) for x in a):
            out.append((a[1], a[0]) if offset % 2 else a)  # scores, by team
        else:
            out.append(a)
    return tuple(out)


def plain(view: PlayerView) -> PlayerView:
    return evolve(view, results=tuple(view.results))


@pytest.fixture
def made() -> Iterator[list[GameController | RemoteController]]:
    controllers: list[GameController | RemoteController] = []
    yield controllers
    for c in controllers:
        c.stop()


def join(
    qtbot: QtBot,
    hub: LoopbackHub,
    *,
    seat: Seat,
    code: str = CODE,
    reconnect: bool = False,
    name: str = "Robin",
) -> RemoteController:
    hub.code = TableCode.parse(CODE)
    client = RemoteController(
        hub.connect(code=code),
        name=name,
        table_code=code,
        seat=seat,
        pace=INSTANT,
        reconnect=(lambda: hub.connect(code=code)) if reconnect else None,
    )
    return client


def host_game(qtbot: QtBot, rules: RuleSet, seed: int, hands: int) -> tuple[
    GameController, list[tuple[GameState, tuple[Seat, SeatAction] | None]],
    list[tuple[str, tuple[object, ...]]],
]:  # fmt: skip
    """A host's GameController with a person at every seat, driven by random legal intents
    for `hands` hands: its states after each state_changed with the action that made each
    (as a family table sends them), and its signals."""
    c = GameController(rules, seating=Seating(humans=frozenset(SEATS)), seed=seed, pace=INSTANT)
    c.auto_play_single = False
    states: list[tuple[GameState, tuple[Seat, SeatAction] | None]] = []
    log: list[tuple[str, tuple[object, ...]]] = []
    c.state_changed.connect(lambda: states.append((c.state, c.action_that_made(c.state))))
    record(c, log)
    rng = random.Random(seed)
    c.start()
    scored = 0
    while scored < hands and not c.state.is_over:
        qtbot.waitUntil(
            lambda: c.waiting_for_human() is not None or (c.state.awaiting_deal and not c.busy),
            timeout=5000,
        )
        if c.state.awaiting_deal:
            scored += 1
            if scored < hands:
                c.next_hand()
            continue
        action = modest_choice(rng, legal_actions(c.state))
        c.act(action)
    qtbot.waitUntil(lambda: not c.busy, timeout=5000)  # the last steps all said
    return c, states, log


def from_first_deal(log: list[tuple[str, tuple[object, ...]]]) -> list[tuple[str, tuple]]:
    first = next(i for i, (name, _) in enumerate(log) if name == "dealt")
    return log[first:]


def recorded_sends(client: RemoteController) -> list[Message]:
    """Every message the client's link sends from now on (the link is the test's to watch)."""
    sent: list[Message] = []
    link = client._link
    assert link is not None
    send = link.send

    def recording(message: Message) -> None:
        sent.append(message)
        send(message)

    link.send = recording  # type: ignore[method-assign]
    return sent


@pytest.mark.parametrize("name", sorted(RULE_MIXES))
@pytest.mark.parametrize("seat", [Seat.E, Seat.N, Seat.W])
def test_the_client_says_what_the_hosts_controller_says(
    qtbot: QtBot, made: list[GameController | RemoteController], name: str, seat: Seat
) -> None:
    rules = RULE_MIXES[name]
    host_controller, states, host_log = host_game(qtbot, rules, seed=11, hands=2)
    made.append(host_controller)
    hub = LoopbackHub()
    host = FakeHost.make(hub, rules)
    client = join(qtbot, hub, seat=seat)
    made.append(client)
    qtbot.waitUntil(lambda: client.seat is seat and client.step is not None, timeout=3000)
    log: list[tuple[str, tuple[object, ...]]] = []
    record(client, log)
    offset = offset_for(seat)
    unique = [s for i, s in enumerate(states) if i == 0 or s[0] is not states[i - 1][0]]
    assert sum(action is not None for _, action in unique) > 40
    for state, action in unique:
        host.state = state
        host.step += 1
        host.send_views(action)
        qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
        # At every step, the client's view is the host's view of its seat, turned.
        assert plain(client.view()) == plain(rotate_view(observe(state, seat), offset))
    expected = [(n, turned(a, offset)) for n, a in from_first_deal(host_log)]
    # The last trick's rest and sweep come after the last view.
    qtbot.waitUntil(lambda: len(from_first_deal(log)) >= len(expected), timeout=5000)
    got = from_first_deal(log)
    assert [n for n, _ in got] == [n for n, _ in expected]
    assert got == expected


def test_a_whole_hand_by_the_clients_own_intents(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=5)
    client = join(qtbot, hub, seat=Seat.W)
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    sent = recorded_sends(client)
    rng = random.Random(2)
    sent_before = 0
    while not host.state.results:
        if host.play_computers():
            continue
        assert host.state.to_act is Seat.W
        qtbot.waitUntil(lambda: client.waiting_for_human() is Seat.S, timeout=3000)
        view = client.view()
        action = modest_choice(rng, list(view.legal))
        step = host.step
        assert client.act(action)
        qtbot.waitUntil(lambda step=step: host.step == step + 1, timeout=3000)
        # The message is the action in the record's notation, answering the view's step.
        assert sent[sent_before:] == [ActionMessage.of(step, action)]
        sent_before = len(sent)
        qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
        assert plain(client.view()) == plain(rotate_view(observe(host.state, Seat.W), 3))
    assert host.refusals == []
    assert sent_before >= 8  # at least its eight cards


def test_out_of_turn_and_refused_moves_are_said_in_words(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=5)
    client = join(qtbot, hub, seat=Seat.E)
    made.append(client)
    errors: list[str] = []
    client.error.connect(errors.append)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    host.deal()
    while host.state.to_act is not Seat.E:
        host.play_computers()
    qtbot.waitUntil(lambda: client.waiting_for_human() is Seat.S, timeout=3000)
    sent = recorded_sends(client)
    # Not in its legal moves: said at once, nothing sent.
    assert not client.act(Play(client.view().hand[0]))
    assert errors == ["That move is not allowed now."] and sent == []
    # A move the host refuses (here: the table moved on) comes back as a sentence.
    hub.host.send(next(iter(host.seats)), ActionRefused(host.step, "stale"))
    qtbot.waitUntil(lambda: len(errors) == 2, timeout=3000)
    assert errors[1] == action_refusal_sentence("stale")
    assert "moved on" in errors[1]
    # Another seat's turn: "Wait for ... to bid."
    bid = client.view().legal[0]
    assert client.act(bid)
    qtbot.waitUntil(lambda: host.state.to_act is not Seat.E, timeout=3000)
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    to_act = client.view().to_act
    assert to_act is not None and to_act is not Seat.S
    assert not client.act(bid)
    assert errors[-1] == f"Wait for {client.seating.name(to_act)} to bid."


def test_every_reason_has_its_own_sentence() -> None:
    said = {refusal_sentence(r) for r in REFUSALS}
    assert len(said) == len(REFUSALS)
    assert "update" in refusal_sentence("update_app")
    acted = {action_refusal_sentence(r) for r in ACTION_REFUSALS}
    assert len(acted) == len(ACTION_REFUSALS)


def test_a_wrong_table_code_is_refused_in_a_sentence(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet())
    client = join(qtbot, hub, seat=Seat.E, code="maple-river-lantern-otter-999")
    made.append(client)
    with qtbot.waitSignal(client.refused, timeout=3000) as blocker:
        pass
    assert blocker.args == [refusal_sentence("wrong_code")]
    assert client.seat is None and host.seats == {}


def test_names_and_a_stand_in_are_said(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet())
    robin = join(qtbot, hub, seat=Seat.E)
    made.append(robin)
    qtbot.waitUntil(lambda: robin.step is not None, timeout=3000)
    # Robin sits East: Gran (the host, South) shows at West, Pat (North) at East, and Sam
    # (West), Robin's partner, at North.
    assert robin.seating.name(Seat.S) == "You"
    assert robin.seating.name(Seat.W) == "Gran"
    assert robin.seating.name(Seat.E) == "Pat"
    assert robin.seating.name(Seat.N) == "Sam"
    assert robin.seating.team_name(True) == "You and Sam"
    pat = join(qtbot, hub, seat=Seat.N, name="Pat")
    made.append(pat)
    qtbot.waitUntil(lambda: pat.step is not None, timeout=3000)
    infos: list[str] = []
    robin.info.connect(infos.append)
    hub.drop(pat._link.conn)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: len(infos) == 1, timeout=3000)
    assert infos == ["Pat's connection was lost: the computer plays for Pat until Pat comes back."]
    assert "computer" in robin.seating.label(Seat.E)
    assert host.kinds[Seat.N] == "stand_in"


def test_a_lost_connection_rejoins_with_the_token_mid_hand(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=8)
    client = join(qtbot, hub, seat=Seat.N, reconnect=True)
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    token = client.token
    assert token is not None
    host.deal()
    rng = random.Random(3)
    while len(host.state.hand.tricks if host.state.hand else ()) < 3:  # mid-hand
        if not host.play_computers():
            host.apply(modest_choice(rng, legal_actions(host.state)))
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    infos: list[str] = []
    client.info.connect(infos.append)
    log: list[tuple[str, tuple[object, ...]]] = []
    record(client, log)
    hub.drop(client._link.conn)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: client.connected, timeout=3000)
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    hellos = [m for _, m in host.received if type(m).__name__ == "Hello"]
    assert len(hellos) == 2 and hellos[1].token == token  # type: ignore[union-attr]
    assert infos[0] == (
        "Gran's computer is not answering. Your seat is kept; the game goes on when Gran is back."
    )
    assert infos[-1] == "Gran is back: you are at the table again."
    # The table was rebuilt from the restarted stream, as a resumed game is.
    names = [n for n, _ in log]
    assert names.index("restoring_started") < names.index("restored")
    assert names.count("trick_won") == 3 and names.count("dealt") == 1
    assert plain(client.view()) == plain(rotate_view(observe(host.state, Seat.N), 2))
    assert client.view().phase is Phase.PLAY


def test_host_closing_is_said(qtbot: QtBot, made: list[GameController | RemoteController]) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet())
    client = join(qtbot, hub, seat=Seat.E, reconnect=True)
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    with qtbot.waitSignal(client.table_closed, timeout=3000) as blocker:
        host.close_table()
    assert blocker.args == [
        "Gran closed the table. The game is saved on Gran's computer; you can continue later."
    ]


def test_the_hosts_new_game_is_said_as_the_family_game_ended(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet())
    client = join(qtbot, hub, seat=Seat.E, reconnect=True)
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    with qtbot.waitSignal(client.table_closed, timeout=3000) as blocker:
        host.close_table("ended")
    assert blocker.args == ["Gran ended the family game."]


def test_quick_messages_reach_every_screen(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet())
    robin = join(qtbot, hub, seat=Seat.E)
    pat = join(qtbot, hub, seat=Seat.N, name="Pat")
    made += [robin, pat]
    qtbot.waitUntil(lambda: robin.step is not None and pat.step is not None, timeout=3000)
    said: list[tuple[object, str]] = []
    robin.quick_said.connect(lambda seat, id_: said.append((seat, id_)))
    infos: list[str] = []
    robin.info.connect(infos.append)
    pat.send_quick("nice_hand")
    qtbot.waitUntil(lambda: bool(said), timeout=3000)
    # Pat sits North; Robin (East) sees Pat at East.
    assert said == [(Seat.E, "nice_hand")]
    assert infos == ["Pat: Nice hand!"]
    assert sorted(s.text for s in host.seats.values()) == ["E", "N"]


MOMENTS = {
    "bidding": lambda s: s.phase is Phase.BIDDING and bool(s.hand and s.hand.bids),
    "trump": lambda s: s.phase is Phase.TRUMP,
    "mid_trick": lambda s: bool(s.hand and s.hand.current and len(s.hand.current.cards) == 2),
    "summary": lambda s: s.phase is Phase.HAND_SCORED,
}


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_a_rejoin_at_each_moment_puts_the_same_table_back(
    qtbot: QtBot, made: list[GameController | RemoteController], moment: str
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=21)
    client = join(qtbot, hub, seat=Seat.W, reconnect=True)
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    rng = random.Random(6)
    reached = MOMENTS[moment]
    for _ in range(2000):
        if reached(host.state):
            break
        if not host.play_computers():
            host.apply(modest_choice(rng, legal_actions(host.state)))
    assert reached(host.state)
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    log: list[tuple[str, tuple[object, ...]]] = []
    record(client, log)
    hub.drop(client._link.conn)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: client.connected and client.step == host.step, timeout=3000)
    assert plain(client.view()) == plain(rotate_view(observe(host.state, Seat.W), 3))
    names = [n for n, _ in log]
    assert names.count("restoring_started") == 1 and names.count("restored") == 1
    if moment == "summary":
        assert names[-1] == "hand_scored"  # the summary comes back up
    else:
        assert names[-1] == "turn_changed"  # whoever is to act is told again
    # The game goes on after the rejoin: the next step reaches the client as usual.
    if host.play_computers() or host.state.to_act is Seat.W:
        if host.state.to_act is Seat.W:
            qtbot.waitUntil(lambda: client.waiting_for_human() is Seat.S, timeout=3000)
            assert client.act(client.view().legal[0])
        qtbot.waitUntil(lambda: client.step == host.step and host.step > 0, timeout=3000)
        assert plain(client.view()) == plain(rotate_view(observe(host.state, Seat.W), 3))


def test_the_same_view_again_says_nothing(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=3)
    client = join(qtbot, hub, seat=Seat.N)
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    host.deal()
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    qtbot.waitUntil(lambda: not client.busy, timeout=3000)  # the deal's steps all said
    log: list[tuple[str, tuple[object, ...]]] = []
    record(client, log)
    serial = client.serial
    host.step += 1  # the host's count moved, the game did not
    host.send_views()
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    assert log == [] and client.serial == serial
    host.apply(legal_actions(host.state)[0])  # a real step (a bid) is said as usual
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    assert [n for n, _ in log][:2] == ["state_changed", "bid_made"]


def test_the_joiner_keeps_trying_the_same_table_and_knows_what_is_happening(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    """The host's app gone: the joiner is told so for as long as it lasts, no card is
    playable, and it keeps trying the same table with its token (never more than 5 s
    apart), through refusals of a table not open yet, until the host is back."""
    assert max(RETRY_MS) <= 5000
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=8)
    away = {"tries": 0, "until": 12}

    def reconnect() -> ClientLink:
        away["tries"] += 1
        if away["tries"] < away["until"] // 2:
            raise OSError("no route to the host")  # the host's computer is off
        return hub.connect()  # the host's app is up, its table not yet (Refused below)

    client = RemoteController(
        hub.connect(), name="Robin", table_code=CODE, seat=Seat.N, pace=INSTANT,
        reconnect=reconnect, retry_ms=(1, 2, 5), answer_ms=200,
    )  # fmt: skip
    made.append(client)
    assert client.table_note == "Waiting for the host to start the game."
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    assert client.table_note == "Waiting for Gran to start the game."
    host.deal()
    rng = random.Random(4)
    while host.state.to_act is not Seat.N:
        if not host.play_computers():
            host.apply(modest_choice(rng, legal_actions(host.state)))
    qtbot.waitUntil(lambda: client.waiting_for_human() is Seat.S, timeout=3000)
    assert client.table_note is None
    infos: list[str] = []
    client.info.connect(infos.append)
    table_open = host.hello
    refused = {"count": 0}

    def not_yet(conn: int, hello: Hello) -> None:
        if away["tries"] < away["until"]:
            refused["count"] += 1
            host.hub.host.send(conn, Refused("unknown_table"))
            host.hub.host.close(conn)
            return
        table_open(conn, hello)

    host.hello = not_yet  # type: ignore[method-assign]
    hub.drop(client._link.conn)  # type: ignore[union-attr]
    gone = (
        "Gran's computer is not answering. Your seat is kept; the game goes on when Gran is back."
    )
    assert infos == [gone] and client.table_note == gone
    assert client.waiting_for_human() is None and not client.act(client.view().legal[0])
    qtbot.waitUntil(lambda: client.connected, timeout=5000)
    qtbot.waitUntil(lambda: client.step == host.step, timeout=3000)
    assert away["tries"] >= away["until"] and refused["count"] >= 5
    assert infos[-1] == "Gran is back: you are at the table again."
    assert client.table_note is None and client.waiting_for_human() is Seat.S
    tokens = [m.token for _, m in host.received if isinstance(m, Hello)]
    assert tokens[-1] == client.token and tokens[-1] is not None


def test_a_rejoin_that_gets_no_answer_is_made_again(
    qtbot: QtBot, made: list[GameController | RemoteController]
) -> None:
    hub = LoopbackHub()
    host = FakeHost.make(hub, RuleSet(), seed=8)
    client = RemoteController(
        hub.connect(), name="Robin", table_code=CODE, seat=Seat.N, pace=INSTANT,
        reconnect=hub.connect, retry_ms=(1,), answer_ms=30,
    )  # fmt: skip
    made.append(client)
    qtbot.waitUntil(lambda: client.step is not None, timeout=3000)
    silent = {"hellos": 0}
    answer = host.hello

    def silent_at_first(conn: int, hello: Hello) -> None:
        silent["hellos"] += 1
        if silent["hellos"] > 3:
            answer(conn, hello)

    host.hello = silent_at_first  # type: ignore[method-assign]
    hub.drop(client._link.conn)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: client.connected, timeout=3000)
    assert silent["hellos"] == 4
