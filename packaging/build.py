"""Build Kaiser Desktop's bundle and installers for the OS this runs on — the one entry point.

    python packaging/build.py                    bundle + self-test + installers
    python packaging/build.py --skip-installers  bundle + self-test only
    python packaging/build.py --measure          ... and print sizes, start-up time, memory

Steps:
 1. icons from resources/icons/kaiser.svg (packaging/icon/make_icons.py, Qt only);
 2. PyInstaller with packaging/kaiser_desktop.spec into --dist (default dist/);
 3. the frozen app's `--self-test` (offscreen when Linux has no display); the build fails if
    it exits non-zero or takes longer than 120 s;
 4. installers into --dist:
      Linux   kaiser-desktop-<v>-linux-<machine>.tar.xz and kaiser-desktop_<v>_<arch>.deb
      Windows kaiser-desktop-<v>-windows-x64-setup.exe (Inno Setup, packaging/windows/kaiser.iss)
      macOS   kaiser-desktop-<v>-macos-<arch>.dmg (hdiutil, drag to Applications)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "kaiser_desktop.spec"
APP_NAME = "Kaiser Desktop"
APP_ID = "kaiser-desktop"
SELF_TEST_TIMEOUT = 200.0  # above the self-test's own 120 s guard
DEB_MAINTAINER = os.environ.get(
    "KAISER_DEB_MAINTAINER", "Kaiser Desktop developers <kaiser-desktop@users.noreply.github.com>"
)

IS_WIN = sys.platform == "win32"
IS_MAC = sys.platform == "darwin"
IS_LINUX = sys.platform.startswith("linux")

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(PACKAGING / "icon"))
import make_icons  # noqa: E402


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def fail(msg: str) -> None:
    raise SystemExit(f"[build] ERROR: {msg}")


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def mib(n: float | None) -> str:
    return "n/a" if n is None else f"{n / 2**20:.1f}"


# ----------------------------------------------------------------------------------------------
# Bundle
# ----------------------------------------------------------------------------------------------
@dataclass
class Bundle:
    folder: Path  # what the installers package: dist/kaiser-desktop or dist/Kaiser Desktop.app
    exe: Path


def locate_bundle(dist: Path) -> Bundle:
    if IS_MAC:
        app = dist / f"{APP_NAME}.app"
        return Bundle(app, app / "Contents" / "MacOS" / APP_NAME)
    folder = dist / APP_ID
    return Bundle(folder, folder / (f"{APP_ID}.exe" if IS_WIN else APP_ID))


def build_bundle(dist: Path, work: Path, icons: Path) -> Bundle:
    env = dict(os.environ, KAISER_ICON_DIR=str(icons))
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        str(SPEC),
    ]
    log("PyInstaller: " + " ".join(cmd))
    t = time.monotonic()
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)
    bundle = locate_bundle(dist)
    if not bundle.exe.is_file():
        fail(f"PyInstaller finished but {bundle.exe} is missing")
    size = mib(disk_usage(bundle.folder))
    log(f"bundle {bundle.folder} ({size} MiB) in {time.monotonic() - t:.0f} s")
    return bundle


def disk_usage(path: Path) -> int:
    """Bytes the tree occupies on disk (allocated blocks where the OS says; else sizes)."""
    total = 0
    for dirpath, dirnames, filenames in os.walk(path):
        for name in filenames + dirnames:
            st = os.lstat(os.path.join(dirpath, name))
            blocks = getattr(st, "st_blocks", None)
            total += blocks * 512 if blocks is not None else st.st_size
    return total


def qt_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    if IS_LINUX and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.update(extra or {})
    return env


# A child that runs the command and reports its peak RSS: RUSAGE_CHILDREN of a fresh process
# covers only that command (not PyInstaller or earlier runs of this script).
_RUSAGE_WRAPPER = r"""
import json, resource, subprocess, sys, time
out, timeout, cmd = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
t = time.monotonic()
try:
    rc = subprocess.run(cmd, timeout=timeout).returncode
except subprocess.TimeoutExpired:
    rc = None
seconds = time.monotonic() - t
maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
peak = maxrss if sys.platform == "darwin" else maxrss * 1024
with open(out, "w") as f:
    json.dump({"rc": rc, "seconds": seconds, "peak_rss": peak}, f)
"""


def _windows_peak_rss(handle: int) -> int | None:
    try:
        import ctypes
        from ctypes import wintypes

        class Counters(ctypes.Structure):
            _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD)] + [
                (name, ctypes.c_size_t)
                for name in (
                    "PeakWorkingSetSize",
                    "WorkingSetSize",
                    "QuotaPeakPagedPoolUsage",
                    "QuotaPagedPoolUsage",
                    "QuotaPeakNonPagedPoolUsage",
                    "QuotaNonPagedPoolUsage",
                    "PagefileUsage",
                    "PeakPagefileUsage",
                )
            ]

        counters = Counters()
        counters.cb = ctypes.sizeof(Counters)
        psapi = ctypes.WinDLL("psapi")
        if psapi.GetProcessMemoryInfo(wintypes.HANDLE(handle), ctypes.byref(counters), counters.cb):
            return int(counters.PeakWorkingSetSize)
    except (OSError, AttributeError):
        pass
    return None


def run_app(cmd: list[str], env: dict[str, str], timeout: float = SELF_TEST_TIMEOUT) -> dict:
    """Run `cmd`; return rc (None on timeout), seconds, peak_rss (bytes or None), output."""
    if IS_WIN:
        t = time.monotonic()
        proc = subprocess.Popen(
            cmd,
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
        )
        try:
            output, _ = proc.communicate(timeout=timeout)
            rc: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            proc.kill()
            output, _ = proc.communicate()
            rc = None
        seconds = time.monotonic() - t
        peak = _windows_peak_rss(int(proc._handle))  # type: ignore[attr-defined]
        return {"rc": rc, "seconds": seconds, "peak_rss": peak, "output": output}
    with tempfile.TemporaryDirectory() as tmp:
        result_file = Path(tmp) / "result.json"
        wrapper = [sys.executable, "-c", _RUSAGE_WRAPPER, str(result_file), str(timeout), *cmd]
        proc = subprocess.run(
            wrapper,
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout + 30,
        )
        if not result_file.exists():
            fail(f"could not run {cmd}: {proc.stderr}")
        result = json.loads(result_file.read_text())
    result["output"] = proc.stdout + proc.stderr
    return result


def self_test(bundle: Bundle) -> dict:
    env = qt_env()
    platform_name = env.get("QT_QPA_PLATFORM", "native")
    log(f"self-test: {bundle.exe} --self-test (QT_QPA_PLATFORM={platform_name})")
    result = run_app([str(bundle.exe), "--self-test"], env)
    if result["rc"] is None:
        fail(f"self-test did not finish within {SELF_TEST_TIMEOUT:.0f} s:\n{result['output']}")
    if result["rc"] != 0:
        how = f"crashed (signal {-result['rc']})" if result["rc"] < 0 else f"exited {result['rc']}"
        fail(f"self-test {how}:\n{result['output']}")
    log(f"self-test passed in {result['seconds']:.1f} s, peak RSS {mib(result['peak_rss'])} MiB")
    return result


# ----------------------------------------------------------------------------------------------
# Linux: .tar.xz and .deb
# ----------------------------------------------------------------------------------------------
def source_date_epoch() -> int:
    return int(os.environ.get("SOURCE_DATE_EPOCH") or time.time())


def make_tarball(bundle: Bundle, out: Path, xz_level: int = 9) -> Path:
    mtime = source_date_epoch()

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = mtime
        info.mode = 0o755 if info.isdir() or info.mode & 0o111 else 0o644
        return info

    log(f"tar.xz: {out.name}")
    with tarfile.open(out, "w:xz", preset=xz_level) as tf:
        tf.add(bundle.folder, arcname=APP_ID, filter=normalise)  # sorted walk: reproducible
    return out


# Sonames the bundle leaves to the system -> Debian package. Pre-t64 names on purpose: Ubuntu
# 24.04's libglib2.0-0t64 etc. `Provides:` them, so one .deb installs on 22.04 … 24.04+.
DEB_PACKAGE_OF = {
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libdl.so.2": "libc6",
    "libpthread.so.0": "libc6",
    "librt.so.1": "libc6",
    "libutil.so.1": "libc6",
    "libresolv.so.2": "libc6",
    "ld-linux-x86-64.so.2": "libc6",
    "ld-linux-aarch64.so.1": "libc6",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
    "liblzma.so.5": "liblzma5",
    "libbz2.so.1.0": "libbz2-1.0",
    "libexpat.so.1": "libexpat1",
    "libffi.so.8": "libffi8",
    "libuuid.so.1": "libuuid1",
    "libbsd.so.0": "libbsd0",
    "libmd.so.0": "libmd0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libXext.so.6": "libxext6",
    "libXrender.so.1": "libxrender1",
    "libxcb.so.1": "libxcb1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-present.so.0": "libxcb-present0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libpng16.so.16": "libpng16-16",
    "libharfbuzz.so.0": "libharfbuzz0b",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgio-2.0.so.0": "libglib2.0-0",
    "libgmodule-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
# libstdc++ symbol version -> first GCC release that has it (for a versioned Depends).
GLIBCXX_TO_GCC = {28: "10", 29: "11", 30: "12", 31: "13", 32: "13.2", 33: "14", 34: "15"}


def elf_files(root: Path) -> list[Path]:
    found = []
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(path)
    return sorted(found)


def _version_key(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def linux_dependencies(folder: Path) -> dict:
    """What the bundle needs from the system: sonames, Debian Depends, glibc floor."""
    if shutil.which("objdump") is None:
        fail("objdump (binutils) is needed to compute the .deb Depends")
    bundled = {p.name for p in folder.rglob("*")}
    needed: dict[str, set[str]] = {}
    glibc, glibcxx = "2.17", 0
    for path in elf_files(folder):
        dump = subprocess.run(
            ["objdump", "-p", str(path)], capture_output=True, text=True, check=True
        ).stdout
        for soname in re.findall(r"^\s+NEEDED\s+(\S+)", dump, re.MULTILINE):
            needed.setdefault(soname, set()).add(str(path.relative_to(folder)))
        for v in re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)\b", dump):
            glibc = max(glibc, v, key=_version_key)
        for v in re.findall(r"\bGLIBCXX_3\.4\.(\d+)\b", dump):
            glibcxx = max(glibcxx, int(v))
    external = sorted(set(needed) - bundled)
    unknown = [s for s in external if s not in DEB_PACKAGE_OF]
    if unknown:
        who = ", ".join(f"{s} (needed by {sorted(needed[s])[0]})" for s in unknown)
        fail(f"system libraries with no Debian package in DEB_PACKAGE_OF (build.py): {who}")
    packages = {DEB_PACKAGE_OF[s] for s in external}
    depends = []
    for pkg in sorted(packages):
        if pkg == "libc6":
            depends.append(f"libc6 (>= {glibc})")
        elif pkg == "libstdc++6" and glibcxx in GLIBCXX_TO_GCC:
            depends.append(f"libstdc++6 (>= {GLIBCXX_TO_GCC[glibcxx]})")
        else:
            depends.append(pkg)
    missing_here = []
    if shutil.which("ldconfig") or Path("/sbin/ldconfig").exists():
        ldconfig = shutil.which("ldconfig") or "/sbin/ldconfig"
        cache = subprocess.run([ldconfig, "-p"], capture_output=True, text=True).stdout
        missing_here = [s for s in external if f"{s} (" not in cache and not s.startswith("ld-")]
    return {
        "sonames": external,
        "depends": ", ".join(depends),
        "glibc_floor": glibc,
        "missing_on_build_machine": missing_here,
    }


def deb_architecture() -> str:
    if shutil.which("dpkg"):
        return subprocess.run(
            ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
        ).stdout.strip()
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


def validate_desktop_file(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool:
        proc = subprocess.run([tool, str(path)], capture_output=True, text=True)
        messages = (proc.stdout + proc.stderr).strip()
        if proc.returncode != 0 or "error:" in messages:
            fail(f"desktop-file-validate {path.name}:\n{messages}")
        log(f"desktop-file-validate: OK{' (' + messages + ')' if messages else ''}")
        return
    # Fallback when desktop-file-utils is not installed: the essentials only.
    text = path.read_text(encoding="utf-8")
    for key in ("Type=Application", "Name=", "Exec=", "Icon="):
        if f"\n{key}" not in "\n" + text:
            fail(f"{path.name}: missing {key}")
    if not text.startswith("[Desktop Entry]"):
        fail(f"{path.name}: must start with [Desktop Entry]")
    log("desktop-file-validate not installed: basic checks only (apt install desktop-file-utils)")


def _normalise_modes(root: Path) -> None:
    for dirpath, _, filenames in os.walk(root):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            executable = path.stat().st_mode & 0o111 and not re.search(r"\.so(\.|$)", name)
            path.chmod(0o755 if executable else 0o644)  # shared libraries: 0644 (policy)


def make_deb(
    bundle: Bundle, out_dir: Path, work: Path, icons: Path, version: str, xz_level: int = 9
) -> Path:
    if shutil.which("dpkg-deb") is None:
        fail("dpkg-deb is needed for the .deb (apt install dpkg)")
    arch = deb_architecture()
    deps = linux_dependencies(bundle.folder)
    log(f"glibc floor {deps['glibc_floor']}; Depends: {deps['depends']}")
    if deps["missing_on_build_machine"]:
        log(
            "note: not installed on this machine (needed at run time only): "
            + ", ".join(deps["missing_on_build_machine"])
        )

    stage = work / "deb" / f"{APP_ID}_{version}_{arch}"
    if stage.exists():
        shutil.rmtree(stage)
    opt = stage / "opt" / APP_ID
    shutil.copytree(bundle.folder, opt, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    os.symlink(f"/opt/{APP_ID}/{APP_ID}", stage / "usr" / "bin" / APP_ID)

    applications = stage / "usr" / "share" / "applications"
    applications.mkdir(parents=True)
    desktop = applications / f"{APP_ID}.desktop"
    template = (PACKAGING / "linux" / f"{APP_ID}.desktop.in").read_text(encoding="utf-8")
    desktop.write_text(template.replace("@EXEC@", APP_ID), encoding="utf-8")
    validate_desktop_file(desktop)

    shutil.copytree(icons / "hicolor", stage / "usr" / "share" / "icons" / "hicolor")
    doc = stage / "usr" / "share" / "doc" / APP_ID
    doc.mkdir(parents=True)
    shutil.copyfile(PACKAGING / "linux" / "copyright", doc / "copyright")

    _normalise_modes(stage)
    installed_kib = sum(
        (p.lstat().st_size + 1023) // 1024 for p in stage.rglob("*") if not p.is_dir()
    )
    control = (PACKAGING / "linux" / "control.in").read_text(encoding="utf-8")
    for key, value in {
        "@VERSION@": version,
        "@ARCH@": arch,
        "@MAINTAINER@": DEB_MAINTAINER,
        "@INSTALLED_SIZE@": str(installed_kib),
        "@DEPENDS@": deps["depends"],
    }.items():
        control = control.replace(key, value)
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    (stage / "DEBIAN").chmod(0o755)

    out = out_dir / f"{APP_ID}_{version}_{arch}.deb"
    log(f"deb: {out.name}")
    subprocess.run(
        [
            "dpkg-deb",
            "--build",
            "--root-owner-group",
            "-Zxz",
            f"-z{xz_level}",
            str(stage),
            str(out),
        ],
        check=True,
        env=dict(os.environ, SOURCE_DATE_EPOCH=str(source_date_epoch())),
    )
    return out


# ----------------------------------------------------------------------------------------------
# Windows: Inno Setup
# ----------------------------------------------------------------------------------------------
def find_iscc() -> str:
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    for base in (
        os.environ.get("PROGRAMFILES(X86)"),
        os.environ.get("PROGRAMFILES"),
        os.environ.get("LOCALAPPDATA", "") + r"\Programs",
    ):
        if base:
            candidate = Path(base) / "Inno Setup 6" / "ISCC.exe"
            if candidate.exists():
                return str(candidate)
    fail("Inno Setup's ISCC.exe not found (choco install innosetup, or add it to PATH)")
    return ""  # unreachable


def make_windows_installer(bundle: Bundle, out_dir: Path, icons: Path, version: str) -> Path:
    iscc = find_iscc()
    base = f"{APP_ID}-{version}-windows-x64-setup"
    cmd = [
        iscc,
        "/Qp",
        f"/DAppVersion={version}",
        f"/DSourceDir={bundle.folder}",
        f"/DOutputDir={out_dir}",
        f"/DOutputBaseFilename={base}",
        f"/DIconFile={icons / 'kaiser.ico'}",
        str(PACKAGING / "windows" / "kaiser.iss"),
    ]
    log("Inno Setup: " + " ".join(cmd))
    subprocess.run(cmd, check=True)
    out = out_dir / f"{base}.exe"
    if not out.exists():
        fail(f"Inno Setup did not produce {out}")
    return out


# ----------------------------------------------------------------------------------------------
# macOS: .dmg
# ----------------------------------------------------------------------------------------------
def make_dmg(bundle: Bundle, out_dir: Path, work: Path, version: str) -> Path:
    verify = subprocess.run(
        ["codesign", "--verify", "--deep", "--strict", str(bundle.folder)],
        capture_output=True,
        text=True,
    )
    log("codesign --verify: " + ("OK (ad-hoc)" if verify.returncode == 0 else verify.stderr))
    stage = work / "dmg"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    subprocess.run(["ditto", str(bundle.folder), str(stage / bundle.folder.name)], check=True)
    os.symlink("/Applications", stage / "Applications")  # drag-and-drop install
    out = out_dir / f"{APP_ID}-{version}-macos-{platform.machine()}.dmg"
    cmd = [
        "hdiutil",
        "create",
        "-volname",
        APP_NAME,
        "-srcfolder",
        str(stage),
        "-ov",
        "-fs",
        "HFS+",
        "-format",
        "UDZO",
        "-imagekey",
        "zlib-level=9",
        str(out),
    ]
    for attempt in range(1, 4):  # hdiutil is known to fail transiently ("Resource busy")
        log(f"hdiutil (attempt {attempt}): {out.name}")
        if subprocess.run(cmd).returncode == 0:
            return out
        time.sleep(5 * attempt)
    fail("hdiutil create failed 3 times")
    return out  # unreachable


# ----------------------------------------------------------------------------------------------
# Measurements
# ----------------------------------------------------------------------------------------------
_SOURCE_PROBE = (
    "import sys; from kaiser_desktop.app import startup_probe as p; p.arm_on_exec(); "
    "from kaiser_desktop.__main__ import main; sys.exit(main())"
)


def _drop_caches() -> bool:
    """Make the next start a cold one (Linux, root only). False where not allowed."""
    if not IS_LINUX:
        return False
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        return True
    except OSError:
        return False


def first_paint_ms(cmd: list[str], env: dict[str, str]) -> float | None:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "first-paint.txt"
        run_env = dict(
            env,
            KAISER_STARTUP_PROBE="1",
            KAISER_STARTUP_PROBE_FILE=str(report),
            KAISER_STARTUP_T0=repr(time.time()),
        )
        result = run_app(cmd, run_env, timeout=60)
        text = report.read_text() if report.exists() else result["output"]
    m = re.search(r"first-paint-ms=(\d+)", text)
    return float(m.group(1)) if m else None


def startup_times(cmd: list[str], env: dict[str, str], runs: int) -> dict:
    cold = first_paint_ms(cmd, env) if _drop_caches() else None
    warm = [ms for ms in (first_paint_ms(cmd, env) for _ in range(runs)) if ms is not None]
    return {
        "cold_ms": cold,
        "warm_median_ms": statistics.median(warm) if warm else None,
        "warm_runs_ms": warm,
    }


def measure(bundle: Bundle, dist: Path, artifacts: list[Path], runs: int) -> dict:
    env = qt_env()
    rss = [run_app([str(bundle.exe), "--self-test"], env)["peak_rss"] for _ in range(3)]
    rss = [r for r in rss if r is not None]
    figures = {
        "platform": f"{platform.system()} {platform.machine()}",
        "qt_qpa_platform": env.get("QT_QPA_PLATFORM", "native"),
        "bundle_bytes_on_disk": disk_usage(bundle.folder),
        "artifacts": {p.name: p.stat().st_size for p in artifacts if p.exists()},
        "frozen": startup_times([str(bundle.exe)], env, runs),
        "source": startup_times(
            [sys.executable, "-c", _SOURCE_PROBE], dict(env, PYTHONPATH=str(ROOT)), runs
        ),
        "self_test_peak_rss_bytes": max(rss) if rss else None,
    }
    (dist / "measurements.json").write_text(json.dumps(figures, indent=2) + "\n")

    def ms(v: float | None) -> str:
        return "n/a" if v is None else f"{v:.0f} ms"

    print("\n=== Kaiser Desktop build figures ===")
    print(
        f"platform                     {figures['platform']} "
        f"(QT_QPA_PLATFORM={figures['qt_qpa_platform']})"
    )
    print(
        f"bundle on disk               {mib(figures['bundle_bytes_on_disk'])} MiB  "
        f"({bundle.folder})"
    )
    for name, size in figures["artifacts"].items():
        print(f"{name:<28} {mib(size)} MiB  ({size} bytes)")
    for kind in ("frozen", "source"):
        t = figures[kind]
        print(
            f"first paint, {kind:<7}         cold {ms(t['cold_ms'])}, warm median "
            f"{ms(t['warm_median_ms'])} over {len(t['warm_runs_ms'])} runs"
        )
    print(f"peak RSS during --self-test  {mib(figures['self_test_peak_rss_bytes'])} MiB")
    print(f"(also written to {dist / 'measurements.json'})")
    return figures


# ----------------------------------------------------------------------------------------------
def default_formats() -> list[str]:
    if IS_LINUX:
        return ["tar", "deb"]
    return ["exe"] if IS_WIN else ["dmg"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--skip-installers", action="store_true", help="stop after the bundle and its self-test"
    )
    parser.add_argument(
        "--measure",
        action="store_true",
        help="print bundle/installer sizes, first-paint time, peak RSS",
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="scratch folder")
    parser.add_argument(
        "--formats",
        default=None,
        help=f"comma list of installers to make (default: {','.join(default_formats())})",
    )
    parser.add_argument(
        "--reuse-bundle",
        action="store_true",
        help="skip PyInstaller; package the bundle already in --dist",
    )
    parser.add_argument("--runs", type=int, default=5, help="warm start-up runs for --measure")
    parser.add_argument(
        "--xz-level", type=int, default=9, choices=range(10), help="xz level for .tar.xz/.deb"
    )
    args = parser.parse_args(argv)

    dist, work = args.dist.resolve(), args.work.resolve()
    dist.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    version = project_version()
    formats = args.formats.split(",") if args.formats else default_formats()
    unknown = set(formats) - set(default_formats())
    if unknown:
        fail(f"cannot make {sorted(unknown)} on {sys.platform} (can: {default_formats()})")

    icons = work / "icons"
    make_icons.ensure_icons(icons)
    bundle = locate_bundle(dist) if args.reuse_bundle else build_bundle(dist, work, icons)
    if not bundle.exe.is_file():
        fail(f"no bundle at {bundle.folder}")
    self_test(bundle)

    artifacts: list[Path] = []
    if not args.skip_installers:
        machine = platform.machine().lower()
        if "tar" in formats:
            artifacts.append(
                make_tarball(
                    bundle, dist / f"{APP_ID}-{version}-linux-{machine}.tar.xz", args.xz_level
                )
            )
        if "deb" in formats:
            artifacts.append(make_deb(bundle, dist, work, icons, version, args.xz_level))
        if "exe" in formats:
            artifacts.append(make_windows_installer(bundle, dist, icons, version))
        if "dmg" in formats:
            artifacts.append(make_dmg(bundle, dist, work, version))
        for path in artifacts:
            log(f"made {path} ({mib(path.stat().st_size)} MiB)")
    if args.measure:
        if not artifacts:  # --skip-installers: report what an earlier run left in --dist
            artifacts = sorted(
                p for pattern in ("*.tar.xz", "*.deb", "*.exe", "*.dmg") for p in dist.glob(pattern)
            )
        measure(bundle, dist, artifacts, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
