"""Windows: the Inno Setup installer (packaging/windows/kaiser.iss, Inno Setup >= 6.3).

ISCC.exe is found as $KAISER_ISCC, then on PATH, then in the usual install folders (the CI
workflow puts the pinned Chocolatey install on PATH and in $KAISER_ISCC). Signing: set
$KAISER_SIGNTOOL to a sign command (e.g. `signtool sign /fd sha256 /a /tr URL /td sha256 $f`)
and the setup and its uninstaller are signed by Inno Setup (`SignTool=` in kaiser.iss).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from build_log import fail, log

MIN_INNO_SETUP = (6, 3)  # ArchitecturesAllowed=x64compatible


def find_iscc() -> str:
    override = os.environ.get("KAISER_ISCC")
    if override:
        if not Path(override).is_file():
            fail(f"KAISER_ISCC={override} is not a file")
        return override
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    bases = [
        os.environ.get("PROGRAMFILES(X86)"),  # os.environ is case-insensitive on Windows
        os.environ.get("PROGRAMFILES"),
        os.environ.get("LOCALAPPDATA", "") + r"\Programs",
        r"C:\Program Files (x86)",  # Git Bash may not pass ProgramFiles(x86) on to Python
        r"C:\Program Files",
    ]
    for base in bases:
        if base:
            candidate = Path(base) / "Inno Setup 6" / "ISCC.exe"
            if candidate.exists():
                return str(candidate)
    fail("Inno Setup's ISCC.exe not found (choco install innosetup, or set KAISER_ISCC)")


def iscc_version(iscc: str) -> tuple[int, ...] | None:
    proc = subprocess.run([iscc, "/?"], capture_output=True, text=True, errors="replace")
    m = re.search(r"Compiler version (\d+)\.(\d+)(?:\.(\d+))?", proc.stdout + proc.stderr)
    return tuple(int(g) for g in m.groups() if g is not None) if m else None


def make_windows_installer(
    folder: Path, out_dir: Path, icons: Path, version: str, iss: Path
) -> Path:
    iscc = find_iscc()
    found = iscc_version(iscc)
    log(f"Inno Setup {'.'.join(map(str, found)) if found else '(version unknown)'}: {iscc}")
    if found is not None and found[:2] < MIN_INNO_SETUP:
        fail(f"Inno Setup {'.'.join(map(str, MIN_INNO_SETUP))} or newer is needed (x64compatible)")
    base = f"kaiser-desktop-{version}-windows-x64-setup"
    cmd = [
        iscc,
        "/Qp",
        f"/DAppVersion={version}",
        f"/DSourceDir={folder}",
        f"/DOutputDir={out_dir}",
        f"/DOutputBaseFilename={base}",
        f"/DIconFile={icons / 'kaiser.ico'}",
    ]
    sign = os.environ.get("KAISER_SIGNTOOL")
    if sign:
        cmd += [f"/Skaiser={sign}", "/DSignTool=kaiser"]
        log("signing the setup and uninstaller with $KAISER_SIGNTOOL")
    cmd.append(str(iss))
    log("Inno Setup: " + " ".join(c if "/Skaiser" not in c else "/Skaiser=..." for c in cmd))
    subprocess.run(cmd, check=True)
    out = out_dir / f"{base}.exe"
    if not out.exists():
        fail(f"Inno Setup did not produce {out}")
    return out
