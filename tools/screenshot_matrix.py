"""The pictures issue 38 asks for, each on a real X screen of its size, to look at.

    python tools/screenshot_matrix.py
    python tools/screenshot_matrix.py --out docs/screenshots/matrix --only claim,hint

Writes <moment>-<screen>-<text size>-<language>.png into --out (docs/screenshots/matrix by
default) for each moment: bidding (all three other players' bids shown), trump (South,
declarer, has just named hearts, "Change my choice" still up), hint (the longest of a
few hints, in the action panel), welcome (Help → Welcome and how to play…, reopened during a game),
score-sheet (View → Score sheet, three hands played) and claim (West claims the rest of the
tricks and the panel asks South to accept); at 800x600 with Large and with Extra large
text and at 1280x800 with Normal text, in English and in French: 36 pictures.

Each screen is its own Xvfb (`xvfb-run`) with openbox as the window manager, the window
as the app shows it there; the picture is the whole screen. Saved as 256-colour PNGs
(ImageMagick's `convert`, no dithering: the words stay sharp).
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MOMENTS = ("bidding", "trump", "hint", "welcome", "score-sheet", "claim")
SCREENS = (((800, 600), "large"), ((800, 600), "extra_large"), ((1280, 800), "normal"))
LANGUAGES = ("en", "fr")


def outer(out: Path, only: list[str]) -> int:
    """One Xvfb of each screen's size for each text size and language."""
    out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for (width, height), text in SCREENS:
        for language in LANGUAGES:
            command = [
                "xvfb-run", "-a", "-s", f"-screen 0 {width}x{height}x24",
                sys.executable, str(Path(__file__).resolve()), "--inner",
                "--text", text, "--language", language, "--out", str(out),
                "--only", ",".join(only),
            ]  # fmt: skip
            done = subprocess.run(command, cwd=ROOT, check=False)
            print(f"{width}x{height} {text} {language}: rc {done.returncode}", flush=True)
            failed += done.returncode != 0
    return 1 if failed else 0


def inner(out: Path, text: str, language: str, only: list[str]) -> int:
    """In this X server: each moment in a window of its own, the whole screen grabbed."""
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop.ui.language import install_language

    window_manager = subprocess.Popen(["openbox"], stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)  # openbox up before the first window maps
        app = QApplication.instance() or QApplication(sys.argv[:1])
        assert isinstance(app, QApplication)
        problem = install_language(language)
        if problem:
            print(problem, file=sys.stderr)
            return 1
        screen = app.primaryScreen().geometry()
        tag = f"{screen.width()}x{screen.height()}-{text.replace('_', '-')}-{language}"
        shooter = Shooter(app, text, language)
        for moment in only:
            path = out / f"{moment}-{tag}.png"
            shooter.shoot(moment, path)
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path, flush=True)
        return 0
    finally:
        window_manager.terminate()
        window_manager.wait(5)


class Shooter:
    def __init__(self, app: object, text: str, language: str) -> None:
        self.app = app
        self.text = text
        self.language = language

    # --- waiting, as a person would ------------------------------------------------------

    def wait(self, ready: Callable[[], object], seconds: float, what: str) -> None:
        from PySide6.QtWidgets import QApplication

        end = time.monotonic() + seconds
        while not ready():
            if time.monotonic() > end:
                raise TimeoutError(f"{what}: not within {seconds} s")
            QApplication.processEvents()
            time.sleep(0.02)

    def pause(self, seconds: float) -> None:
        from PySide6.QtWidgets import QApplication

        end = time.monotonic() + seconds
        while time.monotonic() < end:
            QApplication.processEvents()
            time.sleep(0.02)

    def save(self, path: Path) -> None:
        from PySide6.QtGui import QGuiApplication

        screen = QGuiApplication.primaryScreen()
        raw = Path(tempfile.mkdtemp(prefix="kaiser-matrix-")) / "raw.png"
        screen.grabWindow(0).save(str(raw))
        if shutil.which("convert"):
            subprocess.run(
                ["convert", str(raw), "+dither", "-colors", "256", f"PNG8:{path}"], check=True
            )
        else:
            shutil.copyfile(raw, path)

    # --- the window -----------------------------------------------------------------------

    def window(self, claims: bool = False):  # type: ignore[no-untyped-def]
        from kaiser_desktop.app.controller import GameController
        from kaiser_desktop.app.pace import Pace
        from kaiser_desktop.app.settings import Settings
        from kaiser_desktop.ui.main_window import MainWindow

        settings = Settings(Path(tempfile.mkdtemp(prefix="kaiser-matrix-")) / "settings.ini")
        settings.text_size = self.text
        settings.welcome_done = True
        controller = GameController(level="basic", seed=5, pace=Pace(1.0), claims=claims)
        shown = MainWindow(controller, settings=settings)
        shown.show()
        self.wait(shown.isVisible, 5, "the window")
        self.pause(0.8)  # framed and placed by openbox
        return controller, shown

    def close(self, controller, shown) -> None:  # type: ignore[no-untyped-def]
        controller.stop()
        shown.close()
        shown.deleteLater()
        self.pause(0.3)

    def settled(self, shown) -> bool:  # type: ignore[no-untyped-def]
        scene = shown.view.table_scene
        return not any(item.is_animating() for item in scene.south.values())

    def shoot(self, moment: str, path: Path) -> None:
        getattr(self, "_" + moment.replace("-", "_"))(path)

    # --- the moments ----------------------------------------------------------------------

    def _bidding(self, path: Path) -> None:
        from kaiser_desktop.rules import Phase, Seat

        controller, shown = self.window()
        controller.open_record(last_bid_state())
        panel = shown.view.action_panel
        self.wait(lambda: controller.waiting_for_human() == Seat.S, 10, "South's bid")
        self.wait(lambda: panel.button("bid:pass") is not None, 5, "the bid buttons")
        assert controller.state.phase is Phase.BIDDING
        self.pause(1.0)
        self.save(path)
        self.close(controller, shown)

    def _trump(self, path: Path) -> None:
        from kaiser_desktop.rules import Bid, MakeBid, NameTrump, Phase, Seat, Suit

        controller, shown = self.window()
        controller.open_record(last_bid_state())
        panel = shown.view.action_panel
        self.wait(lambda: controller.waiting_for_human() == Seat.S, 10, "South's bid")
        self.pause(0.5)
        controller.act(MakeBid(Bid.from_text("9")))  # South's bid takes the contract
        self.wait(lambda: controller.state.phase is Phase.TRUMP, 5, "the trump prompt")
        self.wait(lambda: panel.button("trump:H") is not None, 10, "the suits")
        self.wait(lambda: controller.waiting_for_human() == Seat.S, 10, "South's trump")
        self.pause(0.5)
        controller.act(NameTrump(Suit.H))
        self.pause(0.6)  # "Change my choice" stays up for 3 s at the normal pace
        assert controller.can_take_back and panel.take_back_button.isVisible()
        self.save(path)
        self.close(controller, shown)

    def _hint(self, path: Path) -> None:
        from kaiser_desktop.rules import Seat

        controller, shown = self.window()
        controller.open_record(longest_hint_state(controller.seating))
        panel = shown.view.action_panel
        self.wait(lambda: controller.waiting_for_human() == Seat.S, 10, "South's turn")
        self.wait(lambda: self.settled(shown), 5, "the cards")
        self.pause(0.8)
        shown.show_hint()
        self.wait(lambda: shown.last_hint is not None, 60, "the hint")
        self.pause(0.8)
        assert panel.notice.isVisible() or panel.prompt.text()
        self.save(path)
        self.close(controller, shown)

    def _welcome(self, path: Path) -> None:
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication, QDialog

        from kaiser_desktop.rules import Seat

        controller, shown = self.window()
        controller.start()
        self.wait(lambda: controller.waiting_for_human() == Seat.S, 15, "South's turn")
        shot: list[bool] = []

        def snap() -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, QDialog):
                QTimer.singleShot(200, snap)
                return
            self.save(path)
            shot.append(True)
            dialog.reject()

        QTimer.singleShot(1500, snap)
        shown.menus.welcome_action.trigger()  # Help → Welcome and how to play…
        self.wait(lambda: shot, 10, "the welcome")
        self.close(controller, shown)

    def _score_sheet(self, path: Path) -> None:
        from kaiser_desktop.rules import Seat

        controller, shown = self.window()
        controller.open_record(later_hand_state())
        self.wait(lambda: controller.waiting_for_human() == Seat.S, 10, "South's turn")
        if not shown.score_sheet.isVisible():
            shown.menus.score_sheet_action.trigger()
        self.wait(shown.score_sheet.isVisible, 5, "the score sheet")
        self.wait(lambda: self.settled(shown), 5, "the cards")
        self.pause(1.0)
        self.save(path)
        self.close(controller, shown)

    def _claim(self, path: Path) -> None:
        from kaiser_desktop.rules import Seat

        controller, shown = self.window(claims=True)
        controller.open_record(claim_state((Seat.W, Seat.E)))
        claim = shown.view.claim_panel
        self.wait(claim.isVisible, 30, "the claim")
        self.wait(lambda: self.settled(shown), 5, "the cards")
        self.pause(1.0)
        self.save(path)
        self.close(controller, shown)


# --- the positions (from the rules alone, the same every run) --------------------------------


def last_bid_state():  # type: ignore[no-untyped-def]
    """South deals, so bids last: West passes, North bids 7, East 8 no trump... each
    other player's bid on the table (the longest words a bid has)."""
    from kaiser_desktop.rules import Bid, Deal, MakeBid, RuleSet, Seat, apply, new_game

    rules = RuleSet()
    state = new_game(rules, Seat.S)
    state = apply(state, Deal.shuffled(rules, random.Random(3), Seat.S))
    for text in ("pass", "7", "8"):
        state = apply(state, MakeBid(Bid.from_text(text)))
    return state


def played_states(seed: int, hands_before: int = 0):  # type: ignore[no-untyped-def]
    """Each state of a random game's play, after `hands_before` whole hands."""
    from kaiser_desktop.rules import SEATS, Deal, Phase, RuleSet, apply, legal_actions, new_game
    from kaiser_desktop.rules.simulate import modest_choice

    rng = random.Random(seed)
    rules = RuleSet()
    state = new_game(rules, SEATS[rng.randrange(4)])
    hands = 0
    while not state.is_over:
        if state.awaiting_deal:
            hands += state.phase is Phase.HAND_SCORED
            state = apply(state, Deal.shuffled(rules, rng, state.dealer))
            continue
        if hands >= hands_before:
            yield state
        state = apply(state, modest_choice(rng, legal_actions(state)))


def later_hand_state():  # type: ignore[no-untyped-def]
    from kaiser_desktop.rules import Phase, Seat, legal_actions

    for state in played_states(11, hands_before=3):
        if state.phase is Phase.PLAY and state.to_act is Seat.S and len(legal_actions(state)) > 1:
            return state
    raise AssertionError("no such state")


def claim_state(seats):  # type: ignore[no-untyped-def]
    from kaiser_desktop.ai.claims import claim
    from kaiser_desktop.rules import Phase, legal_actions, observe

    for seed in range(7, 200):
        for state in played_states(seed):
            hand = state.hand
            if state.phase is not Phase.PLAY or hand is None or len(hand.tricks) < 5:
                continue
            offered = state.to_act in seats and len(legal_actions(state)) > 1
            offered = offered and hand.current is not None and len(hand.current.cards) >= 1
            if offered and claim(observe(state, state.to_act)) is not None:
                return state
            if len(hand.tricks) >= 7:
                break
    raise AssertionError("no claim found")


def longest_hint_state(seating):  # type: ignore[no-untyped-def]
    """Of South's first few turns in a few games, the one whose hint has the most words."""
    from kaiser_desktop.ai import hint
    from kaiser_desktop.rules import Phase, Seat, legal_actions, observe
    from kaiser_desktop.ui.main_window import HINT_LEVEL
    from kaiser_desktop.ui.wording import hint_text

    best, best_length = None, -1
    for seed in range(1, 4):
        turns = 0
        for state in played_states(seed):
            if state.to_act is not Seat.S or len(legal_actions(state)) < 2:
                continue
            if state.phase not in (Phase.BIDDING, Phase.PLAY):
                continue
            view = observe(state, Seat.S)
            decision = hint(view, level=HINT_LEVEL)
            words = hint_text(decision.action, decision.reason, seating, legal=view.legal)
            if len(words) > best_length:
                best, best_length = state, len(words)
            turns += 1
            if turns >= 3:
                break
    assert best is not None
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "matrix")
    parser.add_argument("--only", default=",".join(MOMENTS), help="some of the moments")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--text", default="normal", help=argparse.SUPPRESS)
    parser.add_argument("--language", default="en", help=argparse.SUPPRESS)
    args = parser.parse_args()
    only = [m for m in args.only.split(",") if m]
    unknown = [m for m in only if m not in MOMENTS]
    if unknown:
        parser.error(f"no such moment: {', '.join(unknown)} (the moments: {', '.join(MOMENTS)})")
    out = args.out.resolve()
    if args.inner:
        return inner(out, args.text, args.language, only)
    return outer(out, only)


if __name__ == "__main__":
    sys.exit(main())
