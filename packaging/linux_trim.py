"""Linux bundle hygiene after PyInstaller: foreign RUNPATHs out, Qt's ICU data filtered.

    python packaging/linux_trim.py dist/kaiser-desktop        (build.py runs this itself)

1. RUNPATH: libpython and the stdlib's extension modules carry the build machine's library
   folder (e.g. /root/.pyenv/versions/3.11.7/lib) as DT_RUNPATH, so every start looks for
   libraries there first (dozens of failed lookups, and a stranger's folder on the search
   path). Every RUNPATH/RPATH that does not name $ORIGIN is deleted from the dynamic section;
   Qt's own `$ORIGIN/...` entries stay.
2. ICU: QtCore links Qt's ICU 73, whose data library (libicudata.so.73, ~31 MB) holds every
   ICU service. QtCore 6.11 calls only collation (ucol_*), charset converters (ucnv_*),
   time-zone names (ucal_*) and case mapping (u_strTo*; no data file). The data library is
   rebuilt without the trees no caller can reach: break iterators and their dictionaries,
   transliterators, number spell-out, units, currencies, language and region names, character
   names, StringPrep profiles; and without the multi-byte (East Asian legacy) charset tables,
   which only a QStringDecoder asked for such an encoding by name would open: the game reads
   and writes UTF-8 only (Python's CJK codecs are left out of the bundle for the same reason).
   Every locale (French included) keeps its collation, calendar and time-zone names, and the
   single-byte converters (windows-125x, ISO-8859-x, KOI8, Mac...) stay. ICU is asked what
   QtCore asks before and after (check_icu): only the dropped converters may answer otherwise.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

DT_NULL, DT_STRTAB, DT_RPATH, DT_RUNPATH = 0, 5, 15, 29
PT_LOAD, PT_DYNAMIC = 1, 2

# Items of the ICU common data that QtCore cannot reach (see the module docstring).
ICU_DROPPED_TREES = ("brkitr", "translit", "rbnf", "unit", "curr", "lang", "region")
ICU_DROPPED_SUFFIXES = (".spp",)
ICU_DROPPED_NAMES = ("unames.icu",)
# Converters the check expects to be gone after trimming (multi-byte tables).
ICU_LOST_CONVERTERS = ("converter Shift_JIS", "converter GB18030")


# ------------------------------------------------------------------------------------------
# RUNPATH
# ------------------------------------------------------------------------------------------
def _elf64_le(data: bytes | bytearray) -> bool:
    return data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1


def _segments(data: bytes | bytearray) -> list[tuple[int, int, int, int]]:
    """(p_type, p_offset, p_vaddr, p_filesz) of each program header."""
    phoff = struct.unpack_from("<Q", data, 0x20)[0]
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    out = []
    for i in range(phnum):
        p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from(
            "<IIQQQQ", data, phoff + i * phentsize
        )
        out.append((p_type, p_offset, p_vaddr, p_filesz))
    return out


def _file_offset(segments: list[tuple[int, int, int, int]], vaddr: int) -> int:
    for p_type, p_offset, p_vaddr, p_filesz in segments:
        if p_type == PT_LOAD and p_vaddr <= vaddr < p_vaddr + p_filesz:
            return vaddr - p_vaddr + p_offset
    raise ValueError(f"address {vaddr:#x} is in no loaded segment")


def _c_string(data: bytes | bytearray, offset: int) -> str:
    return bytes(data[offset : data.index(b"\0", offset)]).decode("utf-8", "replace")


def remove_foreign_runpath(path: Path) -> list[str]:
    """Delete RUNPATH/RPATH entries that do not use $ORIGIN; return the paths removed."""
    data = bytearray(path.read_bytes())
    if not _elf64_le(data):
        return []
    segments = _segments(data)
    dynamic = next((s for s in segments if s[0] == PT_DYNAMIC), None)
    if dynamic is None:
        return []
    _, dyn_off, _, dyn_size = dynamic
    entries = [struct.unpack_from("<qQ", data, dyn_off + 16 * i) for i in range(dyn_size // 16)]
    count = next((i for i, (tag, _) in enumerate(entries) if tag == DT_NULL), len(entries))
    live = entries[:count]
    strtab = next((val for tag, val in live if tag == DT_STRTAB), None)
    if strtab is None:
        return []
    strtab_off = _file_offset(segments, strtab)
    removed, kept = [], []
    for tag, val in live:
        if tag in (DT_RPATH, DT_RUNPATH):
            text = _c_string(data, strtab_off + val)
            if "$ORIGIN" not in text and "${ORIGIN}" not in text:
                removed.append(text)
                continue
        kept.append((tag, val))
    if not removed:
        return []
    kept += [(DT_NULL, 0)] * (len(entries) - len(kept))
    for i, (tag, val) in enumerate(kept):
        struct.pack_into("<qQ", data, dyn_off + 16 * i, tag, val)
    path.write_bytes(bytes(data))
    return removed


def remove_foreign_runpaths(folder: Path) -> dict[str, list[str]]:
    fixed = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as f:
                if f.read(4) != b"\x7fELF":
                    continue
            removed = remove_foreign_runpath(path)
            if removed:
                fixed[str(path.relative_to(folder))] = removed
    return fixed


def runpaths(path: Path) -> list[str]:
    """The RUNPATH/RPATH strings of an ELF file (for tests and reports)."""
    dump = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True).stdout
    return re.findall(r"^\s+(?:RUNPATH|RPATH)\s+(\S+)", dump, re.MULTILINE)


# ------------------------------------------------------------------------------------------
# ICU common data ("CmnD" package: a header, a sorted table of contents, the items)
# ------------------------------------------------------------------------------------------
def read_common_data(blob: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """Split an ICU common data package into its header and (name, item bytes) pairs."""
    header_size, magic1, magic2 = struct.unpack_from("<HBB", blob, 0)
    if (magic1, magic2) != (0xDA, 0x27) or blob[12:16] != b"CmnD" or blob[8] != 0:
        raise ValueError("not a little-endian ICU common data package")
    toc = blob[header_size:]
    (count,) = struct.unpack_from("<I", toc, 0)
    offsets = [struct.unpack_from("<II", toc, 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_off, data_off) in enumerate(offsets):
        end = offsets[i + 1][1] if i + 1 < count else len(toc)
        name = toc[name_off : toc.index(b"\0", name_off)].decode("ascii")
        items.append((name, toc[data_off:end]))
    return blob[:header_size], items


def write_common_data(header: bytes, items: list[tuple[str, bytes]]) -> bytes:
    """The package for `items` (sorted by name, as ICU's binary search needs; 16-byte aligned)."""
    items = sorted(items, key=lambda item: item[0].encode("ascii"))
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in items)
    table_size = 4 + 8 * len(items)
    first = table_size + len(names)
    first += -(len(header) + first) % 16  # every item starts 16-aligned in the package
    toc = bytearray(struct.pack("<I", len(items)))
    name_off, data_off, body = table_size, first, bytearray()
    for name, data in items:
        toc += struct.pack("<II", name_off, data_off)
        name_off += len(name) + 1
        padded = data + b"\0" * (-len(data) % 16)
        body += padded
        data_off += len(padded)
    toc += names
    toc += b"\0" * (first - len(toc))
    return bytes(header) + bytes(toc) + bytes(body)


def multi_byte_converter(data: bytes) -> bool:
    """A .cnv item whose code page has characters of more than one byte."""
    (header_size,) = struct.unpack_from("<H", data, 0)
    # UConverterStaticData: structSize, name[60], codepage, platform, conversionType,
    # minBytesPerChar, maxBytesPerChar, ...
    return data[header_size + 4 + 60 + 4 + 3] > 1


def icu_item_dropped(name: str, data: bytes | None = None) -> bool:
    parts = name.split("/")  # "icudt73l/coll/fr.res", "icudt73l/fr.res"
    if len(parts) > 2 and parts[1] in ICU_DROPPED_TREES:
        return True
    if parts[-1].endswith(".cnv") and data is not None:
        return multi_byte_converter(data)
    return parts[-1] in ICU_DROPPED_NAMES or parts[-1].endswith(ICU_DROPPED_SUFFIXES)


def _dynamic_symbol(lib: Path) -> tuple[str, int, int]:
    """(name, file offset, size) of the icudtNN_dat symbol of an ICU data library."""
    symbols = subprocess.run(
        ["objdump", "-T", str(lib)], capture_output=True, text=True, check=True
    ).stdout
    m = re.search(r"^([0-9a-f]+)\s.*\s([0-9a-f]+)\s+(icudt\d+_dat)\s*$", symbols, re.MULTILINE)
    if not m:
        raise ValueError(f"{lib.name} exports no icudtNN_dat symbol")
    vaddr, size, name = int(m.group(1), 16), int(m.group(2), 16), m.group(3)
    data = lib.read_bytes()
    return name, _file_offset(_segments(data), vaddr), size


def build_data_library(blob: bytes, symbol: str, soname: str, out: Path) -> None:
    """A shared library exporting `symbol` = blob, as ICU's own data library does."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise RuntimeError("a C compiler (cc) is needed to rebuild ICU's data library")
    with tempfile.TemporaryDirectory() as tmp:
        dat = Path(tmp) / "icudata.dat"
        dat.write_bytes(blob)
        asm = Path(tmp) / "icudata.S"
        asm.write_text(
            f".section .rodata\n.globl {symbol}\n.type {symbol}, @object\n.balign 16\n"
            f'{symbol}:\n.incbin "{dat}"\n.size {symbol}, . - {symbol}\n'
            '.section .note.GNU-stack,"",@progbits\n'
        )
        subprocess.run(
            [compiler, "-shared", "-nostdlib", f"-Wl,-soname,{soname}", "-Wl,-z,noexecstack",
             "-Wl,--hash-style=both", "-o", str(out), str(asm)],
            check=True,
        )  # fmt: skip


def trim_icu_data(lib: Path) -> dict[str, object]:
    """Rebuild `lib` (libicudataNN) without the unreachable items; return the figures.

    ICU is asked the same questions QtCore asks before and after (check_icu): the build fails
    unless every answer is the same."""
    version = lib.name.rsplit(".", 1)[-1]
    before = check_icu(lib.parent, version)
    symbol, offset, size = _dynamic_symbol(lib)
    original = lib.read_bytes()
    header, items = read_common_data(original[offset : offset + size])
    kept = [item for item in items if not icu_item_dropped(*item)]
    figures: dict[str, object] = {"items": len(items), "kept": len(kept),
                                  "bytes_before": len(original)}  # fmt: skip
    if len(kept) < len(items):
        out = lib.with_name(lib.name + ".trimmed")
        build_data_library(write_common_data(header, kept), symbol, lib.name, out)
        out.replace(lib)
    figures["bytes_after"] = lib.stat().st_size
    after = check_icu(lib.parent, version)
    changed = {
        k: (before.get(k), after.get(k))
        for k in before
        if before.get(k) != after.get(k) and k not in ICU_LOST_CONVERTERS
    }
    if changed:
        raise RuntimeError(f"the trimmed ICU answers differently: {changed}")
    lost = [k for k in ICU_LOST_CONVERTERS if not (isinstance(after[k], int) and after[k] > 0)]
    if len(kept) < len(items) and lost:
        raise RuntimeError(f"multi-byte converters still open after trimming: {lost}")
    figures["check"] = after
    return figures


# Runs in a fresh interpreter against the bundle's own ICU: what QtCore asks, answered.
_ICU_CHECK = r"""
import ctypes, json, sys
folder, v = sys.argv[1], sys.argv[2]
uc = ctypes.CDLL(f"{folder}/libicuuc.so.{v}")
i18n = ctypes.CDLL(f"{folder}/libicui18n.so.{v}")
def fn(lib, name, restype=ctypes.c_int):
    f = getattr(lib, f"{name}_{v}")
    f.restype = restype
    return f
out = {}
for loc in ("root", "en", "fr", "fr_CA", "de", "sv", "ja", "zh"):
    s = ctypes.c_int(0)
    coll = fn(i18n, "ucol_open", ctypes.c_void_p)(loc.encode(), ctypes.byref(s))
    key = (ctypes.c_uint8 * 64)()
    text = (ctypes.c_uint16 * 8)(*map(ord, "Été"), 0)
    n = fn(i18n, "ucol_getSortKey")(ctypes.c_void_p(coll), text, -1, key, 64) if coll else 0
    out[f"collator {loc}"] = [s.value, bytes(key[:n]).hex()]
    if coll:
        fn(i18n, "ucol_close", None)(ctypes.c_void_p(coll))
for name in ("ISO-8859-15", "windows-1252", "Shift_JIS", "GB18030"):
    s = ctypes.c_int(0)
    cnv = fn(uc, "ucnv_open", ctypes.c_void_p)(name.encode(), ctypes.byref(s))
    out[f"converter {name}"] = s.value
    if cnv:
        fn(uc, "ucnv_close", None)(ctypes.c_void_p(cnv))
zone = (ctypes.c_uint16 * 64)(*map(ord, "Europe/Paris"), 0)
for loc in ("en", "fr", "de"):
    for kind in range(4):  # UCAL_STANDARD, UCAL_SHORT_STANDARD, UCAL_DST, UCAL_SHORT_DST
        s = ctypes.c_int(0)
        cal = fn(i18n, "ucal_open", ctypes.c_void_p)(zone, -1, loc.encode(), 0, ctypes.byref(s))
        name = (ctypes.c_uint16 * 128)()
        n = fn(i18n, "ucal_getTimeZoneDisplayName")(
            ctypes.c_void_p(cal), kind, loc.encode(), name, 128, ctypes.byref(s))
        out[f"zone name {loc} {kind}"] = [s.value, "".join(map(chr, name[:max(n, 0)]))]
        fn(i18n, "ucal_close", None)(ctypes.c_void_p(cal))
print(json.dumps(out, ensure_ascii=False))
"""


def check_icu(qt_lib: Path, version: str) -> dict[str, object]:
    """Collation keys, converters and time-zone names from the bundle's ICU, as QtCore asks."""
    proc = subprocess.run(
        [sys.executable, "-c", _ICU_CHECK, str(qt_lib), version],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(f"the ICU check could not run: {proc.stderr.strip()[-500:]}")
    found: dict[str, object] = json.loads(proc.stdout)
    return found


def trim_bundle(folder: Path) -> dict[str, object]:
    """Both steps on a PyInstaller onedir bundle; returns what was done (for the build log)."""
    report: dict[str, object] = {"runpaths_removed": remove_foreign_runpaths(folder)}
    for lib in sorted(folder.rglob("libicudata.so.*")):
        if lib.is_file() and not lib.is_symlink():
            report["icu"] = trim_icu_data(lib)
    return report


if __name__ == "__main__":
    print(json.dumps(trim_bundle(Path(sys.argv[1])), indent=2, ensure_ascii=False))
