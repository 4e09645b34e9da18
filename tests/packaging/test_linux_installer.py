"""packaging/glibc_floor.py: the newest GLIBC_ symbol version a bundle needs, against the
.deb's libc6 promise and the stated floor. Run here on a real system library."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
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


needs_dpkg_deb = pytest.mark.skipif(
    not sys.platform.startswith("linux")
    or shutil.which("dpkg-deb") is None
    or shutil.which("objdump") is None,
    reason="builds a .deb: needs dpkg-deb and binutils (Linux)",
)


def small_deb(tmp_path: Path) -> Path:
    """A .deb made by make_deb from a two-file bundle (a real ELF executable and a data file)."""
    import linux_packages

    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copy(shutil.which("true") or "/bin/true", bundle / "kaiser-desktop")
    (bundle / "_internal" / "data.txt").write_text("the bundle's data\n", encoding="utf-8")
    icons = tmp_path / "icons"
    (icons / "hicolor" / "16x16" / "apps").mkdir(parents=True)
    (icons / "hicolor" / "16x16" / "apps" / "kaiser-desktop.png").write_bytes(b"\x89PNG")
    dist = tmp_path / "dist"
    dist.mkdir()
    return linux_packages.make_deb(bundle, dist, tmp_path / "work", icons, "1.0", xz_level=0)


def dpkg_deb(*args: str) -> str:
    return subprocess.run(["dpkg-deb", *args], capture_output=True, text=True, check=True).stdout


@needs_dpkg_deb
def test_the_deb_owns_its_own_folder_under_opt_but_not_opt(tmp_path: Path) -> None:
    """A package that lists ./opt/ owns /opt: dpkg warns when removing it, and on a machine
    where /opt is otherwise empty it removes /opt."""
    deb = small_deb(tmp_path)
    entries = [line.split()[5] for line in dpkg_deb("-c", str(deb)).splitlines()]
    assert "./opt/" not in entries
    assert "./opt/kaiser-desktop/" in entries
    assert "./opt/kaiser-desktop/kaiser-desktop" in entries
    assert "./usr/share/applications/kaiser-desktop.desktop" in entries


@needs_dpkg_deb
def test_the_deb_ships_md5sums_of_every_file(tmp_path: Path) -> None:
    deb = small_deb(tmp_path)
    info = dpkg_deb("-I", str(deb))
    assert re.search(r"^\s+\d+ bytes,\s+\d+ lines\s+md5sums\s*$", info, re.M), info
    control, unpacked = tmp_path / "control", tmp_path / "unpacked"
    subprocess.run(["dpkg-deb", "-e", str(deb), str(control)], check=True)
    subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
    listed = {}
    for line in (control / "md5sums").read_text(encoding="utf-8").splitlines():
        digest, path = line.split("  ", 1)
        listed[path] = digest
    files = {
        p.relative_to(unpacked).as_posix(): p
        for p in unpacked.rglob("*")
        if p.is_file() and not p.is_symlink()
    }
    assert set(listed) == set(files)
    for path, digest in listed.items():
        assert hashlib.md5(files[path].read_bytes()).hexdigest() == digest, path


@needs_dpkg_deb
@pytest.mark.skipif(
    shutil.which("dpkg") is None or not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="installs into a scratch root with dpkg --root (as root)",
)
def test_dpkg_verifies_the_installed_deb_and_its_removal_keeps_opt(tmp_path: Path) -> None:
    deb = small_deb(tmp_path)
    root = tmp_path / "root"  # a system with no /opt yet: the preinst makes it
    for folder in ("info", "updates"):
        (root / "var/lib/dpkg" / folder).mkdir(parents=True)
    (root / "var/lib/dpkg/status").touch()
    dpkg = ["dpkg", f"--root={root}", "--force-script-chrootless", "--force-depends"]

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*dpkg, *args], capture_output=True, text=True)

    installed = run("-i", str(deb))
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (root / "opt/kaiser-desktop/kaiser-desktop").is_file()
    verify = run("--verify", "kaiser-desktop")
    assert verify.returncode == 0 and verify.stdout == "", verify.stdout + verify.stderr
    (root / "opt/kaiser-desktop/_internal/data.txt").write_text("changed\n", encoding="utf-8")
    verify = run("--verify", "kaiser-desktop")
    assert "/opt/kaiser-desktop/_internal/data.txt" in verify.stdout, verify.stdout
    removed = run("-r", "kaiser-desktop")
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert "/opt'" not in removed.stdout + removed.stderr  # no warning about /opt
    assert not (root / "opt/kaiser-desktop").exists()
    assert (root / "opt").is_dir()  # left to the system, although empty


@pytest.mark.skipif(shutil.which("xz") is None, reason="xz is not installed")
def test_xz_puts_the_x86_filter_before_lzma2_on_x86(tmp_path: Path) -> None:
    import lzma

    import linux_packages

    true = Path(shutil.which("true") or "/bin/true").read_bytes()
    plain = tmp_path / "bundle.tar"
    plain.write_bytes(true * 4)
    packed = linux_packages.compress_xz(plain, 6)
    assert not plain.exists() and lzma.decompress(packed.read_bytes()) == true * 4
    listing = subprocess.run(
        ["xz", "--robot", "--list", "-vv", str(packed)], capture_output=True, text=True, check=True
    ).stdout
    blocks = [line for line in listing.splitlines() if line.startswith("block")]
    assert blocks
    for line in blocks:
        assert ("--x86" in line) == linux_packages.x86_code(), line
        assert "--lzma2" in line, line
