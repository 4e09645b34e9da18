"""The build and the installer check judge a frozen self-test by its exit status AND its
result file, and the .deb's ar container round-trips. Fake apps stand in for the frozen one."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import build  # noqa: E402
import check_installer  # noqa: E402
import linux_packages  # noqa: E402

FAKE_APP = """
import json, sys
result = sys.argv[sys.argv.index("--result-file") + 1]
verdict = {VERDICT}
if verdict is not None:
    with open(result, "w") as f:
        json.dump(verdict, f)
print("fake self-test")
sys.exit({CODE})
"""

CASES = {
    "passes": ({"ok": True, "summary": "self-test OK: fake"}, 0, None),
    "exit 0 but the file says failed": ({"ok": False, "summary": "x"}, 0, "result"),
    "exit 0 and no result file": (None, 0, "result"),
    "exit 1": ({"ok": False, "summary": "x"}, 1, "exit"),
}


def fake_app(tmp_path: Path, verdict: object, code: int) -> Path:
    script = tmp_path / "fake_app.py"
    script.write_text(FAKE_APP.replace("{VERDICT}", repr(verdict)).replace("{CODE}", str(code)))
    if os.name == "nt":
        launcher = tmp_path / "fake-app.cmd"
        launcher.write_text(f'@"{sys.executable}" "{script}" %*\n')
    else:
        launcher = tmp_path / "fake-app"
        launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{script}" "$@"\n')
        launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)
    return launcher


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_build_fails_unless_both_say_the_self_test_passed(tmp_path: Path, case: str) -> None:
    verdict, code, failure = CASES[case]
    exe = fake_app(tmp_path, verdict, code)
    bundle = build.Bundle(tmp_path, exe)
    if failure is None:
        assert build.self_test(bundle)["rc"] == 0
    else:
        with pytest.raises(SystemExit, match="self-test"):
            build.self_test(bundle)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_installer_check_fails_unless_both_say_passed(tmp_path: Path, case: str) -> None:
    verdict, code, failure = CASES[case]
    exe = fake_app(tmp_path, verdict, code)
    if failure is None:
        check_installer.self_test([str(exe)])
    else:
        with pytest.raises(SystemExit, match="FAILED"):
            check_installer.self_test([str(exe)])


def test_deb_container_round_trip(tmp_path: Path) -> None:
    members = [("debian-binary", b"2.0\n"), ("control.tar.xz", b"c" * 7), ("data.tar.xz", b"d")]
    deb = tmp_path / "x.deb"
    linux_packages.write_ar(deb, members, mtime=1_700_000_000)
    assert linux_packages.read_ar(deb) == members
    raw = deb.read_bytes()
    assert raw.startswith(b"!<arch>\ndebian-binary   1700000000  0     0     100644  4         `\n")
    assert len(raw) % 2 == 0  # odd-sized members are padded


def test_compress_xz_round_trip(tmp_path: Path) -> None:
    import lzma

    plain = tmp_path / "data.tar"
    payload = os.urandom(1000) * 50
    plain.write_bytes(payload)
    out = linux_packages.compress_xz(plain, 1)
    assert out.name == "data.tar.xz" and not plain.exists()
    assert lzma.decompress(out.read_bytes()) == payload
