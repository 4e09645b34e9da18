"""The view that shows the table: one scene unit is one pixel, so a resize re-lays out
the table instead of scaling it (text stays sharp, cards stay readable)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QPushButton, QWidget

from kaiser_desktop.app.table_control import GameMenus, TableControl
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.action_panel import ActionPanel
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.cards.card_pictures import CardPictures
from kaiser_desktop.ui.cards.layout import Rect, hand_card_rects
from kaiser_desktop.ui.claim_panel import ClaimPanel
from kaiser_desktop.ui.summary_panel import SummaryPanel
from kaiser_desktop.ui.table_access import TableAccess
from kaiser_desktop.ui.table_scene import TableScene


class TableView(QGraphicsView):
    def __init__(
        self,
        controller: TableControl,
        parent: QWidget | None = None,
        *,
        menus: GameMenus | None = None,
        pictures: CardPictures | None = None,
    ) -> None:
        self.table_scene = TableScene(
            controller, pictures if pictures is not None else CardPictures()
        )
        super().__init__(self.table_scene, parent)
        self.controller = controller
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        # Cards move every frame during play; repainting what changed is cheapest.
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # Every item sets the pen, brush and hints it uses, and draws inside its bounding
        # rectangle, so Qt need not save the painter around each one nor widen the
        # repainted areas for antialiasing.
        self.setOptimizationFlags(
            QGraphicsView.OptimizationFlag.DontSavePainterState
            | QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing
        )
        self.setBackgroundBrush(theme.FELT)
        self.setMinimumSize(640, 480)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.action_panel = ActionPanel(controller, self.table_scene, self.viewport())
        self.summary = SummaryPanel(controller, self.viewport(), menus)
        self.claim_panel = ClaimPanel(controller, self.viewport(), self.action_panel)
        self.claim_panel.avoid = self._trick_cards
        self.claim_panel.hand = self._south_cards
        self.claim_panel.make_room = self.table_scene.lower_south
        self.claim_panel.names = self._names_shown
        self.last_trick_button = QPushButton(self.viewport())
        self._retranslate_button()
        self.last_trick_button.setCursor(Qt.CursorShape.PointingHandCursor)
        # Ctrl+L opens it; Tab moves only between the hand and the choices in the panel.
        self.last_trick_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A relayout (a resize, or jumbo cards switched on) moves the floating panels too.
        self.table_scene.layout_changed.connect(self._place_overlays)
        # The pointer's shape is the view's alone: no item ever sets a cursor (show_pointer).
        self.table_scene.hand.playable_changed.connect(self.show_pointer)
        # Last, after the panels: what a screen reader finds of the table (table_access.py).
        self.access = TableAccess(
            self,
            self.table_scene,
            controller,
            prompt=self.action_panel.full_prompt,
            summary=self.summary,
        )
        # A hint is said aloud as it is shown: pressing H must not only move the focus.
        self.action_panel.hint_shown.connect(self.access.announce)

    def _trick_cards(self) -> list[QRect]:
        """The cards of the trick on the table, where they are in the viewport."""
        return [
            self.mapFromScene(item.sceneBoundingRect()).boundingRect()
            for _, item in self.table_scene.trick
        ]

    def _names_shown(self) -> list[tuple[str, QRect]]:
        """The name plates and bid bubbles shown, each with its seat's letter, where they
        are in the viewport."""
        scene = self.table_scene
        t = scene.table
        places = []
        for seat in Seat:
            if scene.plates[seat].isVisible():
                places.append((seat.name, _qrect(t.name_labels[seat.name])))
            if scene.bubbles[seat].isVisible():
                places.append((seat.name, _qrect(t.bid_bubbles[seat.name])))
        return places

    def _south_cards(self) -> list[QRect]:
        """Where South's cards rest (not lowered for a claim), in the viewport."""
        t = self.table_scene.table
        return [_qrect(r) for r in hand_card_rects(t, "S", len(self.table_scene.south))]

    def _retranslate_button(self) -> None:
        self.last_trick_button.setText(self.tr("Last trick"))
        self.last_trick_button.setToolTip(self.tr("Look at the last trick again (Ctrl+L)"))

    def retranslate(self) -> None:
        """The table, its panels and its button, in the language just installed."""
        self._retranslate_button()
        self.table_scene.retranslate()
        self.action_panel.retranslate()
        self.summary.retranslate()
        self._place_overlays()  # longer words: the button and panels are sized again

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self.setSceneRect(0, 0, size.width(), size.height())
        self.table_scene.relayout(size.width(), size.height())

    def _place_overlays(self) -> None:
        size = self.viewport().size()
        t = self.table_scene.table
        # Never below the body text (issue 38: 16 px at Large, 20 at Extra large, in a
        # small window, where the body text is 19 and 22); as large as the layout made room
        # for (cards a smaller text size keeps large do not widen the panel).
        px = max(self.table_scene.body_px(), round(t.panel_px))
        self.action_panel.apply_scale(px)
        self.action_panel.place(_qrect(t.action_panel), _qrect(t.action_reach))
        self.claim_panel.apply_scale(px)
        self.claim_panel.place(self.action_panel.geometry())
        self.summary.apply_scale(px)
        self.summary.place(QRect(0, 0, size.width(), size.height()))
        self._place_last_trick_button(px)

    def restyle(self) -> None:
        """Repaint in the theme's current palette (the high-contrast setting changed)."""
        self._place_overlays()  # the panels' style sheets
        scene = self.table_scene
        pieces = [*scene.plates.values(), *scene.bubbles.values(), *scene.pile_counts.values()]
        for item in (*pieces, scene.info):
            item.update()  # each keeps a cached bitmap of itself: draw it again

    def _place_last_trick_button(self, px: int) -> None:
        t = self.table_scene.table
        button = self.last_trick_button
        # Never below the body text (issue 38: 3 px below the panel's, 16 px at Large).
        button.setStyleSheet(theme.panel_style(max(px, self.table_scene.body_px())))
        button.adjustSize()
        ew = t.won_stacks["EW"]
        # Below the opponents' pile (and its count, if that is under it) in the top-right
        # corner, clear of East's hand.
        x = round(t.width - t.margin - button.width())
        pile_bottom = max(ew.y + t.opponent_card_width / 2, t.pile_counts["EW"].bottom)
        y = round(pile_bottom + t.margin * 0.6)
        button.move(x, y)

    def show_pointer(self) -> None:
        """A pointing hand over a card that may be played, the arrow elsewhere.

        The view owns the pointer's shape; the card items never call setCursor/unsetCursor.
        Qt 6.11's QGraphicsItem.unsetCursor, on an item under a pointer resting in a view
        that has had no mouse move yet, reads the view's stored last mouse event, which is
        empty then, and crashes: a resumed game replays its moves under the pointer where
        the player last clicked, before any mouse move (issue 34)."""
        spot = self.viewport().mapFromGlobal(QCursor.pos())
        if self.viewport().rect().contains(spot):
            self._point_at(spot)

    def _point_at(self, spot: QPoint) -> None:
        item = self.itemAt(spot)
        playable = isinstance(item, CardItem) and item.is_playable()
        shape = Qt.CursorShape.PointingHandCursor if playable else Qt.CursorShape.ArrowCursor
        if self.viewport().cursor().shape() != shape:
            self.viewport().setCursor(shape)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._point_at(event.position().toPoint())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        # A finished trick waiting for the player: a click anywhere on the table goes on.
        if self.controller.awaiting_click and event.button() == Qt.MouseButton.LeftButton:
            self.controller.go_on()
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        scene = self.table_scene
        c = self.controller
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and c.go_on():
            return
        if key == Qt.Key.Key_Backspace and c.take_back():
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            scene.move_focus(-1 if key == Qt.Key.Key_Left else 1)
            return
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
        if enter and scene.activate_focus():
            return
        super().keyPressEvent(event)


def _qrect(r: Rect) -> QRect:
    return QRect(round(r.x), round(r.y), round(r.width), round(r.height))
