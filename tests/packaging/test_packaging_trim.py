"""Bundle hygiene (packaging/linux_trim.py) and the Inno Setup script, without a full build.

The ICU test filters a copy of the ICU that PySide6 ships and asks it the questions QtCore
asks (collation keys, converters, time-zone names in English and French) before and after;
the RUNPATH test compiles two tiny libraries. Both need Linux, cc and objdump.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import linux_trim  # noqa: E402

linux_tools = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not (shutil.which("cc") and shutil.which("objdump")),
    reason="needs Linux with cc and objdump",
)


def header() -> bytes:
    # MappedData header (size, magic 0xda27) + UDataInfo: little-endian, ASCII, "CmnD" v1.
    info = struct.pack("<HHBBBB4s4s4s", 20, 0, 0, 0, 2, 0, b"CmnD", b"\x01\0\0\0", b"\0" * 4)
    size = 4 + len(info)
    size += -size % 16
    return (struct.pack("<HBB", size, 0xDA, 0x27) + info).ljust(size, b"\0")


def test_common_data_round_trip_is_sorted_and_aligned() -> None:
    items = [
        ("icudt73l/zone/fr.res", b"Z" * 33),
        ("icudt73l/coll/fr.res", b"C" * 5),
        ("icudt73l/brkitr/cjdict.dict", b"B" * 100),
        ("icudt73l/cnvalias.icu", b"A" * 16),
    ]
    blob = linux_trim.write_common_data(header(), items)
    head, back = linux_trim.read_common_data(blob)
    assert head == header()
    assert [name for name, _ in back] == sorted(name for name, _ in items)
    by_name = dict(items)
    for name, data in back:
        assert data[: len(by_name[name])] == by_name[name]
        assert set(data[len(by_name[name]) :]) <= {0}  # only padding after the item
    toc = blob[len(head) :]
    for i in range(len(items)):
        offset = struct.unpack_from("<II", toc, 4 + 8 * i)[1]
        assert (len(head) + offset) % 16 == 0


def test_the_filter_drops_only_what_qtcore_cannot_reach() -> None:
    dropped = [
        "icudt73l/brkitr/cjdict.dict", "icudt73l/translit/root.res", "icudt73l/rbnf/fr.res",
        "icudt73l/unit/fr.res", "icudt73l/curr/fr.res", "icudt73l/lang/fr.res",
        "icudt73l/region/fr.res", "icudt73l/unames.icu", "icudt73l/rfc3491.spp",
    ]  # fmt: skip
    kept = [
        "icudt73l/coll/fr.res", "icudt73l/coll/ucadata.icu", "icudt73l/zone/fr.res",
        "icudt73l/fr.res", "icudt73l/fr_CA.res", "icudt73l/root.res", "icudt73l/zoneinfo64.res",
        "icudt73l/metaZones.res", "icudt73l/cnvalias.icu", "icudt73l/ibm-1252_P100-2000.cnv",
        "icudt73l/nfkc.nrm", "icudt73l/likelySubtags.res", "icudt73l/supplementalData.res",
    ]  # fmt: skip
    assert [n for n in dropped if not linux_trim.icu_item_dropped(n)] == []
    assert [n for n in kept if linux_trim.icu_item_dropped(n)] == []

    def converter(max_bytes: int) -> bytes:  # a .cnv item: 32-byte header + static data
        static = struct.pack("<i60siBBBB", 100, b"x", 1252, 0, 2, 1, max_bytes)
        return struct.pack("<H", 32).ljust(32, b"\0") + static

    assert not linux_trim.icu_item_dropped("icudt73l/ibm-5348_P100-1997.cnv", converter(1))
    assert linux_trim.icu_item_dropped("icudt73l/ibm-943_P15A-2003.cnv", converter(2))


def pyside_icu() -> Path | None:
    try:
        import PySide6
    except ImportError:
        return None
    found = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    return next((p for p in found if re.fullmatch(r"libicudata\.so\.\d+", p.name)), None)


@linux_tools
def test_trimmed_icu_answers_as_before_in_english_and_french(tmp_path: Path) -> None:
    data = pyside_icu()
    if data is None:
        pytest.skip("this PySide6 ships no ICU")
    version = data.name.rsplit(".", 1)[-1]
    for name in ("libicudata", "libicuuc", "libicui18n"):
        shutil.copy2(data.with_name(f"{name}.so.{version}"), tmp_path)
    lib = tmp_path / data.name
    figures = linux_trim.trim_icu_data(lib)  # raises if any answer changed
    assert figures["kept"] < figures["items"]
    assert int(figures["bytes_after"]) < 0.6 * int(figures["bytes_before"])
    check = figures["check"]
    assert isinstance(check, dict)
    assert check["zone name fr 0"] == [0, "heure normale d’Europe centrale"]
    assert check["zone name en 0"] == [0, "Central European Standard Time"]
    assert check["collator fr"][0] <= 0 and check["converter ISO-8859-15"] == 0
    assert check["converter Shift_JIS"] > 0  # the multi-byte tables are gone
    soname = subprocess.run(["objdump", "-p", str(lib)], capture_output=True, text=True).stdout
    assert f"SONAME               {lib.name}" in soname
    again = linux_trim.trim_icu_data(lib)  # idempotent: nothing more to drop
    assert again["kept"] == again["items"] == figures["kept"]


@linux_tools
def test_foreign_runpaths_go_and_origin_ones_stay(tmp_path: Path) -> None:
    source = tmp_path / "x.c"
    source.write_text("int answer(void) { return 42; }\n")
    libs = {}
    for name, rpath in (("foreign", "/nonexistent/build/lib"), ("origin", "$ORIGIN/../lib")):
        out = tmp_path / f"lib{name}.so"
        subprocess.run(
            ["cc", "-shared", "-fPIC", "-o", str(out), str(source),
             f"-Wl,-rpath,{rpath}", "-Wl,--enable-new-dtags"],
            check=True,
        )  # fmt: skip
        libs[name] = out
    assert linux_trim.runpaths(libs["foreign"]) == ["/nonexistent/build/lib"]
    fixed = linux_trim.remove_foreign_runpaths(tmp_path)
    assert fixed == {"libforeign.so": ["/nonexistent/build/lib"]}
    assert linux_trim.runpaths(libs["foreign"]) == []
    assert linux_trim.runpaths(libs["origin"]) == ["$ORIGIN/../lib"]
    assert ctypes.CDLL(str(libs["foreign"])).answer() == 42  # still a loadable library
    assert linux_trim.remove_foreign_runpaths(tmp_path) == {}  # nothing left to do


def test_inno_setup_script_directives_balance_and_names_are_defined() -> None:
    """No Inno Setup compiler runs on Linux: the preprocessor structure is checked here."""
    iss = (ROOT / "packaging" / "windows" / "kaiser.iss").read_text(encoding="utf-8")
    depth, defined, guarded = 0, set(), []
    for line in iss.splitlines():
        directive = line.strip()
        if directive.startswith(("#if ", "#ifdef ", "#ifndef ")):
            depth += 1
            guarded.append(directive.split()[1])
        elif directive == "#else":
            assert depth > 0
        elif directive == "#endif":
            depth -= 1
            guarded.pop()
            assert depth >= 0
        elif directive.startswith("#define "):
            defined.add(directive.split()[1])
        for name in re.findall(r"\{#(\w+)\}", line):
            assert name in defined or name in guarded, f"{name} used but never defined"
    assert depth == 0
    assert "#if Ver < EncodeVer(6, 3, 0)" in iss  # x64compatible needs Inno Setup 6.3
    sections = set(re.findall(r"^\[(\w+)\]", iss, re.MULTILINE))
    assert sections <= {"Setup", "Languages", "Tasks", "Files", "Icons", "Run", "InstallDelete",
                        "UninstallDelete", "Registry", "Code", "CustomMessages"}  # fmt: skip
    # Our own installer words ({cm:Name}) are given in every language the installer speaks.
    languages = set(re.findall(r'^Name: "(\w+)"; MessagesFile', iss, re.MULTILINE))
    for message in set(re.findall(r"\{cm:(App\w+)\}", iss)):
        for language in languages:
            assert re.search(rf"^{language}\.{message}=\S", iss, re.MULTILINE), (language, message)
    # build.py's /D defines are the names the script expects from outside (#ifndef ...).
    passed = re.findall(r'"/D(\w+)=', (ROOT / "packaging" / "windows_setup.py").read_text())
    expected = set(re.findall(r"^#ifndef (\w+)", iss, re.MULTILINE)) | {"SignTool"}
    assert set(passed) == expected
