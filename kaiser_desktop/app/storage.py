"""The saved game: autosave, resume, finished-game archive, export and import.

Nothing here ever deletes a player's file: a save that cannot be read is renamed aside
(`autosave.corrupt-20261129-143000.json`) and the caller starts a new game with one plain
sentence to show. The record is exactly `kaiser-record/1`; what the record cannot carry
(computer level, names, deal seed...) lives in the sidecar `autosave.meta.json`.

No Qt at import time: the crash test drives this module from a plain Python process.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from kaiser_desktop.app.atomic import atomic_write_json, atomic_write_text, is_temp_file
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.storage_words import file_problem, os_reason, saved_game_problem, where_kept
from kaiser_desktop.rules import GameState, RecordError
from kaiser_desktop.rules import record as kaiser_record

APP_NAME = "Kaiser Desktop"
DATA_DIR_ENV = "KAISER_DESKTOP_DATA_DIR"
SAVE_NAME = "autosave.json"
META_NAME = "autosave.meta.json"
LAST_GAME_NAME = "last-game.json"
LAST_META_NAME = "last-game.meta.json"
META_FORMAT = "kaiser-desktop-meta/1"
MAX_RECORD_BYTES = kaiser_record.MAX_RECORD_CHARS  # a long game is ~100 KB: not a record
STALE_TEMP_SECONDS = 60.0  # older leftovers are from a crash, not a write in progress


class StoreError(Exception):
    """A file could not be saved or opened. `str(error)` is one sentence for the player;
    `detail` is the technical reason, for a log."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


@dataclass(frozen=True)
class LoadResult:
    """What `GameStore.load` found. With no state, the caller starts a new game and shows
    `message` if there is one (None simply means there was no saved game)."""

    state: GameState | None
    message: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    kept_as: Path | None = None  # where an unreadable save was moved
    detail: str = ""


class GameStore:
    """The app's data folder: `autosave.json`, its sidecar, and `last-game.json`."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    @staticmethod
    def default_folder() -> Path:
        """$KAISER_DESKTOP_DATA_DIR if set, else the platform's per-user app-data folder."""
        override = os.environ.get(DATA_DIR_ENV)
        if override:
            return Path(override)
        from PySide6.QtCore import QCoreApplication, QStandardPaths

        if not QCoreApplication.organizationName():
            QCoreApplication.setOrganizationName(APP_NAME)
        if not QCoreApplication.applicationName():
            QCoreApplication.setApplicationName(APP_NAME)
        location = QStandardPaths.StandardLocation.AppDataLocation
        found = QStandardPaths.writableLocation(location)
        return Path(found) if found else Path.home() / ".kaiser-desktop"

    @classmethod
    def default(cls) -> GameStore:
        return cls(cls.default_folder())

    @property
    def save_path(self) -> Path:
        return self.folder / SAVE_NAME

    @property
    def meta_path(self) -> Path:
        return self.folder / META_NAME

    @property
    def last_game_path(self) -> Path:
        return self.folder / LAST_GAME_NAME

    def has_save(self) -> bool:
        return self.save_path.is_file()

    # --- the game in progress -------------------------------------------------------------

    def save(self, state: GameState, meta: Mapping[str, Any] | None = None) -> bool:
        """Autosave `state` (and `meta`, if given). False if nothing has been dealt yet,
        since a record needs at least one hand. Raises StoreError if the disk refuses."""
        if state.hand is None and not state.past_hands:
            return False
        try:
            if meta is not None:
                # Meta first: if we die between the two writes, old record + new meta is
                # harmless (level/names), whereas the record is what must never be stale.
                atomic_write_json(self.meta_path, _meta_document(meta))
            atomic_write_text(self.save_path, kaiser_record.dumps(state))
        except OSError as exc:
            raise StoreError(
                translate("Storage", "The game could not be saved because {reason}.").format(
                    reason=os_reason(exc)
                ),
                str(exc),
            ) from None
        return True

    def load_meta(self) -> dict[str, Any]:
        """The sidecar's values; {} if missing or unreadable (it is only a convenience)."""
        return _read_meta(self.meta_path)

    def load(self) -> LoadResult:
        """The saved game, or no state (with a plain message if the save was bad)."""
        self._remove_stale_temp_files()
        path = self.save_path
        if not path.exists():
            return LoadResult(None)
        try:
            state, broken = _read_record_partial(path, partial=True)
        except _Unreadable as bad:
            kept = self.set_aside_game()
            message = translate(
                "Storage", "Your saved game {problem}, so a new game will start ({where})."
            ).format(problem=saved_game_problem(bad.what, bad.reason), where=where_kept(kept, path))
            return LoadResult(None, message, kept_as=kept, detail=bad.detail)
        if broken is not None:
            return self._resume_before(state, broken)
        return LoadResult(state, meta=self.load_meta())

    def _resume_before(self, state: GameState, broken: RecordError) -> LoadResult:
        """A save with an illegal action: keep the file aside and go on from just before it
        (the save is rewritten at once, so quitting now loses nothing)."""
        kept = self.replace_save(state)
        message = translate(
            "Storage",
            "Your saved game had a move in it that breaks the rules, so the game goes on "
            "from just before that move ({where}).",
        ).format(where=where_kept(kept, self.save_path))
        return LoadResult(state, message, meta=self.load_meta(), kept_as=kept, detail=str(broken))

    def set_aside_game(self) -> Path | None:
        """Move the save and its sidecar aside under one stamp; where the save went."""
        kept = set_aside(self.save_path)
        if kept is not None:
            set_aside(self.meta_path, stamp_from=kept)
        return kept

    def replace_save(self, state: GameState) -> Path | None:
        """Keep the save aside and write `state` in its place at once (so quitting now loses
        nothing); where the old save went. Only once it is safely aside is it replaced."""
        kept = set_aside(self.save_path)
        if kept is not None:
            with contextlib.suppress(OSError):
                atomic_write_text(self.save_path, kaiser_record.dumps(state))
        return kept

    def clear(self, final_state: GameState | None = None) -> None:
        """The game is over: keep its record as `last-game.json` and remove the autosave.

        With `final_state`, that state is archived (so the last hand is never lost even if
        it was not autosaved); otherwise the autosave file itself is moved."""
        try:
            if final_state is not None and (final_state.hand or final_state.past_hands):
                atomic_write_text(self.last_game_path, kaiser_record.dumps(final_state))
                _unlink(self.save_path)
            elif self.save_path.exists():
                os.replace(self.save_path, self.last_game_path)
            if self.meta_path.exists():
                os.replace(self.meta_path, self.folder / LAST_META_NAME)
        except OSError as exc:
            raise StoreError(
                translate(
                    "Storage", "The finished game could not be filed away because {reason}."
                ).format(reason=os_reason(exc)),
                str(exc),
            ) from None

    def load_last_game(self) -> GameState | None:
        """The most recently finished game, or None if there is none or it is unreadable."""
        try:
            return _read_record(self.last_game_path)
        except (_Unreadable, FileNotFoundError):
            return None

    # --- files the player chooses ---------------------------------------------------------

    def export(self, state: GameState, path: Path) -> None:
        """Write the game's record to a file the player picked."""
        path = Path(path)
        if state.hand is None and not state.past_hands:
            raise StoreError(
                translate("Storage", "There is nothing to save yet: no cards have been dealt.")
            )
        try:
            atomic_write_text(path, kaiser_record.dumps(state))
        except OSError as exc:
            raise StoreError(
                translate(
                    "Storage", "The game could not be saved as “{file}” because {reason}."
                ).format(file=path.name, reason=os_reason(exc)),
                str(exc),
            ) from None

    def import_record(self, path: Path) -> GameState:
        """Read a game record the player picked; StoreError with one sentence if it is bad."""
        path = Path(path)
        try:
            return _read_record(path)
        except FileNotFoundError:
            raise StoreError(
                translate("Storage", "The file “{file}” could not be found.").format(file=path.name)
            ) from None
        except _Unreadable as bad:
            raise StoreError(
                file_problem(bad.what, bad.reason).format(file=path.name), bad.detail
            ) from None

    # --- housekeeping ---------------------------------------------------------------------

    def _remove_stale_temp_files(self) -> None:
        """Leftovers of a write cut short by a crash; the real files are untouched by them."""
        try:
            entries = list(self.folder.iterdir())
        except OSError:
            return
        now = time.time()
        for entry in entries:
            if not is_temp_file(entry):
                continue
            with contextlib.suppress(OSError):
                if now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                    entry.unlink()


class _Unreadable(Exception):
    """A record file that exists but is not a readable game. `what` says why, as a code
    (too_large, unreadable, empty, damaged, not_kaiser, illegal): each has its sentence."""

    def __init__(self, what: str, detail: str, reason: str = "") -> None:
        super().__init__(detail)
        self.what = what
        self.detail = detail
        self.reason = reason  # for "unreadable": the operating system's reason, in words


def _read_record(path: Path) -> GameState:
    """Read and replay a record; FileNotFoundError passes through, all else is _Unreadable."""
    state, _ = _read_record_partial(path, partial=False)
    return state


def _read_record_partial(path: Path, partial: bool) -> tuple[GameState, RecordError | None]:
    """As `_read_record`; with `partial`, a record with an illegal action after its first
    deal gives the state before that action and the error (see record.loads_partial)."""
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise _Unreadable("too_large", f"{size} bytes")
        data = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _Unreadable("unreadable", str(exc), os_reason(exc)) from None
    if not data.strip():
        raise _Unreadable("empty", "empty file")
    try:
        text = data.decode("utf-8")  # a BOM some editors add: the record passes over it
    except UnicodeDecodeError as exc:
        raise _Unreadable("damaged", str(exc)) from None
    if "\x00" in text:
        raise _Unreadable("damaged", "NUL bytes in file")
    try:
        return kaiser_record.loads_partial(text, partial=partial)
    except RecordError as exc:
        raise _Unreadable(_record_problem(exc), str(exc)) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # belt and braces: never a traceback
        raise _Unreadable("damaged", repr(exc)) from None


def _record_problem(exc: RecordError) -> str:
    reason = exc.reason
    if reason.startswith("not valid JSON"):
        return "damaged"
    if exc.hand is None and (
        reason.startswith('"format"')
        or reason.startswith("the document must be")
        or reason.startswith("unknown key")
    ):
        return "not_kaiser"
    return "illegal"


def _meta_document(meta: Mapping[str, Any]) -> dict[str, Any]:
    return {"format": META_FORMAT, **{k: v for k, v in meta.items() if k != "format"}}


def _read_meta(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != META_FORMAT:
        return {}
    return {k: v for k, v in data.items() if k != "format"}


def set_aside(path: Path, stamp_from: Path | None = None) -> Path | None:
    """Rename a bad file to `<stem>.corrupt-<time>.json`, never overwriting anything."""
    if not path.exists():
        return None
    if stamp_from is not None:
        stamp = stamp_from.name.split(".corrupt-", 1)[1].removesuffix(".json")
    else:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = path.name.removesuffix(".json")
    for attempt in range(1, 1000):
        suffix = "" if attempt == 1 else f"-{attempt}"
        target = path.with_name(f"{stem}.corrupt-{stamp}{suffix}.json")
        if target.exists():
            continue
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target
    return None


def _unlink(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
