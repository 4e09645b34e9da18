"""The saved game: round trips, atomic writes, bad files set aside, and a real kill -9."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kaiser_desktop.app import atomic
from kaiser_desktop.app.storage import (
    DATA_DIR_ENV,
    LAST_GAME_NAME,
    META_NAME,
    SAVE_NAME,
    GameStore,
    StoreError,
)
from kaiser_desktop.rules import BID_OUT_47, STANDARD, TOURNAMENT, RuleSet, Seat, new_game
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.rules.simulate import random_game, random_states

REPO = Path(__file__).resolve().parents[2]
VARIANTS = [
    STANDARD,
    TOURNAMENT,
    BID_OUT_47,
    RuleSet(kitty=True, pass_to_partner=True),
    RuleSet(kaiser_bid=True, three_trick_rule=True, all_pass="throw_in", min_bid=5),
]


def one_sentence(message: str) -> bool:
    return (
        "\n" not in message
        and "Traceback" not in message
        and message.endswith(".")
        and message[0].isupper()
    )


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "data")


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: json.dumps(r.to_json()))
@pytest.mark.parametrize("max_actions", [1, 7, 60, 250, 100_000])
def test_save_load_round_trip(store: GameStore, rules: RuleSet, max_actions: int) -> None:
    state = random_game(rules, seed=max_actions + 17, max_actions=max_actions)
    assert store.save(state)
    result = store.load()
    assert result.message is None
    assert result.state == state


def test_finished_game_round_trips(store: GameStore) -> None:
    state = random_game(STANDARD, seed=5)
    assert state.is_over
    store.save(state)
    assert store.load().state == state


def test_the_file_is_exactly_a_kaiser_record(store: GameStore) -> None:
    state = random_game(BID_OUT_47, seed=2, max_actions=80)
    store.save(state, meta={"level": "expert", "seed": 1234})
    text = store.save_path.read_text(encoding="utf-8")
    assert text == kaiser_record.dumps(state)
    data = json.loads(text)
    assert set(data) == {"format", "rules", "hands"}
    assert data["format"] == "kaiser-record/1"


def test_nothing_to_save_before_the_first_deal(store: GameStore) -> None:
    assert store.save(new_game(STANDARD, Seat.N)) is False
    assert not store.save_path.exists()
    assert store.load().state is None
    assert store.load().message is None


def test_no_save_means_no_state_and_no_message(store: GameStore) -> None:
    result = store.load()
    assert result.state is None and result.message is None and result.kept_as is None


def test_meta_sidecar_round_trips_and_tolerates_damage(store: GameStore) -> None:
    state = random_game(STANDARD, seed=9, max_actions=30)
    meta = {"level": "expert", "names": {"N": "Grandma"}, "seed": 987654321}
    store.save(state, meta=meta)
    loaded = store.load()
    assert loaded.state == state
    assert loaded.meta == meta
    store.meta_path.write_text("{not json", encoding="utf-8")
    again = store.load()
    assert again.state == state and again.meta == {}


def test_default_folder_honours_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "here"))
    assert GameStore.default_folder() == tmp_path / "here"
    monkeypatch.delenv(DATA_DIR_ENV)
    assert "Kaiser Desktop" in str(GameStore.default_folder())


# --- atomicity -----------------------------------------------------------------------------


def test_no_temp_files_after_a_save(store: GameStore) -> None:
    for n in (5, 10, 20):
        store.save(random_game(STANDARD, seed=1, max_actions=n), meta={"n": n})
    assert sorted(p.name for p in store.folder.iterdir()) == sorted([META_NAME, SAVE_NAME])


def test_save_is_fsynced(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(fd), real(fd))[1])
    store.save(random_game(STANDARD, seed=1, max_actions=10))
    # the file, then (on POSIX) its folder
    assert len(calls) >= (2 if os.name == "posix" else 1)


def test_interrupted_save_keeps_the_previous_one(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = random_game(STANDARD, seed=3, max_actions=40)
    store.save(first)
    before = store.save_path.read_bytes()

    def power_cut(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(StoreError) as caught:
        store.save(random_game(STANDARD, seed=3, max_actions=80))
    assert one_sentence(str(caught.value))
    assert "disk is full" in str(caught.value)
    monkeypatch.undo()
    assert store.save_path.read_bytes() == before
    assert store.load().state == first
    assert [p.name for p in store.folder.iterdir()] == [SAVE_NAME]  # the temp file is gone


def test_stale_temp_files_are_swept_fresh_ones_kept(store: GameStore) -> None:
    store.save(random_game(STANDARD, seed=3, max_actions=10))
    stale = store.folder / ".autosave.json.abc.tmp"
    fresh = store.folder / ".autosave.json.def.tmp"
    stale.write_text("half a rec", encoding="utf-8")
    fresh.write_text("half a rec", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert store.load().state is not None
    assert not stale.exists()
    assert fresh.exists()
    assert atomic.is_temp_file(fresh)


# --- bad files -----------------------------------------------------------------------------


def _bad_saves() -> dict[str, bytes]:
    good = kaiser_record.dumps(random_game(STANDARD, seed=4, max_actions=60)).encode()
    illegal = json.loads(good)
    illegal["hands"][0]["deal"]["N"][0] = illegal["hands"][0]["deal"]["E"][0]  # dealt twice
    return {
        "truncated": good[: len(good) // 2],
        "garbage": b"{{{ this is not json",
        "foreign": json.dumps({"format": "solitaire/9", "cards": []}).encode(),
        "list": b"[1, 2, 3]",
        "empty": b"",
        "blank": b"   \n",
        "binary": bytes(range(256)) * 4,
        "nul": good[:100] + b"\x00" * 64,
        "illegal": json.dumps(illegal).encode(),
        "deep": b"[" * 100_000,
    }


@pytest.mark.parametrize("kind", sorted(_bad_saves()))
def test_bad_save_is_set_aside_with_a_plain_message(store: GameStore, kind: str) -> None:
    content = _bad_saves()[kind]
    store.folder.mkdir(parents=True)
    store.save_path.write_bytes(content)
    store.meta_path.write_text('{"format": "kaiser-desktop-meta/1", "level": "basic"}')
    result = store.load()
    assert result.state is None
    assert result.message is not None and one_sentence(result.message)
    assert "new game" in result.message
    assert result.kept_as is not None and result.kept_as.name in result.message
    assert result.kept_as.name.startswith("autosave.corrupt-")
    assert result.kept_as.read_bytes() == content  # never deleted, never altered
    assert not store.save_path.exists()
    assert not store.meta_path.exists()  # its sidecar went aside with it
    assert len(list(store.folder.glob("autosave.meta.corrupt-*.json"))) == 1
    # the next start is a clean new game, with no message
    assert store.load().message is None


@pytest.mark.parametrize("where", ["bid", "card", "second deal"])
def test_a_save_with_an_illegal_move_goes_on_from_just_before_it(
    store: GameStore, where: str
) -> None:
    game = random_game(STANDARD, seed=8, max_actions=90)
    data = kaiser_record.to_json(game)
    hand = data["hands"][0]
    assert "tricks" in hand and len(data["hands"]) >= 2
    if where == "bid":
        hand["bids"] = ["13", *hand["bids"][1:]]
        data["hands"] = data["hands"][:1]
    elif where == "card":
        hand["tricks"][2][1] = hand["tricks"][0][0]  # a card already played
        data["hands"] = data["hands"][:1]
    else:
        data["hands"][1]["dealer"] = data["hands"][0]["dealer"]  # the deal did not pass on
    content = json.dumps(data).encode()
    store.folder.mkdir(parents=True)
    store.save_path.write_bytes(content)
    store.meta_path.write_text('{"format": "kaiser-desktop-meta/1", "level": "basic"}')
    result = store.load()
    assert result.state is not None and not result.state.is_over
    state = result.state
    if where == "bid":
        assert state.hand is not None and state.hand.bids == () and not state.results
    elif where == "card":
        assert state.hand is not None and len(state.hand.tricks) == 2
        assert state.hand.current is not None and len(state.hand.current.cards) == 1
    else:
        assert state.hand is not None and len(state.results) == 1 and state.awaiting_deal
    assert result.message is not None and one_sentence(result.message)
    assert "just before that move" in result.message
    assert result.kept_as is not None and result.kept_as.name in result.message
    assert result.kept_as.read_bytes() == content  # kept aside, unaltered
    assert result.meta.get("level") == "basic"  # the sidecar stays with the game
    again = store.load()  # the save now holds the legal part: it resumes with no message
    assert again.state == state and again.message is None


def test_two_bad_saves_in_one_second_both_kept(store: GameStore) -> None:
    store.folder.mkdir(parents=True)
    kept = []
    for content in (b"one", b"two", b"three"):
        store.save_path.write_bytes(content)
        result = store.load()
        assert result.kept_as is not None
        kept.append(result.kept_as)
    assert len(set(kept)) == 3
    assert [p.read_bytes() for p in kept] == [b"one", b"two", b"three"]


def test_foreign_and_damaged_are_told_apart(store: GameStore) -> None:
    store.folder.mkdir(parents=True)
    store.save_path.write_text('{"hello": "world"}', encoding="utf-8")
    assert "not a Kaiser game" in (store.load().message or "")
    store.save_path.write_text('{"format": "kaiser-record/1", "hands": [', encoding="utf-8")
    assert "damaged" in (store.load().message or "")


# --- finishing, export, import -------------------------------------------------------------


def test_clear_keeps_the_finished_game(store: GameStore) -> None:
    final = random_game(STANDARD, seed=6)
    store.save(random_game(STANDARD, seed=6, max_actions=50), meta={"level": "basic"})
    store.clear(final)
    assert not store.save_path.exists()
    assert not store.meta_path.exists()
    assert (store.folder / LAST_GAME_NAME).exists()
    assert store.load_last_game() == final
    assert store.load().state is None


def test_clear_without_a_state_moves_the_autosave(store: GameStore) -> None:
    state = random_game(TOURNAMENT, seed=8)
    store.save(state)
    store.clear()
    assert store.load_last_game() == state
    assert not store.has_save()


@pytest.mark.parametrize("rules", VARIANTS[:3], ids=lambda r: json.dumps(r.to_json()))
def test_export_import_round_trip(store: GameStore, tmp_path: Path, rules: RuleSet) -> None:
    state = random_game(rules, seed=12, max_actions=150)
    target = tmp_path / "exports" / "our game.kaiser.json"
    store.export(state, target)
    assert store.import_record(target) == state
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "kaiser-record/1"


def test_import_accepts_a_byte_order_mark(store: GameStore, tmp_path: Path) -> None:
    state = random_game(STANDARD, seed=12, max_actions=40)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + kaiser_record.dumps(state).encode())
    assert store.import_record(path) == state


@pytest.mark.parametrize("kind", sorted(_bad_saves()))
def test_import_of_a_bad_file_is_one_sentence(store: GameStore, tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"{kind}.json"
    path.write_bytes(_bad_saves()[kind])
    with pytest.raises(StoreError) as caught:
        store.import_record(path)
    assert one_sentence(str(caught.value))
    assert path.name in str(caught.value)
    assert path.read_bytes() == _bad_saves()[kind]  # the player's file is left alone


def test_import_missing_file_and_folder(store: GameStore, tmp_path: Path) -> None:
    for path in (tmp_path / "nope.json", tmp_path):
        with pytest.raises(StoreError) as caught:
            store.import_record(path)
        assert one_sentence(str(caught.value))


def test_export_somewhere_impossible(store: GameStore, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(StoreError) as caught:
        store.export(random_game(STANDARD, seed=1, max_actions=9), blocker / "game.json")
    assert one_sentence(str(caught.value))


# --- a real crash --------------------------------------------------------------------------

CHILD = """
import sys
from pathlib import Path
from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.rules.simulate import random_states
store = GameStore(Path(sys.argv[1]))
for number, state in enumerate(random_states(RuleSet(), int(sys.argv[2]))):
    if store.save(state, meta={"actions": number}):
        print(number, flush=True)
print("done", flush=True)
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9 (POSIX)")
@pytest.mark.parametrize("round_number", range(8))
def test_kill_9_never_loses_the_game(tmp_path: Path, round_number: int) -> None:
    seed = 1000 + round_number
    states = list(random_states(STANDARD, seed))
    folder = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(folder), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )
    reported: list[int] = []
    first = threading.Event()

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip().isdigit():
                reported.append(int(line))
                first.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert first.wait(30), child.stderr.read() if child.stderr else ""
    time.sleep(random.Random(seed).uniform(0.0, 0.4))
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    reader.join(10)
    assert child.returncode == -signal.SIGKILL, "the child finished before it was killed"

    last = reported[-1]
    result = GameStore(folder).load()
    assert result.message is None, result.detail
    assert result.state is not None
    # The kill may land after a save's rename but before it printed its number.
    candidates = [states[last]] + ([states[last + 1]] if last + 1 < len(states) else [])
    assert result.state in candidates
    assert result.meta.get("actions") in (last, last + 1)
