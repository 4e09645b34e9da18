"""The translation catalogues: where they are and how a .ts becomes a .qm.

The .ts files (Qt Linguist's XML, made by `pyside6-lupdate`) are in the repository; the
compiled .qm files are not: the install (tools/dev.py), the build (the PyInstaller spec)
and, as a last resort, the app itself (into a cache folder) compile them with the
`lrelease` that ships in PySide6-Essentials. No Qt import here: the spec and the tools use it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

from kaiser_desktop.paths import resource

# Our two catalogues for French (Canada): the window's words, and the game's words (hints,
# reasons, bids, refusals, the rules help) — each kept by its own file list (tools/i18n.py).
CATALOGUES = ("kaiser_fr_CA", "kaiser_words_fr_CA")
QT_CATALOGUE = "qtbase_fr"  # Qt's own words: standard buttons, the file chooser


def i18n_dir() -> Path:
    return resource("i18n")


def pyside_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def qt_tool(name: str) -> Path | None:
    """PySide6's copy of a Qt tool (lupdate, lrelease), or None where it is not shipped
    (a frozen app)."""
    folder = pyside_dir()
    if folder is None:
        return None
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def is_current(ts: Path, qm: Path) -> bool:
    """The .qm exists and is not older than its .ts."""
    return qm.is_file() and (not ts.is_file() or qm.stat().st_mtime >= ts.stat().st_mtime)


def compile_catalogue(ts: Path, qm: Path) -> None:
    """lrelease `ts` into `qm`; OSError or CalledProcessError (with its output) if it fails."""
    program = qt_tool("lrelease")
    if program is None:
        raise FileNotFoundError("PySide6's lrelease was not found")
    qm.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [str(program), "-silent", str(ts), "-qm", str(qm)],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def compile_all(folder: Path | None = None) -> list[Path]:
    """Compile every .ts in the catalogue folder into a .qm beside it; the .qm paths."""
    folder = folder or i18n_dir()
    made = []
    for ts in sorted(folder.glob("*.ts")):
        qm = ts.with_suffix(".qm")
        compile_catalogue(ts, qm)
        made.append(qm)
    return made
