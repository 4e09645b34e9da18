"""Play or test Kaiser Desktop from a source checkout, on Windows, macOS or Linux.

    python3 tools/dev.py play    # install into ./.venv and start the game
    python3 tools/dev.py test    # install with test tools into ./.venv and run every test
    python3 tools/dev.py test -m "not slow"   # the inner loop: all but the slowest tests

The install builds the compiled solver core (kaiser_desktop/ai/_solver_core.c) where a C
compiler is found; without one the game and the tests run the pure-Python solver. `test`
says which one runs, then runs the solver and Expert tests once more on the Python one.
With KAISER_REQUIRE_COMPILED_SOLVER=1 (CI sets it) a core that does not build or load is
an error: the command stops at once with the compiler's output.

`test` runs pytest on every core and one more (pytest-xdist: `-n CORES+1 --dist worksteal`)
unless the arguments say otherwise (`-n 0` for one process, e.g. with `--pdb`).

A private virtual environment keeps the system Python untouched (and works where the
system refuses `pip install`, PEP 668). Extra arguments go to the game or to pytest.
"""

from __future__ import annotations

import os
import shutil
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


# tests/ui/test_resume_on_x.py starts saved games in the real app on a real X server (Xvfb,
# a window manager, the pointer moved by xdotool): the crash of issue 34 never showed
# offscreen. CI and a fresh Debian or Ubuntu machine get them here when run as root.
X_TEST_TOOLS = {"Xvfb": "xvfb", "openbox": "openbox", "xdotool": "xdotool"}


def x_test_packages() -> list[str]:
    """The Debian packages the X-server tests lack: the tools, and what Qt's xcb needs."""
    missing = [package for tool, package in X_TEST_TOOLS.items() if shutil.which(tool) is None]
    sys.path.insert(0, str(ROOT))
    try:
        from kaiser_desktop import platform_check as pc
    finally:
        sys.path.remove(str(ROOT))
    libraries = pc.missing_libraries(pc.XCB_PLUGIN_NEEDS)
    missing += sorted({pc.PACKAGES[name][0] for name in libraries if name in pc.PACKAGES})
    return missing


def install_x_test_tools() -> None:
    if not sys.platform.startswith("linux"):
        return
    packages = x_test_packages()
    if not packages:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        print(f"The tests on a real X server are skipped without: {' '.join(packages)}.")
        return
    print(f"Installing for the tests on a real X server: {' '.join(packages)} ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    apt = ["apt-get", "-qq", "-y"]
    subprocess.run([*apt, "update"], env=env, stdout=subprocess.DEVNULL, check=False)
    install_command = [*apt, "install", "--no-install-recommends", *packages]
    subprocess.run(install_command, env=env, stdout=subprocess.DEVNULL, check=False)


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


def worker_count() -> int:
    """One worker more than the cores: a third of the suite's time is spent waiting (on
    subprocesses, servers, timers), and a third worker fills it. On CI's 2 cores the whole
    suite took 409.6 s with 2 workers and 321.1 s with 3."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows
        cores = os.cpu_count() or 1
    return cores + 1


# An idle worker takes tests queued for a busy one, so the slow ones do not end the run on
# one core. Not `loadgroup`: it hangs for ever once a crashed worker is replaced
# (pytest-xdist 3.8, issues #1323, #1378); tests that must not run beside one another take a
# lock instead (the `home_network` fixture, tests/conftest.py).
XDIST = ["-n", str(worker_count()), "--dist", "worksteal"]


def parallel_args(args: list[str]) -> list[str]:
    """pytest-xdist's arguments, unless pytest's own arguments choose (-n, --dist, --pdb,
    -p no:xdist): those win, and nothing is added."""
    for arg in args:
        if arg.startswith(("-n", "--numprocesses", "--dist", "--pdb", "--trace")):
            return []
        if arg in ("no:xdist", "-pno:xdist"):
            return []
    return XDIST


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
    install_x_test_tools()
    print(f"Double-dummy solver: {kind}", flush=True)
    code = subprocess.call([str(python), "-m", "pytest", *parallel_args(rest), *rest], cwd=ROOT)
    if code == 5:
        print("pytest collected no tests: treating that as a failure.")
        return 1
    if code == 0 and kind == "compiled" and not selects_tests(rest):
        print("The solver tests again, on the pure-Python solver:", flush=True)
        env = {**os.environ, "KAISER_DESKTOP_SOLVER": "python"}
        cmd = [str(python), "-m", "pytest", "-q", *XDIST, *PYTHON_SOLVER_TESTS]
        code = subprocess.call(cmd, cwd=ROOT, env=env)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
