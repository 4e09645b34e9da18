"""The saved game's troubles in words a player can act on: why a file could not be opened
or written, each a whole sentence or clause (French agrees them with « la partie » and
« le fichier », and orders them its own way)."""

from __future__ import annotations

import errno
from pathlib import Path

from kaiser_desktop.app.i18n import translate


def saved_game_problem(what: str, reason: str) -> str:
    """What went wrong with the autosave, completing "Your saved game ...": whole clauses,
    since French agrees them with "la partie" and orders them its own way."""
    problems = {
        "too_large": translate(
            "Storage", "is far too large to be a Kaiser game and could not be opened"
        ),
        "unreadable": translate("Storage", "could not be read because {reason}").format(
            reason=reason
        ),
        "empty": translate("Storage", "was empty and could not be opened"),
        "damaged": translate("Storage", "is damaged and could not be opened"),
        "not_kaiser": translate("Storage", "is not a Kaiser game and could not be opened"),
        "illegal": translate(
            "Storage", "is damaged (a move in it breaks the rules) and could not be opened"
        ),
    }
    return problems.get(what, problems["damaged"])


def file_problem(what: str, reason: str) -> str:
    """The sentence for a chosen file that could not be opened, with {file} in it."""
    sentences = {
        "too_large": translate(
            "Storage", "The file “{file}” is far too large to be a Kaiser game."
        ),
        "unreadable": translate("Storage", "The file “{file}” could not be read because {reason}."),
        "empty": translate("Storage", "The file “{file}” is empty."),
        "damaged": translate("Storage", "The file “{file}” is damaged and could not be opened."),
        "not_kaiser": translate("Storage", "The file “{file}” is not a Kaiser game."),
        "illegal": translate(
            "Storage", "The file “{file}” is damaged: a move in it breaks the rules."
        ),
    }
    return sentences.get(what, sentences["damaged"]).replace("{reason}", reason)


def where_kept(kept: Path | None, path: Path) -> str:
    if kept is not None:
        return translate("Storage", "the old file was kept as {file}").format(file=kept.name)
    return translate("Storage", "the old file is still at {path}").format(path=path)


def os_reason(exc: OSError) -> str:
    """An operating-system error in words a player can act on."""
    reasons = {
        errno.ENOSPC: translate("Storage", "the disk is full"),
        errno.EACCES: translate("Storage", "the computer did not allow it"),
        errno.EPERM: translate("Storage", "the computer did not allow it"),
        errno.EROFS: translate("Storage", "the disk cannot be written to"),
        errno.ENOENT: translate("Storage", "the folder does not exist"),
        errno.EISDIR: translate("Storage", "that is a folder, not a file"),
        errno.ENAMETOOLONG: translate("Storage", "the file name is too long"),
    }
    if exc.errno in reasons:
        return reasons[exc.errno]
    return translate("Storage", "the computer reported a problem with the disk")
