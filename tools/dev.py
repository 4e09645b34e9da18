"""Play or test Kaiser Desktop from a source checkout, on Windows, macOS or Linux.

    python3 tools/dev.py play    # install into ./.venv and start the game
    python3 tools/dev.py test    # install with test tools into ./.venv and run every test

A private virtual environment keeps the system Python untouched (and works where the
system refuses `pip install`, PEP 668). Extra arguments go to the game or to pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def install(extras: str) -> Path:
    python = venv_python()
    if not python.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    target = f".{extras}" if extras else "."
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", target],
        cwd=ROOT, check=True,
    )  # fmt: skip
    return python


def compile_translations(python: Path) -> None:
    """The French .qm files from their .ts (never committed); English still works without."""
    code = subprocess.call([str(python), str(ROOT / "tools" / "i18n.py"), "build"], cwd=ROOT)
    if code != 0:
        print("The French translation could not be compiled; the game will be in English.")


def platform_problem() -> str | None:
    """Before the first install: would the game's window fail for a missing system library?

    The same check the game makes at every start (kaiser_desktop/platform_check.py, no Qt
    needed), run here first so a fresh machine hears what to install before pip's wait."""
    if VENV.exists():
        return None  # the game checks at its own start (and says it the same way)
    sys.path.insert(0, str(ROOT))
    try:
        from kaiser_desktop import platform_check
    except ImportError:
        return None
    finally:
        sys.path.remove(str(ROOT))
    try:
        return platform_check.check()
    except Exception:  # never stop the install on the check's own fault
        return None


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if sys.version_info < (3, 11):  # noqa: UP036 -- a clear word for an old Python
        print("Kaiser Desktop needs Python 3.11 or newer.")
        return 2
    if command == "play":
        problem = platform_problem()
        if problem is not None:
            print(problem)
            return 3  # platform_check.EXIT_MISSING_LIBRARY, as the game itself exits
    try:
        python = install("[test]" if command == "test" else "")
    except subprocess.CalledProcessError as exc:
        print(f"Installing failed (pip exit status {exc.returncode}).")
        return 1
    compile_translations(python)
    if command == "play":
        return subprocess.call([str(python), "-m", "kaiser_desktop", *rest], cwd=ROOT)
    code = subprocess.call([str(python), "-m", "pytest", *rest], cwd=ROOT)
    if code == 5:
        print("pytest collected no tests: treating that as a failure.")
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
