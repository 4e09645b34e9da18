"""The first jack deals: cards dealt face up on the table, one at a time, until a jack.

Under `first_dealer: first_jack` the controller emits `first_dealer_drawn` before the first
deal and waits (app/first_jack.py says how long). This shows each card flying face up to
the seat that gets it, stacked a little where several land, and then says who deals. It
borrows spare card items from the table's CardSupply and gives them back when the real deal
begins.

It is given the controller (whose signals start and end it), the table's layout of the
moment, the card supply, the bubbles to name the dealer in, and `board_changed`, called when
the board should say again who deals.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QTimer

from kaiser_desktop.app.first_jack import CARD_MS
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import Card, FirstDealerDraw, Seat
from kaiser_desktop.ui.card_supply import CardSupply
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.cards.layout import CardSpot, TableLayout
from kaiser_desktop.ui.table_items import BidBubble

_Z = 350.0  # above the trick, below a card in flight
_STACK_STEP = 0.12  # of a card's width, between cards that land on the same seat


class FirstJackShow(QObject):
    def __init__(
        self,
        controller: TableControl,
        table: Callable[[], TableLayout],
        cards: CardSupply,
        bubbles: dict[Seat, BidBubble],
        board_changed: Callable[[], None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self._table = table
        self._cards = cards
        self._bubbles = bubbles
        self._board_changed = board_changed
        self.items: list[CardItem] = []
        self._queue: list[tuple[Seat, Card]] = []
        self._dealer: Seat | None = None
        self._per_seat: dict[Seat, int] = {}
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._next_card)
        controller.first_dealer_drawn.connect(self.show)
        controller.game_started.connect(self.clear)
        controller.dealt.connect(lambda number, dealer: self.clear())

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def show(self, draw: FirstDealerDraw) -> None:
        self.clear()
        self._queue = list(draw.shown)
        self._dealer = draw.dealer
        self._timer.start(max(1, self.controller.pace.ms(CARD_MS)))
        self._board_changed()  # the dealer is not named before the jack shows
        self._next_card()

    def _next_card(self) -> None:
        if not self._queue:
            self._timer.stop()
            self._announce()
            return
        seat, card = self._queue.pop(0)
        table = self._table()
        width = table.card_width
        spot = table.trick_spots[seat.name]
        count = self._per_seat.get(seat, 0)
        self._per_seat[seat] = count + 1
        area = table.trick_area
        centre = CardSpot(area.x + area.width / 2, area.y + area.height / 2, 0.0)
        start = self._cards.new_card(None, centre, width)
        start.reuse(card.text)
        start.set_face_up(False)
        start.setVisible(True)
        start.setZValue(_Z + len(self.items))
        offset = count * _STACK_STEP * width
        target = QPointF(spot.x + offset, spot.y + offset)
        ms = self.controller.pace.ms(CARD_MS) // 2
        start.animate_to(target, spot.rotation, True, ms, _Z + len(self.items))
        self.items.append(start)
        if not self._queue:
            self._timer.stop()
            self._announce()

    def _announce(self) -> None:
        if self._dealer is None:
            return
        # In the dealer's bubble: short, so it reads large.
        self._bubbles[self._dealer].say(self.words, strong=True)
        self._board_changed()

    def words(self) -> str:
        return self.tr("Jack! Deals first")

    def clear(self) -> None:
        """The deal begins (or a new game): the face-up cards leave the table."""
        self._timer.stop()
        self._queue = []
        self._per_seat = {}
        for item in self.items:
            self._cards.set_aside(item)
        self.items = []
        if self._dealer is not None:
            self._bubbles[self._dealer].show_text("")
            self._dealer = None
