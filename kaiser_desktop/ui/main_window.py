"""The main window: the table, the menus, the score sheet, and the few dialogs around it.

The window owns four parts, each given only what it works on and the callbacks it needs
(none of them knows this class): the menus (window_menus.py), starting and opening games
(window_games.py), the settings and what each change does (window_settings.py), and the
hand reviews (window_review.py). What is left here is the window's own flow: keeping the
menus and status bar in step with the game, hints and "Why?", the score sheet, and
talking to the player.

Everything a player can do is in a menu (and the common things on the table too). Anything
that talks to the player — a message, a question, a file to choose — goes through one of
the small injectable callables (`inform`, `confirm`, `choose_save_path`, ...), so tests can
answer them without a real modal dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QMouseEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStyle,
    QWidget,
)

from kaiser_desktop.ai import Decision
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.deal_numbers import (
    DealNumberError,
    format_deal_number,
    parse_deal_number,
)
from kaiser_desktop.app.hint_runner import HintRunner
from kaiser_desktop.app.memory import give_back_free_memory
from kaiser_desktop.app.review_runner import ReviewRunner
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.sound import SoundPlayer
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.app.storage import LoadResult
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.family_play.family_session import HostSession
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.paths import resource
from kaiser_desktop.rules import GameState, MakeBid, Phase, PlayerView, Seat, Team
from kaiser_desktop.ui.cards.card_pictures import CardPictures
from kaiser_desktop.ui.cards.fonts import ensure_card_font
from kaiser_desktop.ui.dialogs import last_trick_dialog, show_about
from kaiser_desktop.ui.focus_ring import show_focus_rings
from kaiser_desktop.ui.help_dialog import RulesDialog
from kaiser_desktop.ui.indicators import scale_indicators
from kaiser_desktop.ui.review_dialog import ReviewDialog
from kaiser_desktop.ui.score_sheet import ScoreSheetDock
from kaiser_desktop.ui.statistics_dialog import StatisticsDialog
from kaiser_desktop.ui.table_view import TableView
from kaiser_desktop.ui.text_size import default_text_size, keep_faces_open
from kaiser_desktop.ui.window_family import WindowFamily
from kaiser_desktop.ui.window_games import Talk, WindowGames
from kaiser_desktop.ui.window_hosting import WindowHosting
from kaiser_desktop.ui.window_menus import MenuActions, WindowMenus
from kaiser_desktop.ui.window_review import WindowReview
from kaiser_desktop.ui.window_settings import WindowSettings
from kaiser_desktop.ui.wording import hint_text, refusal_text, team_name, was_forced, why_text

HINT_LEVEL = "expert"
SHEET_HEIGHT = 150
SHEET_ROWS = 2  # the score sheet never shrinks to less than its header and this many rows
TABLE_HEIGHT_BESIDE_SHEET = 700  # below this the score sheet would shrink the cards
# The least height the table keeps beside the docked score sheet, at normal text (times the
# text scale): below it the names and bids no longer fit around the hands (800x600, Extra
# large: a 330 px table hid West's name and cut both "Pass" bubbles; at Large, 338 px slid
# West's name and bid under the hand, 343 px is whole). Where the sheet would leave less,
# it floats over the table's lower part instead.
TABLE_MIN_BESIDE_SHEET = 274
# The table's least size where the screen has room for it, and the least it is ever given
# (on a screen too small even for that, the window manager lets the window scroll off).
TABLE_MINIMUM = QSize(640, 480)
TABLE_FLOOR = QSize(480, 300)
# A title bar and frame, and a panel the screen's available area may not have left out,
# until the window manager has framed the window and its own frame can be measured.
FRAME_ALLOWANCE = QSize(0, 40)


def available_area(widget: QWidget) -> QRect | None:
    """The screen's area for windows (no panels, no dock) where `widget` is, if any."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def initial_size(area: QRect | None = None) -> QSize:
    """1280×860, or less on a small screen: the whole window, frame included, fits."""
    wanted = QSize(1280, 860)
    if area is None:
        screen = QGuiApplication.primaryScreen()
        if screen is None:
            return wanted
        area = screen.availableGeometry()
    return wanted.boundedTo(area.size() - FRAME_ALLOWANCE)


class MainWindow(QMainWindow):
    left_table = Signal()  # at a family table joined from here: the person left, or it closed

    def __init__(
        self,
        controller: TableControl,
        parent: QWidget | None = None,
        *,
        settings: Settings | None = None,
        statistics: Statistics | None = None,
        play_with_family: Callable[[MainWindow], None] | None = None,
        pictures: CardPictures | None = None,
    ) -> None:
        super().__init__(parent)
        ensure_card_font()
        keep_faces_open()  # each font file mapped once, however long the app runs (issue 29)
        show_focus_rings()  # a visible focus where the platform style draws none
        scale_indicators()  # radio buttons and check boxes as large as their words
        self.controller = controller
        # The game runs here (a GameController), or on a family table's host (its saves,
        # records, undo history, rules and level are then the host's).
        self.local = controller if isinstance(controller, GameController) else None
        # The engine's refusals ("You must follow hearts.") in the player's language.
        controller.refusal_words = refusal_text
        self.settings = settings
        self.statistics = statistics
        self.hint_level = HINT_LEVEL
        # The player-facing conversation; tests replace these.
        self.inform: Callable[[str, str], None] = self._message_box
        self.confirm: Callable[[str, str], bool] = self._question_box
        # A question whose expected, safe answer is yes (title, text, yes, no words):
        # Enter answers yes, Escape no.
        self.offer: Callable[[str, str, str, str], bool] = self._offer_box
        self.choose_save_path: Callable[[str], str | None] = self._save_file_dialog
        self.choose_open_path: Callable[[], str | None] = self._open_file_dialog
        self.ask_deal_number: Callable[[int | None], int | None] = self._deal_number_dialog
        self.run_dialog: Callable[[QDialog], int] = lambda dialog: dialog.exec()
        self.setWindowTitle("Kaiser")  # the game's name in every language
        icon = resource("icons", "kaiser-256.png")
        if icon.is_file():
            self.setWindowIcon(QIcon(str(icon)))
        # The card bitmaps: the window's own, or its home window's (a family table's).
        self.pictures = pictures if pictures is not None else CardPictures()
        self.view = TableView(controller, self, menus=self.local, pictures=self.pictures)
        self.setCentralWidget(self.view)
        self.score_sheet = ScoreSheetDock(self)
        self.score_sheet.setAllowedAreas(
            Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.score_sheet)
        # A few rows are enough at first; the table needs the room (the player can drag).
        self.resizeDocks([self.score_sheet], [SHEET_HEIGHT], Qt.Orientation.Vertical)
        self.status_label = QLabel()
        self.statusBar().addPermanentWidget(self.status_label)
        self.last_hint: Decision | None = None
        self.preferences: WindowSettings | None = None  # made below, when there are settings
        self.menus = WindowMenus(
            self.menuBar(),
            MenuActions(
                new_game=self._new_game,
                replay_deal=lambda: self.games.replay_deal() if self.games is not None else None,
                open_record=lambda: self.games.open_record() if self.games is not None else None,
                export_record=lambda: (
                    self.games.export_record() if self.games is not None else None
                ),
                open_settings=self.open_settings,
                show_statistics=self.show_statistics,
                quit=self.close,
                undo=self.undo,
                set_auto_play=self._set_auto_play,
                show_last_trick=self.show_last_trick,
                show_rules=self.show_rules,
                show_welcome=self.show_welcome,
                show_hint=self.show_hint,
                show_why=self.show_why,
                show_about=lambda: show_about(self),
                play_with_family=(
                    (lambda: play_with_family(self)) if play_with_family is not None else None
                ),
            ),
            self.score_sheet.toggleViewAction(),
            has_settings=settings is not None,
            has_statistics=statistics is not None,
            auto_play=controller.auto_play_single,
            parent=self,
        )
        # Starting, resuming and filing games: the local game's alone.
        self.games: WindowGames | None = None
        if self.local is not None:
            self.games = self._window_games(self.local, settings, statistics)
        self.view.last_trick_button.clicked.connect(self.show_last_trick)
        self.hints = HintRunner(self)
        self.hints.ready.connect(self._hint_ready)
        self._hinted_view: PlayerView | None = None
        self.view.action_panel.hint_requested.connect(self.show_hint)
        self.view.summary.statistics_requested.connect(self.show_statistics)
        self.review = WindowReview(
            controller,
            self.menus.view_menu,
            self,
            self._keep,
            self.say,
            hand_state=self._hand_state,
        )
        self.view.summary.review_requested.connect(self.open_review)
        self.score_sheet.review_requested.connect(self.open_review)
        # A click on a computer player's name plate or bubble asks "Why?".
        self.view.viewport().installEventFilter(self)
        c = controller
        c.state_changed.connect(self._update_actions)
        c.trick_won.connect(lambda seat, cards: self._update_actions())
        c.hand_scored.connect(lambda result: self._refresh_sheet())
        c.restored.connect(self._refresh_sheet)
        c.game_started.connect(self._refresh_sheet)
        # A hand's or a game's end frees much at once: give it back (app/memory.py).
        c.hand_scored.connect(lambda result: QTimer.singleShot(0, give_back_free_memory))
        c.game_started.connect(lambda: QTimer.singleShot(0, give_back_free_memory))
        c.undo_changed.connect(lambda can: self._update_actions())
        c.save_failed.connect(self._on_save_failed)
        c.dealt.connect(lambda number, dealer: self._update_status())
        self.sounds = SoundPlayer(controller, settings, parent=self)  # on its own thread
        self._refresh_names()
        # The sheet is read, not played: a click may focus it, Tab never leaves the table.
        for child in self.score_sheet.findChildren(QWidget):
            if child.focusPolicy() & Qt.FocusPolicy.TabFocus:
                child.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        # Hidden until there is a hand to show; once the player shows or hides it, theirs.
        self.score_sheet.hide()
        self._sheet_chosen = False
        self.menus.score_sheet_action.triggered.connect(
            lambda: setattr(self, "_sheet_chosen", True)
        )
        self.score_sheet.closed_by_person.connect(lambda: setattr(self, "_sheet_chosen", True))
        self.score_sheet.visibilityChanged.connect(self._sheet_shown)
        c.hand_scored.connect(lambda result: self._show_sheet_first_time())
        c.restored.connect(self._show_sheet_first_time)
        self.resize(initial_size(available_area(self)))
        self._restored_geometry = False
        self.family: WindowFamily | None = None
        self.hosting: WindowHosting | None = None  # a family table hosted from here
        if isinstance(controller, RemoteController):
            self.family = WindowFamily(
                controller,
                self.menus,
                self.menuBar(),
                say=self.say,
                confirm=lambda title, text: self.confirm(title, text),
                show_status=self._show_status,
                names_changed=self._names_changed,
                parent=self,
            )
            self.family.left.connect(self.left_table)
        if settings is not None:
            settings.default_text_size = default_text_size(QGuiApplication.primaryScreen())
            self.preferences = WindowSettings(
                settings,
                controller,
                self.view,
                self,
                local=self.local,
                run_dialog=lambda dialog: self.run_dialog(dialog),
                show_status=self._show_status,
                retranslate=self.retranslate,
                names_changed=self._refresh_names,
                show_auto_play=self.menus.auto_play_action.setChecked,
                text_size_changed=self._text_size_changed,
                people=lambda: self.hosting.people() if self.hosting is not None else {},
                standing_in=lambda: (
                    self.hosting.standing_in() if self.hosting is not None else set()
                ),
            )
            geometry = settings.window_geometry
            if geometry:
                self._restored_geometry = self.restoreGeometry(geometry)
        # Whatever asks the window for room (the sheet, a text size, a restored geometry),
        # it never grows past the screen: checked whenever its layout is redone.
        self.installEventFilter(self)
        self.fit_to_screen(keep_inside=True)
        self._update_actions()

    # --- menus ------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Say everything again in the language just installed (language.py): menus,
        status, the score sheet, the table's words, names, and the panels."""
        if self.preferences is not None:
            self.preferences.apply_names()  # first, a new Seating: "You", "West"... anew
        self.score_sheet.retranslate()  # before the menus: a dock's title renames its action
        self.menus.retranslate()
        if self.family is not None:
            self.family.retranslate()
        if self.hosting is not None:
            self.hosting.retranslate()
        self.review.retranslate()
        self._refresh_names()
        self.view.retranslate()
        # A passing message was said in the old language: gone (a part that still has
        # something to say says it again in the new one, as the settings' note does).
        self.statusBar().clearMessage()
        self._update_status()

    def _update_actions(self) -> None:
        c = self.controller
        view = c.view()
        has_trick = c.last_trick() is not None
        self.menus.last_trick_action.setEnabled(has_trick)
        self.view.last_trick_button.setVisible(has_trick and view.phase is Phase.PLAY)
        self.menus.undo_action.setEnabled(self.local is not None and self.local.can_undo)
        state = self.local.state if self.local is not None else None
        self.menus.export_action.setEnabled(
            state is not None and (state.hand is not None or bool(state.past_hands))
        )
        self.menus.hint_action.setEnabled(
            view.to_act is not None and c.seating.is_human(view.to_act)
        )
        self.menus.why_action.setEnabled(self.local is not None and self.local.last_bot is not None)
        self._update_status()

    def _update_status(self) -> None:
        view = self.controller.view()
        parts = []
        if view.phase is not Phase.DEAL:  # a hand has been dealt
            parts.append(self.tr("Hand {number}").format(number=view.hand_number))
        if (
            view.phase is Phase.BIDDING
            and view.to_act is Seat.S
            and self.controller.seating.is_human(Seat.S)
            and any(isinstance(a, MakeBid) and a.bid.is_pass for a in view.legal)
            and self.controller.table_note is None  # a family table's host gone: no one acts
        ):
            # The Pass button's shortcut (panel_choices), said where it never widens the
            # bids: Tab from the cards to Pass took 15 presses.
            parts.append(self.tr("Press P to pass"))
        # No deal number here (issue 38): 18 digits at every hand's end. Game → Replay a deal
        # by number… shows the last one, filled in, and the score sheet each hand's.
        local = self.local  # a joined family table: the host has the rest
        if local is not None and local.used_undo:
            parts.append(self.tr("Practice game (undo used)"))
        if local is not None and local.save_error:
            parts.append(self.tr("Not saved: {reason}").format(reason=local.save_error))
        self.status_label.setText("   ·   ".join(parts))

    # --- talking to the player ----------------------------------------------------------

    def _message_box(self, title: str, text: str) -> None:
        QMessageBox.information(self, title, text)

    def _question_box(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _offer_box(self, title: str, text: str, yes: str, no: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self)
        accept = box.addButton(yes, QMessageBox.ButtonRole.YesRole)
        decline = box.addButton(no, QMessageBox.ButtonRole.NoRole)
        box.setDefaultButton(accept)
        box.setEscapeButton(decline)
        box.exec()
        return box.clickedButton() is accept

    def say(self, title: str, text: str) -> None:
        self.inform(title, text)

    def _save_file_dialog(self, suggested: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export game record"),
            suggested,
            self.tr("Kaiser game records (*.json)"),
        )
        return path or None

    def _open_file_dialog(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open game record"),
            str(Path.home()),
            self.tr("Kaiser game records (*.json);;All files (*)"),
        )
        return path or None

    def _deal_number_dialog(self, current: int | None) -> int | None:
        # A text field, not getInt: deal numbers are far beyond 32 bits.
        text = format_deal_number(current) if current is not None else ""
        problem = ""
        while True:
            text, ok = QInputDialog.getText(
                self,
                self.tr("Replay a deal"),
                problem
                + self.tr(
                    "The number of the last hand played is filled in. To play another\n"
                    "hand again, type its number (point at it on the score sheet):"
                ),
                text=text,
            )
            if not ok:
                return None
            try:
                return parse_deal_number(text)
            except DealNumberError as error:
                problem = f"{error}\n\n"

    def _show_status(self, text: str, milliseconds: int) -> None:
        self.statusBar().showMessage(text, milliseconds)

    # --- starting, resuming, replaying (window_games.py) -----------------------------------

    def _window_games(
        self, local: GameController, settings: Settings | None, statistics: Statistics | None
    ) -> WindowGames:
        return WindowGames(
            local,
            settings,
            statistics,
            Talk(
                say=self.say,
                # Read when used: tests and tools put their own answers in these.
                confirm=lambda title, text: self.confirm(title, text),
                choose_save_path=lambda suggested: self.choose_save_path(suggested),
                choose_open_path=lambda: self.choose_open_path(),
                ask_deal_number=lambda current: self.ask_deal_number(current),
                run_dialog=lambda dialog: self.run_dialog(dialog),
                show_status=self._show_status,
            ),
            self,
            after_restore=self._after_restore,
        )

    def start_or_resume(self, loaded: LoadResult | None) -> None:
        """At start-up: carry on the saved game, or explain why not and deal a new one."""
        if self.games is not None:
            self.games.start_or_resume(loaded)

    def show_welcome(self) -> bool:
        """Help → Welcome: the same choices; the game in progress carries on untouched.
        True when the choices were written."""
        return self.games is not None and self.games.show_welcome()

    def _after_restore(self) -> None:
        self._refresh_sheet()
        self._update_actions()

    # --- undo, hints, why -----------------------------------------------------------------

    def _new_game(self) -> None:
        """Game → New game; at a family table joined from here, Leave the table."""
        if self.family is not None:
            self.family.leave()
            return
        if self.hosting is not None and self.hosting.open:
            # One question: the family game ends, and with it the game in progress.
            if not self.confirm(
                self.tr("New game"),
                self.tr(
                    "End the family game and start a new game of your own? The others "
                    "will be told that the family game has ended."
                ),
            ):
                return
            self.end_hosting()
            if self.local is not None:
                self.local.new_game()
            return
        if self.games is not None:
            self.games.new_game()

    def host_table(self, session: HostSession) -> None:
        """This window's game is now a family table (Play with family… → Host)."""
        self.end_hosting()
        self.hosting = WindowHosting(
            session,
            self.menus,
            self.menuBar(),
            tell=self._tell,
            show_status=self._show_status,
            names_changed=self._host_names_changed,
            run_dialog=lambda dialog: self.run_dialog(dialog),
            parent=self,
        )
        self._host_names_changed()

    def end_hosting(self) -> None:
        """The table ends (a new game of the host's own): the people's seats are computers'."""
        if self.hosting is not None:
            self.hosting.close(ending=True)
            self.hosting = None
            self._host_names_changed()

    def _hand_state(self, number: int) -> tuple[GameState, int] | None:
        """The game holding hand `number` with every seat's cards, and its number there."""
        if self.local is not None:
            return self.local.state, number
        if isinstance(self.controller, RemoteController):
            game = self.controller.hand_game(number)
            return (game, 1) if game is not None else None
        return None

    def _tell(self, text: str) -> None:
        """Something about the family table, on the table and to the screen reader."""
        self.view.action_panel.show_info(text)
        self.view.access.announce(text)

    def _host_names_changed(self) -> None:
        if self.preferences is not None:
            self.preferences.apply_names()
        else:
            self._names_changed()

    def undo(self) -> None:
        if self.local is not None and self.local.undo():
            self.statusBar().showMessage(
                self.tr("Your last move was taken back. This game now counts as practice."),
                8000,
            )
            self._update_actions()

    def show_hint(self) -> None:
        c = self.controller
        seat = c.view().to_act
        if seat is None or not c.seating.is_human(seat):
            self.view.action_panel.show_info(self.tr("A hint is for when it is your turn."))
            return
        # The search runs off the GUI thread; the answer is shown only if nothing moved.
        self._hinted_view = view = c.view(seat)
        self.view.action_panel.show_info(self.tr("Thinking of a hint…"))
        self.hints.request(view, self.hint_level, c.serial)

    def _hint_ready(self, serial: int, decision: Decision) -> None:
        c = self.controller
        hinted = self._hinted_view
        if serial != c.serial or hinted is None or c.view(hinted.seat) != hinted:
            return  # the game moved on while the hint was being searched for
        self.last_hint = decision
        legal = hinted.legal
        text = hint_text(decision.action, decision.reason, c.seating, legal=legal)
        self.view.action_panel.show_hint(text, decision.action)

    def why_text(self, seat: Seat | None = None) -> str:
        """Why the computer player at `seat` (or the last one to move) did what it did."""
        c = self.controller
        local = self.local  # a joined family table: the host's computers are not explained
        if seat is None and local is not None:
            seat = local.last_bot
        if seat is None:
            return self.tr("The computer players have not bid or played yet in this hand.")
        if c.seating.is_human(seat):
            return self.tr("That is you!")
        last = local.last_decisions.get(seat) if local is not None else None
        if last is None:
            return self.tr("{name} has not bid or played yet in this hand.").format(
                name=c.seating.name(seat)
            )
        action, reason = last
        forced = self.local is not None and was_forced(self.local.state, action)
        return why_text(seat, action, reason, c.seating, forced=forced)

    def show_why(self, seat: Seat | None = None) -> None:
        self.say(self.tr("Why?"), self.why_text(seat))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self and event.type() == QEvent.Type.LayoutRequest:
            self.fit_to_screen()  # before the layout is redone: it reads the minimum sizes
            return False
        if (
            watched is self.view.viewport()
            and event.type() == QEvent.Type.MouseButtonPress
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
        ):
            seat = self._seat_at(event.position().toPoint())
            # "Why?" is about the computers playing here; a family table's are the host's.
            local = self.local
            if seat is not None and local is not None and not local.seating.is_human(seat):
                self.show_why(seat)
                return True
        return super().eventFilter(watched, event)

    def _seat_at(self, point: object) -> Seat | None:
        scene = self.view.table_scene
        for item in self.view.items(point):  # type: ignore[call-overload]
            for seat in Seat:
                if item is scene.plates[seat] or item is scene.bubbles[seat]:
                    return seat
        return None

    # --- fitting the screen ----------------------------------------------------------------

    def screen_room(self) -> QSize | None:
        """The most the window's inside may take: the screen's available area less the
        frame (its measured one once the window manager has framed it)."""
        area = available_area(self)
        if area is None:
            return None
        frame = self.frameGeometry().size() - self.geometry().size()
        return area.size() - frame.expandedTo(FRAME_ALLOWANCE)

    def fit_to_screen(self, *, keep_inside: bool = False) -> None:
        """The table's minimum leaves room on the screen for the menus, the status bar and
        the score sheet: the sheet takes its room from the table, never from
        below the screen's edge, and gives it back when it closes. With `keep_inside` (at
        start), a window larger than the screen (a geometry saved on a larger screen) is
        brought back inside it."""
        room = self.screen_room()
        if room is None:
            return
        around = QSize(0, self.menuBar().sizeHint().height())
        if self.statusBar().isVisible():
            around += QSize(0, self.statusBar().sizeHint().height())
        # Room for the sheet whether it shows or not: showing it lays the window out at
        # once, too soon for anything to make room then; hidden, the table has it all.
        sheet = self.score_sheet
        if not sheet.isFloating():
            separator = self.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent)
            least = self._sheet_least()
            if self.dockWidgetArea(sheet) == Qt.DockWidgetArea.RightDockWidgetArea:
                around += QSize(least.width() + separator, 0)
            else:
                around += QSize(0, least.height() + separator)
        table = TABLE_MINIMUM.boundedTo(room - around).expandedTo(TABLE_FLOOR)
        if self.view.minimumSize() != table:
            self.view.setMinimumSize(table)
        states = Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen
        if keep_inside and not self.windowState() & states:
            size = self.size()
            if size.height() > room.height() or size.width() > room.width():
                self.resize(size.boundedTo(room).expandedTo(self.minimumSizeHint()))

    def _text_size_changed(self) -> None:
        """A new text size lays the window out at once, with the old minimums (the menus,
        the status bar and the sheet's rows take the new font over the next passes of the
        event loop): a window that fitted the screen is brought back inside it."""
        room = self.screen_room()
        if room is not None and self.height() <= room.height():
            before = self.size()
            QTimer.singleShot(0, lambda: self._shrink_back(before))

    def _shrink_back(self, before: QSize, tries: int = 5) -> None:
        """Back inside the screen if the layout made the window taller than `before` (which
        fitted) and past the screen; looked at again a few times while the growth may be
        still to come or a minimum not yet settled holds it out. A size set since (its
        width changed, or it is maximised) is left alone."""
        room = self.screen_room()
        states = Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen
        if room is None or self.width() != before.width() or self.windowState() & states:
            return
        unsettled = self.size() == before  # the growth may be still to come
        if self.height() > room.height():
            self.fit_to_screen(keep_inside=True)
            unsettled = self.height() > room.height()  # a minimum not settled holds it out
        if unsettled and tries > 1:
            now = self.size()
            QTimer.singleShot(0, lambda: self._shrink_back(now, tries - 1))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.score_sheet.isVisible():  # a smaller window: the sheet may have to float
            QTimer.singleShot(0, self._place_sheet)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._restored_geometry:  # a geometry saved on a larger screen lands now
            self._restored_geometry = False
            self.fit_to_screen(keep_inside=True)

    def _sheet_least(self) -> QSize:
        """The least the score sheet shows: its title, its header and SHEET_ROWS rows (the
        sheet's table is given that minimum; never its header alone)."""
        view = self.score_sheet.view
        rows = SHEET_ROWS * view.verticalHeader().defaultSectionSize()
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        height = view.horizontalHeader().sizeHint().height() + rows + scroll_bar
        height += 2 * view.frameWidth()
        if view.minimumHeight() != height:
            view.setMinimumHeight(height)
        return self.score_sheet.minimumSizeHint()

    # --- score sheet ----------------------------------------------------------------------

    def _refresh_sheet(self) -> None:
        results = self.controller.view().results
        # Finished hands' numbers only: the number of the hand in play would name its cards.
        numbers = self.local.deal_numbers if self.local is not None else []
        self.score_sheet.model.set_deal_numbers(numbers[: len(results)])
        self.score_sheet.set_results(results)

    def _refresh_names(self) -> None:
        s = self.controller.seating
        self.score_sheet.set_names(
            seats={seat: s.name(seat) for seat in Seat},
            teams={team: team_name(team, s) for team in Team},
        )

    def _names_changed(self) -> None:
        """A family table's seats were named (or someone left or came back)."""
        self._refresh_names()
        self.view.retranslate()

    def _show_sheet_first_time(self) -> None:
        # Only where the table keeps room for large cards; the View menu always has it.
        room = self.view.height() - SHEET_HEIGHT >= TABLE_HEIGHT_BESIDE_SHEET
        if not self._sheet_chosen and self.controller.view().results and room:
            self.score_sheet.show()
            self.resizeDocks([self.score_sheet], [SHEET_HEIGHT], Qt.Orientation.Vertical)

    def _sheet_shown(self, visible: bool) -> None:
        if visible:  # once Qt has laid the window out around the sheet
            QTimer.singleShot(0, self._place_sheet)

    def _place_sheet(self) -> None:
        """Docked under the table while the table keeps room for its words around the hands;
        otherwise floating over the table's lower part, the table keeping its whole height
        (the person reads the scores and closes it, as one closes a score card)."""
        sheet = self.score_sheet
        if not sheet.isVisible():
            return
        layout = self.layout()
        if layout is not None:
            layout.activate()  # the table's height as it is now, the sheet docked or not
        scale = self.settings.text_scale() if self.settings is not None else 1.0
        needed = TABLE_MIN_BESIDE_SHEET * scale
        # Floating, what docking would take: the sheet's height there (its least, if more
        # than SHEET_HEIGHT) and the separator. A smaller guess docked it, found the table
        # too short, floated it, and guessed again, over and over.
        separator = self.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent)
        docked_sheet = max(SHEET_HEIGHT, self._sheet_least().height()) + separator
        docked_table = self.view.height() - (docked_sheet if sheet.isFloating() else 0)
        if docked_table >= needed:
            if sheet.isFloating():
                sheet.setFloating(False)
                self.resizeDocks([sheet], [SHEET_HEIGHT], Qt.Orientation.Vertical)
            return
        if not sheet.isFloating():
            sheet.setFloating(True)
            if layout is not None:
                layout.activate()
            # The window may have grown for the docked sheet (a larger text chosen with it
            # open): without it, back inside the screen.
            self.fit_to_screen(keep_inside=True)
        table = QRect(self.view.mapToGlobal(QPoint(0, 0)), self.view.size())  # on the screen
        height = min(sheet.sizeHint().height() + SHEET_HEIGHT, table.height() // 2)
        sheet.setGeometry(table.x(), table.y() + table.height() - height, table.width(), height)

    # --- settings (window_settings.py) ------------------------------------------------------

    def open_settings(self) -> None:
        if self.preferences is not None:
            self.preferences.open_settings()

    @property
    def appearance(self) -> tuple[bool, bool, str, str] | None:
        """The table's look as last set from the settings (four colours, jumbo, back, felt)."""
        return self.preferences.appearance if self.preferences is not None else None

    def _set_auto_play(self, on: bool) -> None:
        self.controller.auto_play_single = on
        if self.settings is not None:
            self.settings.auto_play_single = on

    def show_statistics(self) -> None:
        if self.statistics is not None:
            self.run_dialog(StatisticsDialog(self.statistics, self))

    def _on_save_failed(self, message: str) -> None:
        self._update_status()
        self.say(self.tr("Your game could not be saved"), message)

    # --- reviews (window_review.py) -------------------------------------------------------

    @property
    def reviews(self) -> ReviewRunner:
        """The session's hand reviews (they run off the GUI thread)."""
        return self.review.reviews

    def open_review(self, number: int) -> ReviewDialog | None:
        return self.review.open_review(number)

    # --- help -----------------------------------------------------------------------------

    def show_last_trick(self) -> None:
        last = self.controller.last_trick()
        if last is None:
            return
        trick, winner = last
        trump = self.controller.view().trump
        self._keep(last_trick_dialog(self, trick, winner, trump, self.controller.seating))

    def show_rules(self) -> None:
        dialog = RulesDialog(self)
        dialog.show()
        self._keep(dialog)

    def _keep(self, dialog: QWidget) -> None:
        """A modeless dialog is the window's child, and Qt deletes it when it is closed.

        So Python holds no reference to it: one kept in a list would outlive the C++
        dialog, and the next look at it raised "already deleted".
        """
        assert dialog.parent() is self
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)

    def closeEvent(self, event: QCloseEvent) -> None:
        # Nothing to ask: every move is already saved, and the game resumes next time. At a
        # family table joined from here, the window's × asks as Leave the table… does
        # (Quit, and a signal, close without asking: the seat is kept for the next start).
        if self.family is not None and event.spontaneous() and not self.family.may_close():
            event.ignore()
            return
        self.controller.stop()
        self.hints.stop()
        self.reviews.stop()
        if self.settings is not None:
            self.settings.window_geometry = bytes(self.saveGeometry().data())
        super().closeEvent(event)
