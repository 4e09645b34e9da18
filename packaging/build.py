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
import statistics
import subprocess
import sys
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

IS_WIN = sys.platform == "win32"
IS_MAC = sys.platform == "darwin"
IS_LINUX = sys.platform.startswith("linux")

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path[:0] = [str(PACKAGING / "icon"), str(PACKAGING)]
import linux_packages  # noqa: E402
import linux_trim  # noqa: E402
import macos_dmg  # noqa: E402
import make_icons  # noqa: E402
import windows_setup  # noqa: E402
from build_log import fail, log  # noqa: E402


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
    # PyInstaller zlib-compresses every module in the PYZ; xz (tar, .deb), LZMA2 (Inno Setup)
    # and LZMA (the .dmg) then find nothing left to squeeze. Stored modules let the installer's
    # compressor do it far better: the bundle grows on disk, the downloads shrink.
    env = dict(os.environ, KAISER_ICON_DIR=str(icons), PYINSTALLER_ZLIB_COMPRESSION_LEVEL="0")
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
    if IS_LINUX:
        trim_linux(bundle)
    size = mib(disk_usage(bundle.folder))
    log(f"bundle {bundle.folder} ({size} MiB) in {time.monotonic() - t:.0f} s")
    return bundle


def trim_linux(bundle: Bundle) -> None:
    """Foreign RUNPATHs out, Qt's ICU data filtered (packaging/linux_trim.py)."""
    try:
        report = linux_trim.trim_bundle(bundle.folder)
    except (RuntimeError, ValueError, OSError, subprocess.CalledProcessError) as error:
        fail(f"trimming the Linux bundle: {error}")
    runpaths = report["runpaths_removed"]
    assert isinstance(runpaths, dict)
    foreign = sorted({path for paths in runpaths.values() for path in paths})
    log(f"RUNPATH removed from {len(runpaths)} files ({', '.join(foreign) or 'none'})")
    icu = report.get("icu")
    if isinstance(icu, dict):
        log(
            f"ICU data: {icu['kept']} of {icu['items']} items kept, "
            f"{mib(icu['bytes_before'])} -> {mib(icu['bytes_after'])} MiB; "
            "collation, converters and zone names answer as before"
        )


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
    """The frozen --self-test; its verdict is the exit status AND the result file it writes
    (the windowed Windows exe prints nothing a parent can read)."""
    env = qt_env()
    platform_name = env.get("QT_QPA_PLATFORM", "native")
    log(f"self-test: {bundle.exe} --self-test (QT_QPA_PLATFORM={platform_name})")
    with tempfile.TemporaryDirectory() as tmp:
        result_file = Path(tmp) / "self-test.json"
        cmd = [str(bundle.exe), "--self-test", "--result-file", str(result_file)]
        result = run_app(cmd, env)
        verdict = read_verdict(result_file)
    if result["rc"] is None:
        fail(f"self-test did not finish within {SELF_TEST_TIMEOUT:.0f} s:\n{result['output']}")
    if verdict is not None:
        log(f"self-test result file: {json.dumps(verdict)}")
    if result["rc"] != 0:
        how = f"crashed (signal {-result['rc']})" if result["rc"] < 0 else f"exited {result['rc']}"
        fail(f"self-test {how}:\n{result['output']}")
    if verdict is None or verdict.get("ok") is not True:
        fail(f"self-test exited 0 but its result file says {verdict}:\n{result['output']}")
    log(f"self-test passed in {result['seconds']:.1f} s, peak RSS {mib(result['peak_rss'])} MiB")
    return result


def read_verdict(path: Path) -> dict | None:
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


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
    parser.add_argument(
        "--notarize",
        action="store_true",
        help="macOS: Developer ID signature + notarisation (same as KAISER_NOTARIZE=1)",
    )
    parser.add_argument("--runs", type=int, default=5, help="warm start-up runs for --measure")
    parser.add_argument(
        "--xz-level", type=int, default=9, choices=range(10), help="xz level for .tar.xz/.deb"
    )
    args = parser.parse_args(argv)

    if args.notarize:
        os.environ["KAISER_NOTARIZE"] = "1"
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
                linux_packages.make_tarball(
                    bundle.folder,
                    dist / f"{APP_ID}-{version}-linux-{machine}.tar.xz",
                    args.xz_level,
                )
            )
        if "deb" in formats:
            artifacts.append(
                linux_packages.make_deb(bundle.folder, dist, work, icons, version, args.xz_level)
            )
        if "exe" in formats:
            iss = PACKAGING / "windows" / "kaiser.iss"
            artifacts.append(
                windows_setup.make_windows_installer(bundle.folder, dist, icons, version, iss)
            )
        if "dmg" in formats:
            artifacts.append(macos_dmg.make_dmg(bundle.folder, dist, work, version))
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
