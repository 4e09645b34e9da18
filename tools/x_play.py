"""Play a whole game through a real X server, as a person would: mouse only, or keys only.

    xvfb-run -a -s '-screen 0 1280x800x24' python tools/x_play.py --input mouse --shots out/
    xvfb-run -a -s '-screen 0 800x600x24' python tools/x_play.py --input keys --text extra_large

The events come from `xdotool` through the X server (not Qt's own test events), at the pace
a person gets (default 1.0, the app's normal pace). South bids 7 when it may, otherwise the
first choice offered, and plays the first card it may. Mouse: a click in the middle of the
button or card. Keys: Tab until the button has the focus, arrows until the card has it,
then Enter. Prints what was done and how the game ended; with --shots, a picture every few
seconds (ImageMagick's `import`) to look at.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtWidgets import QApplication, QWidget

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kaiser_desktop.app.controller import GameController  # noqa: E402
from kaiser_desktop.app.pace import Pace  # noqa: E402
from kaiser_desktop.app.seating import Seating  # noqa: E402
from kaiser_desktop.app.settings import Settings  # noqa: E402
from kaiser_desktop.rules import MakeBid, Phase, Play, RuleSet, Seat  # noqa: E402
from kaiser_desktop.ui.language import start_language  # noqa: E402
from kaiser_desktop.ui.main_window import MainWindow  # noqa: E402
from kaiser_desktop.ui.panel_messages import intent_of  # noqa: E402

POLL_MS = 200
SETTLE_S = 0.6  # after an input, wait this long before the next (a person is not faster)


def xdo(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="x_play")
    parser.add_argument("--input", choices=("mouse", "keys"), default="mouse")
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--target", type=int, default=52)
    parser.add_argument("--text", default="normal", help="text size (normal, large, extra_large)")
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    parser.add_argument("--shots", type=Path, default=None, help="folder for pictures")
    parser.add_argument("--shot-every", type=float, default=15.0)
    parser.add_argument("--minutes", type=float, default=30.0, help="give up after this long")
    args = parser.parse_args(argv)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp(prefix="kaiser-x-play-"))
    settings = Settings(folder / "settings.ini")
    settings.welcome_done = True
    settings.text_size = args.text
    settings.language = args.language
    start_language(settings.language)  # as the launcher does, before any word is shown
    controller = GameController(
        RuleSet(target=args.target), seating=Seating(), level="standard", seed=args.seed,
        pace=Pace(args.pace), claims=True,
    )  # fmt: skip
    window = MainWindow(controller, settings=settings)
    window.showMaximized()
    view, scene = window.view, window.view.table_scene
    panel, summary = view.action_panel, view.summary
    done = {"bid": 0, "trump": 0, "redeal": 0, "card": 0, "next hand": 0, "claim": 0, "keys": 0,
            "clicks": 0}  # fmt: skip
    last_input = [0.0]
    started = time.monotonic()
    last_shot = [0.0]
    outcome: list[str] = []

    def click(widget: QWidget, at: QPoint | None = None) -> None:
        point = widget.mapToGlobal(at if at is not None else widget.rect().center())
        xdo("mousemove", str(point.x()), str(point.y()), "click", "1")
        done["clicks"] += 1

    def key(name: str) -> None:
        xdo("key", name)
        done["keys"] += 1

    def press_button(button: QWidget) -> None:
        if args.input == "mouse":
            click(button)
            return
        for _ in range(30):  # Tab round the panel until the button has the focus
            if QApplication.focusWidget() is button:
                break
            key("Tab")
            app.processEvents()
        key("Return")

    def play_card(card: object) -> None:
        item = scene.card_item(card)  # type: ignore[arg-type]
        if args.input == "mouse":
            centre = view.mapFromScene(item.sceneBoundingRect().center())
            # The card's visible strip: the left part of an overlapped card shows.
            strip = view.mapFromScene(item.mapToScene(item.card_rect().topLeft()))
            x = min(centre.x(), strip.x() + 20)
            click(view.viewport(), QPoint(x, centre.y()))
            return
        for _ in range(30):
            if scene.focus == card:
                break
            key("Right")
            app.processEvents()
        key("Return")

    def shoot() -> None:
        if args.shots is None:
            return
        args.shots.mkdir(parents=True, exist_ok=True)
        name = args.shots / f"{args.input}-{int(time.monotonic() - started):04d}s.png"
        subprocess.run(["import", "-window", "root", str(name)], check=False)

    def step() -> None:
        now = time.monotonic()
        if now - last_shot[0] >= args.shot_every:
            last_shot[0] = now
            shoot()
        if now - started > args.minutes * 60:
            outcome.append("gave up: too long")
            app.quit()
            return
        if now - last_input[0] < SETTLE_S:
            return
        state = controller.state
        if state.phase is Phase.GAME_OVER:
            if summary.again_button.isVisible():
                shoot()
                outcome.append(f"game over, scores {list(state.scores)}")
                app.quit()
            return
        if state.phase is Phase.HAND_SCORED:
            if summary.next_button.isVisible():
                press_button(summary.next_button)
                done["next hand"] += 1
                last_input[0] = time.monotonic()
            return
        claim = view.claim_panel
        if claim.isVisible() and controller.offered_claim is not None:
            # A claim, ours or theirs: take it (the rest is certain either way).
            if args.input == "keys" and claim.refuse_button.text().startswith("Play &on"):
                key("alt+f")  # the person's own offer takes no focus; Alt+F finishes
            else:
                press_button(claim.accept_button)
            done["claim"] += 1
            last_input[0] = time.monotonic()
            return
        if controller.waiting_for_human() != Seat.S or controller.can_take_back:
            return
        legal = controller.view(Seat.S).legal
        if state.phase is Phase.PLAY:
            card = next(a.card for a in legal if isinstance(a, Play))
            if args.input == "keys" and QApplication.focusWidget() is not view:
                key("Tab")
            else:
                play_card(card)
                done["card"] += 1
            last_input[0] = time.monotonic()
            return
        action = next((a for a in legal if isinstance(a, MakeBid) and a.bid.level == 7), legal[0])
        intent = intent_of(action)  # the panel's own name for the button that does it
        if intent is None:
            outcome.append(f"no input for {action}")
            app.quit()
            return
        kind = intent.split(":")[0]
        button = panel.button(intent)
        if button is None or not button.isVisible():
            return  # the panel is still coming up
        press_button(button)
        done[kind] += 1
        last_input[0] = time.monotonic()

    timer = QTimer()
    timer.timeout.connect(step)
    QTimer.singleShot(500, controller.start)
    QTimer.singleShot(
        1500, lambda: (xdo("windowfocus", str(int(window.winId()))), timer.start(POLL_MS))
    )
    app.exec()
    controller.stop()
    minutes = (time.monotonic() - started) / 60
    print(f"input={args.input} {outcome[0] if outcome else 'stopped'} after {minutes:.1f} min; "
          f"hands={len(controller.state.results)} done={done}")  # fmt: skip
    return 0 if outcome and outcome[0].startswith("game over") else 1


if __name__ == "__main__":
    sys.exit(main())
