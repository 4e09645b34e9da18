"""The Windows installer's checks that run on any OS: the Inno Setup version parser (on
ISCC 6.7.1's compile output kept in packaging/windows/testdata/) and the .iss's floor."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))

import windows_setup  # noqa: E402

OUTPUT_671 = (PACKAGING / "windows" / "testdata" / "iscc-6.7.1-output.txt").read_text(
    encoding="utf-8"
)


def test_version_is_read_from_isccs_compile_output() -> None:
    assert windows_setup.iscc_version(OUTPUT_671) == (6, 7, 1)
    assert windows_setup.check_iscc_version(OUTPUT_671) == (6, 7, 1)


def test_banner_alone_has_no_version() -> None:
    # "Inno Setup 6 Command-Line Compiler" names no patch level: not a version to trust.
    banner = OUTPUT_671.split("Compiler engine version")[0]
    assert windows_setup.iscc_version(banner) is None
    with pytest.raises(SystemExit):
        windows_setup.check_iscc_version(banner)


def test_an_old_inno_setup_stops_the_build() -> None:
    old = OUTPUT_671.replace("Inno Setup 6.7.1", "Inno Setup 6.2.2")
    assert windows_setup.iscc_version(old) == (6, 2, 2)
    with pytest.raises(SystemExit):
        windows_setup.check_iscc_version(old)


def test_iscc_runs_without_quiet_flags() -> None:
    # /Q and /Qp hide the "Compiler engine version" line the check reads.
    source = (PACKAGING / "windows_setup.py").read_text(encoding="utf-8")
    assert not re.search(r'"/Q[p]?"', source)


def test_minimum_windows_is_qt_611s_floor() -> None:
    iss = (PACKAGING / "windows" / "kaiser.iss").read_text(encoding="utf-8")
    assert re.findall(r"^MinVersion=(\S+)", iss, re.M) == ["10.0.17763"]  # Windows 10 1809


def test_the_uninstall_check_wants_the_install_folder_and_the_shortcut_gone(
    tmp_path: Path,
) -> None:
    """An uninstaller that removed the exe but left its folder (a log, a DLL) or the
    Start-menu shortcut fails the check; one that removed both passes."""
    import check_installer

    folder = tmp_path / "KaiserDesktop"
    folder.mkdir()
    (folder / "unins000.dat").write_bytes(b"left behind")
    shortcut = tmp_path / "Start Menu" / "Kaiser Desktop.lnk"
    shortcut.parent.mkdir()
    shortcut.write_bytes(b"")
    with pytest.raises(SystemExit, match="KaiserDesktop \\(1 items\\)"):
        check_installer.check_gone([folder, shortcut], "the uninstaller", 0.05)
    (folder / "unins000.dat").unlink()
    folder.rmdir()
    with pytest.raises(SystemExit, match=r"Kaiser Desktop\.lnk"):
        check_installer.check_gone([folder, shortcut], "the uninstaller", 0.05)
    shortcut.unlink()
    check_installer.check_gone([folder, shortcut], "the uninstaller", 0.05)


def test_check_windows_uses_that_check_for_the_folder_and_the_shortcut() -> None:
    import ast
    import inspect

    import check_installer

    tree = ast.parse(inspect.getsource(check_installer.check_windows))
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check_gone"
    ]
    assert len(calls) == 1
    gone = calls[0].args[0]
    assert isinstance(gone, ast.List)
    assert {getattr(e, "id", None) for e in gone.elts} == {"target", "shortcut"}
