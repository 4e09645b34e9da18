"""Install what packaging/build.py made, self-test the installed app, remove it again.

    python packaging/check_installer.py dist        (CI runs this after build.py)

Linux    the .deb with apt-get (sudo when not root): `kaiser-desktop --self-test` offscreen
         and, with xvfb-run, on a real X server; `dpkg --verify` (md5sums); then `apt-get
         remove`, and nothing may be left in /opt/kaiser-desktop or /usr/bin, while /opt
         stays. The .tar.xz: unpacked and self-tested.
Windows  the setup.exe silently for the current user into a temporary folder, the installed
         exe's self-test, the Start-menu shortcut, then the uninstaller: the install folder
         and the Start-menu shortcut must both be gone.
macOS    the .dmg attached read-only: its Applications link, the app's signature
         (`codesign --verify --deep --strict`), then the app copied out as a drag would copy
         it and self-tested; the image is detached.
The self-test's verdict is its exit status and the JSON it writes with --result-file (the
windowed Windows app has no console). Exit 0 when everything passed; the first failure
stops with one line saying what.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

TIMEOUT_S = 300


def fail(msg: str) -> None:
    raise SystemExit(f"[check-installer] FAILED: {msg}")


def log(msg: str) -> None:
    print(f"[check-installer] {msg}", flush=True)


def one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    if len(found) != 1:
        fail(f"expected one {pattern} in {folder}, found {[p.name for p in found]}")
    return found[0]


def self_test(cmd: list[str], env: dict[str, str] | None = None) -> None:
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        result_file = Path(tmp) / "self-test.json"
        full = [*cmd, "--self-test", "--result-file", str(result_file)]
        # The installed app must run the compiled solver core (kaiser_desktop/self_test.py).
        env = {**(env if env is not None else os.environ)}
        env["KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER"] = "1"
        log("run: " + " ".join(full))
        try:
            proc = subprocess.run(
                full, env=env, capture_output=True, text=True, errors="replace", timeout=TIMEOUT_S
            )
        except subprocess.TimeoutExpired:
            fail(f"{cmd[-1]} --self-test did not finish within {TIMEOUT_S} s")
        try:
            verdict = json.loads(result_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            verdict = None
    output = (proc.stdout + proc.stderr).strip()
    if proc.returncode != 0 or not isinstance(verdict, dict) or verdict.get("ok") is not True:
        fail(f"self-test exit status {proc.returncode}, result {verdict}: {output[-2000:]}")
    log(f"self-test passed: {verdict['summary']}")


UNINSTALL_WAIT_S = 120.0


def check_gone(paths: list[Path], who: str, wait_s: float) -> None:
    """Fail unless every path in `paths` is gone within `wait_s` seconds (the install folder
    itself, not only the exe in it, and the Start-menu shortcut)."""
    deadline = time.monotonic() + wait_s
    while True:
        left = [path for path in paths if path.exists()]
        if not left:
            return
        if time.monotonic() >= deadline:
            what = [f"{p} ({len(list(p.iterdir()))} items)" if p.is_dir() else str(p) for p in left]
            fail(f"{who} left {', '.join(what)}")
        time.sleep(min(1.0, wait_s / 4))


def sudo() -> list[str]:
    return [] if not hasattr(os, "geteuid") or os.geteuid() == 0 else ["sudo"]


def check_linux(dist: Path) -> None:
    tarball = one(dist, "*.tar.xz")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        with tarfile.open(tarball) as tf:
            tf.extractall(tmp, filter="tar")
        offscreen = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        self_test([str(Path(tmp) / "kaiser-desktop" / "kaiser-desktop")], offscreen)

    deb = one(dist, "*.deb")
    apt = [*sudo(), "apt-get", "-y", "-q"]
    opt_before = Path("/opt").is_dir()
    subprocess.run([*apt, "install", str(deb.resolve())], check=True)
    try:
        # Every installed file matches the package's md5sums (DEBIAN/md5sums).
        verify = subprocess.run(
            ["dpkg", "--verify", "kaiser-desktop"], capture_output=True, text=True
        )
        if verify.returncode != 0 or verify.stdout.strip():
            fail(f"dpkg --verify kaiser-desktop: {verify.stdout}{verify.stderr}")
        self_test(["/usr/bin/kaiser-desktop"], dict(os.environ, QT_QPA_PLATFORM="offscreen"))
        if shutil.which("xvfb-run"):
            env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
            self_test(["xvfb-run", "-a", "/usr/bin/kaiser-desktop"], env)
    finally:
        subprocess.run([*apt, "remove", "kaiser-desktop"], check=True)
    left = [p for p in (Path("/opt/kaiser-desktop"), Path("/usr/bin/kaiser-desktop")) if p.exists()]
    if left:
        fail(f"apt-get remove left {left}")
    if opt_before and not Path("/opt").is_dir():
        fail("apt-get remove took /opt with it (the package must not own /opt)")
    log("the .deb installed, ran and was removed cleanly")


def check_windows(dist: Path) -> None:
    setup = one(dist, "*-setup.exe")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        target = Path(tmp) / "KaiserDesktop"  # no space: one argument, no quoting questions
        flags = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER"]
        cmd = [str(setup), *flags, f"/DIR={target}", f"/LOG={Path(tmp) / 'setup.log'}"]
        log("run: " + " ".join(cmd))
        code = subprocess.run(cmd, timeout=TIMEOUT_S).returncode
        if code != 0:
            fail(f"the setup exited {code}")
        exe = target / "kaiser-desktop.exe"
        if not exe.is_file():
            fail(f"the setup did not install {exe}")
        self_test([str(exe)])
        programs = Path(os.environ.get("APPDATA", "")) / "Microsoft/Windows/Start Menu/Programs"
        shortcut = programs / "Kaiser Desktop.lnk"
        if not shortcut.is_file():
            fail(f"no Start-menu shortcut in {programs}")
        uninstaller = target / "unins000.exe"
        subprocess.run([str(uninstaller), *flags[:3]], timeout=TIMEOUT_S)
        # The uninstaller re-launches itself from a temporary copy and returns at once.
        check_gone([target, shortcut], "the uninstaller", UNINSTALL_WAIT_S)
    log("the setup installed, ran and was uninstalled cleanly")


def check_macos(dist: Path) -> None:
    dmg = one(dist, "*.dmg")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        mount = Path(tmp) / "mnt"
        mount.mkdir()
        subprocess.run(
            ["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", str(mount), str(dmg)],
            check=True,
        )
        try:
            app = mount / "Kaiser Desktop.app"
            if not (mount / "Applications").is_symlink() or not app.is_dir():
                fail(f"the dmg holds {sorted(p.name for p in mount.iterdir())}")
            verify = subprocess.run(
                ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)],
                capture_output=True,
                text=True,
            )
            if verify.returncode != 0:
                fail(f"the app in the dmg has a broken signature: {verify.stderr.strip()}")
            installed = Path(tmp) / "Applications" / app.name
            subprocess.run(["ditto", str(app), str(installed)], check=True)
        finally:
            subprocess.run(["hdiutil", "detach", str(mount)], check=False)
        self_test([str(installed / "Contents" / "MacOS" / "Kaiser Desktop")])
    log("the dmg mounted, its app verified and ran")


def main(argv: list[str]) -> int:
    dist = Path(argv[0] if argv else "dist")
    if sys.platform.startswith("linux"):
        check_linux(dist)
    elif sys.platform == "win32":
        check_windows(dist)
    elif sys.platform == "darwin":
        check_macos(dist)
    else:
        fail(f"no installer for {sys.platform}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
