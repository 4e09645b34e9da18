"""The panel above South's hand: what to do now, and the buttons to do it.

It shows only choices the rules allow (legal bids, legal trump suits), says in words whose
turn it is, and shows refusals and notices from the controller for a few seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from PySide6.QtCore import QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import (
    AskRedeal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    PlayerView,
    Seat,
    SeatAction,
)
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.cards.layout import trick_card_rects
from kaiser_desktop.ui.panel_choices import PanelChoices
from kaiser_desktop.ui.panel_messages import (
    HINT_COLOUR,
    HINT_MS,
    HINTED_STYLE,
    NOTICE_MS,
    fit_message,
    intent_of,
    notice_height,
)
from kaiser_desktop.ui.panel_words import (
    bot_doing,
    claim_played_out_text,
    dealing_text,
    hint_button_words,
    passing_prompt,
    play_prompt,
    take_back_button_words,
    trick_won_text,
)
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.table_scene import TableScene

# The least a prompt's line holds beside the Hint or "Change my choice" button, in average
# characters ("Vous avez changé d'idée ?" on one or two lines, never a word a line).
PROMPT_CHARS = 18
HEADINGS = 0  # a fold: each row of bids under its name, not beside it (ActionPanel._fold)
_STALE = "stale"  # a mode no refresh produces: the next one rebuilds the panel


def _sized(font: QFont, px: int) -> QFont:
    sized = QFont(font)
    sized.setPixelSize(px)
    return sized


class ActionPanel(QFrame):
    hint_requested = Signal()  # the Hint button (the window works out the hint)
    hint_shown = Signal(str)  # a hint's words, as shown: the screen reader says them too

    def __init__(self, controller: TableControl, scene: TableScene, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.controller = controller
        self.scene = scene
        self.seating = controller.seating
        self._px = 16
        self._mode = _STALE
        self._trick_message = False
        self._dealer: Seat | None = None  # set from the deal until the first turn
        self._trick_text = ""
        self._prompt_full = ""  # the prompt's whole words; the label may show its first ones
        self._prompt_lines = 0  # the most lines the prompt may take (0: as many as it needs)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice = QLabel(self)
        self._notice_full = ""  # the whole message; the label may show its first sentences
        self._notice_colour = "#FFFFFF"
        self.notice.setObjectName("error")
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice.hide()
        self.buttons = QWidget(self)
        self._retired = QWidget(self)  # old buttons wait here for deleteLater
        self._retired.hide()
        self.buttons.setObjectName("buttons")
        # Each button's (widget, row, column) in the grid as built, before any folding.
        self._places: list[tuple[QWidget, int, int]] = []
        self._folds = 1
        # Where the room is short (a small window, large text): a message takes the
        # prompt's place, beside the Hint button, instead of lines of its own below the
        # buttons; the prompt keeps this many lines for it (3, or 2). 0: its own lines.
        self._message_lines = 0
        self._folded_for: tuple[object, ...] | None = None  # what the folds were chosen for
        # How far right of centre the folded panel was moved, off the board, and down
        self._shift = (0, 0)
        self._wide = False  # above West's and East's names, as wide as between their hands
        # The buttons for each moment; what the person chooses goes to the controller.
        self.choices = PanelChoices(self)
        self.choices.redeal_chosen.connect(lambda ask: controller.act(AskRedeal(ask)))
        self.choices.bid_chosen.connect(lambda bid: controller.act(MakeBid(bid)))
        self.choices.trump_chosen.connect(lambda suit: controller.act(NameTrump(suit)))
        self.choices.discard_chosen.connect(self._discard_selected)
        # Beside the prompt, so asking for a hint never makes the panel taller.
        self.hint_button = QPushButton(self)
        self.hint_button.setObjectName("hint")
        self.hint_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.hint_button.clicked.connect(self.hint_requested)
        self.hint_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.hint_button.hide()
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # H asks; Tab stays with play
        # Where the Hint button was, never where a bid button was: a double click on a bid
        # must not land on it.
        self.take_back_button = QPushButton(self)
        self.take_back_button.setObjectName("take_back")
        self.take_back_button.setProperty("intent", "take_back")
        self.take_back_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.take_back_button.setAutoDefault(True)
        self._trick_winner: Seat | None = None
        self.retranslate_buttons()
        self.take_back_button.clicked.connect(lambda: controller.take_back())
        self.take_back_button.hide()
        self._hinting = False
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(10)
        top.addWidget(self.prompt, 1)
        top.addWidget(self.hint_button, 0, Qt.AlignmentFlag.AlignRight)
        top.addWidget(self.take_back_button, 0, Qt.AlignmentFlag.AlignRight)
        self._top = top
        box = QVBoxLayout(self)
        box.setContentsMargins(6, 3, 6, 3)
        box.setSpacing(4)
        box.addLayout(top)
        box.addWidget(self.buttons, 0, Qt.AlignmentFlag.AlignHCenter)
        box.addWidget(self.notice)
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.timeout.connect(self._clear_notice)
        self._area = QRect(0, 0, 600, 60)
        self._reach = QRect(self._area)
        self._panel_width = 600
        c = controller
        c.turn_changed.connect(self._on_turn)
        c.trick_complete.connect(self._on_trick_complete)
        c.dealt.connect(self._on_dealt)
        c.state_changed.connect(self._on_state_changed)
        c.hand_scored.connect(lambda result: self._deal_over())
        c.restored.connect(self._deal_over)
        c.take_back_changed.connect(lambda open_: self.refresh())
        c.waiting_for_click.connect(lambda waiting: self._on_waiting_for_click(waiting))
        c.error.connect(self.show_error)
        c.info.connect(self.show_info)
        scene.notice.connect(self.show_error)
        scene.selection_changed.connect(self.refresh)
        self.apply_scale(16)

    def retranslate_buttons(self) -> None:
        text, tip = hint_button_words()
        self.hint_button.setText(text)
        self.hint_button.setToolTip(tip)
        text, tip = take_back_button_words()
        self.take_back_button.setText(text)
        self.take_back_button.setToolTip(tip)

    def retranslate(self) -> None:
        """Every word again in the language just installed: the buttons are rebuilt."""
        self.retranslate_buttons()
        self.seating = self.controller.seating
        if self._trick_message and self._trick_winner is not None:
            self._trick_text = trick_won_text(self._trick_winner, self.seating)
        self._mode = _STALE
        self.refresh()

    # --- messages -------------------------------------------------------------------------

    def _on_state_changed(self) -> None:
        if self._hinting:
            self._clear_notice()  # a hint is about the moment it was asked for
        self._clear_hint_frame()  # its frame too, wherever the buttons are now
        self.refresh()

    def _clear_hint_frame(self) -> None:
        for button in self.buttons.findChildren(QPushButton):
            if button.property("hinted"):
                button.setStyleSheet("")
                button.setProperty("hinted", False)

    def _update_visibility(self) -> None:
        # Nothing moves under the pointer: while the player has controls, a hint or a
        # message never changes the panel's size. Below buttons its lines are always kept
        # free; without buttons, or where the room is short (_message_lines), it takes the
        # prompt's place, which is as tall.
        has_buttons = not self.buttons.isHidden()
        notice = not self.notice.isHidden()
        self._update_message_places()
        self.hint_button.setVisible(self._mode.startswith("me:"))
        self.setVisible(bool(self.prompt.text()) or has_buttons or notice)
        self._fit()

    def _update_message_places(self) -> None:
        """The notice below the buttons, its room kept; or in the prompt's place."""
        beside_hint = self.buttons.isHidden() or self._message_lines > 0
        keep_prompt = self.notice.isHidden() or not beside_hint
        self.prompt.setVisible(bool(self.prompt.text()) and keep_prompt)
        policy = self.notice.sizePolicy()
        policy.setRetainSizeWhenHidden(not beside_hint)
        self.notice.setSizePolicy(policy)
        self._place_notice(beside_hint)

    def _place_notice(self, beside_hint: bool) -> None:
        """Without buttons the notice takes the prompt's place, beside the Hint button: in
        a row of its own the panel grew, and the Hint button jumped up under the pointer
        that had just pressed it. With buttons it has its row below them."""
        if beside_hint == (self._top.indexOf(self.notice) >= 0):
            return
        box = self._box()
        if beside_hint:
            box.removeWidget(self.notice)
            self._top.insertWidget(1, self.notice, 1)
        else:
            self._top.removeWidget(self.notice)
            box.addWidget(self.notice)

    # --- what to show ---------------------------------------------------------------------

    def _on_trick_complete(self, winner: Seat, trick: object) -> None:
        # While the finished trick rests on the table, say who won it (not whose turn is next).
        self._trick_message = True
        self._trick_winner = winner
        self._trick_text = trick_won_text(winner, self.seating)
        self._set(f"trick:{self._trick_text}", self._trick_text, None)

    def _on_waiting_for_click(self, waiting: bool) -> None:
        if waiting:
            go_on = self.tr("Click the table or press Enter to go on.")
            text = f"{self._trick_text} {go_on}"
            self._set(f"trick:{text}", text, None)
        else:
            self._trick_message = False
            self.refresh()

    def _on_dealt(self, number: int, dealer: Seat) -> None:
        # Until the last card has arrived, say so rather than whose turn comes next.
        self._trick_message = False
        self._dealer = dealer
        self.refresh()

    def _deal_over(self) -> None:
        self._dealer = None
        self.refresh()

    def _on_turn(self, seat: Seat, phase: Phase) -> None:
        self._trick_message = False
        self._dealer = None
        if seat == ME:
            self._clear_notice()  # what was said before is stale once it is your turn
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        view = c.view(ME)
        note = c.table_note
        if note is not None:  # the table waits for something else than a move (issue 37)
            self.take_back_button.hide()
            self._set(f"note:{note}", note, None)
            return
        if self._trick_message and view.phase is Phase.PLAY:
            return
        if view.phase in (Phase.HAND_SCORED, Phase.GAME_OVER, Phase.DEAL) or view.to_act is None:
            self._set("", "", None)
            return
        if self._dealer is not None:
            text = dealing_text(self._dealer, self.seating)
            self._set(f"deal:{text}", text, None)
            return
        if c.claiming:
            # An accepted claim's cards go by on their own: never "Your turn…" (issue 38).
            text = claim_played_out_text()
            self._set(f"claim:{text}", text, None)
            return
        if c.can_take_back and self._mode.startswith(("me:", "held:")):
            self._hold_choice()
            return
        self.take_back_button.hide()
        if view.to_act != ME or not self.seating.is_human(ME):
            text = bot_doing(view.phase, self.seating.name(view.to_act))
            self._set(f"wait:{text}", text, None)
            return
        if c.waiting_for_human() != ME and self._mode.startswith("me:"):
            return  # the table is finishing a pause; keep the player's controls up
        choices = self.choices
        builders: dict[Phase, Callable[[PlayerView], tuple[str, QGridLayout | None]]] = {
            Phase.REDEAL: choices.redeal,
            Phase.PASSING: lambda view: (passing_prompt(view, self.seating), None),
            Phase.BIDDING: lambda view: choices.bidding(view, self.seating),
            Phase.DISCARD: lambda view: choices.discard(view, list(self.scene.selected)),
            Phase.TRUMP: choices.trump,
            Phase.PLAY: lambda view: (play_prompt(view), None),
        }
        prompt, grid = builders[view.phase](view)
        key = f"me:{view.phase.value}:{prompt}:{len(self.scene.selected)}:{c.serial}"
        self._set(key, prompt, grid)

    def _set(self, key: str, prompt: str, grid: QGridLayout | None) -> None:
        if key == self._mode:
            return  # already showing (an empty panel too: rebuilding it cost ~2 ms a time)
        self._mode = key
        self._set_prompt(prompt)
        self.prompt.setVisible(bool(prompt))
        # Before the buttons go: hiding a focused one would hand the keyboard to whatever
        # Qt finds next (a menu, the score sheet), far from the cards.
        self._return_focus_to_table()
        old = self.buttons.layout()
        if old is not None:
            while old.count():
                child = old.takeAt(0)
                widget = child.widget() if child is not None else None
                if widget is not None:
                    widget.hide()
                    # Out of findChildren at once, yet still owned by Qt: with no parent,
                    # Python could free a button inside its own clicked() handler.
                    widget.setParent(self._retired)
                    widget.deleteLater()
            QWidget().setLayout(old)  # re-parent the old layout so it is deleted
        self._places = []
        self._folds = 1
        self._folded_for = None
        if grid is not None:
            self.buttons.setLayout(grid)
            for index in range(grid.count()):
                item = grid.itemAt(index)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    # PySide6's stub says object; it is (row, column, row span, column span).
                    place = cast("tuple[int, int, int, int]", grid.getItemPosition(index))
                    row, column = place[0], place[1]
                    self._places.append((widget, row, column))
            # Widgets added to a container already on screen stay hidden until shown: from
            # one set of buttons straight to the next (a last bid, then trump) they would not.
            for index in range(grid.count()):
                item = grid.itemAt(index)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.show()
            self.buttons.show()
        else:
            self.buttons.hide()
        self._update_visibility()

    def _hold_choice(self) -> None:
        """The person's bid or trump is held for a moment: the same panel, every button
        still where it was but asleep, and "Change my choice" where Hint was."""
        if self._mode.startswith("held:"):
            return
        self._clear_hint_frame()  # the person has chosen: the hint is about the moment past
        # Once, to the table (where Backspace takes the choice back), before the buttons go
        # to sleep: a disabled focused button hands the focus on from button to button.
        focused = QApplication.focusWidget()
        if focused is not None and self.isAncestorOf(focused):
            self._return_focus_to_table()
        for button in self.buttons.findChildren(QPushButton):
            button.setEnabled(False)
        self.hint_button.hide()
        self.take_back_button.show()
        self._mode = "held:" + self._mode[3:]
        self._set_prompt(self.tr("Changed your mind?"))
        self._update_visibility()

    def full_prompt(self) -> str:
        """The prompt's whole words (the screen reader's), however few the label shows."""
        return self._prompt_full

    def _set_prompt(self, text: str) -> None:
        self._prompt_full = text
        self._fit_prompt()

    def _fit_prompt(self) -> None:
        """The prompt on at most `_prompt_lines` lines: its first whole sentences (a long
        one, its first clauses), never smaller; the pointer resting on it shows it all."""
        full = self._prompt_full
        text = full
        if self._prompt_lines and full:
            font = QFont(self.prompt.font())
            font.setBold(True)
            side = max(b.sizeHint().width() for b in (self.hint_button, self.take_back_button))
            width = max(1, self._text_width() - self._top.spacing() - side)
            room = self._prompt_lines * QFontMetrics(_sized(font, self._px)).lineSpacing() + 2
            text, _ = fit_message(full, font, self._px, width, room)
        if text != self.prompt.text():
            self.prompt.setText(text)
        self.prompt.setToolTip(full if text != full else "")

    def _discard_selected(self) -> None:
        if len(self.scene.selected) == 2:
            first, second = self.scene.selected
            self.controller.act(Discard((first, second)))

    def _return_focus_to_table(self) -> None:
        """Keyboard focus goes back to the hand when the buttons it was on go away."""
        focused = QApplication.focusWidget()
        window = self.window()
        if focused is None or self.isAncestorOf(focused) or focused is window:
            for view in self.scene.views():
                view.setFocus()

    # --- messages: a refusal, a note or a hint, in the lines kept free for them ----------

    def show_error(self, text: str) -> None:
        self._show_notice(text, "#FFD54F")

    def show_info(self, text: str) -> None:
        if text == self.controller.table_note:
            self.refresh()  # the prompt says it, whole, for as long as it lasts
            return
        self._show_notice(text, "#FFFFFF")

    def _show_notice(self, text: str, colour: str, ms: int = NOTICE_MS) -> None:
        self._hinting = False
        self._notice_colour = colour
        self.notice.setStyleSheet(f"color: {colour};")
        self._notice_full = text
        self.notice.setText(text)
        self.notice.show()
        self._notice_timer.start(ms)
        self._update_visibility()

    def _clear_notice(self) -> None:
        self._hinting = False
        self.notice.hide()
        self.notice.clear()
        self._notice_full = ""
        self._update_visibility()

    def show_hint(self, text: str, action: SeatAction) -> None:
        """Say the hint and point at it: the suggested cards lift and glow, or the
        suggested button gets a yellow frame. Both go once anything is played."""
        self._show_notice(text, HINT_COLOUR, HINT_MS)
        self._hinting = True
        self._update_visibility()
        cards = []
        if isinstance(action, (Play, PassCard)):
            cards = [action.card]
        elif isinstance(action, Discard):
            cards = list(action.cards)
        for card in cards:
            if card in self.scene.south:
                self.scene.card_item(card).set_highlight(True)
        if len(cards) == 1:
            self.scene.focus_card(cards[0])  # so Enter plays the card the hint points at
        intent = intent_of(action)
        button = self.button(intent) if intent else None
        if button is not None:
            button.setStyleSheet(HINTED_STYLE)
            button.setProperty("hinted", True)
            button.setFocus()  # Enter takes the hint; nothing is focused before one is asked
        # Said after the focus has moved (a polite announcement waits for the focused
        # button's name): moving the focus alone says only where, never why.
        self.hint_shown.emit(text)

    def hinted_intent(self) -> str | None:
        """The button a hint points at now (for tests)."""
        for button in self.buttons.findChildren(QPushButton):
            if button.property("hinted"):
                return str(button.property("intent"))
        return None

    def _notice_height(self) -> int:
        if self._message_lines:  # the prompt's lines, at the panel's text size
            font = QFont(self.prompt.font())
            font.setPixelSize(self._px)
            margins = self.prompt.contentsMargins()
            lines = self._message_lines * QFontMetrics(font).lineSpacing()
            return lines + margins.top() + margins.bottom() + 4
        return notice_height(QFont(self.notice.font()), self._px, self._text_width())

    def _box(self) -> QLayout:
        """The panel's own layout (made with it)."""
        box = self.layout()
        assert box is not None
        return box

    def _text_width(self) -> int:
        margins = self._box().contentsMargins()
        return max(1, self._panel_width - margins.left() - margins.right())

    def _fit_notice_text(self) -> None:
        full = self._notice_full or self.notice.text()
        inside = self.notice.contentsRect()  # the label's own room, after its padding
        width = min(inside.width(), self._text_width())
        room = min(inside.height(), self._notice_height())
        text, px = fit_message(full, self.notice.font(), self._px, width, room)
        # The panel's style sheet sets its labels' size, and a style sheet outranks setFont.
        self.notice.setStyleSheet(f"color: {self._notice_colour}; font-size: {px}px;")
        if text != self.notice.text():
            self.notice.setText(text)
        # What the room cut off stays within reach: the pointer resting on it shows it all.
        self.notice.setToolTip(full if text != full else "")

    # --- size and place -------------------------------------------------------------------

    def apply_scale(self, px: int) -> None:
        self._px = px
        self.setStyleSheet(theme.panel_style(px))
        self._fit()

    def place(self, area: QRect, reach: QRect | None = None) -> None:
        """Sit centred on the bottom edge of `area` (the layout's action band), growing up;
        controls too wide for it may widen the panel as far as `reach`."""
        self._area = QRect(area)
        self._reach = QRect(reach if reach is not None else area)
        self._fit()

    def _fold(self, folds: int) -> None:
        """Lay the grid's rows out in `folds` rows each: with 2, "Bid 6 7 8 9" over
        "10 11 12", then "No trump 6 7 8 9" over "10 11 12 Pass"; with HEADINGS, each row
        whole under its name ("Bid", "No trump") instead of beside it, a column narrower.
        The buttons keep their size (older eyes and hands); only where they sit changes,
        and only with the room."""
        grid = self.buttons.layout()
        if folds == self._folds or not isinstance(grid, QGridLayout) or not self._places:
            return
        self._folds = folds
        last = max(column for _, _, column in self._places)
        labels = any(isinstance(widget, QLabel) for widget, _, _ in self._places)
        first = 1 if labels else 0  # column 0 holds the row's name ("Bid", "No trump")
        per_row = -(-(last + 1 - first) // max(1, folds))  # ceiling
        for widget, _, _ in self._places:
            grid.removeWidget(widget)
        for widget, row, column in self._places:
            if isinstance(widget, QLabel):  # a row's name: at its left, or above its row
                heading = folds == HEADINGS
                side = Qt.AlignmentFlag.AlignLeft if heading else Qt.AlignmentFlag.AlignRight
                widget.setAlignment(side | Qt.AlignmentFlag.AlignVCenter)
            if folds == HEADINGS:
                if column < first:
                    grid.addWidget(widget, row * 2, 0, 1, last + 1 - first)
                else:
                    grid.addWidget(widget, row * 2 + 1, column - first)
            elif column < first:
                grid.addWidget(widget, row * folds, column)
            else:
                chunk = min(folds - 1, (column - first) // per_row)
                grid.addWidget(widget, row * folds + chunk, column - chunk * per_row)
        grid.invalidate()
        grid.activate()
        self.buttons.updateGeometry()

    def _controls_width(self) -> int:
        """The least width of the panel's controls: its grid of buttons, and its top row,
        where "Change my choice" (or Hint) shows whole beside a prompt wrapped on lines of
        PROMPT_CHARS characters. Folded round a narrow grid (trump's four suits), the top
        row was squeezed: "Changer mon choix" showed as "nger mon cl" and the prompt wrapped
        a word a line."""
        margins = self._box().contentsMargins()
        font = QFont(self.prompt.font())
        font.setPixelSize(self._px)
        font.setBold(True)
        prompt = QFontMetrics(font).averageCharWidth() * PROMPT_CHARS
        side = max(b.sizeHint().width() for b in (self.hint_button, self.take_back_button))
        top = prompt + self._top.spacing() + side
        return max(self.buttons.sizeHint().width(), top) + margins.left() + margins.right()

    def _fit(self) -> None:
        room = (self._area.getRect(), self._reach.getRect(), self._px, self.scene.table)
        if self.buttons.isHidden() or not self._places:
            # Chosen for a grid of buttons only: chosen again when buttons come back.
            self._set_prompt_lines(0)
            self._set_tight(False)
            self._set_message_lines(0)
            self._folded_for = None
            self._wide = False
            at = self._geometry()
            if self._covers_trick(at):
                # A table too short for the panel (800x600, Extra large, the score sheet
                # open): it covered a card of the trick. As wide as the room between West's
                # and East's names, its message on fewer lines (a long hint keeps its first
                # words, the pointer and the screen reader have it all), and as low as a
                # lifted card of South's allows, it clears the trick (issue 38).
                for lines in (2, 1):
                    self._set_message_lines(lines)
                    self._wide = True
                    at = self._lowest(self._geometry())
                    if not self._covers_trick(at):
                        break
            self.setGeometry(at)
        elif self._folded_for == room:
            self.setGeometry(self._geometry().translated(*self._shift))
        else:
            # Controls too wide for the band between West's and East's names and bids fold
            # into more rows rather than reach over them, as long as the taller panel then
            # leaves North's name and bid and the board in sight too (moved right, off the
            # board, if need be); then a message may take the prompt's lines instead of
            # its own below the buttons (a shorter panel); where the table put West's and
            # East's names low, the panel may go above them, as wide as the room between
            # their hands. Else the buttons stay in their rows, whole, over the names.
            # Chosen once for the buttons and the room: a new prompt (a held bid, a hint)
            # never moves a button.
            low = self.scene.table.low_side_names
            # Above the names, the room between the board and the names may be too short
            # for a long prompt (800x600, Extra large, South dealing after three bids: "Est
            # a misé 8. Comme donneur, …" on three lines): it says less, its first whole
            # sentences on two lines or one (issue 38), rather than the panel covering
            # West's and East's names and bids and a score.
            arrangements = [(0, folds, False, 0) for folds in (1, HEADINGS, 2, 3)]
            arrangements += [(lines, HEADINGS, False, 0) for lines in (3, 2)]
            if low:
                arrangements += [
                    (lines, 1, True, most) for most in (0, 2, 1) for lines in (3, 2, 1)
                ]
            for lines, folds, above, most in arrangements:
                self._set_message_lines(lines)
                self._fold(folds)
                self._wide = above  # above the names: as wide as between the hands
                self._set_prompt_lines(most)
                self._set_tight(above)
                centred = self._geometry()
                if above:
                    place = self._place_above_names(centred)
                elif self._controls_width() <= self._area.width():
                    place = self._clear_place(centred)
                else:
                    place = None
                if place is not None:
                    break
            else:
                self._set_message_lines(0)
                self._fold(1)
                self._wide = False
                self._set_prompt_lines(0)
                self._set_tight(False)
                centred = place = self._geometry()
            self._shift = (place.x() - centred.x(), place.y() - centred.y())
            self._folded_for = room
            self.setGeometry(place)
        self.raise_()

    def _clear_place(self, place: QRect) -> QRect | None:
        """`place`, or `place` moved right as far as the room between West's and East's
        hands allows (the board is in the top-left corner), or either a little lower, where
        it covers no name plate, no bid bubble and not the board; None if none does."""
        table = self.scene.table
        board = table.info_panel
        moved = QRect(place)
        moved.moveLeft(max(place.x(), round(board.right + table.width * 0.01)))
        moved.moveLeft(min(moved.x(), self._reach.right() - place.width()))
        # A little lower, into the room kept for a lifted card of South's (none is lifted
        # while a bidding grid shows), never nearer South's hand than the table's gap.
        down = max(0, round(table.lift))
        for candidate in (place, moved, place.translated(0, down), moved.translated(0, down)):
            if self._clear_of_names(candidate):
                return candidate
        return None

    def _covers_trick(self, place: QRect) -> bool:
        """True if `place` covers a spot of the trick a card may lie on now: West's,
        North's and East's always; South's unless it is South's turn (it is empty then).
        Spots, not the cards lying there, so the panel keeps its place as cards come."""
        table = self.scene.table
        mine = self._mode.startswith("me:")
        for seat, rect in trick_card_rects(table).items():
            if seat == "S" and mine:
                continue
            box = QRect(round(rect.x), round(rect.y), round(rect.width), round(rect.height))
            if place.intersects(box):
                return True
        return False

    def _between_names(self) -> int:
        """The width between West's and East's names and bids beside the room above
        South's hand, centred on the table, and between their hands."""
        table = self.scene.table
        top = table.hand_centres["S"][1] - table.card_height / 2 - table.lift
        centre = table.width / 2
        half = self._reach.width() / 2
        for seat in ("W", "E"):
            for rect in (table.name_labels[seat], table.bid_bubbles[seat]):
                if rect.y < top:  # beside the panel's room (a bid below it is not)
                    half = min(half, rect.x - centre if seat == "E" else centre - rect.right)
        return max(1, int(2 * (half - 4)))

    def _lowest(self, place: QRect) -> QRect:
        """`place` moved down as far as South's hand allows, its lifted card clear."""
        table = self.scene.table
        south_top = table.hand_centres["S"][1] - table.card_height / 2
        moved = QRect(place)
        moved.moveBottom(max(place.bottom(), int(south_top - table.lift) - 1))
        return moved

    def _set_prompt_lines(self, lines: int) -> None:
        if lines != self._prompt_lines:
            self._prompt_lines = lines
            self._fit_prompt()

    def _set_tight(self, tight: bool) -> None:
        """Above the names, the panel's edges above and below its lines are 1 px, not 3."""
        edge = 1 if tight else 3
        box = self._box()
        if box.contentsMargins().top() != edge:
            box.setContentsMargins(6, edge, 6, edge)

    def _set_message_lines(self, lines: int) -> None:
        if lines != self._message_lines:
            self._message_lines = lines
            self._update_message_places()

    def _place_above_names(self, place: QRect) -> QRect | None:
        """`place` raised to end just above West's and East's names, centred between their
        hands; None if it would cover the board, a name or a bid, or leave the table."""
        table = self.scene.table
        names_top = min(table.name_labels[seat].y for seat in ("W", "E"))
        moved = QRect(place)
        moved.moveBottom(int(names_top - 2))
        moved.moveLeft(self._reach.x() + (self._reach.width() - moved.width()) // 2)
        inside = moved.left() >= self._reach.left() and moved.right() <= self._reach.right()
        if moved.top() < 0 or not inside or not self._clear_of_names(moved):
            return None
        return moved

    def _clear_of_names(self, place: QRect) -> bool:
        """True if `place` (view coordinates, which are the scene's) covers no name plate,
        no bid bubble and not the board."""
        table = self.scene.table
        rects = (*table.name_labels.values(), *table.bid_bubbles.values(), table.info_panel)
        for rect in rects:
            box = QRect(round(rect.x), round(rect.y), round(rect.width), round(rect.height))
            if place.intersects(box):
                return False
        return True

    def _geometry(self) -> QRect:
        """The panel's place for its controls as they are laid out now."""
        area = self._area
        if self.buttons.isHidden():
            width = self._between_names() if self._wide else area.width()
        else:
            # From the controls alone, never from a message, so a hint cannot widen it.
            controls = self._controls_width()
            # Folded, only as wide as its buttons: so it fits beside the board and names.
            least = controls if self._folds != 1 else max(controls, self._px * 26)
            width = min(area.width(), least)
            if controls > area.width():  # rather over West's and East's names than cut off
                width = min(controls, max(area.width(), self._reach.width()))
            if self._wide:  # its prompt on fewer lines, so the panel is as low as can be
                width = max(width, self._reach.width())
        self._panel_width = width
        self._fit_prompt()  # at this width
        self.prompt.setMaximumWidth(self._text_width())
        self.notice.setMaximumWidth(self._text_width())
        self.notice.setFixedHeight(self._notice_height())
        mine = self._mode.startswith("me:")
        keeps_lines = mine and self.buttons.isHidden()
        lines = 0
        if keeps_lines or self._message_lines > 0:
            lines = self._notice_height()
        elif self._folds != 1 and not self.buttons.isHidden():
            # Folded, the panel is narrow and its prompt may take one line or two ("Changed
            # your mind?" after a bid): two are kept, so the buttons never shift.
            margins = self.prompt.contentsMargins()
            spacing = self.prompt.fontMetrics().lineSpacing()
            lines = 2 * spacing + margins.top() + margins.bottom()
        self.prompt.setMinimumHeight(lines)
        self._box().activate()
        self._fit_notice_text()  # in the label's room as laid out
        height = self.heightForWidth(width) if self.hasHeightForWidth() else 0
        if not (self._wide and self.buttons.isHidden()) or height <= 0:
            # (A wrapped prompt's size hint is for the width it had: not for this one.)
            height = max(height, self.sizeHint().height())
        return QRect(area.x() + (area.width() - width) // 2, area.bottom() - height, width, height)

    def button(self, intent: str) -> QPushButton | None:
        """The button for an intent ("bid:8NT", "bid:pass", "trump:H", "redeal:yes")."""
        for button in self.buttons.findChildren(QPushButton):
            if button.property("intent") == intent:
                return button
        return None

    def shown_intents(self) -> list[str]:
        """The choices offered now: the live buttons (a bid not allowed keeps its place asleep)."""
        return [
            str(b.property("intent"))
            for b in self.buttons.findChildren(QPushButton)
            if b.isEnabled()
        ]
