"""Build Kaiser Desktop's bundle and installers for the OS this runs on — the one entry point.

    python packaging/build.py                    bundle + self-test + installers
    python packaging/build.py --skip-installers  bundle + self-test only
    python packaging/build.py --measure          ... and print sizes, start-up time, memory

Steps:
 1. icons from resources/icons/kaiser.svg (packaging/icon/make_icons.py, Qt only);
    the compiled solver core (kaiser_desktop/ai/_solver_core.c) built in place, where the
    spec finds it (the build fails if it does not build or load);
 2. PyInstaller with packaging/kaiser_desktop.spec into --dist (default dist/);
 3. the frozen app's `--self-test` (offscreen when Linux has no display); the build fails if
    it exits non-zero or takes longer than 120 s, or if the compiled solver is not the one
    running (KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER=1);
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

IS_WIN = sys.platform == "win32"
IS_MAC = sys.platform == "darwin"
IS_LINUX = sys.platform.startswith("linux")

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path[:0] = [str(PACKAGING / "icon"), str(PACKAGING)]
import app_runs  # noqa: E402
import linux_packages  # noqa: E402
import linux_trim  # noqa: E402
import macos_dmg  # noqa: E402
import make_icons  # noqa: E402
import windows_setup  # noqa: E402
from app_runs import SELF_TEST_TIMEOUT, disk_usage, qt_env, run_app  # noqa: E402
from build_log import fail, log, mib  # noqa: E402


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


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


# The frozen self-tests fail unless the compiled solver core runs (kaiser_desktop/self_test.py).
REQUIRE_COMPILED_SOLVER = {"KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER": "1"}


def build_solver_core() -> None:
    """The compiled solver core, built in place: the spec analyses the checkout, not an
    installed copy. setup.py marks it optional (a player's pip install without a compiler
    still works), so whether it loads is checked here: a release never ships without it."""
    cmd = [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"]
    log("solver core: " + " ".join(cmd))
    subprocess.run(cmd, check=True, cwd=ROOT)
    probe = "from kaiser_desktop.ai.solver import solver_kind; print(solver_kind())"
    env = {k: v for k, v in os.environ.items() if k != "KAISER_DESKTOP_SOLVER"}
    done = subprocess.run(
        [sys.executable, "-B", "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.stdout.strip() != "compiled":
        fail(f"the compiled solver core did not build or load: {done.stdout}{done.stderr}")
    log("solver core: compiled, loads")


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


def self_test(bundle: Bundle, keep: Path | None = None) -> dict:
    """The frozen --self-test; its verdict is the exit status AND the result file it writes
    (the windowed Windows exe prints nothing a parent can read). With `keep` the verdict is
    also written there (CI compares its "python" across the OSes)."""
    env = qt_env(REQUIRE_COMPILED_SOLVER)
    platform_name = env.get("QT_QPA_PLATFORM", "native")
    log(f"self-test: {bundle.exe} --self-test (QT_QPA_PLATFORM={platform_name})")
    with tempfile.TemporaryDirectory() as tmp:
        result_file = Path(tmp) / "self-test.json"
        cmd = [str(bundle.exe), "--self-test", "--result-file", str(result_file)]
        result = run_app(cmd, env)
        verdict = read_verdict(result_file)
    if keep is not None and verdict is not None:
        keep.write_text(json.dumps(verdict, indent=2) + "\n", encoding="utf-8")
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
    if not args.reuse_bundle:
        build_solver_core()
    bundle = locate_bundle(dist) if args.reuse_bundle else build_bundle(dist, work, icons)
    if not bundle.exe.is_file():
        fail(f"no bundle at {bundle.folder}")
    self_test(bundle, keep=dist / "self-test.json")

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
        app_runs.measure(bundle.folder, bundle.exe, dist, artifacts, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
