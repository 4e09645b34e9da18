"""Check the Linux bundle's glibc floor: the newest GLIBC_x.y symbol version any of its ELF
files needs must not exceed the floor the .deb promises (its `libc6 (>= X)` Depends) nor the
floor the project states (`--floor`, the oldest distro's glibc: 2.35 = Ubuntu 22.04).

    python packaging/glibc_floor.py dist/kaiser-desktop --deb dist/*.deb --floor 2.35
    python packaging/glibc_floor.py /usr/lib/x86_64-linux-gnu/libstdc++.so.6   # just print

CI runs it after the Linux build, which happens inside an ubuntu:22.04 container on a
supported runner image, so the build machine's glibc is the floor we promise.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

_GLIBC = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")
_LIBC6 = re.compile(r"\blibc6 \(>= (\d+(?:\.\d+)+)\)")


def version_key(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def elf_files(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed_glibc(paths: list[Path]) -> tuple[str, Path | None]:
    """The newest GLIBC_ version the files reference (objdump -p), and which file needs it."""
    newest, where = "2.0", None
    for path in paths:
        dump = subprocess.run(
            ["objdump", "-p", str(path)], capture_output=True, text=True, check=True
        ).stdout
        references = (
            dump.split("Version References:", 1)[-1] if "Version References:" in dump else ""
        )
        for v in _GLIBC.findall(references):
            if version_key(v) > version_key(newest):
                newest, where = v, path
    return newest, where


def promised_by_deb(deb: Path) -> str:
    depends = subprocess.run(
        ["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True, check=True
    ).stdout
    m = _LIBC6.search(depends)
    if not m:
        raise SystemExit(f"{deb.name}: its Depends name no `libc6 (>= X)`: {depends.strip()}")
    return m.group(1)


def problems(needed: str, promised: str | None, floor: str | None) -> list[str]:
    found = []
    if promised is not None and version_key(needed) > version_key(promised):
        found.append(f"the bundle needs glibc {needed}, the .deb promises libc6 (>= {promised})")
    if floor is not None and version_key(needed) > version_key(floor):
        found.append(f"the bundle needs glibc {needed}, above the stated floor {floor}")
    if floor is not None and promised is not None and version_key(promised) > version_key(floor):
        found.append(f"the .deb asks for libc6 (>= {promised}), above the stated floor {floor}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", type=Path, help="the bundle folder (or one ELF file)")
    parser.add_argument("--deb", type=Path, help="the .deb whose libc6 Depends to compare")
    parser.add_argument("--floor", help="the oldest glibc the installers support, e.g. 2.35")
    args = parser.parse_args(argv)
    files = elf_files(args.bundle)
    if not files:
        print(f"glibc floor: no ELF file in {args.bundle}", file=sys.stderr)
        return 1
    needed, where = needed_glibc(files)
    promised = promised_by_deb(args.deb) if args.deb else None
    print(f"glibc floor: {len(files)} ELF files need glibc {needed} (newest: {where})")
    if promised:
        print(f"glibc floor: the .deb promises libc6 (>= {promised})")
    found = problems(needed, promised, args.floor)
    for problem in found:
        print(f"glibc floor: ERROR: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
