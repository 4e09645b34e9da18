"""packaging/glibc_floor.py: the newest GLIBC_ symbol version a bundle needs, against the
.deb's libc6 promise and the stated floor. Run here on a real system library."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[1] / "packaging"
sys.path.insert(0, str(PACKAGING))

import glibc_floor  # noqa: E402

CANDIDATES = (Path("/usr/lib/x86_64-linux-gnu/libstdc++.so.6"), Path("/usr/lib64/libstdc++.so.6"))
LIBSTDCXX = next((p for p in CANDIDATES if p.exists()), None)


def test_problems_compare_versions_numerically() -> None:
    assert glibc_floor.problems("2.35", "2.35", "2.35") == []
    assert glibc_floor.problems("2.9", "2.35", "2.35") == []  # 2.9 < 2.35, not > as text
    assert glibc_floor.problems("2.36", "2.35", "2.35") == [
        "the bundle needs glibc 2.36, the .deb promises libc6 (>= 2.35)",
        "the bundle needs glibc 2.36, above the stated floor 2.35",
    ]
    assert glibc_floor.problems("2.34", "2.36", "2.35") == [
        "the .deb asks for libc6 (>= 2.36), above the stated floor 2.35"
    ]


@pytest.mark.skipif(
    LIBSTDCXX is None or shutil.which("objdump") is None, reason="needs binutils and libstdc++"
)
def test_reads_the_newest_glibc_version_a_real_library_needs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert LIBSTDCXX is not None
    needed, where = glibc_floor.needed_glibc([LIBSTDCXX])
    assert where == LIBSTDCXX and glibc_floor.version_key(needed) >= (2, 17)
    assert glibc_floor.main([str(LIBSTDCXX), "--floor", needed]) == 0
    lower = f"2.{glibc_floor.version_key(needed)[1] - 1}"
    assert glibc_floor.main([str(LIBSTDCXX), "--floor", lower]) == 1
    assert f"above the stated floor {lower}" in capsys.readouterr().err


def test_the_deb_declares_the_xcb_plugins_libraries_even_when_bundled(tmp_path: Path) -> None:
    """A fresh system lacks libxcb-cursor0 (issue 27): the .deb asks apt for it whenever the
    bundle has Qt's xcb plugin, also when the build machine's copy went into the bundle."""
    import linux_packages

    qxcb = next(
        (p for p in sys.path if (Path(p) / "PySide6/Qt/plugins/platforms/libqxcb.so").is_file()),
        None,
    )
    if qxcb is None or shutil.which("objdump") is None:
        pytest.skip("needs PySide6's xcb plugin and binutils")
    plugin = Path(qxcb) / "PySide6/Qt/plugins/platforms/libqxcb.so"
    bundle = tmp_path / "bundle"
    (bundle / "PySide6/Qt/plugins/platforms").mkdir(parents=True)
    shutil.copy(plugin, bundle / "PySide6/Qt/plugins/platforms/libqxcb.so")
    # Qt's own libraries and a bundled libxcb-cursor: present by name (not ELF, not read).
    for name in ("libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libQt6Core.so.6", "libxcb-cursor.so.0"):
        (bundle / name).write_text("")
    depends = linux_packages.linux_dependencies(bundle)["depends"].split(", ")
    for package in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0"):
        assert package in depends


def test_the_games_install_line_names_the_debian_packages_the_deb_declares() -> None:
    import linux_packages

    from kaiser_desktop.platform_check import PACKAGES

    for soname, (deb, _fedora) in PACKAGES.items():
        if soname in linux_packages.DEB_PACKAGE_OF:
            assert linux_packages.DEB_PACKAGE_OF[soname] == deb, soname
    for deb in linux_packages.XCB_PLUGIN_DEPENDS:
        assert deb in {d for d, _ in PACKAGES.values()}
