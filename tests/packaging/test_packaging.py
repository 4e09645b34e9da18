"""Packaging: icons from the one SVG, the start-up probe, and (slow) the frozen Linux bundle,
.tar.xz and .deb.

The slow test runs the real build (`packaging/build.py --formats tar,deb`) into a temporary
folder (which runs the frozen `--self-test` offscreen and fails on a non-zero exit or a
verdict file that does not say ok), checks the trimming (Qt, plugins, RUNPATHs, ICU), runs
the self-test again from the unpacked .deb, and inspects the package with `dpkg-deb -I/-f/-c`.
About 2-3 minutes on 2 cores.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.app.test_no_orphans import end_app, left_alive, start_and_read_tree

ROOT = Path(__file__).resolve().parents[2]
BUILD_PY = ROOT / "packaging" / "build.py"
MAKE_ICONS = ROOT / "packaging" / "icon" / "make_icons.py"


def offscreen_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.update(extra)
    return env


def test_icons_are_rendered_from_the_one_svg(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(MAKE_ICONS), "--out", str(tmp_path)],
        check=True,
        env=offscreen_env(),
        timeout=120,
    )
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        png = tmp_path / "hicolor" / f"{size}x{size}" / "apps" / "kaiser-desktop.png"
        width, height = struct.unpack(">II", png.read_bytes()[16:24])  # PNG IHDR
        assert (width, height) == (size, size), png
    assert (tmp_path / "hicolor" / "scalable" / "apps" / "kaiser-desktop.svg").is_file()

    ico = (tmp_path / "kaiser.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 6
    sizes = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes

    icns = (tmp_path / "kaiser.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"icp4" in icns  # 1024 (512@2x) and 16 px entries

    checked_in = ROOT / "resources" / "icons" / "kaiser-256.png"
    assert struct.unpack(">II", checked_in.read_bytes()[16:24]) == (256, 256)


def test_startup_probe_reports_first_paint_and_quits() -> None:
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication, QLabel\n"
        "from kaiser_desktop.app import startup_probe\n"
        "app = QApplication(['kaiser-desktop'])\n"
        "w = QLabel('Kaiser'); w.show()\n"
        "startup_probe.install(app, w)\n"
        "sys.exit(app.exec())\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=offscreen_env(PYTHONPATH=str(ROOT)),
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    m = re.search(r"^first-paint-ms=(\d+)$", proc.stdout, re.MULTILINE)
    assert m, proc.stdout
    assert 0 < int(m.group(1)) < 60_000


def pyside_has(translation: str) -> bool:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or spec.origin is None:
        return False
    return (Path(spec.origin).parent / "Qt" / "translations" / translation).is_file()


@pytest.mark.slow(seconds=100)  # PyInstaller builds the bundle and the .deb
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .deb is built on Linux only")
@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
@pytest.mark.skipif(
    importlib.util.find_spec("PyInstaller") is None,
    reason="PyInstaller is not installed: pip install -r packaging/requirements-build.txt",
)
def test_linux_bundle_self_test_and_deb(tmp_path: Path) -> None:
    dist, work = tmp_path / "dist", tmp_path / "work"
    proc = subprocess.run(
        [
            sys.executable,
            str(BUILD_PY),
            "--dist",
            str(dist),
            "--work",
            str(work),
            "--formats",
            "tar,deb",
            "--xz-level",
            "1",  # the package's contents are under test here, not its compression
        ],
        cwd=ROOT,
        env=offscreen_env(),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-5000:]

    # build.py has run the frozen --self-test on the bundle (it fails the build otherwise),
    # judged on its exit status and on the verdict file it wrote.
    assert "self-test passed" in proc.stdout, proc.stdout[-3000:]
    assert re.search(r'self-test result file: \{"ok": true', proc.stdout), proc.stdout[-3000:]
    # ... and the frozen app spoke French: our two catalogues and Qt's are in the bundle.
    assert '"french": true' in proc.stdout, proc.stdout[-3000:]
    # ... and ran the compiled solver core (build.py requires it of the frozen self-test).
    assert '"solver": "compiled"' in proc.stdout, proc.stdout[-3000:]
    # ... and family play worked in it: websockets, zeroconf and ssl are in the bundle.
    assert '"family": true' in proc.stdout, proc.stdout[-3000:]

    # Trimmed: the platform plugins it needs, none of the Qt it does not use.
    internal = dist / "kaiser-desktop" / "_internal"
    plugins = internal / "PySide6" / "Qt" / "plugins" / "platforms"
    assert (plugins / "libqxcb.so").is_file() and (plugins / "libqoffscreen.so").is_file()
    names = {p.name for p in internal.rglob("*")}
    assert any(n.startswith("_solver_core.") for n in names), "the compiled solver core"
    for unwanted in (
        "libQt6Network.so.6",
        "libQt6Qml.so.6",
        "libQt6Quick.so.6",
        "libQt6Pdf.so.6",
        "libQt6OpenGL.so.6",
        "libqgtk3.so",
        "libqjpeg.so",  # image formats the game never loads
        "libqico.so",
        "libmvec.so.1",  # glibc's: the system's copy (libc6) is used
        "libssl.so.3",  # OpenSSL: the system's (libssl3), with its security fixes
        "libcrypto.so.3",
    ):
        assert unwanted not in names, unwanted
    # zeroconf as its Python modules; websockets without the APIs the app does not use.
    assert not [p for p in internal.rglob("*") if "zeroconf" in p.parts and ".so" in p.suffixes]
    assert not any(n.startswith(("_codecs_", "_multibytecodec")) for n in names)
    # Qt's own translations are dropped, except French (standard buttons, file dialog);
    # ours are compiled by the spec and bundled with the resources.
    qm = sorted(n for n in names if n.endswith(".qm"))
    ours = ["kaiser_fr_CA.qm", "kaiser_words_fr_CA.qm"]
    assert qm == sorted(ours + (["qtbase_fr.qm"] if pyside_has("qtbase_fr.qm") else [])), qm
    assert all((internal / "resources" / "i18n" / name).is_file() for name in ours)
    # Bundle hygiene (packaging/linux_trim.py): no build machine's RUNPATH, ICU filtered.
    sys.path.insert(0, str(ROOT / "packaging"))
    import linux_trim

    foreign = {
        str(path.relative_to(internal)): paths
        for path in internal.rglob("*.so*")
        if path.is_file() and not path.is_symlink()
        for paths in [[p for p in linux_trim.runpaths(path) if "$ORIGIN" not in p]]
        if paths
    }
    assert foreign == {}, foreign
    icu_data = next(internal.rglob("libicudata.so.*"))
    assert icu_data.stat().st_size < 20_000_000, icu_data.stat().st_size
    assert "collation, converters and zone names answer as before" in proc.stdout
    # Only what players run: the lab (arenas, benches, frozen baselines) is left out.
    pyz_toc = "\n".join(p.read_text(errors="replace") for p in work.rglob("PYZ-*.toc"))
    assert "kaiser_desktop.ai.solver" in pyz_toc  # the table of contents is the one we think
    assert "kaiser_lab" not in pyz_toc and "frozen_v0_" not in pyz_toc
    assert "'zeroconf._dns'" in pyz_toc and "'websockets.asyncio.client'" in pyz_toc
    assert "'websockets.legacy" not in pyz_toc and "'websockets.sync" not in pyz_toc
    lab_files = [p for p in internal.rglob("*") if {"kaiser_lab", "frozen_v0_1"} & set(p.parts)]
    assert lab_files == []
    # The frozen app's computer players end with it, even when it is killed.
    frozen_app, tree = start_and_read_tree(
        tmp_path / "kill-data", [str(dist / "kaiser-desktop" / "kaiser-desktop")]
    )
    end_app(frozen_app, tree)
    assert left_alive(tree) == []
    # Data files the app reads at run time are in the bundle.
    assert (internal / "kaiser_desktop" / "ai" / "data" / "bidding_model.json").is_file()
    assert (internal / "resources" / "help" / "rules.html").is_file()
    assert (internal / "resources" / "help" / "rules.fr_CA.html").is_file()
    assert (internal / "resources" / "fonts" / "DejaVuSans-Bold.ttf").is_file()

    tarballs = sorted(dist.glob("kaiser-desktop-*-linux-*.tar.xz"))
    assert len(tarballs) == 1, sorted(p.name for p in dist.iterdir())
    with tarfile.open(tarballs[0]) as tf:
        member = tf.getmember("kaiser-desktop/kaiser-desktop")
        assert member.isfile() and member.mode == 0o755 and member.uname == "root"

    debs = sorted(dist.glob("kaiser-desktop_*.deb"))
    assert len(debs) == 1, sorted(p.name for p in dist.iterdir())
    deb = debs[0]

    info = subprocess.run(
        ["dpkg-deb", "-I", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^ Package: kaiser-desktop$", info, re.MULTILINE), info

    def field(name: str) -> str:
        return subprocess.run(
            ["dpkg-deb", "-f", str(deb), name], capture_output=True, text=True, check=True
        ).stdout.strip()

    arch = subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert field("Architecture") == arch
    depends = field("Depends")
    assert re.search(r"\blibc6 \(>= 2\.\d+\)", depends), depends
    for lib in ("libx11-6", "libxcb1", "libegl1", "libfontconfig1", "libxkbcommon0", "libssl3"):
        assert lib in depends, (lib, depends)

    listing = subprocess.run(
        ["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    entries = {line.split()[5]: line.split()[0] for line in listing.splitlines()}
    assert "./opt/" not in entries and "./opt/kaiser-desktop/" in entries  # /opt is not ours
    assert re.search(r"^\s+\d+ bytes,\s+\d+ lines\s+md5sums\s*$", info, re.MULTILINE), info
    assert entries.get("./opt/kaiser-desktop/kaiser-desktop", "").startswith("-rwxr-xr-x")
    assert "./usr/share/applications/kaiser-desktop.desktop" in entries
    assert "./usr/share/icons/hicolor/256x256/apps/kaiser-desktop.png" in entries
    assert "./usr/share/icons/hicolor/scalable/apps/kaiser-desktop.svg" in entries
    assert entries.get("./usr/bin/kaiser-desktop", "").startswith("l")

    # The packaged copy runs too (modes and links survive dpkg-deb).
    unpacked = tmp_path / "unpacked"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
    verdict_file = tmp_path / "verdict.json"
    run = subprocess.run(
        [str(unpacked / "opt" / "kaiser-desktop" / "kaiser-desktop"), "--self-test",
         "--result-file", str(verdict_file)],
        env=offscreen_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(verdict_file.read_text(encoding="utf-8"))["ok"] is True

    # And random input against the frozen window, New game during play included: no crash,
    # no exception in a slot, no warning about a deleted object.
    chaos = subprocess.run(
        [str(unpacked / "opt" / "kaiser-desktop" / "kaiser-desktop"),
         "--self-test", "--chaos", "20", "--seed", "3"],
        env=offscreen_env(), capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert chaos.returncode == 0, chaos.stdout[-3000:] + chaos.stderr[-3000:]
    report = json.loads(chaos.stdout.strip().splitlines()[-1])
    assert report["clean"] and report["events"] > 50 and report["new_games"] >= 3, report
