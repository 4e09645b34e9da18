"""The app's language: English (the words in the code) or French (Canada), switched live.

`install_language("fr")` loads our two catalogues and Qt's own (standard buttons, the file
chooser) into the application; `install_language("en")` takes them out again, keeping only
`EnglishPlurals` ("1 trick", not "1 trick(s)"). The window then calls its `retranslate()`
so every word on screen is said again in the new language.

The .qm files are compiled by the install and the build; a source tree without them (or
with a .ts edited since) gets them compiled into a cache folder here, with PySide6's
lrelease. Where even that is impossible the game says so in one line and stays English.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QStandardPaths,
    QTranslator,
)

from kaiser_desktop.catalogues import (
    CATALOGUES,
    QT_CATALOGUE,
    compile_catalogue,
    i18n_dir,
    is_current,
    pyside_dir,
)

# Each language by its own name: a person who cannot read the current one finds theirs.
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
CACHE_ENV = "KAISER_DESKTOP_DATA_DIR"  # tests and portable copies keep the cache there too

_installed: list[QTranslator] = []
_current = "en"


class EnglishPlurals(QTranslator):
    """English's own plurals: "%n trick(s)" says "1 trick", "4 tricks". With no catalogue
    loaded Qt would show the "(s)" as written; English needs no catalogue for anything else,
    so this answers only counted messages and leaves every other one as it is."""

    def translate(  # Qt calls this virtual for every message
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if n < 0 or "(s)" not in source:
            return None  # "no translation here": Qt keeps the source text
        return source.replace("(s)", "" if n == 1 else "s")


def system_language() -> str:
    """ "fr" when the system speaks French, else "en" (the first start follows the system)."""
    return "fr" if QLocale.system().language() == QLocale.Language.French else "en"


def current_language() -> str:
    return _current


def _cache_dir() -> Path:
    folder = os.environ.get(CACHE_ENV)
    if folder:
        return Path(folder) / "i18n-cache"
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return Path(location or Path.home() / ".cache" / "kaiser-desktop") / "i18n"


def catalogue_file(name: str) -> Path | None:
    """Our compiled catalogue `name`: the one beside its .ts if it is current, else one
    compiled now into the cache (named by the .ts's content, so it is never stale)."""
    ts = i18n_dir() / f"{name}.ts"
    qm = ts.with_suffix(".qm")
    # A frozen app's .qm was compiled by its build (and it has no lrelease to redo it).
    if is_current(ts, qm) or (getattr(sys, "frozen", False) and qm.is_file()):
        return qm
    if not ts.is_file():
        return None
    digest = hashlib.sha1(ts.read_bytes()).hexdigest()[:12]
    cached = _cache_dir() / f"{name}-{digest}.qm"
    if cached.is_file():
        return cached
    try:
        compile_catalogue(ts, cached)
    except (OSError, subprocess.SubprocessError):
        return qm if qm.is_file() else None  # an old one says most things; better than none
    return cached


def _qt_translation_dirs() -> list[Path]:
    dirs = []
    folder = pyside_dir()
    if folder is not None:
        dirs.append(folder / "Qt" / "translations")  # the wheel's, and the frozen bundle's
    dirs.append(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)))
    return dirs


def _load(path_or_name: str, folder: str = "") -> bool:
    app = QCoreApplication.instance()
    translator = QTranslator(app)
    if not translator.load(path_or_name, folder):
        return False
    QCoreApplication.installTranslator(translator)
    _installed.append(translator)
    return True


def install_language(code: str) -> str | None:
    """Speak `code` ("en" or "fr") from now on. None, or one sentence (in English: it is
    said when French could not be loaded) naming what is missing."""
    global _current
    for translator in _installed:
        QCoreApplication.removeTranslator(translator)
        # Each is the application's child: only removed, it lived on with its catalogue
        # loaded (about 120 KiB a switch to French and back; issue 29).
        translator.deleteLater()
    _installed.clear()
    if code != "fr":
        _current = "en"
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.Canada))
        plurals = EnglishPlurals(QCoreApplication.instance())
        QCoreApplication.installTranslator(plurals)
        _installed.append(plurals)
        return None
    missing = []
    for name in CATALOGUES:
        qm = catalogue_file(name)
        if qm is None or not _load(str(qm)):
            missing.append(name)
    if len(missing) == len(CATALOGUES):
        install_language("en")
        # Said in both languages: French is just what could not be loaded.
        return (
            "Le français n'est pas compilé dans cette copie : le jeu reste en anglais. / "
            "French is not built in this copy (run: python tools/i18n.py build), "
            "so the game is in English."
        )
    for folder in _qt_translation_dirs():
        if _load(QT_CATALOGUE, str(folder)):
            break
    _current = "fr"
    QLocale.setDefault(QLocale(QLocale.Language.French, QLocale.Country.Canada))
    if missing:
        return f"Some French words are missing ({', '.join(missing)}.qm could not be loaded)."
    return None


def french_problems() -> list[str]:
    """Whether French works in this copy (the self-test asks, so every build's frozen app
    proves its catalogues and Qt's are in the bundle): a word from each, then back."""
    before = current_language()
    problem = install_language("fr")
    checks = {
        "the window's words (kaiser_fr_CA)": ("Seating", "West", "Ouest"),
        "the game's words (kaiser_words_fr_CA)": ("Bids", "Pass", "Passe"),
        "Qt's own words (qtbase_fr)": ("QPlatformTheme", "Cancel", "Annuler"),
    }
    problems = [problem] if problem else []
    for what, (context, english, french) in checks.items():
        if QCoreApplication.translate(context, english) != french:
            problems.append(f"French is missing {what}")
    install_language(before)
    return problems


def start_language(choice: str) -> None:
    """At start-up: the player's choice, or the system's language; a problem in one line."""
    problem = install_language(choice or system_language())
    if problem:
        print(f"kaiser-desktop: {problem}", file=sys.stderr)
