"""The table's card items: made once, reused (a card that leaves the table is hidden and
becomes spare, so no item is ever freed under a running animation), and their bitmaps
rendered ahead in idle moments.

A part of `TableScene` (it is mixed in), kept in its own module so the scene stays readable.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QTimer

from kaiser_desktop.rules import Card, Seat, Team, make_pack
from kaiser_desktop.ui.cards.card_item import CardItem, card_pixmap
from kaiser_desktop.ui.cards.layout import CardSpot
from kaiser_desktop.ui.table_places import ME, OTHERS, Z_FLYING

if TYPE_CHECKING:
    from kaiser_desktop.ui.table_scene import TableScene

# Pre-rendering card bitmaps in idle moments: at most _WARM_BUDGET_S per timer tick.
# Small slices, far apart: a slice that lands beside a deal or a card's paint adds to that
# moment's stall (4 ms every 5 ms made the first deal's longest moment 4-6 ms longer).
WARM_TICK_MS = 12
DEALER_PILE = 4  # cards drawn in the dealer's pile while the deal goes round
SET_OFF_AFTER_MS = 25  # the dealt cards wait this long at the dealer before the first flies
_WARM_BUDGET_S = 0.002


def pile_start(delays: dict[CardItem, int]) -> int:
    """The wait from which a dealt card shows in the dealer's pile (those before are hidden)."""
    return sorted(delays.values())[-DEALER_PILE:][0] if delays else 0


class CardSupply:
    def _device_scale(self: TableScene) -> float:
        views = self.views()
        if not views:
            return 1.0
        view = views[0]
        return view.devicePixelRatioF() * view.transform().m11()

    def _warm_cache(self: TableScene) -> None:
        """Queue the bitmaps this deal can show at the current size and style.

        The faces of every card upright (South's hand, the trick) and half turned (North's
        card turning over on its way in), backs in every quarter turn, South's cards dimmed.
        Cards already cached cost a dictionary look-up.
        """
        t = self.table
        pack = [card.text for card in make_pack(with_sevens=self.controller.rules.kitty)]
        south = [card.text for card in self.south_order()]
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

    def _warm_some(self: TableScene) -> None:
        if not self._warm_queue or not self.views():
            self._warm_timer.stop()
            return
        scale = self._device_scale()
        style = self.card_style
        started = time.perf_counter()
        while self._warm_queue and time.perf_counter() - started < _WARM_BUDGET_S:
            card, width, quarter, dimmed = self._warm_queue.pop(0)
            card_pixmap(
                card,
                width,
                round(scale, 2),
                four_colour=bool(style["four_colour"]),
                jumbo=bool(style["jumbo"]),
                back_style=str(style["back_style"]),
                dimmed=dimmed,
                quarter=quarter,
            )

    def _make_spares(self: TableScene, count: int) -> None:
        """Make a whole pack's items before the window shows: made during the first deal,
        32 items and their animations took ~40 ms of the GUI thread while cards flew."""
        made = [self._card_item("AS", self.table.card_width) for _ in range(count)]
        for item in made:
            self._set_aside(item)

    def _card_item(self: TableScene, text: str, width: float) -> CardItem:
        """A face-down card in the table's current style: a spare item when one is still."""
        item = next((it for it in self._spare if not it.is_animating()), None)
        if item is None:
            item = CardItem(text, face_up=False, width=width)
            self.addItem(item)
            item.clicked.connect(self._on_card_item_clicked)
            self._made.append(item)
        else:
            self._spare.remove(item)
            item.reuse(text)
            item.set_card_size(width)
        item.set_style(
            four_colour=bool(self.card_style["four_colour"]),
            jumbo=bool(self.card_style["jumbo"]),
            back_style=str(self.card_style["back_style"]),
        )
        return item

    def _new_card(self: TableScene, card: Card | None, spot: CardSpot, width: float) -> CardItem:
        item = self._card_item(card.text if card else "AS", width)
        item.setPos(spot.x, spot.y)
        item.setRotation(spot.rotation)
        return item

    def _set_aside(self: TableScene, item: CardItem) -> None:
        """A card leaves the table now: hidden, and spare for a later card."""
        item.stop_all()
        item.setVisible(False)
        self._spare.append(item)

    def _remove_after(self: TableScene, item: CardItem, spot: CardSpot, ms: int) -> None:
        """Send a card off to `spot`, face down; it hides when it gets there, then is spare."""
        self._spare.append(item)
        item.animate_to(QPointF(spot.x, spot.y), spot.rotation, False, ms, Z_FLYING)
        item.hide_when_still()

    def _clear_cards(self: TableScene) -> None:
        # Cards still on their way out stop where they are, hidden, with the rest.
        self._clearings += 1
        self._spare.extend(self._all_cards())
        for item in self._spare:
            item.stop_all()
            item.setVisible(False)
        self.south.clear()
        for seat in OTHERS:
            self.backs[seat].clear()
        self.trick.clear()
        for team in Team:
            self.piles[team].clear()
        self.kitty.clear()
        self.selected.clear()
        self.focus = None
        self._hold_south = False

    # --- a new deal -----------------------------------------------------------------------

    def _deal_delays(
        self: TableScene, dealer: Seat, deal_ms: int
    ) -> tuple[int, dict[CardItem, int]]:
        """A deal as at the table: one card at a time, clockwise from the dealer's left.

        Returns each card's flight time and its wait at the dealer. Besides being easy to
        follow, it spreads the starting of 32 animations over many frames.
        """
        hands: dict[Seat, list[CardItem]] = {ME: [self.south[c] for c in self.south_order()]}
        hands.update({seat: list(self.backs[seat]) for seat in OTHERS})
        order: list[CardItem] = []
        seats = [dealer.left]
        while len(seats) < 4:
            seats.append(seats[-1].left)
        for round_number in range(max(len(cards) for cards in hands.values())):
            order += [hands[s][round_number] for s in seats if round_number < len(hands[s])]
        order += self.kitty
        flight = deal_ms * 2 // 5
        spacing = (deal_ms - flight) / max(1, len(order) - 1)
        return flight, {item: round(k * spacing) for k, item in enumerate(order)}

    def _set_off_soon(self: TableScene, ms: int, delays: dict[CardItem, int]) -> None:
        """The dealt cards wait at the dealer now (the pile in sight, the rest hidden) and
        set off in an event of their own, SET_OFF_AFTER_MS later: setting 32 cards moving
        took ~4 ms, and with the deal's other work and its first paint it was a game's
        longest moment.
        """
        pile_from = pile_start(delays)
        for item, wait in delays.items():
            item.setVisible(not 0 < wait < pile_from)  # as animate_to will keep it
        clearings = self._clearings

        def set_off() -> None:
            if self._clearings == clearings:  # the table was not cleared meanwhile
                self._place_all(ms, delays)

        # A real timer, not 0 ms: Qt runs a 0 ms single shot with the deal's first paint, in
        # one stretch; a few ms later, the table answers a click or a key in between.
        QTimer.singleShot(SET_OFF_AFTER_MS, self, set_off)
