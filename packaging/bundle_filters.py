"""What the bundle keeps of PySide6: Qt libraries, Qt plugins, Linux system libraries.

packaging/kaiser_desktop.spec applies these lists; tests/packaging/test_installer_filters.py
checks them against the pinned wheels' file lists (packaging/manifests/, made by
`python packaging/wheel_manifests.py`), so a name that drifts out of a new Qt fails a test
instead of silently leaving a plugin out of a Windows or macOS bundle.
Plain Python, no PyInstaller: the spec and the tests both import it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePath

# Qt libraries (by module name, without the Qt6/lib prefix) every bundle keeps.
# QtGui links QtDBus on Linux and macOS (the 6.11 wheels; on Windows there is no Qt6DBus.dll
# dependency, and the library simply is not in the bundle).
QT_MODULES_COMMON = frozenset({"Core", "Gui", "Widgets", "Svg", "SvgWidgets", "DBus"})
# Linux: the xcb plugin lives in XcbQpa; WaylandClient (~1.3 MB) buys a native Wayland window
# (xdg-shell, client-side decorations) instead of XWayland.
QT_MODULES_LINUX_EXTRA = frozenset({"XcbQpa", "WaylandClient"})

# Plugin type -> plugin base names kept (file name without lib prefix and extension).
# Image formats: the game loads one PNG (built into QtGui) and paints its cards; SVG stays for
# the SVG icon engine (icon themes in file dialogs). JPEG/ICO/ICNS readers (~0.6 MB) are never
# asked for: the Windows and macOS icons come from the .exe resources and the .app's .icns.
QT_PLUGINS_BY_OS: dict[str, dict[str, frozenset[str]]] = {
    "linux": {
        "platforms": frozenset({"qxcb", "qoffscreen", "qwayland"}),
        "xcbglintegrations": frozenset({"qxcb-glx-integration", "qxcb-egl-integration"}),
        "wayland-shell-integration": frozenset({"xdg-shell"}),
        "wayland-decoration-client": frozenset({"bradient", "adwaita"}),
        "platforminputcontexts": frozenset(
            {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}
        ),
        "platformthemes": frozenset({"qxdgdesktopportal"}),
        "imageformats": frozenset({"qsvg"}),
        "iconengines": frozenset({"qsvgicon"}),
    },
    "windows": {
        "platforms": frozenset({"qwindows", "qoffscreen"}),
        # Qt 6.7+ ships the Windows 11 look as qmodernwindowsstyle; the older
        # qwindowsvistastyle is no longer in the 6.11 wheels.
        "styles": frozenset({"qmodernwindowsstyle"}),
        "imageformats": frozenset({"qsvg"}),
        "iconengines": frozenset({"qsvgicon"}),
    },
    "macos": {
        "platforms": frozenset({"qcocoa", "qoffscreen"}),
        "styles": frozenset({"qmacstyle"}),
        "imageformats": frozenset({"qsvg"}),
        "iconengines": frozenset({"qsvgicon"}),
    },
}

# Libraries left to the Linux system (declared as .deb Depends by build.py instead). They are
# on every desktop, and an older bundled copy (built on the oldest supported distro) would
# shadow the newer system copy that Mesa/fontconfig/D-Bus were built against. OpenSSL 3
# (libssl3: Debian 12, Ubuntu 22.04 and later) too: the system's copy gets its security
# fixes, a bundled one never would (5.3 MB, 1.7 MB of xz).
# Kept in the bundle on purpose: libxcb-cursor/-icccm/-image/-keysyms/-render-util/-util and
# libxkbcommon-x11 (Qt >= 6.5 needs them, fresh installs often lack libxcb-cursor0), ICU.
LINUX_SYSTEM_LIBS = re.compile(
    r"^lib(stdc\+\+|gcc_s|mvec|z|zstd|lzma|bz2|expat|uuid|bsd|md|ffi"
    r"|X11|X11-xcb|Xau|Xdmcp|Xext|Xrender"
    r"|xcb|xcb-(randr|render|shape|shm|sync|xfixes|xkb|glx|present|dri2|dri3|xinput)"
    r"|xkbcommon|fontconfig|freetype|png16|brotli(common|dec)|graphite2|harfbuzz"
    r"|glib-2\.0|gthread-2\.0|gobject-2\.0|gio-2\.0|gmodule-2\.0|pcre2?(-8)?"
    r"|dbus-1|systemd|lz4|gcrypt|gpg-error|cap|ssl|crypto"
    r"|E?GL(X|dispatch|ESv2)?|OpenGL|wayland-(client|cursor|egl))\.so(\.|$)"
)

# Windows DLLs from the wheel that only Qt Quick / the RHI's software paths load.
WINDOWS_DROPPED_DLLS = frozenset({"opengl32sw.dll", "d3dcompiler_47.dll"})

_QT_LINUX = re.compile(r"^libQt6(\w+?)\.so")
_QT_WIN = re.compile(r"^Qt6(\w+)\.dll$", re.IGNORECASE)
_QT_MAC = re.compile(r"(?:^|[/\\])Qt(\w+?)\.framework(?:[/\\]|$)")


def os_name(platform: str) -> str:
    """'linux', 'windows' or 'macos' for a sys.platform value."""
    if platform == "win32":
        return "windows"
    if platform == "darwin":
        return "macos"
    return "linux"


def qt_modules(os_key: str) -> frozenset[str]:
    return QT_MODULES_COMMON | (QT_MODULES_LINUX_EXTRA if os_key == "linux" else frozenset())


def qt_plugins(os_key: str) -> dict[str, frozenset[str]]:
    return QT_PLUGINS_BY_OS[os_key]


def qt_module_of(path: str | os.PathLike[str]) -> str | None:
    """'Pdf' for libQt6Pdf.so.6 / Qt6Pdf.dll / QtPdf.framework/...; None if not a Qt library."""
    name = os.path.basename(path)
    for rx, subject in ((_QT_LINUX, name), (_QT_WIN, name), (_QT_MAC, str(path))):
        m = rx.search(subject)
        if m:
            return m.group(1)
    return None


def plugin_of(dest: str | os.PathLike[str], os_key: str) -> tuple[str, str] | None:
    """('platforms', 'qxcb') for PySide6/Qt/plugins/platforms/libqxcb.so; None otherwise."""
    parts = PurePath(dest).parts if isinstance(dest, PurePath) else Path(dest).parts
    if "plugins" not in parts[:-1] or not parts or parts[0] != "PySide6":
        return None
    i = parts.index("plugins")
    if len(parts) != i + 3:
        return None
    stem = parts[-1].split(".")[0]
    if os_key != "windows" and stem.startswith("lib"):
        stem = stem[3:]
    return parts[i + 1], stem


# websockets: the app uses its asyncio API only (family_play/net_links.py, relay.py); the legacy and
# threading APIs, the trio one and the command-line client are left out of the bundle.
WEBSOCKETS_UNUSED = (
    "websockets.legacy", "websockets.sync", "websockets.trio", "websockets.cli",
    "websockets.__main__",
)  # fmt: skip


def unused_websockets(module: str) -> bool:
    """Whether `module` is one of WEBSOCKETS_UNUSED or inside one."""
    return any(module == name or module.startswith(name + ".") for name in WEBSOCKETS_UNUSED)


# Packages bundled as their pure-Python modules although their wheels are compiled: the
# Cython modules of zeroconf (2.9 MB, 0.7 MB of xz) only make the home network's table
# announcements faster, a few packets a minute. zeroconf ships every compiled module's .py
# beside it and runs the .py where the compiled one is missing (as with SKIP_CYTHON=1).
PURE_PYTHON_PACKAGES = ("zeroconf",)
COMPILED_SUFFIXES = (".so", ".pyd", ".dylib", ".pxd", ".pyx", ".c", ".h")


def pure_python_copy(package: str, into: Path) -> Path:
    """A copy of the installed `package` into `into`/<package> without its compiled modules
    (and their Cython/C sources); put `into` first on the analysis path and PyInstaller
    finds, follows and bundles the .py modules instead."""
    import importlib.util
    import shutil

    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"spec: {package} is not installed")
    source = Path(next(iter(spec.submodule_search_locations)))
    target = into / package
    if target.exists():
        shutil.rmtree(target)

    def compiled(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if n.endswith(COMPILED_SUFFIXES) or n == "__pycache__"}

    shutil.copytree(source, target, ignore=compiled)
    missing = [
        str(so.relative_to(source))
        for so in source.rglob("*")
        if so.suffix in (".so", ".pyd")
        and not (target / so.relative_to(source)).with_name(so.name.split(".")[0] + ".py").exists()
    ]
    if missing:
        raise SystemExit(f"spec: {package} has compiled modules with no .py: {missing}")
    return target
