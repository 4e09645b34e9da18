"""One code for a table's life: a saved family game reopens its table with the same code
and relay claim while the code has not expired (a new one after that), and the host may
ask for a new code. The real host link listens on 127.0.0.1 only, and is closed at once."""

from __future__ import annotations

import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.family_play.family_session import HostSession
from kaiser_desktop.family_play.family_table import META_KEY, saved_ticket
from kaiser_desktop.rules import RuleSet


def _saved_family_game(
    qtbot: QtBot, controllers: list[GameController], tmp_path: Path
) -> tuple[HostSession, dict[str, object]]:
    """A family game hosted and saved to the disk; its sidecar as loaded again."""
    store = GameStore(tmp_path)
    c = GameController(
        RuleSet(), seating=Seating.all_computers(), seed=3, pace=INSTANT, level="random",
        store=store,
    )  # fmt: skip
    controllers.append(c)
    session = HostSession(c, host_name="Gran", interface="127.0.0.1")
    session.start_game()
    qtbot.waitUntil(lambda: c.state.hand is not None and len(c.state.hand.bids) > 0, timeout=5000)
    assert c.flush_saves()
    session.close()
    c.stop()
    loaded = store.load()
    assert loaded.state is not None
    return session, loaded.meta


def test_a_saved_family_game_reopens_with_the_same_code_until_it_expires(
    qtbot: QtBot, controllers: list[GameController], tmp_path: Path
) -> None:
    first, meta = _saved_family_game(qtbot, controllers, tmp_path)
    table = meta[META_KEY]
    assert isinstance(table, dict) and table["table"]["code"] == first.code
    again = GameController(RuleSet(), seed=4, pace=INSTANT)
    controllers.append(again)
    reopened = HostSession(again, host_name="Gran", saved=meta, interface="127.0.0.1")
    try:
        assert reopened.code == first.code and reopened.reused_code
        assert reopened.ticket == first.ticket
        assert reopened.table.claim == first.table.claim != ""
    finally:
        reopened.close()
    # Expired: a new code and a new claim.
    expired = {META_KEY: {**table, "table": {**table["table"], "expires": 1.0}}}
    assert saved_ticket(expired, 2.0) is None
    other = HostSession(again, host_name="Gran", saved=expired, interface="127.0.0.1")
    try:
        assert other.code != first.code and not other.reused_code
        assert other.table.claim != first.table.claim
        assert not other.ticket.expired(time.time())
    finally:
        other.close()


def test_the_host_may_ask_for_a_new_code(qtbot: QtBot, controllers: list[GameController]) -> None:
    c = GameController(RuleSet(), seed=5, pace=INSTANT)
    controllers.append(c)
    session = HostSession(c, host_name="Gran", interface="127.0.0.1")
    try:
        old, old_link = session.code, session.link
        changed: list[str] = []
        session.code_changed.connect(changed.append)
        new = session.new_code()
        assert new != old and changed == [new] and session.code == new
        assert session.link is not old_link and session.table.link is session.link
        assert session.table.meta()[META_KEY]["table"]["code"] == new
    finally:
        session.close()
