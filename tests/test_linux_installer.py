"""packaging/glibc_floor.py: the newest GLIBC_ symbol version a bundle needs, against the
.deb's libc6 promise and the stated floor. Run here on a real system library."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[1] / "packaging"
sys.path.insert(0, str(PACKAGING))

import glibc_floor  # noqa: E402

CANDIDATES = (Path("/usr/lib/x86_64-linux-gnu/libstdc++.so.6"), Path("/usr/lib64/libstdc++.so.6"))
LIBSTDCXX = next((p for p in CANDIDATES if p.exists()), None)


def test_problems_compare_versions_numerically() -> None:
    assert glibc_floor.problems("2.35", "2.35", "2.35") == []
    assert glibc_floor.problems("2.9", "2.35", "2.35") == []  # 2.9 < 2.35, not > as text
    assert glibc_floor.problems("2.36", "2.35", "2.35") == [
        "the bundle needs glibc 2.36, the .deb promises libc6 (>= 2.35)",
        "the bundle needs glibc 2.36, above the stated floor 2.35",
    ]
    assert glibc_floor.problems("2.34", "2.36", "2.35") == [
        "the .deb asks for libc6 (>= 2.36), above the stated floor 2.35"
    ]


@pytest.mark.skipif(
    LIBSTDCXX is None or shutil.which("objdump") is None, reason="needs binutils and libstdc++"
)
def test_reads_the_newest_glibc_version_a_real_library_needs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert LIBSTDCXX is not None
    needed, where = glibc_floor.needed_glibc([LIBSTDCXX])
    assert where == LIBSTDCXX and glibc_floor.version_key(needed) >= (2, 17)
    assert glibc_floor.main([str(LIBSTDCXX), "--floor", needed]) == 0
    lower = f"2.{glibc_floor.version_key(needed)[1] - 1}"
    assert glibc_floor.main([str(LIBSTDCXX), "--floor", lower]) == 1
    assert f"above the stated floor {lower}" in capsys.readouterr().err
