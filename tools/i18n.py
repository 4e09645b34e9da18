"""The translation catalogues: collect the strings, compile them, check they are current.

    python tools/i18n.py update   # pyside6-lupdate: both .ts files from their source files
    python tools/i18n.py update kaiser_fr_CA   # ... or only the catalogues named
    python tools/i18n.py build    # pyside6-lrelease: every .ts into a .qm beside it
    python tools/i18n.py check    # exit 1 if a .ts misses a string of the sources, has one
                                  # they no longer have, or has an unfinished translation

Two catalogues, each from its own files, so two people can translate at the same time:
kaiser_fr_CA.ts (the window: ui/ and app/ and the start-up) and kaiser_words_fr_CA.ts (the
game's words: hints, reasons, bids, refusals, the summary, the rules help).
The .qm files are never committed: the install (tools/dev.py) and the build compile them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kaiser_desktop.catalogues import compile_all, qt_tool  # noqa: E402

I18N = ROOT / "resources" / "i18n"
PACKAGE = ROOT / "kaiser_desktop"
LANGUAGE = "fr_CA"

# The game's words (their own catalogue).
WORDS_SOURCES = [
    "kaiser_desktop/ai/*.py",
    "kaiser_desktop/rules/*.py",
    "kaiser_desktop/ui/wording.py",
    "kaiser_desktop/ui/summary_wording.py",
    "kaiser_desktop/ui/help_dialog.py",
    "kaiser_desktop/ui/said_words.py",
    "kaiser_desktop/ui/game_over_wording.py",
]
# The window: everything else a person sees (ui/, app/, the start-up beside __main__).
WINDOW_SOURCES = [
    "kaiser_desktop/*.py",
    "kaiser_desktop/app/*.py",
    "kaiser_desktop/family_play/*.py",
    "kaiser_desktop/ui/*.py",
    "kaiser_desktop/ui/cards/*.py",
]
CATALOGUE_SOURCES = {
    "kaiser_fr_CA": (WINDOW_SOURCES, WORDS_SOURCES),  # (its files, files to leave out)
    "kaiser_words_fr_CA": (WORDS_SOURCES, []),
}

Message = tuple[str, str, str, bool]  # context, source, comment, plural


def source_files(patterns: list[str], leave_out: list[str]) -> list[Path]:
    excluded = {path for pattern in leave_out for path in ROOT.glob(pattern)}
    files = {path for pattern in patterns for path in ROOT.glob(pattern)} - excluded
    return sorted(files)


def lupdate(name: str, ts: Path) -> None:
    program = qt_tool("lupdate")
    if program is None:
        raise SystemExit("PySide6's lupdate was not found (pip install PySide6-Essentials)")
    patterns, leave_out = CATALOGUE_SOURCES[name]
    files = [str(path.relative_to(ROOT)) for path in source_files(patterns, leave_out)]
    subprocess.run(
        [str(program), "-silent", "-no-obsolete", "-locations", "none",
         "-source-language", "en", "-target-language", LANGUAGE, *files, "-ts", str(ts)],
        cwd=ROOT, check=True,
    )  # fmt: skip


def messages(ts: Path) -> dict[Message, list[str]]:
    """Every message of a .ts with its translation(s) (one per plural form)."""
    found: dict[Message, list[str]] = {}
    for context in ET.parse(ts).getroot().iter("context"):
        context_name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            plural = message.get("numerus") == "yes"
            if translation is None:
                texts = [""]
            elif plural:
                texts = [form.text or "" for form in translation.iter("numerusform")]
            else:
                texts = [translation.text or ""]
            if translation is not None and translation.get("type") in (
                "unfinished",
                "vanished",
                "obsolete",
            ):
                texts = [""]
            key = (
                context_name,
                message.findtext("source") or "",
                message.findtext("comment") or "",
                plural,
            )
            found[key] = texts
    return found


def unfinished(ts: Path) -> list[Message]:
    return [key for key, texts in messages(ts).items() if not all(t.strip() for t in texts)]


def stale(name: str) -> tuple[set[Message], set[Message]]:
    """(strings in the sources the .ts lacks, strings in the .ts the sources no longer have)."""
    committed = I18N / f"{name}.ts"
    with tempfile.TemporaryDirectory(prefix="kaiser-i18n-") as folder:
        fresh = Path(folder) / committed.name
        shutil.copy(committed, fresh)
        lupdate(name, fresh)
        now = set(messages(fresh))
    before = set(messages(committed))
    return now - before, before - now


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        I18N.mkdir(parents=True, exist_ok=True)
        unknown = set(argv[1:]) - set(CATALOGUE_SOURCES)
        if unknown:
            print(f"No catalogue called {', '.join(sorted(unknown))}.", file=sys.stderr)
            return 2
        for name in argv[1:] or CATALOGUE_SOURCES:
            lupdate(name, I18N / f"{name}.ts")
            left = unfinished(I18N / f"{name}.ts")
            print(f"{name}.ts: {len(messages(I18N / f'{name}.ts'))} messages, "
                  f"{len(left)} to translate")  # fmt: skip
        return 0
    if command == "build":
        try:
            made = compile_all(I18N)
        except (OSError, subprocess.CalledProcessError) as error:
            print(f"Compiling the translations failed: {error}", file=sys.stderr)
            return 1
        print("compiled " + ", ".join(path.name for path in made))
        return 0
    if command == "check":
        bad = 0
        for name in CATALOGUE_SOURCES:
            missing, gone = stale(name)
            left = unfinished(I18N / f"{name}.ts")
            for what, items in (("new in the sources", missing), ("gone from the sources", gone),
                                ("not translated", left)):  # fmt: skip
                for context, source, _, _ in sorted(items):
                    print(f"{name}.ts: {what}: [{context}] {source!r}")
                bad += len(items)
        print("catalogues current" if not bad else f"{bad} problems (python tools/i18n.py update)")
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
