"""macOS signing order (packaging/macos_dmg.py), checked on a fake .app on any OS: nested
code first, frameworks as bundles (not the binary inside them), the .app last."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))

import macos_dmg  # noqa: E402


def fake_app(root: Path) -> Path:
    app = root / "Kaiser Desktop.app"
    contents = app / "Contents"
    files = [
        "MacOS/Kaiser Desktop",
        "Frameworks/libpython3.14.dylib",
        "Frameworks/PySide6/QtCore.abi3.so",
        "Frameworks/PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "Frameworks/PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore",
        "Frameworks/PySide6/Qt/lib/QtCore.framework/Versions/A/Resources/Info.plist",
        "Frameworks/PySide6/Qt/lib/QtGui.framework/Versions/A/QtGui",
        "Resources/kaiser.icns",
    ]
    for name in files:
        path = contents / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x")
    (contents / "MacOS" / "Kaiser Desktop").chmod(0o755)
    qtcore = contents / "Frameworks/PySide6/Qt/lib/QtCore.framework"
    os.symlink("Versions/A/QtCore", qtcore / "QtCore")
    os.symlink("A", qtcore / "Versions" / "Current")
    return app


def test_signing_goes_inside_out_with_frameworks_as_bundles(tmp_path: Path) -> None:
    app = fake_app(tmp_path)
    order = [p.relative_to(app.parent).as_posix() for p in macos_dmg.signing_order(app)]
    assert order[-1] == "Kaiser Desktop.app"  # the app last, once
    frameworks = [p for p in order if p.endswith(".framework")]
    assert sorted(frameworks) == [
        "Kaiser Desktop.app/Contents/Frameworks/PySide6/Qt/lib/QtCore.framework",
        "Kaiser Desktop.app/Contents/Frameworks/PySide6/Qt/lib/QtGui.framework",
    ]
    # nothing inside a framework is signed on its own; the main executable goes with the app
    assert not any(".framework/" in p for p in order)
    assert not any(p.endswith("MacOS/Kaiser Desktop") for p in order)
    loose = {p.rsplit("/", 1)[-1] for p in order[: order.index(frameworks[0])]}
    assert loose == {"libpython3.14.dylib", "QtCore.abi3.so", "libqcocoa.dylib"}
    assert order.index(frameworks[-1]) < len(order) - 1


def test_distribution_and_ad_hoc_signing_use_the_same_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = fake_app(tmp_path)
    calls: list[list[str]] = []
    monkeypatch.setattr(macos_dmg, "_run", lambda cmd, what: calls.append(cmd) or "")
    macos_dmg.sign_ad_hoc(app)
    ad_hoc = [c[-1] for c in calls]
    calls.clear()
    macos_dmg.sign_for_distribution(app, "Developer ID Application: X (T)")
    assert [c[-1] for c in calls] == ad_hoc == [str(p) for p in macos_dmg.signing_order(app)]
    assert all("--deep" not in c for c in calls)
    assert "--entitlements" in calls[-1] and "--options" in calls[-1]
