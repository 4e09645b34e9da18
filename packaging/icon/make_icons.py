"""Render every icon format the installers need from ONE source image.

Source: resources/icons/kaiser.svg. Rendering uses Qt itself (QSvgRenderer from QtSvg, QImage,
QPainter), so it works the same on Linux, Windows and macOS without ImageMagick or iconutil.

    python packaging/icon/make_icons.py --out build/icons [--update-resources]

Writes into --out:
    kaiser.ico                                  Windows (16…256, BMP entries + a PNG 256)
    kaiser.icns                                 macOS (16…1024, PNG entries)
    hicolor/<n>x<n>/apps/kaiser-desktop.png     Linux freedesktop theme, n = 16…512
    hicolor/scalable/apps/kaiser-desktop.svg    Linux, the source itself
--update-resources also rewrites resources/icons/kaiser-256.png (checked into git; the app's
window icon).
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE_SVG = ROOT / "resources" / "icons" / "kaiser.svg"
RESOURCE_PNG = ROOT / "resources" / "icons" / "kaiser-256.png"
APP_ID = "kaiser-desktop"

HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
# (OSType, pixel size) — all PNG-compressed, understood by macOS 10.7+.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def _qt():
    """Import Qt lazily; an offscreen QGuiApplication keeps QtGui happy on headless machines."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        _qt.app = QGuiApplication(["make_icons"])  # keep a reference for the process lifetime
    from PySide6 import QtCore, QtGui, QtSvg

    return QtCore, QtGui, QtSvg


def render(size: int, svg: Path = SOURCE_SVG):
    """The source image as a size×size QImage (ARGB32 premultiplied, transparent background)."""
    _, QtGui, QtSvg = _qt()
    renderer = QtSvg.QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: cannot parse {svg}")
    image = QtGui.QImage(size, size, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QtGui.QPainter(image)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform, True)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image) -> bytes:
    QtCore, _, _ = _qt()
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit("make_icons: PNG encoding failed")
    return bytes(buffer.data())


def _rgba_rows(image) -> list[bytes]:
    """Top-down rows of straight (non-premultiplied) RGBA bytes, independent of endianness."""
    _, QtGui, _ = _qt()
    rgba = image.convertToFormat(QtGui.QImage.Format.Format_RGBA8888)
    width, height, stride = rgba.width(), rgba.height(), rgba.bytesPerLine()
    data = bytes(rgba.constBits())
    return [data[y * stride : y * stride + width * 4] for y in range(height)]


def _ico_bmp_entry(image) -> bytes:
    """A 32-bit DIB icon entry (BITMAPINFOHEADER, BGRA bottom-up, then the 1-bit AND mask)."""
    size = image.width()
    xor = bytearray()
    mask = bytearray()
    mask_stride = ((size + 31) // 32) * 4
    for row in reversed(_rgba_rows(image)):
        bgra = bytearray(row)
        bgra[0::4], bgra[2::4] = row[2::4], row[0::4]
        xor += bgra
        bits = bytearray(mask_stride)
        for x in range(size):
            if row[x * 4 + 3] == 0:
                bits[x // 8] |= 0x80 >> (x % 8)
        mask += bits
    header = struct.pack(
        "<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, len(xor) + len(mask), 0, 0, 0, 0
    )
    return header + bytes(xor) + bytes(mask)


def write_ico(path: Path, sizes=ICO_SIZES) -> None:
    blobs = []
    for size in sizes:
        image = render(size)
        blobs.append((size, png_bytes(image) if size >= 256 else _ico_bmp_entry(image)))
    out = bytearray(struct.pack("<HHH", 0, 1, len(blobs)))
    offset = 6 + 16 * len(blobs)
    for size, blob in blobs:
        dim = 0 if size >= 256 else size
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    for _, blob in blobs:
        out += blob
    path.write_bytes(bytes(out))


def write_icns(path: Path, types=ICNS_TYPES) -> None:
    cache: dict[int, bytes] = {}
    body = bytearray()
    for ostype, size in types:
        if size not in cache:
            cache[size] = png_bytes(render(size))
        body += ostype + struct.pack(">I", 8 + len(cache[size])) + cache[size]
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + bytes(body))


def write_hicolor(root: Path, sizes=HICOLOR_SIZES) -> list[Path]:
    written = []
    for size in sizes:
        target = root / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png_bytes(render(size)))
        written.append(target)
    scalable = root / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCE_SVG, scalable)
    written.append(scalable)
    return written


def make_all(out: Path, update_resources: bool = False) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    write_ico(out / "kaiser.ico")
    write_icns(out / "kaiser.icns")
    write_hicolor(out / "hicolor")
    if update_resources:
        RESOURCE_PNG.write_bytes(png_bytes(render(256)))
    return {"ico": out / "kaiser.ico", "icns": out / "kaiser.icns", "hicolor": out / "hicolor"}


def ensure_icons(out: Path) -> dict[str, Path]:
    """Generate the icons in a child process (keeps Qt out of the caller) unless up to date."""
    import subprocess

    out = Path(out)
    stamp = out / "kaiser.icns"
    fresh = (
        stamp.exists()
        and (out / "kaiser.ico").exists()
        and stamp.stat().st_mtime >= max(SOURCE_SVG.stat().st_mtime, Path(__file__).stat().st_mtime)
    )
    if not fresh:
        subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--out", str(out)], check=True
        )
    return {"ico": out / "kaiser.ico", "icns": out / "kaiser.icns", "hicolor": out / "hicolor"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "icons")
    parser.add_argument(
        "--update-resources",
        action="store_true",
        help="also rewrite resources/icons/kaiser-256.png",
    )
    args = parser.parse_args(argv)
    made = make_all(args.out, args.update_resources)
    for name, path in made.items():
        print(f"{name}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
