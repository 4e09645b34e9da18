"""A game record that begins with a UTF-8 byte order mark (Notepad writes one) is read the
same everywhere: by the referee (`python -m kaiser_desktop.rules replay`, from a file and
from standard input) and by the app (its saved game and Game → Open). The referee used to
refuse the very file the app opened."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.rules import RuleSet, record
from kaiser_desktop.rules.record import MAX_RECORD_CHARS
from kaiser_desktop.rules.referee import main as referee_main
from kaiser_desktop.rules.simulate import random_game

BOM = b"\xef\xbb\xbf"


def referee(*args: str, given: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "kaiser_desktop.rules", "replay", *args],
        input=given, capture_output=True, check=False, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize("actions", [60, 100_000], ids=["in_progress", "finished"])
def test_a_record_with_a_byte_order_mark_reads_the_same_in_the_referee_and_the_app(
    tmp_path: Path, actions: int
) -> None:
    state = random_game(RuleSet(), seed=5, max_actions=actions)
    plain = record.dumps(state).encode("utf-8")
    path = tmp_path / "notepad.kaiser.json"
    path.write_bytes(BOM + plain)
    without = tmp_path / "plain.kaiser.json"
    without.write_bytes(plain)

    expected = referee(str(without))
    assert expected.returncode == 0, expected.stderr
    from_file = referee(str(path))
    assert (from_file.returncode, from_file.stderr) == (0, b"")
    assert from_file.stdout == expected.stdout
    piped = referee("-", given=path.read_bytes())
    assert (piped.returncode, piped.stderr) == (0, b"")
    assert piped.stdout == expected.stdout

    store = GameStore(tmp_path / "data")
    assert store.import_record(path) == state  # Game → Open
    store.folder.mkdir()
    store.save_path.write_bytes(path.read_bytes())  # the saved game, edited in Notepad
    loaded = store.load()
    assert loaded.message is None and loaded.state == state


def test_the_mark_does_not_count_towards_the_referees_size_limit() -> None:
    """A document of exactly the limit, after a mark, is read whole (and then judged on
    what it says), not refused as too large."""
    text = "\ufeff" + '"' + "x" * (MAX_RECORD_CHARS - 2) + '"'
    out, err = io.StringIO(), io.StringIO()
    assert referee_main(["replay", "-"], io.StringIO(text), out, err) == 2
    assert "too large" not in err.getvalue()
    assert err.getvalue().startswith("the document must be")
    longer = "\ufeff" + "x" * (MAX_RECORD_CHARS + 1)
    err = io.StringIO()
    assert referee_main(["replay", "-"], io.StringIO(longer), out, err) == 2
    assert "too large" in err.getvalue()
