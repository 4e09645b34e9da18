"""This install's host identity: made once, kept owner-only, the same key every time."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from kaiser_desktop.family_play.host_identity import FILE_NAME, identity_path, load_or_make
from kaiser_desktop.net.seal import public_bytes


def test_made_once_kept_owner_only_and_the_same_after(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILE_NAME
    first = load_or_make(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert public_bytes(load_or_make(path)) == public_bytes(first)
    assert list(path.parent.iterdir()) == [path]  # no temporary file left


def test_a_damaged_file_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"not a key")
    key = load_or_make(path)
    assert public_bytes(load_or_make(path)) == public_bytes(key)
    assert len(path.read_bytes()) == 32


def test_the_data_folder_is_the_apps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAISER_DESKTOP_DATA_DIR", str(tmp_path))
    assert identity_path() == tmp_path / FILE_NAME


def test_a_folder_that_cannot_be_written_still_gives_a_key(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    key = load_or_make(blocked / FILE_NAME)  # its "folder" is a file: nothing can be kept
    assert len(public_bytes(key)) == 32
