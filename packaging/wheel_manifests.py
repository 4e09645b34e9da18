"""Write packaging/manifests/<os>.json: the Qt libraries and plugins in the pinned
PySide6-Essentials wheel of each OS, each with the Qt modules it links.

    python packaging/wheel_manifests.py                # after changing the pin
    python packaging/wheel_manifests.py --wheels DIR   # use wheels already downloaded there

`pip download`s the pinned wheel for win_amd64, macOS (universal2) and manylinux x86_64 and
reads each binary's imports with the small PE / Mach-O / ELF readers below (no tools: this
runs on any OS). tests/packaging/test_installer_filters.py checks packaging/bundle_filters.py
against these files, so the Windows and macOS lists are checked on a Linux machine too.
"""

from __future__ import annotations

import argparse
import json
import re
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
MANIFESTS = PACKAGING / "manifests"
REQUIREMENTS = PACKAGING / "requirements-build.txt"
# pip's --platform tag for each OS (the wheel PySide6 publishes for it).
PLATFORMS = {
    "windows": "win_amd64",
    "macos": "macosx_13_0_universal2",
    "linux": "manylinux_2_34_x86_64",
}
PYTHON_VERSION = "3.14"  # the wheels are abi3: any supported version finds the same file

sys.path.insert(0, str(PACKAGING))
from bundle_filters import qt_module_of  # noqa: E402


def pinned(package: str) -> str:
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        name, _, version = line.split("#")[0].strip().partition("==")
        if name.lower() == package.lower():
            return version
    raise SystemExit(f"{package} is not pinned in {REQUIREMENTS}")


# --- imports of one binary -----------------------------------------------------------------


def _pe_imports(data: bytes) -> list[str]:
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe : pe + 4] != b"PE\0\0":
        return []
    sections_count, opt_size = struct.unpack_from("<H12xH", data, pe + 6)
    opt = pe + 24
    magic = struct.unpack_from("<H", data, opt)[0]
    dirs = opt + (112 if magic == 0x20B else 96)  # PE32+ / PE32 data directories
    import_rva = struct.unpack_from("<I", data, dirs + 8)[0]
    sections = []
    for i in range(sections_count):
        off = opt + opt_size + 40 * i
        vsize, vaddr, rawsize, rawptr = struct.unpack_from("<IIII", data, off + 8)
        sections.append((vaddr, max(vsize, rawsize), rawptr))

    def at(rva: int) -> int:
        for vaddr, size, rawptr in sections:
            if vaddr <= rva < vaddr + size:
                return rva - vaddr + rawptr
        raise ValueError(f"RVA {rva:#x} is in no section")

    names, pos = [], at(import_rva) if import_rva else None
    while pos is not None:
        name_rva = struct.unpack_from("<5I", data, pos)[3]
        if name_rva == 0:
            break
        start = at(name_rva)
        names.append(data[start : data.index(b"\0", start)].decode("ascii"))
        pos += 20
    return names


def _macho_imports(data: bytes, offset: int = 0) -> list[str]:
    magic = data[offset : offset + 4]
    if magic == b"\xca\xfe\xba\xbe":  # fat (universal2): the same imports in every slice
        count = struct.unpack_from(">I", data, offset + 4)[0]
        found: list[str] = []
        for i in range(count):
            slice_offset = struct.unpack_from(">5I", data, offset + 8 + 20 * i)[2]
            found += [n for n in _macho_imports(data, slice_offset) if n not in found]
        return found
    if magic not in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe"):
        return []
    ncmds = struct.unpack_from("<I", data, offset + 16)[0]
    pos = offset + (32 if magic == b"\xcf\xfa\xed\xfe" else 28)
    names = []
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, pos)
        if cmd in (0xC, 0x18 | 0x80000000, 0x1F | 0x80000000, 0x23 | 0x80000000):
            name_off = struct.unpack_from("<I", data, pos + 8)[0]  # LC_(WEAK_|REEXPORT_)LOAD_DYLIB
            raw = data[pos + name_off : pos + size]
            names.append(raw.split(b"\0")[0].decode("utf-8"))
        pos += size
    return names


def _elf_imports(data: bytes) -> list[str]:
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return []  # 64-bit little-endian only (the x86_64 wheel)
    shoff, shentsize, shnum = (
        struct.unpack_from("<Q", data, 0x28)[0],
        *struct.unpack_from("<HH", data, 0x3A),
    )
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)
    ]
    names = []
    for sh in sections:
        if sh[1] != 6:  # SHT_DYNAMIC
            continue
        strtab = sections[sh[6]]  # sh_link: its string table
        for off in range(sh[4], sh[4] + sh[5], 16):
            tag, val = struct.unpack_from("<qQ", data, off)
            if tag == 0:
                break
            if tag == 1:  # DT_NEEDED
                start = strtab[4] + val
                names.append(data[start : data.index(b"\0", start)].decode("utf-8"))
    return names


def imports_of(data: bytes) -> list[str]:
    if data[:2] == b"MZ":
        return _pe_imports(data)
    if data[:4] == b"\x7fELF":
        return _elf_imports(data)
    return _macho_imports(data)


# --- one wheel -> one manifest -------------------------------------------------------------

_BINARY = re.compile(r"\.(dll|so(\.\d+)*|dylib)$|\.framework/Versions/[^/]+/Qt\w+$")


def manifest_of(wheel: Path) -> dict[str, object]:
    files: dict[str, list[str]] = {}
    other: list[str] = []
    with zipfile.ZipFile(wheel) as zf:
        for info in zf.infolist():
            name = info.filename
            if not name.startswith("PySide6/") or "/qml/" in name or "/include/" in name:
                continue
            if _BINARY.search(name) and not name.endswith((".abi3.so", ".pyd")):
                data = zf.read(info)
                qt = sorted(
                    {m for m in map(qt_module_of, imports_of(data)) if m} - {qt_module_of(name)}
                )
                files[name] = qt
            elif "/translations/qtbase_" in name:
                other.append(name)
    return {"wheel": wheel.name, "binaries": dict(sorted(files.items())), "other": sorted(other)}


def download(out: Path, platform: str) -> Path:
    version = pinned("PySide6-Essentials")
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
           "--platform", platform, "--python-version", PYTHON_VERSION, "--dest", str(out),
           f"PySide6-Essentials=={version}"]  # fmt: skip
    subprocess.run(cmd, check=True)
    found = sorted(out.glob(f"pyside6_essentials-{version}-*{platform.split('_')[0]}*.whl"))
    if not found:
        raise SystemExit(f"pip did not download PySide6-Essentials {version} for {platform}")
    return found[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheels", type=Path, help="a folder with the wheels (else pip download)")
    args = parser.parse_args(argv)
    MANIFESTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for os_key, platform in PLATFORMS.items():
            folder = args.wheels or Path(tmp)
            wheel = (
                download(folder, platform)
                if args.wheels is None
                else next(
                    iter(sorted(folder.glob(f"pyside6_essentials-*{platform.split('_')[0]}*.whl")))
                )
            )
            manifest = manifest_of(wheel)
            out = MANIFESTS / f"{os_key}.json"
            out.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
            print(f"{out.relative_to(PACKAGING.parent)}: {len(manifest['binaries'])} binaries "
                  f"from {wheel.name}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
