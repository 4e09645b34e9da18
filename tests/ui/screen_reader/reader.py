"""The reader side of the screen-reader test, run with the system Python and pyatspi
inside a private D-Bus session on a virtual X screen (see test_screen_reader.py).

It starts the AT-SPI bus, starts the app, then reads the accessibility tree as Orca does
(the desktop, the applications, their objects' roles, names and states), listens for the
app's announcements (object:announcement, which Orca speaks), presses keys through the X
server with xdotool, and prints one JSON document of what it found.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import gi
import pyatspi  # the system's python3-pyatspi: not in the project's virtual environment

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402  (pyatspi's own bindings)

APP_NAME = "Kaiser"


def walk(node, depth=0, out=None):
    """(role, name, focused, showing) of every object under `node`."""
    out = [] if out is None else out
    if node is None or depth > 30:
        return out
    try:
        states = node.getState()
        out.append(
            {
                "role": node.getRoleName(),
                "name": node.name or "",
                "focused": states.contains(pyatspi.STATE_FOCUSED),
                "showing": states.contains(pyatspi.STATE_SHOWING),
            }
        )
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), depth + 1, out)
    except Exception as error:  # an object that went away while being read
        out.append({"role": "gone", "name": str(error), "focused": False, "showing": False})
    return out


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == APP_NAME:
            return app
    return None


HEARD = []  # what the app announced, as a screen reader hears it (object:announcement)


def _heard(event):
    HEARD.append(str(event.any_data))


def listen():
    listener = Atspi.EventListener.new(_heard)
    listener.register("object:announcement")
    return listener


def pump():
    """Deliver the events that came in (a screen reader runs this loop all the time)."""
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def read_until(test, seconds):
    """The tree, read again and again until `test(tree)` holds or time is up."""
    end = time.monotonic() + seconds
    tree = []
    while time.monotonic() < end:
        pump()
        app = find_app()
        tree = walk(app) if app is not None else []
        if tree and test(tree):
            return tree, True
        time.sleep(0.3)
    return tree, False


BUS_LAUNCHERS = (
    "/usr/libexec/at-spi-bus-launcher",
    "/usr/lib/at-spi2-core/at-spi-bus-launcher",  # older Debian and Ubuntu
)


def bus_launcher():
    return next((path for path in BUS_LAUNCHERS if os.path.exists(path)), BUS_LAUNCHERS[0])


def key(name):
    subprocess.run(["xdotool", "key", "--clearmodifiers", name], check=True)


def main():
    app_python, app_script = sys.argv[1], sys.argv[2]
    bus = subprocess.Popen(
        [bus_launcher(), "--launch-immediately"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    listener = listen()
    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb")
    app = subprocess.Popen(
        [app_python, app_script],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    report = {}
    try:
        ready = app.stdout.readline().strip()
        report["app_said"] = ready

        def hand_shown(tree):
            return any(n["role"] == "push button" and ", playable" in n["name"] for n in tree)

        tree, ok = read_until(hand_shown, 20)
        report["hand"] = [
            n["name"] for n in tree if n["role"] == "push button" and " of " in n["name"]
        ]
        report["labels"] = [n["name"] for n in tree if n["role"] == "label" and n["name"]]
        report["before"] = [n for n in tree if n["name"].startswith("On the table")]
        # The window must have the X input focus for keys to reach it (no window manager).
        subprocess.run(["xdotool", "search", "--name", "^Kaiser$", "windowfocus"], check=False)
        tree, _ = read_until(lambda tree: any(n["focused"] for n in tree), 5)
        report["focused_at_start"] = [(n["role"], n["name"]) for n in tree if n["focused"]]
        key("Right")

        def card_focused(tree):
            return any(n["focused"] and ", playable" in n["name"] for n in tree)

        tree, ok = read_until(card_focused, 5)
        focused = [n["name"] for n in tree if n["focused"]]
        report["focused_after_right"] = focused
        report["focused_roles"] = [n["role"] for n in tree if n["focused"]]
        chosen = next((name for name in focused if ", playable" in name), None)
        report["chosen"] = chosen
        # H: the hint is said aloud (not only shown), and the card it names takes the focus.
        key("h")

        def hint_heard(tree):
            return any(text.startswith("Hint: ") for text in HEARD) and card_focused(tree)

        tree, ok = read_until(hint_heard, 20)
        report["hint_heard"] = [text for text in HEARD if text.startswith("Hint: ")]
        focused = [n["name"] for n in tree if n["focused"]]
        report["focused_after_hint"] = focused
        hinted = next((name for name in focused if ", playable" in name), None)
        report["played"] = hinted
        if hinted is not None:
            card = hinted.split(",")[0]
            key("Return")

            def on_table(tree):
                return any(
                    n["role"] == "label" and n["name"].startswith(f"{card}, played by")
                    for n in tree
                )

            tree, ok = read_until(on_table, 8)
            report["played_shown"] = ok
            report["after"] = [n["name"] for n in tree if "played by" in n["name"]]
            report["hand_after"] = [
                n["name"]
                for n in tree
                if n["role"] == "push button" and " of " in n["name"] and n["showing"]
            ]
        pump()
        report["heard"] = list(HEARD)
        del listener
    finally:
        app.terminate()
        try:
            app.wait(5)
        except subprocess.TimeoutExpired:
            app.kill()
        bus.terminate()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
