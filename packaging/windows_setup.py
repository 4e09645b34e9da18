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


# ISCC prints its engine's version only when it compiles and is not quiet (/Q, /Qp hide it);
# its banner says "Inno Setup 6" without the patch level, and its exe's version resource is
# 0.0.0.0, so the compile's own output is the one reliable place to read it.
_ENGINE_VERSION = re.compile(r"^Compiler engine version: Inno Setup (\d+)\.(\d+)(?:\.(\d+))?", re.M)


def iscc_version(output: str) -> tuple[int, ...] | None:
    """(6, 7, 1) from ISCC's compile output; None if it does not say."""
    m = _ENGINE_VERSION.search(output)
    return tuple(int(g) for g in m.groups() if g is not None) if m else None


def check_iscc_version(output: str) -> tuple[int, ...]:
    """The engine version, or stop the build: unknown, or older than MIN_INNO_SETUP."""
    found = iscc_version(output)
    if found is None:
        fail("Inno Setup did not print its 'Compiler engine version' line: version unknown")
    if found[:2] < MIN_INNO_SETUP:
        need = ".".join(map(str, MIN_INNO_SETUP))
        fail(f"Inno Setup {need} or newer is needed (x64compatible); this is {_dotted(found)}")
    return found


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def make_windows_installer(
    folder: Path, out_dir: Path, icons: Path, version: str, iss: Path
) -> Path:
    iscc = find_iscc()
    base = f"kaiser-desktop-{version}-windows-x64-setup"
    cmd = [
        iscc,  # not quiet: the output carries the engine version checked below
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
    proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        fail(f"Inno Setup failed (exit {proc.returncode}):\n{output.strip()[-4000:]}")
    found = check_iscc_version(output)
    log(f"Inno Setup {_dotted(found)}: {iscc}")
    out = out_dir / f"{base}.exe"
    if not out.exists():
        fail(f"Inno Setup did not produce {out}")
    return out
