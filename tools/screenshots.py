"""Pictures of the real window in each phase, at several sizes and text sizes, to look at.

    QT_QPA_PLATFORM=offscreen python tools/screenshots.py --out shots/
    QT_QPA_PLATFORM=offscreen python tools/screenshots.py --sizes 800x600 --text extra_large
    QT_QPA_PLATFORM=offscreen python tools/screenshots.py --language fr --out shots-fr/
    QT_QPA_PLATFORM=offscreen python tools/screenshots.py --sizes 1280x800 --high-contrast

Writes <phase>-<width>x<height>-<text size>.png for: deal, bidding, bidding-hint, held (a bid
just made, still changeable), trump, play, summary, game-over, settings, welcome. South
plays by the rules' first legal choice, except that it bids high, so it names trump.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kaiser_desktop.app.controller import GameController  # noqa: E402
from kaiser_desktop.app.pace import Pace  # noqa: E402
from kaiser_desktop.app.seating import Seating  # noqa: E402
from kaiser_desktop.app.settings import Settings  # noqa: E402
from kaiser_desktop.rules import MakeBid, NameTrump, Phase, RuleSet, Seat  # noqa: E402
from kaiser_desktop.ui.language import install_language  # noqa: E402
from kaiser_desktop.ui.main_window import MainWindow  # noqa: E402

POLL_MS = 60


def shoot_size(
    app: QApplication, size: tuple[int, int], text: str, out: Path, seed: int,
    high_contrast: bool = False,
) -> None:  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="kaiser-shots-"))
    settings = Settings(folder / "settings.ini")
    settings.text_size = text
    settings.high_contrast = high_contrast
    settings.welcome_done = True
    controller = GameController(RuleSet(), seating=Seating(), level="basic", seed=seed,
                                pace=Pace(0.25))  # fmt: skip
    window = MainWindow(controller, settings=settings)
    window.resize(*size)
    window.show()
    tag = f"{size[0]}x{size[1]}-{text}" + ("-high-contrast" if high_contrast else "")
    taken: set[str] = set()

    def grab(name: str, widget: QWidget | None = None) -> None:
        if name in taken:
            return
        taken.add(name)
        (widget or window).grab().save(str(out / f"{name}-{tag}.png"))

    def dialog_shots() -> None:
        for name, make in (("settings", window.open_settings), ("welcome", window.show_welcome)):

            def snap(name: str = name) -> None:
                dialog = QApplication.activeModalWidget()
                if isinstance(dialog, QDialog):
                    grab(name, dialog)
                    dialog.reject()

            QTimer.singleShot(400, snap)
            make()
        controller.stop()
        window.close()
        app.quit()

    def step() -> None:
        state = controller.state
        if state.phase is Phase.GAME_OVER:
            QTimer.singleShot(800, lambda: (grab("game-over"), dialog_shots()))
            return
        if state.phase is Phase.HAND_SCORED:
            if "summary" not in taken:
                QTimer.singleShot(700, lambda: (grab("summary"), step()))
                return
            controller.pace = Pace(0.0)  # the rest of the game quickly, for game over
            controller.next_hand()
        if controller.waiting_for_human() == Seat.S:
            legal = controller.view(Seat.S).legal
            if state.phase is Phase.BIDDING and "bidding" not in taken:
                grab("bidding")
                window.show_hint()
                QTimer.singleShot(2500, lambda: (grab("bidding-hint"), step()))
                return
            if state.phase is Phase.TRUMP:
                grab("trump")
            if state.phase is Phase.PLAY and "play-wait" not in taken:
                taken.add("play-wait")  # let the trick so far land first
                QTimer.singleShot(400, lambda: (grab("play"), step()))
                return
            bids = [a for a in legal if isinstance(a, MakeBid) and not a.bid.is_pass]
            action = max(bids, key=lambda a: a.bid.level) if bids else legal[0]
            if state.phase is Phase.TRUMP:
                action = next(a for a in legal if isinstance(a, NameTrump))
            controller.act(action)
            if isinstance(action, MakeBid) and controller.can_take_back:
                QTimer.singleShot(150, lambda: grab("held"))
        QTimer.singleShot(POLL_MS, step)

    controller.dealt.connect(lambda number, dealer: QTimer.singleShot(150, lambda: grab("deal")))
    QTimer.singleShot(0, controller.start)
    QTimer.singleShot(POLL_MS * 5, step)
    QTimer.singleShot(240_000, app.quit)  # never hang a build
    app.exec()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("shots"))
    parser.add_argument("--sizes", default="800x600,1280x800,1920x1080")
    parser.add_argument("--text", default="normal,extra_large")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    parser.add_argument("--high-contrast", action="store_true", help="the high-contrast table")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    problem = install_language(args.language)
    if problem:
        print(problem, file=sys.stderr)
    for size_text in args.sizes.split(","):
        width, height = (int(v) for v in size_text.split("x"))
        for text in args.text.split(","):
            shoot_size(app, (width, height), text, args.out, args.seed, args.high_contrast)
            print(f"{width}x{height} {text}: done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
