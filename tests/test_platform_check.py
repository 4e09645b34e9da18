"""The first start on a bare Linux (issue 27, point 1): before Qt is loaded, a missing
library of Qt's xcb platform plugin is said in one plain sentence with the line to install
it, from the game, from `tools/dev.py play` and in the frozen bundle; the .deb declares it."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kaiser_desktop import platform_check as pc

ROOT = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux")
QT = pc.qt_folder()
PLUGIN = QT / "plugins" / "platforms" / "libqxcb.so" if QT is not None else None
HAS_PLUGIN = LINUX and PLUGIN is not None and PLUGIN.is_file()
X11 = {"DISPLAY": ":9999", "QT_QPA_PLATFORM": "xcb", "LANG": "en_CA.UTF-8"}
CURSOR = "libxcb-cursor.so.0"


def hiding(name: str) -> pc.Loader:
    """A loader like the dynamic loader's on a machine without `name`."""

    def load(target: str) -> object:
        if Path(target).name == name:
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return pc._dlopen(target)

    return load


@pytest.mark.parametrize(
    ("env", "xcb"),
    [
        ({"DISPLAY": ":0"}, True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, True),
        ({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, False),
        ({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, False),
        # a Wayland session Qt cannot reach falls back to xcb
        ({"XDG_SESSION_TYPE": "wayland", "DISPLAY": ":0"}, True),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":0"}, True),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "WAYLAND_DISPLAY": "w-0"}, False),
        ({"QT_QPA_PLATFORM": "xcb:dpi=96"}, True),
    ],
)
def test_the_check_runs_only_when_qt_would_use_xcb(env: dict[str, str], xcb: bool) -> None:
    assert pc.uses_xcb(env, "linux") is xcb
    assert pc.uses_xcb(env, "win32") is False


def test_no_check_and_no_loading_where_qt_does_not_use_xcb() -> None:
    def load(target: str) -> object:
        raise AssertionError(f"loaded {target}")

    assert pc.check({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, "linux", load) is None
    assert pc.check({}, "darwin", load) is None


@pytest.mark.skipif(not HAS_PLUGIN, reason="needs Linux and PySide6's xcb plugin")
def test_the_plugins_needs_are_read_from_the_plugin_itself() -> None:
    assert PLUGIN is not None
    needed = pc.elf_needed(PLUGIN)
    assert needed is not None and CURSOR in needed and "libQt6Gui.so.6" in needed
    if shutil.which("readelf"):
        dump = subprocess.run(
            ["readelf", "-d", str(PLUGIN)], capture_output=True, text=True, check=True
        ).stdout
        assert needed == [
            line.split("[", 1)[1].split("]", 1)[0]
            for line in dump.splitlines()
            if "(NEEDED)" in line
        ]
    system, folders = pc.plugin_needs(QT)
    assert CURSOR in system and not any(n.startswith("libQt6") for n in system)
    assert QT is not None and QT / "lib" in folders
    assert pc.elf_needed(ROOT / "README.md") is None


@pytest.mark.skipif(not HAS_PLUGIN, reason="needs Linux and PySide6's xcb plugin")
def test_with_every_library_present_the_check_is_silent() -> None:
    assert pc.check(X11, "linux") is None


@pytest.mark.skipif(not HAS_PLUGIN, reason="needs Linux and PySide6's xcb plugin")
def test_a_hidden_libxcb_cursor_is_said_with_the_install_commands_on_their_lines() -> None:
    said = pc.check(X11, "linux", hiding(CURSOR))
    assert said == (
        "Kaiser Desktop cannot open its window because the\n"
        "library libxcb-cursor.so.0 is missing.\n\n"
        "To install it on Debian, Ubuntu or Mint, type this\n"
        "command in a terminal:\n\n"
        "  sudo apt install libxcb-cursor0\n\n"
        "On Fedora, type this command instead:\n\n"
        "  sudo dnf install xcb-util-cursor\n\n"
        "Then start the game again."
    )
    french = pc.check({**X11, "LANG": "fr_CA.UTF-8"}, "linux", hiding(CURSOR))
    assert french is not None
    assert "la bibliothèque libxcb-cursor.so.0 est absente" in french.replace("\n", " ")
    assert "Pour l'installer sur Debian" in french
    assert "  sudo apt install libxcb-cursor0" in french.splitlines()
    assert "  sudo dnf install xcb-util-cursor" in french.splitlines()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    "missing", [[CURSOR], [CURSOR, "libxkbcommon-x11.so.0", "libxcb-icccm.so.4"], ["libfoo.so.9"]]
)
def test_the_message_fits_a_plain_box_and_each_command_stands_alone(
    lang: str, missing: list[str]
) -> None:
    """xmessage (the only box some desktops have) shows each line as given, without
    wrapping: a one-line sentence ran off the box's edge and hid the command (issue 38)."""
    said = pc.sentence(missing, lang)
    commands = [line.strip() for line in said.splitlines() if "sudo" in line]
    for line in said.splitlines():
        assert len(line) <= pc.LINE_WIDTH or line.startswith("  sudo "), line
    assert "`" not in said and "«" not in said and "»" not in said
    if missing == ["libfoo.so.9"]:
        assert commands == []
    else:
        assert commands[0].startswith("sudo apt install libx")
        assert commands[1].startswith("sudo dnf install ")
        assert all(line.startswith("  sudo") for line in said.splitlines() if "sudo" in line)


def test_several_missing_libraries_make_one_install_line_each() -> None:
    said = pc.sentence(["libxcb-cursor.so.0", "libxkbcommon-x11.so.0", "libfoo.so.9"])
    flat = said.replace("\n", " ")
    assert "the libraries libxcb-cursor.so.0, libxkbcommon-x11.so.0, libfoo.so.9 are" in flat
    assert "  sudo apt install libxcb-cursor0 libxkbcommon-x11-0" in said.splitlines()
    assert "  sudo dnf install libxkbcommon-x11 xcb-util-cursor" in said.splitlines()
    unknown = pc.sentence(["libfoo.so.9"])
    assert "libfoo.so.9 is missing. Install the package that provides it" in " ".join(
        unknown.split()
    )
    assert "sudo" not in unknown


def test_a_library_whose_own_need_is_missing_is_named_by_that_need() -> None:
    def load(target: str) -> object:
        if target == CURSOR:
            raise OSError("libxcb-render-util.so.0: cannot open shared object file")
        return object()

    assert pc.missing_libraries([CURSOR, "libxcb.so.1"], (), load) == ["libxcb-render-util.so.0"]


@pytest.mark.skipif(not HAS_PLUGIN, reason="needs Linux and PySide6's xcb plugin")
def test_in_the_frozen_bundle_its_own_copies_are_loaded_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bundle keeping libxcb-cursor itself starts on a system without it; one that does
    not is stopped with the sentence. Looked up as the loader would: LD_LIBRARY_PATH (the
    bootloader's), the bundle's top folder, the plugin's RUNPATH (Qt's lib folder)."""
    assert PLUGIN is not None
    bundle = tmp_path / "_internal"
    plugin = bundle / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    plugin.parent.mkdir(parents=True)
    shutil.copy(PLUGIN, plugin)
    (bundle / "PySide6" / "Qt" / "lib").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.delenv("LD_LIBRARY_PATH", raising=False)
    assert pc.qt_folder() == bundle / "PySide6" / "Qt"
    loaded: list[str] = []

    def no_system_cursor(target: str) -> object:
        loaded.append(target)
        if target == CURSOR:  # the system's own search: not installed
            raise OSError(f"{CURSOR}: cannot open shared object file: No such file or directory")
        return object()

    said = pc.check(X11, "linux", no_system_cursor)
    assert said is not None and "sudo apt install libxcb-cursor0" in said
    assert CURSOR in loaded
    shutil.copy(PLUGIN, bundle / CURSOR)  # any file: the fake loader only records the path
    loaded.clear()
    assert pc.check(X11, "linux", no_system_cursor) is None
    assert str(bundle / CURSOR) in loaded and CURSOR not in loaded


def _run_game(env_extra: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`python -m kaiser_desktop` as a fresh process, libxcb-cursor hidden from its loader,
    no dialog programs on PATH (the sentence then goes to stderr only)."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "import kaiser_desktop.platform_check as pc\n"
        "real = pc._dlopen\n"
        "def load(target):\n"
        f"    if Path(target).name == {CURSOR!r}:\n"
        f"        raise OSError({CURSOR!r} + ': cannot open shared object file')\n"
        "    return real(target)\n"
        "pc._dlopen = load\n"
        "from kaiser_desktop.__main__ import main\n"
        "code = main()\n"
        "assert 'PySide6.QtGui' not in sys.modules, 'Qt was loaded'\n"
        "sys.exit(code)\n"
    )
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE")
    }
    env.update(PATH=str(empty), KAISER_DESKTOP_DATA_DIR=str(tmp_path), **env_extra)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
        timeout=120,
    )  # fmt: skip


@pytest.mark.skipif(not HAS_PLUGIN, reason="needs Linux and PySide6's xcb plugin")
def test_the_game_stops_before_qt_with_the_sentence_and_nothing_else(tmp_path: Path) -> None:
    done = _run_game({"DISPLAY": ":9999", "LANG": "en_CA.UTF-8"}, tmp_path)
    assert done.returncode == pc.EXIT_MISSING_LIBRARY, done.stderr
    assert done.stdout == ""
    assert done.stderr == pc.sentence([CURSOR], "en") + "\n", done.stderr
    assert "Traceback" not in done.stderr and "qt." not in done.stderr.lower()


def test_dev_play_checks_before_installing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tools/dev.py play` on a fresh clone says the sentence before pip's long wait."""
    spec = importlib.util.spec_from_file_location("dev_tool", ROOT / "tools" / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    monkeypatch.setattr(dev, "VENV", tmp_path / "no-venv-yet")
    said = pc.sentence([CURSOR])
    monkeypatch.setattr(pc, "check", lambda: said)

    def no_install(extras: str) -> Path:
        raise AssertionError("installed before saying what is missing")

    monkeypatch.setattr(dev, "install", no_install)
    assert dev.main(["play"]) == pc.EXIT_MISSING_LIBRARY
    assert capsys.readouterr().out == said + "\n"


def _can_hide_files() -> bool:
    if not HAS_PLUGIN or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-r", "-m", "mount", "--bind", "/dev/null", "/dev/null"],
        capture_output=True,
        timeout=20,
    )
    return probe.returncode == 0


@pytest.mark.skipif(not _can_hide_files(), reason="needs unshare (user and mount namespaces)")
def test_with_the_real_library_hidden_the_game_says_what_to_install(tmp_path: Path) -> None:
    """The system's own libxcb-cursor replaced by an empty file (a private mount, this process
    only): the real dynamic loader fails on it, as on a machine without the package. Without
    the check Qt printed its lines and aborted (SIGABRT)."""
    found = [
        Path(folder) / CURSOR
        for folder in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/lib64")
        if (Path(folder) / CURSOR).exists()
    ]
    if not found:
        pytest.skip("libxcb-cursor is not installed here: nothing to hide")
    real = found[0].resolve()
    mount = shutil.which("mount") or "/bin/mount"
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(
        DISPLAY=":9999",
        LANG="en_CA.UTF-8",
        PATH=str(tmp_path),
        KAISER_DESKTOP_DATA_DIR=str(tmp_path),
    )
    done = subprocess.run(
        [shutil.which("unshare") or "unshare", "-r", "-m", shutil.which("sh") or "/bin/sh", "-c",
         f'"{mount}" --bind /dev/null "{real}" && exec "{sys.executable}" -m kaiser_desktop'],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert done.returncode == pc.EXIT_MISSING_LIBRARY, done.stderr
    assert done.stderr == pc.sentence([CURSOR], "en") + "\n"
    assert done.stdout == ""


@pytest.mark.skipif(os.name != "posix", reason="shell-script stand-ins for the dialog programs")
def test_started_from_a_menu_the_sentence_is_also_shown_in_a_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No terminal to read stderr: the desktop's own dialog program shows the sentence (the
    first that works: a failing zenity gives way to xmessage)."""
    said = pc.sentence([CURSOR])
    log = tmp_path / "shown.txt"
    (tmp_path / "zenity").write_text("#!/bin/sh\nexit 5\n")
    (tmp_path / "xmessage").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{log}"\n')
    for program in ("zenity", "xmessage"):
        (tmp_path / program).chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    pc.tell(said, boxes=True)
    assert capsys.readouterr().err == said + "\n"
    assert log.read_text() == f"-center\n-title\nKaiser Desktop\n-fn\n{pc.XMESSAGE_FONT}\n{said}\n"
    log.unlink()
    pc.tell(said, boxes=False)  # in a terminal: printed only
    assert not log.exists()
