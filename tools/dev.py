"""Play or test Kaiser Desktop from a source checkout, on Windows, macOS or Linux.

    python3 tools/dev.py play    # install into ./.venv and start the game
    python3 tools/dev.py test    # install with test tools into ./.venv and run every test

The install builds the compiled solver core (kaiser_desktop/ai/_solver_core.c) where a C
compiler is found; without one the game and the tests run the pure-Python solver. `test`
says which one runs, then runs the solver and Expert tests once more on the Python one.
With KAISER_REQUIRE_COMPILED_SOLVER=1 (CI sets it) a core that does not build or load is
an error: the command stops at once with the compiler's output.

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


# Run again on the pure-Python solver after the whole suite (the compiled one is the default
# where it is built): the fallback must keep working. A few files, a few seconds.
PYTHON_SOLVER_TESTS = [
    "tests/ai/test_solver.py",
    "tests/ai/test_solver_choice.py",
    "tests/ai/test_play_determinism.py",
]


def selects_tests(args: list[str]) -> bool:
    """Whether pytest's arguments pick some tests (a path, -k, -m) rather than the suite."""
    return any(arg.startswith(("-k", "-m")) or (ROOT / arg.split("::")[0]).exists() for arg in args)


def solver_kind(python: Path) -> str:
    probe = "from kaiser_desktop.ai.solver import solver_kind; print(solver_kind())"
    done = subprocess.run([str(python), "-c", probe], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


REQUIRE_COMPILED_SOLVER = "KAISER_REQUIRE_COMPILED_SOLVER"


def build_solver(python: Path) -> tuple[str, str]:
    """Which solver runs, and what building it printed; when pip's install did not build the
    compiled core, one try at building it in place (it needs a C compiler; without one the
    Python solver runs)."""
    kind, output = solver_kind(python), ""
    if kind != "compiled":
        done = subprocess.run(
            [str(python), "setup.py", "--quiet", "build_ext", "--inplace"],
            cwd=ROOT, capture_output=True, text=True, errors="replace",
        )  # fmt: skip
        output = done.stdout + done.stderr
        kind = solver_kind(python)
    return kind, output


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
    kind, output = build_solver(python)
    if kind != "compiled" and os.environ.get(REQUIRE_COMPILED_SOLVER) == "1":
        print(output.strip()[-4000:])
        print(f"The compiled solver core did not build or load ({REQUIRE_COMPILED_SOLVER}=1).")
        return 1
    if command == "play":
        return subprocess.call([str(python), "-m", "kaiser_desktop", *rest], cwd=ROOT)
    print(f"Double-dummy solver: {kind}", flush=True)
    code = subprocess.call([str(python), "-m", "pytest", *rest], cwd=ROOT)
    if code == 5:
        print("pytest collected no tests: treating that as a failure.")
        return 1
    if code == 0 and kind == "compiled" and not selects_tests(rest):
        print("The solver tests again, on the pure-Python solver:", flush=True)
        env = {**os.environ, "KAISER_DESKTOP_SOLVER": "python"}
        cmd = [str(python), "-m", "pytest", "-q", *PYTHON_SOLVER_TESTS]
        code = subprocess.call(cmd, cwd=ROOT, env=env)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
