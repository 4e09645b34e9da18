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


def signing_order(app: Path) -> list[Path]:
    """What to sign, inside out, as Apple documents it ("Signing a Mac Product For
    Distribution"; TN2206): every loose library and helper executable, then each framework
    as a bundle (its folder, not the binary inside: that seals its Resources and Info.plist),
    the deepest first, and the .app itself last. Code inside a framework is sealed by the
    framework's own signature, so it is not signed again on its own."""
    contents = app / "Contents"
    frameworks = [p for p in contents.rglob("*.framework") if p.is_dir() and not p.is_symlink()]

    def in_framework(path: Path) -> bool:
        return any(f in path.parents for f in frameworks)

    main_exe = contents / "MacOS" / APP_NAME
    loose = [
        p
        for p in contents.rglob("*")
        if p.is_file()
        and not p.is_symlink()
        and p != main_exe
        and not in_framework(p)
        and (p.suffix in (".so", ".dylib") or os.access(p, os.X_OK))
    ]
    by_depth = sorted(loose, key=lambda p: -len(p.parts))
    return [*by_depth, *sorted(frameworks, key=lambda p: -len(p.parts)), app]


def sign_for_distribution(app: Path, identity: str) -> None:
    """Developer ID signature with the hardened runtime and a secure timestamp (needed to
    notarise), inside out (signing_order) instead of --deep, which Apple advises against."""
    base = ["codesign", "--force", "--timestamp", "--options", "runtime", "--sign", identity]
    for path in signing_order(app):
        extra = ["--entitlements", str(ENTITLEMENTS)] if path == app else []
        _run([*base, *extra, str(path)], f"codesign {path.name}")


def sign_ad_hoc(app: Path) -> None:
    """The same inside-out order with the ad-hoc identity: a .app that runs where it was
    copied, though Gatekeeper still warns on first start (not notarised)."""
    for path in signing_order(app):
        _run(["codesign", "--force", "--sign", "-", str(path)], f"codesign ad hoc {path.name}")


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
            log(f"codesign --verify: {problem}; signing the .app ad hoc again, inside out")
            sign_ad_hoc(app)
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
