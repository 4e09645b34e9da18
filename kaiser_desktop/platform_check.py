"""Before any Qt window: can Qt's X11 (xcb) platform plugin load on this Linux machine?

Since Qt 6.5 the xcb plugin needs libxcb-cursor0 and a few other small X libraries that a
fresh Debian, Ubuntu or Fedora install may lack. Without them Qt prints its own lines
("xcb-cursor0 or libxcb-cursor0 is needed… This application failed to start") and aborts.
This module (no Qt import) loads the plugin's system libraries itself, the way the dynamic
loader would for the plugin, and on a missing one says in plain words what to install: the
commands each on a line of its own, in lines short enough for the plainest box (xmessage).
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import os
import struct
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

# The exit status of a start stopped by a missing library (tools/dev.py knows it too).
EXIT_MISSING_LIBRARY = 3

# The xcb plugin's own needs outside Qt (`ldd PySide6/Qt/plugins/platforms/libqxcb.so`,
# PySide6 6.11.3), used when the plugin file itself cannot be read.
XCB_PLUGIN_NEEDS = (
    "libxcb-cursor.so.0",
    "libxcb-icccm.so.4",
    "libxcb-image.so.0",
    "libxcb-keysyms.so.1",
    "libxcb-render-util.so.0",
    "libxcb-util.so.1",
    "libxkbcommon-x11.so.0",
    "libxkbcommon.so.0",
    "libxcb-randr.so.0",
    "libxcb-shm.so.0",
    "libxcb-sync.so.1",
    "libxcb-xfixes.so.0",
    "libxcb-render.so.0",
    "libxcb-shape.so.0",
    "libxcb-xkb.so.1",
    "libxcb.so.1",
    "libX11-xcb.so.1",
    "libX11.so.6",
    "libGL.so.1",
)

# soname -> (Debian/Ubuntu package, Fedora package).
PACKAGES: Mapping[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
}

# What is said, in short lines a small box shows whole (xmessage does not wrap), each
# install command alone on its line, as it is typed: no quotes or backticks to copy by mistake.
SENTENCE = {
    "en": (
        "Kaiser Desktop cannot open its window because {libraries} {is_are} missing.\n\n"
        "To install {it_them} on Debian, Ubuntu or Mint, type this command in a terminal:\n\n"
        "  sudo apt install {deb}\n\n"
        "On Fedora, type this command instead:\n\n"
        "  sudo dnf install {rpm}\n\n"
        "Then start the game again."
    ),
    "fr": (
        "Kaiser Desktop ne peut pas ouvrir sa fenêtre, car {libraries} {is_are} absente{s} "
        "du système.\n\n"
        "Pour {elided}installer sur Debian, Ubuntu ou Mint, tapez cette commande dans un "
        "terminal :\n\n"
        "  sudo apt install {deb}\n\n"
        "Sur Fedora, tapez plutôt cette commande :\n\n"
        "  sudo dnf install {rpm}\n\n"
        "Puis relancez le jeu."
    ),
}

UNKNOWN = {
    "en": (
        "Kaiser Desktop cannot open its window because {libraries} {is_are} missing.\n\n"
        "Install the package that provides {it_them} with your system's software manager, "
        "then start the game again."
    ),
    "fr": (
        "Kaiser Desktop ne peut pas ouvrir sa fenêtre, car {libraries} {is_are} absente{s} "
        "du système.\n\n"
        "Installez le paquet qui {it_them} fournit avec le gestionnaire de logiciels du "
        "système, puis relancez le jeu."
    ),
}

# xmessage's font: the X "misc" 10×20, not its default ~13 px one, when every line fits in
# the box xmessage allows itself (at most ~560 px wide on an 800×600 screen: 55 characters).
XMESSAGE_FONT = "10x20"
XMESSAGE_FONT_COLUMNS = 54

# The widest line of the message (a command excepted: it is never cut).
LINE_WIDTH = 50

Loader = Callable[[str], object]


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Will Qt 6 try its xcb plugin first (or after a Wayland it cannot reach)?

    Qt reads QT_QPA_PLATFORM ("xcb", "wayland;xcb", "offscreen", …); without it, it tries
    Wayland first when WAYLAND_DISPLAY is set or XDG_SESSION_TYPE is "wayland", then xcb."""
    if not platform.startswith("linux"):
        return False
    wayland_reachable = bool(environ.get("WAYLAND_DISPLAY"))
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        names = [part.split(":", 1)[0].strip() for part in chosen.split(";") if part.strip()]
    else:
        names = ["xcb"]
        if wayland_reachable or environ.get("XDG_SESSION_TYPE") == "wayland":
            names.insert(0, "wayland")
    for name in names:
        if name == "xcb":
            return True
        if name == "wayland" and not wayland_reachable:
            continue  # Qt cannot connect and moves on to the next name
        return False  # offscreen, wayland (reachable), vnc…: not xcb
    return False


def qt_folder() -> Path | None:
    """PySide6's Qt folder: beside the package, or inside a frozen bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "PySide6" / "Qt"
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "Qt"


def elf_needed(path: Path) -> list[str] | None:
    """The DT_NEEDED sonames of an ELF file (what `readelf -d` lists), or None if unreadable."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if data[:4] != b"\x7fELF" or data[4] not in (1, 2) or data[5] not in (1, 2):
        return None
    wide, end = data[4] == 2, "<" if data[5] == 1 else ">"
    try:
        if wide:
            shoff, shentsize, shnum = (
                struct.unpack_from(end + "Q", data, 0x28)[0],
                *struct.unpack_from(end + "HH", data, 0x3A),
            )
        else:
            shoff, shentsize, shnum = (
                struct.unpack_from(end + "I", data, 0x20)[0],
                *struct.unpack_from(end + "HH", data, 0x2E),
            )
        sections = []
        for i in range(shnum):
            at = shoff + i * shentsize
            if wide:
                kind, offset, size, link, entsize = (
                    struct.unpack_from(end + "I", data, at + 4)[0],
                    *struct.unpack_from(end + "QQI", data, at + 0x18),
                    struct.unpack_from(end + "Q", data, at + 0x38)[0],
                )
            else:
                kind, offset, size, link, entsize = (
                    struct.unpack_from(end + "I", data, at + 4)[0],
                    *struct.unpack_from(end + "III", data, at + 0x10),
                    struct.unpack_from(end + "I", data, at + 0x24)[0],
                )
            sections.append((kind, offset, size, link, entsize))
        needed = []
        for kind, offset, size, link, entsize in sections:
            if kind != 6 or not entsize:  # SHT_DYNAMIC
                continue
            strings = sections[link][1]
            for at in range(offset, offset + size, entsize):
                tag, value = struct.unpack_from(end + ("qQ" if wide else "iI"), data, at)
                if tag == 0:  # DT_NULL
                    break
                if tag == 1:  # DT_NEEDED
                    stop = data.index(b"\0", strings + value)
                    needed.append(data[strings + value : stop].decode())
        return needed
    except (struct.error, IndexError, ValueError, UnicodeDecodeError):
        return None


def plugin_needs(qt: Path | None) -> tuple[list[str], list[Path]]:
    """The system libraries the xcb plugin needs, and the folders the bundle offers them in.

    Qt's own libraries come with Qt and are not checked. The plugin's RUNPATH is
    $ORIGIN/../../lib (Qt's lib folder); a frozen bundle also keeps libraries at its top."""
    folders = [Path(p) for p in os.environ.get("LD_LIBRARY_PATH", "").split(os.pathsep) if p]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        folders.append(Path(frozen))
    needed: list[str] | None = None
    if qt is not None:
        folders.append(qt / "lib")
        needed = elf_needed(qt / "plugins" / "platforms" / "libqxcb.so")
    if needed is None:
        needed = list(XCB_PLUGIN_NEEDS)
    system = [
        name
        for name in needed
        if not name.startswith(("libQt6", "libicu", "libc.so", "libm.so", "ld-linux"))
        and not name.startswith(("libstdc++", "libgcc_s", "libpthread", "libdl."))
    ]
    return system, folders


def _dlopen(name: str) -> object:
    return ctypes.CDLL(name)


def missing_libraries(
    needed: Sequence[str], folders: Iterable[Path] = (), load: Loader | None = None
) -> list[str]:
    """The sonames that do not load, each looked up first in `folders` (as the loader
    would, from LD_LIBRARY_PATH and the plugin's RUNPATH), then by the system's own search.
    A library present whose own needs are missing is named by what is missing."""
    folders = list(folders)
    load = load or _dlopen
    missing: list[str] = []
    for name in needed:
        target = next((str(f / name) for f in folders if (f / name).is_file()), name)
        try:
            load(target)
        except OSError as error:
            what = str(error).split(":", 1)[0].strip()
            what = Path(what).name if what.startswith(("/", "lib")) else name
            if what not in missing:
                missing.append(what)
    return missing


def language(environ: Mapping[str, str]) -> str:
    for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = environ.get(key, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def wrapped(text: str, width: int = LINE_WIDTH) -> str:
    """`text` in lines of at most `width` characters; an indented line (a command) whole."""
    import textwrap

    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith(" ") or len(line) <= width:
            lines.append(line)
        else:
            lines.extend(textwrap.wrap(line, width, break_on_hyphens=False))
    return "\n".join(lines)


def sentence(missing: Sequence[str], lang: str = "en") -> str:
    """What is missing and the exact commands to install it, each on a line of its own (a
    library of no known package: the message says to find the one that provides it), in
    lines short enough for the plainest box."""
    known = [name for name in missing if name in PACKAGES]
    deb = " ".join(sorted({PACKAGES[name][0] for name in known}))
    rpm = " ".join(sorted({PACKAGES[name][1] for name in known}))
    many = len(missing) > 1
    names = ", ".join(missing)
    if lang == "fr":
        values = dict(
            libraries=("les bibliothèques " if many else "la bibliothèque ") + names,
            is_are="sont" if many else "est",
            s="s" if many else "",
            it_them="les" if many else "la",
            elided="les " if many else "l'",
            deb=deb,
            rpm=rpm,
        )
        return wrapped((UNKNOWN if not known else SENTENCE)["fr"].format(**values))
    values = dict(
        libraries=("the libraries " if many else "the library ") + names,
        is_are="are" if many else "is",
        it_them="them" if many else "it",
        deb=deb,
        rpm=rpm,
    )
    return wrapped((UNKNOWN if not known else SENTENCE)["en"].format(**values))


def check(
    environ: Mapping[str, str] | None = None,
    platform: str = sys.platform,
    load: Loader | None = None,
    qt: Path | None = None,
) -> str | None:
    """The sentence to say if Qt's window cannot open here for a missing library, else None."""
    env = os.environ if environ is None else environ
    if not uses_xcb(env, platform):
        return None
    needed, folders = plugin_needs(qt if qt is not None else qt_folder())
    missing = missing_libraries(needed, folders, load)
    return sentence(missing, language(env)) if missing else None


def tell(text: str, boxes: bool | None = None) -> None:
    """Print the sentence; started from a desktop menu (no terminal: `boxes` None means
    "when stderr is not a terminal"), also show it in a box with whatever dialog program
    the desktop has (Qt itself cannot open one)."""
    stream = sys.stderr
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(text, file=stream, flush=True)
    if boxes is None:
        boxes = not (stream is not None and hasattr(stream, "isatty") and stream.isatty())
    if not boxes:
        return
    import shutil  # only here: the start of every other run need not pay for them
    import subprocess

    title = "Kaiser Desktop"
    # xmessage draws each byte as a Latin-1 character ("fenÃªtre" from UTF-8), in a small
    # fixed font unless given the larger one most X servers have (else its own, silently).
    plain = text.encode("latin-1", "replace")
    widest = max(len(line) for line in text.splitlines()) if text else 0
    big = ["-fn", XMESSAGE_FONT] if widest <= XMESSAGE_FONT_COLUMNS else []
    commands: list[list[str | bytes]] = [
        ["zenity", "--error", "--no-markup", f"--title={title}", f"--text={text}"],
        ["kdialog", "--title", title, "--error", text],
        ["xmessage", "-center", "-title", title, *big, plain],
        ["notify-send", title, text],
    ]
    for command in commands:
        program = shutil.which(str(command[0]))
        if program is None:
            continue
        try:
            shown = subprocess.run(
                [program, *command[1:]],
                check=False,
                timeout=600,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if shown.returncode == 0:
            return  # shown and closed; else (no display for it…) the next program


def stop_if_unable() -> int | None:
    """EXIT_MISSING_LIBRARY after saying why, when Qt's window cannot open; else None."""
    try:
        text = check()
    except Exception:  # a check that breaks must never stop the game
        return None
    if text is None:
        return None
    tell(text)
    return EXIT_MISSING_LIBRARY
