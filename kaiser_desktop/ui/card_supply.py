"""The table's card items: made once, reused (a card that leaves the table is hidden and
becomes spare, so no item is ever freed under a running animation), and their bitmaps
rendered ahead in idle moments.

`CardSupply` is given the QGraphicsScene to put its items in, the card style of the moment
(a function, read whenever an item is made or a bitmap rendered), the window's card
pictures (handed on to each item) and says through
`card_clicked` which item was clicked; the table decides what a click means.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject, QPointF, QTimer, Signal
from PySide6.QtWidgets import QGraphicsScene

from kaiser_desktop.rules import Card, make_pack
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.cards.card_pictures import CardPictures
from kaiser_desktop.ui.cards.layout import CardSpot, TableLayout
from kaiser_desktop.ui.table_places import Z_FLYING

# Pre-rendering card bitmaps in idle moments: at most _WARM_BUDGET_S per timer tick.
# Small slices, far apart: a slice that lands beside a deal or a card's paint adds to that
# moment's stall (4 ms every 5 ms made the first deal's longest moment 4-6 ms longer).
WARM_TICK_MS = 12
_WARM_BUDGET_S = 0.002


class CardSupply(QObject):
    card_clicked = Signal(object, str)  # the CardItem, the card it shows

    def __init__(
        self,
        scene: QGraphicsScene,
        style: Callable[[], Mapping[str, object]],
        pictures: CardPictures,
    ) -> None:
        super().__init__(scene)
        self._scene = scene
        self._style = style
        self._pictures = pictures
        # Ownership: each card item is made once, kept in `made` and in the scene until
        # the scene itself goes, and reused; a card that leaves the table is hidden and
        # becomes spare, never deleted. So no timing of a new game, undo or resume can
        # free an item while Qt still runs its animation or signal.
        self.made: list[CardItem] = []
        self._spare: list[CardItem] = []  # hidden or on their way out; reused when still
        # Card bitmaps the table will need soon, rendered a few at a time while idle so an
        # animation never waits for the face painter: (card or None, width, quarter, dimmed).
        self._warm_queue: list[tuple[str | None, float, int, bool]] = []
        self._warm_timer = QTimer(self)
        self._warm_timer.setInterval(WARM_TICK_MS)
        self._warm_timer.timeout.connect(self._warm_some)

    def _device_scale(self) -> float:
        views = self._scene.views()
        if not views:
            return 1.0
        view = views[0]
        return view.devicePixelRatioF() * view.transform().m11()

    def warm(self, t: TableLayout, south_order: list[Card], with_sevens: bool) -> None:
        """Queue the bitmaps this deal can show at the current size and style.

        The faces of every card upright (South's hand, the trick) and half turned (North's
        card turning over on its way in), backs in every quarter turn, South's cards dimmed.
        Cards already cached cost a dictionary look-up.
        """
        pack = [card.text for card in make_pack(with_sevens=with_sevens)]
        south = [card.text for card in south_order]
        queue: list[tuple[str | None, float, int, bool]] = []
        queue += [(text, t.card_width, 0, False) for text in south]
        queue += [
            (None, w, q, False) for w in (t.opponent_card_width, t.card_width) for q in range(4)
        ]
        queue += [(text, t.card_width, 0, False) for text in pack if text not in south]
        queue += [(text, t.card_width, 0, True) for text in south]
        queue += [(text, t.card_width, 1, False) for text in pack if text not in south]
        queue += [(None, t.opponent_card_width, q, True) for q in range(4)]
        self._warm_queue = queue
        if not self._warm_timer.isActive():
            self._warm_timer.start()

    def _warm_some(self) -> None:
        if not self._warm_queue or not self._scene.views():
            self._warm_timer.stop()
            return
        scale = self._device_scale()
        style = self._style()
        started = time.perf_counter()
        while self._warm_queue and time.perf_counter() - started < _WARM_BUDGET_S:
            card, width, quarter, dimmed = self._warm_queue.pop(0)
            self._pictures.pixmap(
                card,
                width,
                round(scale, 2),
                four_colour=bool(style["four_colour"]),
                jumbo=bool(style["jumbo"]),
                back_style=str(style["back_style"]),
                dimmed=dimmed,
                quarter=quarter,
            )

    def make_spares(self, count: int, width: float) -> None:
        """Make a whole pack's items before the window shows: made during the first deal,
        32 items and their animations took ~40 ms of the GUI thread while cards flew."""
        made = [self._card_item("AS", width) for _ in range(count)]
        for item in made:
            self.set_aside(item)

    def _card_item(self, text: str, width: float) -> CardItem:
        """A face-down card in the table's current style: a spare item when one is still."""
        item = next((it for it in self._spare if not it.is_animating()), None)
        if item is None:
            item = CardItem(text, pictures=self._pictures, face_up=False, width=width)
            self._scene.addItem(item)
            item.clicked.connect(self._on_item_clicked)
            self.made.append(item)
        else:
            self._spare.remove(item)
            item.reuse(text)
            item.set_card_size(width)
        style = self._style()
        item.set_style(
            four_colour=bool(style["four_colour"]),
            jumbo=bool(style["jumbo"]),
            back_style=str(style["back_style"]),
        )
        return item

    def _on_item_clicked(self, text: str) -> None:
        self.card_clicked.emit(self.sender(), text)

    def new_card(self, card: Card | None, spot: CardSpot, width: float) -> CardItem:
        item = self._card_item(card.text if card else "AS", width)
        item.setPos(spot.x, spot.y)
        item.setRotation(spot.rotation)
        return item

    def set_aside(self, item: CardItem) -> None:
        """A card leaves the table now: hidden, and spare for a later card."""
        item.stop_all()
        item.setVisible(False)
        self._spare.append(item)

    def remove_after(self, item: CardItem, spot: CardSpot, ms: int) -> None:
        """Send a card off to `spot`, face down; it hides when it gets there, then is spare."""
        self._spare.append(item)
        item.animate_to(QPointF(spot.x, spot.y), spot.rotation, False, ms, Z_FLYING)
        item.hide_when_still()

    def set_all_aside(self, items: list[CardItem]) -> None:
        """The table is cleared: `items` (every card on it) and the cards still on their way
        out stop where they are, hidden, and are spare."""
        self._spare.extend(items)
        for item in self._spare:
            item.stop_all()
            item.setVisible(False)
