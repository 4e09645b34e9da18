"""Linux installers: the .tar.xz and the .deb (its Depends read from the bundle's ELF files).

Both are compressed by `xz` on every core (compress_xz); the .deb is built by dpkg-deb
uncompressed, which validates it, and its members are then compressed the same way.

The .deb owns /opt/kaiser-desktop and below, never /opt itself: dpkg-deb writes every parent
folder into the data tar, and a package that lists `./opt/` is one of its owners, so removing
it would delete an otherwise empty /opt and warns when /opt is not empty. That entry is taken
out of the data tar; a preinst creates /opt on the rare system without one (dpkg does not
create a parent folder that the package does not list). DEBIAN/md5sums lets `dpkg --verify`
check the installed files.
"""

from __future__ import annotations

import hashlib
import io
import os
import platform
import re
import shutil
import subprocess
import tarfile
import time
from pathlib import Path
from typing import Any

from build_log import fail, log

PACKAGING = Path(__file__).resolve().parent
APP_ID = "kaiser-desktop"
DEB_MAINTAINER = os.environ.get(
    "KAISER_DEB_MAINTAINER", "Kaiser Desktop developers <kaiser-desktop@users.noreply.github.com>"
)


def source_date_epoch() -> int:
    return int(os.environ.get("SOURCE_DATE_EPOCH") or time.time())


def x86_code() -> bool:
    """Whether the bundle's machine code is x86 (xz's x86 BCJ filter then helps)."""
    return platform.machine().lower() in ("x86_64", "amd64", "i686", "i386")


def compress_xz(path: Path, level: int) -> Path:
    """`path` -> `path`.xz with `xz` on every core; returns the new file (the input is gone).

    xz splits its input into blocks to use several threads, and each block starts with an
    empty dictionary: one block per core, but none under 32 MiB. Measured on this bundle
    (81 MiB of tar, -9): one block 22 836 360 bytes, two +0.9 %, four +1.6 %. Without the
    `xz` command, Python's lzma compresses on one thread.

    On x86 the x86 BCJ filter goes before LZMA2: it turns the relative addresses of calls
    and jumps into absolute ones, which repeat, and most of the bundle is machine code
    (the 91 MiB bundle's tar: 24 327 824 -> 22 728 384 bytes at -9). xz, dpkg and apt
    decode it as they decode any .xz.
    """
    out = path.with_name(path.name + ".xz")
    xz = shutil.which("xz")
    if xz is None:
        import lzma

        filters: list[dict[str, int]] = [{"id": lzma.FILTER_LZMA2, "preset": level}]
        if x86_code():
            filters.insert(0, {"id": lzma.FILTER_X86})
        with open(path, "rb") as src, lzma.open(out, "wb", filters=filters) as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        path.unlink()
        return out
    cores = os.cpu_count() or 1
    block = max(32 << 20, path.stat().st_size // cores + 1)
    chain = ["--x86", f"--lzma2=preset={level}"] if x86_code() else [f"-{level}"]
    subprocess.run(
        [xz, "--force", "--threads=0", *chain, f"--block-size={block}", str(path)],
        check=True,
    )
    return out


def make_tarball(folder: Path, out: Path, xz_level: int = 9) -> Path:
    """Root-owned, reproducible tar of the bundle, compressed on every core."""
    mtime = source_date_epoch()

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = mtime
        info.mode = 0o755 if info.isdir() or info.mode & 0o111 else 0o644
        return info

    log(f"tar.xz: {out.name}")
    t = time.monotonic()
    plain = out.with_name(out.name.removesuffix(".xz"))
    with tarfile.open(plain, "w", format=tarfile.GNU_FORMAT) as tf:
        tf.add(folder, arcname=APP_ID, filter=normalise)  # sorted walk: reproducible
    compress_xz(plain, xz_level).replace(out)
    log(f"tar.xz: {time.monotonic() - t:.0f} s on {os.cpu_count()} cores")
    return out


# Sonames the bundle leaves to the system -> Debian package. Pre-t64 names on purpose: Ubuntu
# 24.04's libglib2.0-0t64 etc. `Provides:` them, so one .deb installs on 22.04 … 24.04+.
DEB_PACKAGE_OF = {
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libmvec.so.1": "libc6",
    "libdl.so.2": "libc6",
    "libpthread.so.0": "libc6",
    "librt.so.1": "libc6",
    "libutil.so.1": "libc6",
    "libresolv.so.2": "libc6",
    "ld-linux-x86-64.so.2": "libc6",
    "ld-linux-aarch64.so.1": "libc6",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
    "liblzma.so.5": "liblzma5",
    "libbz2.so.1.0": "libbz2-1.0",
    "libexpat.so.1": "libexpat1",
    "libffi.so.8": "libffi8",
    "libssl.so.3": "libssl3",  # 24.04's libssl3t64 Provides it
    "libcrypto.so.3": "libssl3",
    "libuuid.so.1": "libuuid1",
    "libbsd.so.0": "libbsd0",
    "libmd.so.0": "libmd0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libXext.so.6": "libxext6",
    "libXrender.so.1": "libxrender1",
    "libxcb.so.1": "libxcb1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-present.so.0": "libxcb-present0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libpng16.so.16": "libpng16-16",
    "libharfbuzz.so.0": "libharfbuzz0b",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgio-2.0.so.0": "libglib2.0-0",
    "libgmodule-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
# Qt's xcb platform plugin (>= 6.5) will not load without these; a fresh install often lacks
# libxcb-cursor0. Declared whenever the bundle has the plugin, even if the build machine's
# copy went into the bundle: apt then makes sure the system has them too (issue 27).
XCB_PLUGIN = "libqxcb.so"
XCB_PLUGIN_DEPENDS = (
    "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1",
    "libxcb-render-util0", "libxcb-util1", "libxkbcommon-x11-0",
)  # fmt: skip
# libstdc++ symbol version -> first GCC release that has it (for a versioned Depends).
GLIBCXX_TO_GCC = {28: "10", 29: "11", 30: "12", 31: "13", 32: "13.2", 33: "14", 34: "15"}


def elf_files(root: Path) -> list[Path]:
    found = []
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(path)
    return sorted(found)


def _version_key(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def linux_dependencies(folder: Path) -> dict[str, Any]:
    """What the bundle needs from the system: sonames, Debian Depends, glibc floor."""
    if shutil.which("objdump") is None:
        fail("objdump (binutils) is needed to compute the .deb Depends")
    bundled = {p.name for p in folder.rglob("*")}
    needed: dict[str, set[str]] = {}
    glibc, glibcxx = "2.17", 0
    for path in elf_files(folder):
        dump = subprocess.run(
            ["objdump", "-p", str(path)], capture_output=True, text=True, check=True
        ).stdout
        for soname in re.findall(r"^\s+NEEDED\s+(\S+)", dump, re.MULTILINE):
            needed.setdefault(soname, set()).add(str(path.relative_to(folder)))
        for v in re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)\b", dump):
            glibc = max(glibc, v, key=_version_key)
        for v in re.findall(r"\bGLIBCXX_3\.4\.(\d+)\b", dump):
            glibcxx = max(glibcxx, int(v))
    external = sorted(set(needed) - bundled)
    unknown = [s for s in external if s not in DEB_PACKAGE_OF]
    if unknown:
        who = ", ".join(f"{s} (needed by {sorted(needed[s])[0]})" for s in unknown)
        fail(f"system libraries with no Debian package in DEB_PACKAGE_OF (build.py): {who}")
    packages = {DEB_PACKAGE_OF[s] for s in external}
    if XCB_PLUGIN in bundled:
        packages |= set(XCB_PLUGIN_DEPENDS)
    depends = []
    for pkg in sorted(packages):
        if pkg == "libc6":
            depends.append(f"libc6 (>= {glibc})")
        elif pkg == "libstdc++6" and glibcxx in GLIBCXX_TO_GCC:
            depends.append(f"libstdc++6 (>= {GLIBCXX_TO_GCC[glibcxx]})")
        else:
            depends.append(pkg)
    missing_here = []
    if shutil.which("ldconfig") or Path("/sbin/ldconfig").exists():
        ldconfig = shutil.which("ldconfig") or "/sbin/ldconfig"
        cache = subprocess.run([ldconfig, "-p"], capture_output=True, text=True).stdout
        missing_here = [s for s in external if f"{s} (" not in cache and not s.startswith("ld-")]
    return {
        "sonames": external,
        "depends": ", ".join(depends),
        "glibc_floor": glibc,
        "missing_on_build_machine": missing_here,
    }


def deb_architecture() -> str:
    if shutil.which("dpkg"):
        return subprocess.run(
            ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
        ).stdout.strip()
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


def validate_desktop_file(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool:
        proc = subprocess.run([tool, str(path)], capture_output=True, text=True)
        messages = (proc.stdout + proc.stderr).strip()
        if proc.returncode != 0 or "error:" in messages:
            fail(f"desktop-file-validate {path.name}:\n{messages}")
        log(f"desktop-file-validate: OK{' (' + messages + ')' if messages else ''}")
        return
    # Fallback when desktop-file-utils is not installed: the essentials only.
    text = path.read_text(encoding="utf-8")
    for key in ("Type=Application", "Name=", "Exec=", "Icon="):
        if f"\n{key}" not in "\n" + text:
            fail(f"{path.name}: missing {key}")
    if not text.startswith("[Desktop Entry]"):
        fail(f"{path.name}: must start with [Desktop Entry]")
    log("desktop-file-validate not installed: basic checks only (apt install desktop-file-utils)")


def _normalise_modes(root: Path) -> None:
    for dirpath, _, filenames in os.walk(root):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            executable = path.stat().st_mode & 0o111 and not re.search(r"\.so(\.|$)", name)
            path.chmod(0o755 if executable else 0o644)  # shared libraries: 0644 (policy)


def make_deb(
    folder: Path, out_dir: Path, work: Path, icons: Path, version: str, xz_level: int = 9
) -> Path:
    if shutil.which("dpkg-deb") is None:
        fail("dpkg-deb is needed for the .deb (apt install dpkg)")
    arch = deb_architecture()
    deps = linux_dependencies(folder)
    log(f"glibc floor {deps['glibc_floor']}; Depends: {deps['depends']}")
    if deps["missing_on_build_machine"]:
        log(
            "note: not installed on this machine (needed at run time only): "
            + ", ".join(deps["missing_on_build_machine"])
        )

    stage = work / "deb" / f"{APP_ID}_{version}_{arch}"
    if stage.exists():
        shutil.rmtree(stage)
    opt = stage / "opt" / APP_ID
    shutil.copytree(folder, opt, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    os.symlink(f"/opt/{APP_ID}/{APP_ID}", stage / "usr" / "bin" / APP_ID)

    applications = stage / "usr" / "share" / "applications"
    applications.mkdir(parents=True)
    desktop = applications / f"{APP_ID}.desktop"
    template = (PACKAGING / "linux" / f"{APP_ID}.desktop.in").read_text(encoding="utf-8")
    desktop.write_text(template.replace("@EXEC@", APP_ID), encoding="utf-8")
    validate_desktop_file(desktop)

    shutil.copytree(icons / "hicolor", stage / "usr" / "share" / "icons" / "hicolor")
    doc = stage / "usr" / "share" / "doc" / APP_ID
    doc.mkdir(parents=True)
    shutil.copyfile(PACKAGING / "linux" / "copyright", doc / "copyright")

    _normalise_modes(stage)
    installed_kib = sum(
        (p.lstat().st_size + 1023) // 1024 for p in stage.rglob("*") if not p.is_dir()
    )
    control = (PACKAGING / "linux" / "control.in").read_text(encoding="utf-8")
    for key, value in {
        "@VERSION@": version,
        "@ARCH@": arch,
        "@MAINTAINER@": DEB_MAINTAINER,
        "@INSTALLED_SIZE@": str(installed_kib),
        "@DEPENDS@": deps["depends"],
    }.items():
        control = control.replace(key, value)
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    (stage / "DEBIAN" / "md5sums").write_text(md5sums(stage), encoding="utf-8")
    (stage / "DEBIAN" / "preinst").write_text(PREINST, encoding="utf-8")
    (stage / "DEBIAN" / "preinst").chmod(0o755)
    (stage / "DEBIAN" / "md5sums").chmod(0o644)
    (stage / "DEBIAN").chmod(0o755)

    out = out_dir / f"{APP_ID}_{version}_{arch}.deb"
    log(f"deb: {out.name}")
    t = time.monotonic()
    # dpkg-deb checks and builds the package; its xz would run on one thread (one block), so
    # it writes the members uncompressed and they are compressed here on every core.
    plain = work / "deb" / f"{out.stem}.uncompressed.deb"
    subprocess.run(
        ["dpkg-deb", "--build", "--root-owner-group", "-Znone", str(stage), str(plain)],
        check=True,
        env=dict(os.environ, SOURCE_DATE_EPOCH=str(source_date_epoch())),
    )
    members = read_ar(plain)
    names = [name for name, _ in members]
    if names != ["debian-binary", "control.tar", "data.tar"]:
        fail(f"dpkg-deb -Znone wrote members {names}")
    repacked = [members[0]]
    for name, data in members[1:]:
        if name == "data.tar":
            data = without_entries(data, SHARED_FOLDERS)
        member = work / "deb" / name
        member.write_bytes(data)
        repacked.append((f"{name}.xz", compress_xz(member, xz_level).read_bytes()))
    write_ar(out, repacked, source_date_epoch())
    plain.unlink()
    log(f"deb: {time.monotonic() - t:.0f} s on {os.cpu_count()} cores")
    return out


# Folders the package puts its own folder in but must not own (see the module's docstring).
# /usr and /usr/share... are owned by base-files and other packages anyway.
SHARED_FOLDERS = ("./opt/",)
PREINST = """#!/bin/sh
# /opt is not the package's own (it does not list it): make sure it is there to unpack into.
set -e
if [ ! -d "$DPKG_ROOT/opt" ]; then
    mkdir -p "$DPKG_ROOT/opt"
fi
"""


def md5sums(stage: Path) -> str:
    """DEBIAN/md5sums: every regular file of the package (no links, no DEBIAN/), as
    dh_md5sums writes it: `<md5>  <path without the leading />`, sorted by path."""
    lines = []
    for path in sorted(stage.rglob("*")):
        rel = path.relative_to(stage)
        if rel.parts[0] == "DEBIAN" or path.is_symlink() or not path.is_file():
            continue
        digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
        lines.append(f"{digest}  {rel.as_posix()}\n")
    return "".join(lines)


def without_entries(tar_bytes: bytes, names: tuple[str, ...]) -> bytes:
    """The uncompressed tar `tar_bytes` with the entries called `names` left out, every other
    entry (header fields, order, contents) as it was."""
    wanted = {name.rstrip("/") for name in names}
    out = io.BytesIO()
    with (
        tarfile.open(fileobj=io.BytesIO(tar_bytes), mode="r:") as src,
        tarfile.open(fileobj=out, mode="w:", format=tarfile.GNU_FORMAT) as dst,
    ):
        for info in src:
            if info.name.rstrip("/") in wanted:
                continue
            dst.addfile(info, src.extractfile(info) if info.isreg() else None)
    return out.getvalue()


def read_ar(path: Path) -> list[tuple[str, bytes]]:
    """The members of an `ar` archive (a .deb), in order."""
    data = path.read_bytes()
    if not data.startswith(b"!<arch>\n"):
        fail(f"{path.name} is not an ar archive")
    members, pos = [], 8
    while pos < len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode("ascii").rstrip().rstrip("/")
        size = int(header[48:58].decode("ascii"))
        members.append((name, data[pos + 60 : pos + 60 + size]))
        pos += 60 + size + (size & 1)
    return members


def write_ar(path: Path, members: list[tuple[str, bytes]], mtime: int) -> None:
    """A .deb's `ar` archive: root-owned, mode 0644, one timestamp (reproducible)."""
    with open(path, "wb") as f:
        f.write(b"!<arch>\n")
        for name, data in members:
            header = f"{name:<16}{mtime:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n"
            f.write(header.encode("ascii"))
            f.write(data)
            if len(data) & 1:
                f.write(b"\n")
