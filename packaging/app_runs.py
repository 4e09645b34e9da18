"""Running the built app: its environment, peak memory and time, and the --measure figures.

build.py's self-test and `--measure` use these; `run_app` reports the peak RSS of just the
command it runs (a fresh helper process on Linux/macOS, PeakWorkingSetSize on Windows).
"""

from __future__ import annotations

import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_log import fail, mib

ROOT = Path(__file__).resolve().parents[1]
IS_WIN = sys.platform == "win32"
IS_LINUX = sys.platform.startswith("linux")
SELF_TEST_TIMEOUT = 200.0  # above the self-test's own 120 s guard


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


def measure(folder: Path, exe: Path, dist: Path, artifacts: list[Path], runs: int) -> dict:
    env = qt_env()
    rss = [run_app([str(exe), "--self-test"], env)["peak_rss"] for _ in range(3)]
    rss = [r for r in rss if r is not None]
    figures = {
        "platform": f"{platform.system()} {platform.machine()}",
        "qt_qpa_platform": env.get("QT_QPA_PLATFORM", "native"),
        "bundle_bytes_on_disk": disk_usage(folder),
        "artifacts": {p.name: p.stat().st_size for p in artifacts if p.exists()},
        "frozen": startup_times([str(exe)], env, runs),
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
    print(f"bundle on disk               {mib(figures['bundle_bytes_on_disk'])} MiB  ({folder})")
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
