"""The table as a screen reader meets it: real widgets that mirror the scene, and spoken
announcements of each move.

The scene's items are invisible to accessibility bridges (AT-SPI, UI Automation,
VoiceOver), so this layer lays transparent widgets over the table: one button per card in
the person's hand (named "Ace of spades, playable"), a label for each card in the trick, for
whose turn it is, for each player's place and bid, for each line of the board (trump,
contract, dealer, score) and for the latest event. They paint nothing and let every mouse
event through, so the picture and the pointer are exactly as without them.

Keyboard focus follows the table's own card focus (← → in the hand): when the table has
the focus and a card is chosen, that card's button takes the focus, so the screen reader
speaks its name; its keys go on to the table, so Enter plays the card as before. Each
move is also announced (Qt's announcement event, spoken by Orca, Narrator or VoiceOver).

The layer is given what it reads (the view it lies over, the scene, the controller, the
action panel's prompt and the hand's summary); it knows nothing of the table view's class.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QKeyEvent,
    QPaintEvent,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsView,
    QLabel,
    QPushButton,
    QWidget,
)

from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import Bid, Card, Phase, Play, Seat, Suit, Team, Trick
from kaiser_desktop.ui import access_words as words
from kaiser_desktop.ui.summary_panel import SummaryPanel
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.table_scene import TableScene
from kaiser_desktop.ui.wording import team_name, trump_text

MAX_HAND = 10  # the kitty's declarer holds ten cards for a moment
BOARD_LINES = 8
SETTLE_MS = 400  # while cards move, place the widgets again where they come to rest


def _quiet(widget: QWidget) -> None:
    """Draw nothing and let the mouse through: the picture stays the scene's own."""
    widget.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
    widget.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
    widget.setAutoFillBackground(False)


class QuietLabel(QLabel):
    def __init__(self, parent: QWidget, name: str) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        _quiet(self)

    def paintEvent(self, event: QPaintEvent) -> None:
        pass

    def say(self, text: str) -> None:
        if self.text() != text:
            self.setText(text)
        self.setVisible(bool(text))


class CardButton(QPushButton):
    """One card of the person's hand, for the screen reader and the keyboard."""

    def __init__(self, parent: QWidget, layer: TableAccess) -> None:
        super().__init__(parent)
        self.setObjectName("access_card")
        self.layer = layer
        self.shown: Card | None = None
        self.named: tuple[Card, str, int] | None = None  # what its name says, in which language
        _quiet(self)
        # Focusable (so it may be announced as focused) but never reached by Tab: Tab
        # still goes between the table and the panel's buttons, as it always has.
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.clicked.connect(self._press)  # the screen reader's "press" action

    def paintEvent(self, event: QPaintEvent) -> None:
        pass

    def _press(self) -> None:
        if self.shown is not None:
            self.layer.scene.activate(self.shown)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # The table's keys, unchanged: ← → Enter Space Backspace.
        self.layer.view.keyPressEvent(event)
        self.layer.sync_focus()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        event.ignore()  # a released Space must not "click" a second time

    def focusNextPrevChild(self, next: bool) -> bool:
        # Tab from a card goes where Tab from the table goes.
        view = self.layer.view
        view.setFocus(Qt.FocusReason.TabFocusReason)
        return bool(view.focusNextPrevChild(next))


class TableAccess(QWidget):
    """The accessible layer over the table view's viewport.

    `view` is the table's view (its keys, focus and viewport), `scene` what it shows,
    `prompt` says what the action panel asks now, `summary` is the hand's summary panel.
    """

    def __init__(
        self,
        view: QGraphicsView,
        scene: TableScene,
        controller: TableControl,
        prompt: Callable[[], str],
        summary: SummaryPanel,
    ) -> None:
        super().__init__(view.viewport())
        self.setObjectName("access_layer")
        self.view = view
        self.scene = scene
        self.controller = controller
        self._prompt = prompt
        self._summary = summary
        _quiet(self)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.turn = QuietLabel(self, "access_turn")
        self.trick = QuietLabel(self, "access_trick")
        self.trick_cards = [QuietLabel(self, "access_trick_card") for _ in range(4)]
        self.hand = QWidget(self)
        self.hand.setObjectName("access_hand")
        _quiet(self.hand)
        self.cards = [CardButton(self.hand, self) for _ in range(MAX_HAND)]
        self._name_parts()
        self.seats = {seat: QuietLabel(self, "access_seat") for seat in Seat}
        self.board = [QuietLabel(self, "access_board") for _ in range(BOARD_LINES)]
        self.piles = {team: QuietLabel(self, "access_pile") for team in Team}
        self.latest = QuietLabel(self, "access_latest")
        self._language = 0  # counts language changes: names made before are stale
        self._trick_key: object = None  # what the trick's labels last said
        self.spoken: list[str] = []  # every announcement, for tests (the last 50)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.refresh)
        # Several signals come with each move: one refresh for all, once they are handled.
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.refresh)
        self._connect()
        view.installEventFilter(self)
        self.lower()  # beneath the panels, which are real widgets of their own
        self.refresh()

    def _connect(self) -> None:
        c = self.controller
        # Connected after the scene and the panels: they have redrawn when these run.
        for signal in (
            c.game_started, c.dealt, c.turn_changed, c.card_passed, c.cards_exchanged,
            c.contract_won, c.discarded, c.trick_won, c.state_changed, c.restored,
            c.waiting_for_click,
        ):  # fmt: skip
            signal.connect(self._on_change)
        self.scene.layout_changed.connect(self._on_change)
        self.scene.selection_changed.connect(self._on_change)
        c.bid_made.connect(self._on_bid)
        c.trump_named.connect(self._on_trump)
        c.card_played.connect(self._on_card_played)
        c.trick_complete.connect(self._on_trick_complete)
        c.turn_changed.connect(self._on_turn)
        c.waiting_for_click.connect(self._on_waiting_for_click)
        c.hand_scored.connect(self._on_hand_scored)  # bound methods only: none outlives us
        c.error.connect(self.announce)
        c.info.connect(self.announce)
        self.scene.notice.connect(self.announce)

    # --- keeping up with the table ----------------------------------------------------

    def _name_parts(self) -> None:
        self.setAccessibleName(words.layer_name())
        self.hand.setAccessibleName(words.hand_title())
        # What the screen reader says as Tab reaches the table.
        self.view.setAccessibleName(words.table_name())
        self.view.setAccessibleDescription(words.table_help())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:  # a new language: every name again
            self._language += 1
            self._trick_key = None
            self._name_parts()
            self.refresh()

    def _on_change(self, *args: object) -> None:
        self._soon.start()
        self._settle.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.view and kind == QEvent.Type.FocusIn:
            QTimer.singleShot(0, self.sync_focus)
        elif watched is self.view and kind == QEvent.Type.KeyPress:
            QTimer.singleShot(0, self.sync_focus)  # after the table has moved its focus
        return False

    def refresh(self) -> None:
        """Read the scene again: every name and place."""
        self.setGeometry(QRect(0, 0, self.view.viewport().width(), self.view.viewport().height()))
        self.hand.setGeometry(self.rect())
        self._release_stale_focus()
        self._refresh_hand()
        self._refresh_trick()
        self._refresh_seats()
        self._refresh_board()
        self.sync_focus()
        moving = [*self.scene.south.values(), *(item for _, item in self.scene.trick)]
        if any(item.is_animating() for item in moving):
            self._settle.start()  # look again where they come to rest

    def _place(self, widget: QWidget, rect: QRect) -> None:
        if widget.geometry() != rect:
            widget.setGeometry(rect)

    def _scene_rect(self, item: QGraphicsItem) -> QRect:
        return self.view.mapFromScene(item.sceneBoundingRect()).boundingRect()

    def _card_state(self, card: Card, phase: Phase) -> str:
        scene = self.scene
        playable = scene.south[card].is_playable()
        if phase is Phase.PASSING:
            return words.PASSABLE if playable else words.NOT_NOW
        if phase is Phase.DISCARD:
            if card in scene.selected:
                return words.CHOSEN
            return words.DISCARDABLE if playable else words.NOT_NOW
        return words.PLAYABLE if playable else words.NOT_NOW

    def _refresh_hand(self) -> None:
        order = self.scene.south_order()
        phase = self.controller.view().phase
        for index, button in enumerate(self.cards):
            if index >= len(order):
                button.shown = None
                button.hide()
                continue
            card = order[index]
            state = self._card_state(card, phase)
            button.shown = card
            if button.named != (card, state, self._language):
                button.named = (card, state, self._language)
                button.setAccessibleName(words.hand_card_name(card, state))
                button.setAccessibleDescription(words.hand_card_help(state))
            self._place(button, self._scene_rect(self.scene.south[card]))
            button.show()

    def _refresh_trick(self) -> None:
        for label, (_seat, item) in zip(self.trick_cards, self.scene.trick, strict=False):
            self._place(label, self._scene_rect(item))
        key = (
            tuple((seat, item.card) for seat, item in self.scene.trick),
            id(self.controller.seating), self._language,
        )  # fmt: skip
        if key != self._trick_key:  # the words only when the trick or the names change
            self._trick_key = key
            played: list[tuple[str, Card, bool]] = []
            for label, (seat, item) in zip(self.trick_cards, self.scene.trick, strict=False):
                card = Card.from_text(item.card)
                player, me = self._name(seat), self._is_me(seat)
                played.append((player, card, me))
                label.say(words.trick_card_text(card, player, me))
            for label in self.trick_cards[len(self.scene.trick) :]:
                label.say("")
            self.trick.say(words.trick_text(played))
        area = self.scene.table.trick_area
        centre = QRect(round(area.x), round(area.y), round(area.width), round(area.height))
        self._place(self.trick, centre)
        turn = self.scene._turn
        name = self.controller.seating.name(turn) if turn is not None else None
        self.turn.say(words.turn_text(name, turn == ME and self.controller.seating.is_human(ME)))
        self._place(self.turn, centre.adjusted(0, 0, 0, -centre.height() // 2))

    def _refresh_seats(self) -> None:
        for seat, label in self.seats.items():
            plate = self.scene.plates[seat]
            bubble = self.scene.bubbles[seat]
            said = bubble.text if bubble.isVisible() else ""
            label.say(words.seat_text(plate.text, plate.dealer, plate.turn, said))
            self._place(label, self._scene_rect(plate))
        for team, label in self.piles.items():
            count = self.scene.pile_counts[team]
            text = count.text if count.isVisible() else ""
            team_words = team_name(team, self.controller.seating)
            label.say(words.pile_text(team_words, text) if text else "")
            self._place(label, self._scene_rect(count))

    def _refresh_board(self) -> None:
        info = self.scene.info
        lines = info.lines[:BOARD_LINES]
        rect = self._scene_rect(info)
        step = max(1, rect.height() // max(1, len(lines)))
        for index, label in enumerate(self.board):
            if index < len(lines):
                name, value, _red = lines[index]
                label.say(words.board_line(name, value))
                self._place(label, QRect(rect.x(), rect.y() + index * step, rect.width(), step))
            else:
                label.say("")

    # --- focus ------------------------------------------------------------------------

    def _button_for(self, card: Card | None) -> CardButton | None:
        if card is None:
            return None
        return next((b for b in self.cards if b.shown == card and b.isVisible()), None)

    def _release_stale_focus(self) -> None:
        # A card button about to show another card, or to hide, hands the focus back to
        # the table first: Qt would otherwise pass it on to whatever comes next (a bid
        # button, where a stray Enter would bid).
        focused = QApplication.focusWidget()
        if isinstance(focused, CardButton) and focused in self.cards:
            focus = self.scene.focus
            if focus is None or focused.shown != focus or focus not in self.scene.south:
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def sync_focus(self) -> None:
        """The focused card's button has the keyboard focus while the table has it."""
        focused = QApplication.focusWidget()
        if focused is not self.view and focused not in self.cards:
            return  # the person is elsewhere (a bid button, a menu, a dialog)
        target = self._button_for(self.scene.focus)
        if target is None:
            if focused is not self.view:
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif focused is not target:
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    # --- announcements ----------------------------------------------------------------

    def announce(self, text: str) -> None:
        """Say one thing now (the screen reader speaks it) and keep it as the latest."""
        text = " ".join(text.split())
        if not text:
            return
        self.latest.say(words.board_line(words.latest_label(), text))
        self._place(self.latest, self.turn.geometry().translated(0, self.turn.height()))
        self.spoken.append(text)
        del self.spoken[:-50]
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.view, text))

    def _name(self, seat: Seat) -> str:
        return self.controller.seating.name(seat)

    def _is_me(self, seat: Seat) -> bool:
        return seat == ME and self.controller.seating.is_human(ME)

    def _on_bid(self, seat: Seat, bid: Bid) -> None:
        self._on_change()
        self.announce(words.bid_text(self._name(seat), bid.label, bid.is_pass, self._is_me(seat)))

    def _on_trump(self, seat: Seat, suit: Suit | None) -> None:
        self._on_change()
        self.announce(words.trump_named_text(self._name(seat), trump_text(suit), self._is_me(seat)))

    def _on_card_played(self, seat: Seat, card: Card) -> None:
        self._on_change()
        self.announce(words.played_text(self._name(seat), card, self._is_me(seat)))

    def _on_trick_complete(self, winner: Seat, trick: Trick) -> None:
        self._on_change()
        self.announce(words.trick_won_text(self._name(winner), self._is_me(winner)))

    def _on_turn(self, seat: Seat, phase: Phase) -> None:
        if not self._is_me(seat):
            return
        # The panel has already put what to do into words ("Your turn: you must follow
        # hearts."); say that, as a sighted player reads it.
        QTimer.singleShot(0, self._announce_prompt)

    def _on_waiting_for_click(self, waiting: bool) -> None:
        if waiting:  # "Sam wins the trick. Click the table or press Enter to go on."
            QTimer.singleShot(0, self._announce_panel)

    def _announce_panel(self) -> None:
        self.announce(self._prompt())

    def _on_hand_scored(self, result: object) -> None:
        QTimer.singleShot(0, self._announce_summary)  # once the summary is up

    def _announce_prompt(self) -> None:
        if self.controller.waiting_for_human() != ME:
            return
        prompt = self._prompt()
        legal = self.controller.view(ME).legal
        if prompt:
            self.announce(prompt)
        elif any(isinstance(a, Play) for a in legal):
            self.announce(words.turn_text(None, True))

    def _announce_summary(self) -> None:
        summary = self._summary
        if not summary.isVisible():
            return
        parts = [summary.title.text()]
        body = summary.body.text()
        if body:
            document = QTextDocument()
            document.setHtml(body)
            parts.append(document.toPlainText())
        self.announce(" ".join(parts))
