"""packaging/bundle_filters.py against the pinned PySide6 wheels' file lists of every OS
(packaging/manifests/*.json, from `python packaging/wheel_manifests.py`): a kept plugin or Qt
library that is not in the wheel, or a kept file that needs a dropped Qt library, fails here,
on any OS, instead of leaving a Windows or macOS bundle without its style or platform."""

from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))

import bundle_filters as bf  # noqa: E402

OSES = ("windows", "macos", "linux")


def manifest(os_key: str) -> dict[str, list[str]]:
    data = json.loads((PACKAGING / "manifests" / f"{os_key}.json").read_text(encoding="utf-8"))
    pinned = next(
        line.split("==")[1].strip()
        for line in (PACKAGING / "requirements-build.txt").read_text().splitlines()
        if line.lower().startswith("pyside6-essentials==")
    )
    assert f"-{pinned}-" in data["wheel"], "manifest is stale: run packaging/wheel_manifests.py"
    binaries: dict[str, list[str]] = data["binaries"]
    return binaries


def filter_problems(os_key: str, binaries: dict[str, list[str]]) -> list[str]:
    """What is wrong with the keep lists for one OS's wheel (empty: nothing)."""
    problems = []
    kept_modules = bf.qt_modules(os_key)
    plugins = {bf.plugin_of(path, os_key): path for path in binaries if bf.plugin_of(path, os_key)}
    libraries = {
        bf.qt_module_of(path): path
        for path in binaries
        if bf.plugin_of(path, os_key) is None and bf.qt_module_of(path)
    }
    for ptype, names in bf.qt_plugins(os_key).items():
        for name in sorted(names):
            path = plugins.get((ptype, name))
            if path is None:
                problems.append(f"kept plugin {ptype}/{name} is not in the wheel")
                continue
            missing = set(binaries[path]) - kept_modules
            if missing:
                problems.append(f"kept plugin {ptype}/{name} needs dropped Qt {sorted(missing)}")
    for module in sorted(kept_modules):
        path = libraries.get(module)
        if path is None:
            if module == "DBus" and os_key == "windows":
                continue  # kept for Linux/macOS, where QtGui links it; Windows's QtGui does not
            problems.append(f"kept Qt library {module} is not in the wheel")
            continue
        missing = set(binaries[path]) - kept_modules
        if missing:
            problems.append(f"kept Qt library {module} needs dropped Qt {sorted(missing)}")
    return problems


@pytest.mark.parametrize("os_key", OSES)
def test_filters_match_the_pinned_wheel(os_key: str) -> None:
    assert filter_problems(os_key, manifest(os_key)) == []


def test_the_check_catches_a_missing_plugin_and_a_dropped_dependency() -> None:
    binaries = manifest("windows")
    del binaries["PySide6/plugins/styles/qmodernwindowsstyle.dll"]
    binaries["PySide6/Qt6Svg.dll"] = [*binaries["PySide6/Qt6Svg.dll"], "Network"]
    assert filter_problems("windows", binaries) == [
        "kept plugin styles/qmodernwindowsstyle is not in the wheel",
        "kept Qt library Svg needs dropped Qt ['Network']",
    ]


def test_manifests_read_real_imports() -> None:
    # The readers behind the manifests: QtWidgets links QtGui and QtCore on every OS.
    for os_key in OSES:
        binaries = manifest(os_key)
        widgets = [
            deps
            for path, deps in binaries.items()
            if bf.qt_module_of(path) == "Widgets" and bf.plugin_of(path, os_key) is None
        ]
        assert widgets and set(widgets[0]) >= {"Core", "Gui"}, os_key


def test_french_qt_strings_are_in_every_wheel() -> None:
    for os_key in OSES:
        other = json.loads((PACKAGING / "manifests" / f"{os_key}.json").read_text())["other"]
        assert any(name.endswith("/qtbase_fr.qm") for name in other), os_key


def test_openssl_is_left_to_the_linux_system_and_declared() -> None:
    """The system's OpenSSL gets security fixes; a bundled copy (5.3 MB) never would."""
    import linux_packages

    for soname in ("libssl.so.3", "libcrypto.so.3"):
        assert bf.LINUX_SYSTEM_LIBS.match(soname), soname
        assert linux_packages.DEB_PACKAGE_OF[soname] == "libssl3"
    assert not bf.LINUX_SYSTEM_LIBS.match("libsslish.so.1")


def test_zeroconf_is_bundled_as_its_python_modules(tmp_path: Path) -> None:
    """The copy the spec analyses has no compiled module, and zeroconf runs from it: the
    compiled modules' .py twins load, and a DNS record goes through its wire format."""
    import subprocess

    copy = bf.pure_python_copy("zeroconf", tmp_path)
    names = [p.name for p in copy.rglob("*")]
    assert "_dns.py" in names and "__init__.py" in names
    assert not [n for n in names if n.endswith(bf.COMPILED_SUFFIXES)]
    code = (
        "import zeroconf, zeroconf._dns as dns, zeroconf._protocol.outgoing as out\n"
        "from zeroconf._protocol.incoming import DNSIncoming\n"
        "assert dns.__file__.endswith('.py') and out.__file__.endswith('.py'), dns.__file__\n"
        "msg = out.DNSOutgoing(zeroconf.const._FLAGS_QR_RESPONSE)\n"
        "msg.add_answer_at_time(dns.DNSText('t._kaiser._tcp.local.', 16, 1, 120, b'\\x03a=b'), 0)\n"
        "back = DNSIncoming(msg.packets()[0])\n"
        "print(back.answers()[0].text)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "b'\\x03a=b'"


def test_the_websockets_apis_left_out_are_ones_the_app_never_loads(tmp_path: Path) -> None:
    import runpy
    import subprocess

    hook = runpy.run_path(str(PACKAGING / "pyinstaller" / "hooks" / "hook-websockets.py"))
    collected = hook["hiddenimports"]
    assert "websockets.asyncio.client" in collected and "websockets.asyncio.server" in collected
    assert "websockets.client" in collected  # not taken for websockets.cli
    assert not [name for name in collected if bf.unused_websockets(name)]
    code = (
        "import sys, kaiser_desktop.family_play.net_links, kaiser_desktop.relay\n"
        "print([m for m in sys.modules if m.startswith('websockets.')])\n"
    )
    root = PACKAGING.parent
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    loaded = ast.literal_eval(done.stdout.strip())
    assert "websockets.asyncio.client" in loaded
    assert [name for name in loaded if bf.unused_websockets(name)] == []
