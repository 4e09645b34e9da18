"""macOS: sign (ad-hoc or Developer ID), verify, .dmg, and optionally notarise.

The one switch for a distributable build is KAISER_NOTARIZE=1 (build.py --notarize), with
  KAISER_CODESIGN_IDENTITY  "Developer ID Application: Name (TEAMID)" in the keychain
  APPLE_ID, APPLE_TEAM_ID, APPLE_NOTARY_PASSWORD (an app-specific password)
Without it the app keeps PyInstaller's ad-hoc signature. Either way the signature is verified
(`codesign --verify --deep --strict`) and a failure stops the build: a broken signature would
ship a .dmg that macOS calls "damaged". Notarised builds are also stapled and must pass
Gatekeeper (`spctl`).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import time
from pathlib import Path

from build_log import fail, log

APP_NAME = "Kaiser Desktop"
ENTITLEMENTS = Path(__file__).resolve().parent / "macos" / "entitlements.plist"
NOTARY_ENV = ("KAISER_CODESIGN_IDENTITY", "APPLE_ID", "APPLE_TEAM_ID", "APPLE_NOTARY_PASSWORD")


def notarize_requested() -> bool:
    return os.environ.get("KAISER_NOTARIZE", "") not in ("", "0")


def _run(cmd: list[str], what: str) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        fail(f"{what} failed (exit {proc.returncode}): {(proc.stdout + proc.stderr).strip()}")
    return proc.stdout + proc.stderr


def signature_problem(app: Path) -> str | None:
    """None when the whole .app carries a valid signature, else codesign's complaint."""
    cmd = ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return None if proc.returncode == 0 else (proc.stdout + proc.stderr).strip()


def verify_signature(app: Path) -> None:
    """Fail the build unless the whole .app carries a valid signature."""
    problem = signature_problem(app)
    if problem is not None:
        fail(f"codesign --verify: the app's signature is broken: {problem}")
    details = _run(["codesign", "--display", "--verbose=2", str(app)], "codesign --display")
    kind = "ad-hoc" if "Signature=adhoc" in details else "Developer ID"
    log(f"codesign --verify: OK ({kind})")


def sign_for_distribution(app: Path, identity: str) -> None:
    """Developer ID signature with the hardened runtime and a secure timestamp (needed to notarise).
    Nested code first, the .app last, as Apple recommends instead of --deep."""
    base = ["codesign", "--force", "--timestamp", "--options", "runtime", "--sign", identity]
    nested = sorted(
        (p for p in (app / "Contents").rglob("*")
         if p.is_file() and not p.is_symlink() and (p.suffix in (".so", ".dylib")
                                                    or os.access(p, os.X_OK))),
        key=lambda p: -len(p.parts),
    )  # fmt: skip
    for path in nested:
        if path.parent.name == "MacOS" and path.name == APP_NAME:
            continue
        _run([*base, str(path)], f"codesign {path.name}")
    main_exe = app / "Contents" / "MacOS" / APP_NAME
    _run([*base, "--entitlements", str(ENTITLEMENTS), str(main_exe)], "codesign the executable")
    _run([*base, "--entitlements", str(ENTITLEMENTS), str(app)], "codesign the app")


def notarize(dmg: Path) -> None:
    missing = [name for name in NOTARY_ENV if not os.environ.get(name)]
    if missing:
        fail("notarisation needs " + ", ".join(missing))
    _run(["codesign", "--force", "--timestamp", "--sign", os.environ["KAISER_CODESIGN_IDENTITY"],
          str(dmg)], "codesign the dmg")  # fmt: skip
    log(f"notarytool submit {dmg.name} (waits for Apple's verdict)")
    _run(["xcrun", "notarytool", "submit", str(dmg), "--apple-id", os.environ["APPLE_ID"],
          "--team-id", os.environ["APPLE_TEAM_ID"], "--password",
          os.environ["APPLE_NOTARY_PASSWORD"], "--wait"], "notarytool")  # fmt: skip
    _run(["xcrun", "stapler", "staple", str(dmg)], "stapler staple")
    _run(["spctl", "--assess", "--type", "open", "--context", "context:primary-signature",
          "--verbose", str(dmg)], "spctl (Gatekeeper)")  # fmt: skip
    log("notarised and stapled: Gatekeeper accepts the dmg")


def make_dmg(app: Path, out_dir: Path, work: Path, version: str) -> Path:
    if notarize_requested():
        identity = os.environ.get("KAISER_CODESIGN_IDENTITY", "")
        if not identity:
            fail("KAISER_NOTARIZE=1 needs KAISER_CODESIGN_IDENTITY")
        sign_for_distribution(app, identity)
    else:
        problem = signature_problem(app)
        if problem is not None:  # PyInstaller's ad-hoc signature does not cover the whole .app
            log(f"codesign --verify: {problem}; signing the whole .app ad hoc again")
            _run(["codesign", "--force", "--deep", "--sign", "-", str(app)], "codesign ad hoc")
    verify_signature(app)  # a broken signature makes macOS call the app "damaged": stop here
    stage = work / "dmg"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    subprocess.run(["ditto", str(app), str(stage / app.name)], check=True)
    os.symlink("/Applications", stage / "Applications")  # drag-and-drop install
    out = out_dir / f"kaiser-desktop-{version}-macos-{platform.machine()}.dmg"
    # ULMO: LZMA-compressed (macOS 10.15+; the app needs 13), much smaller than zlib's UDZO.
    cmd = ["hdiutil", "create", "-volname", APP_NAME, "-srcfolder", str(stage), "-ov",
           "-fs", "HFS+", "-format", "ULMO", str(out)]  # fmt: skip
    for attempt in range(1, 4):  # hdiutil is known to fail transiently ("Resource busy")
        log(f"hdiutil (attempt {attempt}): {out.name}")
        if subprocess.run(cmd).returncode == 0:
            break
        time.sleep(5 * attempt)
    else:
        fail("hdiutil create failed 3 times")
    if notarize_requested():
        notarize(out)
    return out
