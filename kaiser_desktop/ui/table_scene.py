"""The card table: every card, name plate and bubble, moved in answer to the controller.

The scene holds no rules. Where each card sits is computed from a few lists (South's cards,
the other hands' face-down cards, the trick on the table, the two piles of won tricks) and
`compute_layout`; a resize recomputes positions only. Clicks on South's cards become intents
sent to the controller, which decides whether they are allowed.

Nothing moves under the pointer: once the person has played a card, the rest of their hand
keeps its places (a gap shows where the card was) for as long as the pointer is over the
hand; the hand closes up and centres again when the pointer is elsewhere after the trick
is swept, or at once when it leaves. A browser's tab strip does the same when a tab is
closed: the next target stays under the pointer, yet the row is tidy again afterwards.

The scene owns its parts, each given only what it needs: the card items and their bitmaps
(card_supply.py), the person's own cards, clicks and keys (south_hand.py), the board and the
bubbles' words (table_board.py) and the first jack's draw (first_jack_show.py).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetricsF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from kaiser_desktop.app.settings import TEXT_SIZES
from kaiser_desktop.app.table_control import TableControl
from kaiser_desktop.rules import (
    Bid,
    Card,
    Phase,
    Seat,
    Suit,
    Team,
    Trick,
    make_pack,
    sort_hand,
)
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.card_supply import CardSupply
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.cards.card_pictures import CardPictures
from kaiser_desktop.ui.cards.face_painter import BACK_STYLES
from kaiser_desktop.ui.cards.layout import (
    CardSpot,
    TableLayout,
    TableWords,
    compute_layout,
    hand_positions,
)
from kaiser_desktop.ui.first_jack_show import FirstJackShow
from kaiser_desktop.ui.south_hand import SouthHand
from kaiser_desktop.ui.table_board import TableBoard
from kaiser_desktop.ui.table_items import BidBubble, InfoPanel, NamePlate, PileCount, board_size
from kaiser_desktop.ui.table_places import ME, OTHERS, Z_HAND, Z_PILE, Z_TRICK
from kaiser_desktop.ui.text_size import BASE_PIXEL_SIZE, chrome_growth

DEALER_PILE = 4  # cards drawn in the dealer's pile while the deal goes round
SET_OFF_AFTER_MS = 25  # the dealt cards wait this long at the dealer before the first flies


def pile_start(delays: dict[CardItem, int]) -> int:
    """The wait from which a dealt card shows in the dealer's pile (those before are hidden)."""
    return sorted(delays.values())[-DEALER_PILE:][0] if delays else 0


class TableScene(QGraphicsScene):
    """Draws the game for the person at South and turns their clicks into intents."""

    notice = Signal(str)  # a refusal the scene itself can explain (discard choice)
    selection_changed = Signal()
    layout_changed = Signal()  # after relayout: the view re-places its floating panels

    def __init__(self, controller: TableControl, pictures: CardPictures) -> None:
        super().__init__()
        self.controller = controller
        self.seating = controller.seating
        # About 60 items, most of them moving at some point: a BSP index would be rebuilt
        # on every animation step, while a plain list is cheap to search at this size.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setBackgroundBrush(theme.FELT)
        self.felt = QColor(theme.FELT)
        self.card_style: dict[str, object] = {
            "four_colour": False,
            "jumbo": False,
            "back_style": "blue",
        }
        self.text_scale = 1.0  # the text size setting: larger plates, bubbles and panels
        self.table: TableLayout = compute_layout(1024, 700, self._hand_sizes())
        self.south: dict[Card, CardItem] = {}
        self.backs: dict[Seat, list[CardItem]] = {seat: [] for seat in OTHERS}
        self.trick: list[tuple[Seat, CardItem]] = []
        self.piles: dict[Team, list[CardItem]] = {Team.NS: [], Team.EW: []}
        self.kitty: list[CardItem] = []
        self.plates = {seat: NamePlate(self.seating.label(seat)) for seat in Seat}
        self.bubbles = {seat: BidBubble() for seat in Seat}
        # Longer words (the first jack's) widen a bubble towards the table: East's leftwards;
        # South's rightwards, where its hand is not dealt yet while the jack goes round.
        self.bubbles[Seat.E].grow_left = True
        self.info = InfoPanel()
        self.pile_counts = {team: PileCount() for team in Team}
        for item in (*self.plates.values(), *self.bubbles.values(), self.info):
            self.addItem(item)
        for count in self.pile_counts.values():
            self.addItem(count)
        self._turn: Seat | None = None
        # South's cards held where they were since the person played (see the module's
        # note): empty when the hand is laid out afresh, centred.
        self._south_spots: dict[Card, CardSpot] = {}
        self._trick_hold = False  # the person's card is in a trick not yet swept
        # How far South's hand sits below its place while a claim box is above it (issue 38)
        self._south_drop = 0.0
        self._pointer_on_hand = False
        self._clearings = 0  # times the table was cleared: a deal set off late checks it
        # Every card item, made once and reused, and their bitmaps rendered ahead.
        self.pictures = pictures
        self.cards = CardSupply(self, lambda: self.card_style, pictures)
        # The person's cards: what may be played, the discard choices, the keyboard focus.
        self.hand = SouthHand(controller, self.south, self.south_order, self)
        self.cards.card_clicked.connect(self.hand.on_card_clicked)
        self.hand.notice.connect(self.notice)
        self.hand.selection_changed.connect(self.selection_changed)
        self.board = TableBoard(self.info, self.bubbles, self)  # the board's and bubbles' words
        self._connect()
        # The first dealer's draw, when the rules say.
        self.first_jack = FirstJackShow(
            controller, lambda: self.table, self.cards, self.bubbles, self._refresh_board, self
        )
        self.relayout(1024, 700)
        self.cards.make_spares(len(make_pack(with_sevens=True)), self.table.card_width)

    def _connect(self) -> None:
        c = self.controller
        c.game_started.connect(self._on_game_started)
        c.dealt.connect(self._on_dealt)
        c.turn_changed.connect(self._on_turn)
        c.redeal_decided.connect(self.board.on_redeal_decided)
        c.card_passed.connect(lambda seat: self.refresh_interaction())
        c.cards_exchanged.connect(self._on_exchanged)
        c.bid_made.connect(self.board.on_bid)
        c.contract_won.connect(self._on_contract)
        c.discarded.connect(self._on_discarded)
        c.trump_named.connect(self._on_trump)
        c.card_played.connect(self._on_card_played)
        c.trick_complete.connect(self._on_trick_complete)
        c.trick_won.connect(self._on_trick_won)
        c.hand_scored.connect(lambda result: self._set_turn(None))
        c.state_changed.connect(self._refresh_board)

    # --- geometry -----------------------------------------------------------------------

    def _hand_sizes(self) -> dict[str, int]:
        # The kitty's declarer holds 10 cards for a moment: size the cards for that always.
        return {"S": 10} if self.controller.rules.kitty else {}

    def relayout(self, width: float, height: float) -> None:
        """Recompute every position for a new size; cards jump there at once."""
        self.pictures.new_layout()
        self._south_spots.clear()  # the old places mean nothing at the new size
        self.setSceneRect(0, 0, width, height)
        self.table = compute_layout(
            width,
            height,
            self._hand_sizes(),
            jumbo=bool(self.card_style["jumbo"]),
            text_scale=self.text_scale,
            words=self.measure_words(),
            card_floor=self._card_floor(width, height),
        )
        t = self.table
        body = self.body_px()
        for seat in Seat:
            self.plates[seat].text = self._plate_text(seat)
            label, bubble = t.name_labels[seat.name], t.bid_bubbles[seat.name]
            self.plates[seat].set_rect(QRectF(label.x, label.y, label.width, label.height))
            self.bubbles[seat].set_rect(QRectF(bubble.x, bubble.y, bubble.width, bubble.height))
        i = t.info_panel
        self.info.text_scale = self.text_scale
        self.info.set_compact(t.board_compact, t.board_px)
        self.info.set_rect(QRectF(i.x, i.y, i.width, i.height))
        for team, count in self.pile_counts.items():
            r = t.pile_counts[team.name]
            count.set_rect(QRectF(r.x, r.y, r.width, r.height))
        for item in (*self.plates.values(), *self.bubbles.values(), self.info):
            item.set_min_px(body)
        for count in self.pile_counts.values():
            count.set_min_px(body)
        for card in self._all_cards():
            card.finish_animation()
        self._place_all(0)
        self.layout_changed.emit()
        self._warm_cache()

    def _card_floor(self, width: float, height: float) -> float | None:
        """The card width each smaller text size has in this window, the largest: "Text
        and card size" never makes the cards smaller (issue 38: at Extra large they were
        89 px tall, at Large 102, on an 800x600 screen; the larger words took their room).

        Each smaller size's table is a little taller, its menu and status bars a line of
        a smaller font each (chrome_growth); each is floored by the sizes below it, and
        each a tenth of a pixel more: the table's margin follows its height, and a smaller
        size's cards, where the width rules them, are that much apart from its true
        height's (at 800x800, 87.263 px wide at Normal, 87.244 measured so at Extra large)."""
        floor: float | None = None
        for scale in sorted(s for s in TEXT_SIZES.values() if s < self.text_scale):
            floor = (
                compute_layout(
                    width,
                    height + chrome_growth(scale, self.text_scale),
                    self._hand_sizes(),
                    jumbo=bool(self.card_style["jumbo"]),
                    text_scale=scale,
                    words=self.measure_words(round(BASE_PIXEL_SIZE * scale)),
                    card_floor=floor,
                ).card_width
                + 0.1
            )
        return floor

    def body_px(self) -> int:
        """The body text's pixel size at the chosen text size: no table word is smaller."""
        return round(BASE_PIXEL_SIZE * self.text_scale)

    def measure_words(self, px: int | None = None) -> TableWords:
        """The room the table's words need at the body text size (or `px`), in this
        language and seating: every name, every bubble's words, the pile counts, the board."""
        px = self.body_px() if px is None else px
        bold = QFontMetricsF(theme.ui_font(px, True))
        names = {seat.name: bold.horizontalAdvance(self.seating.label(seat)) for seat in Seat}
        bare = {s.name: bold.horizontalAdvance(self._bare_name(s)) for s in (Seat.W, Seat.E)}
        rules = self.controller.rules
        # Sized for every bid; the first jack's longer words widen their bubble a moment.
        bubbles = self.board.every_bubble(rules.kaiser_bid)
        piles = [self.tr("%n trick(s)", None, n) for n in (1, 8)]
        long, short = self.board.every_row(self.seating, rules.target, rules.kaiser_bid)
        return TableWords(
            body_px=px,
            name=max(names.values()),
            names=names,
            bare_names=bare,
            bubble=max(bold.horizontalAdvance(text) for text in bubbles),
            pile=max(bold.horizontalAdvance(text) for text in piles),
            board=board_size(long, px, 0),
            board_compact=board_size(short, px, 1),
        )

    def set_appearance(
        self, *, four_colour: bool, jumbo: bool, back_style: str, felt_colour: str
    ) -> None:
        """Re-style every card and the felt now, and every card made from now on.

        Jumbo indices need a wider South fan step, so the table is laid out again.
        """
        if back_style not in BACK_STYLES:
            raise ValueError(f"unknown back style {back_style!r}")
        felt = QColor(felt_colour)
        if not felt.isValid():
            raise ValueError(f"not a colour: {felt_colour!r}")
        jumbo_changed = jumbo != self.card_style["jumbo"]
        self.card_style = {"four_colour": four_colour, "jumbo": jumbo, "back_style": back_style}
        self.felt = felt
        self.setBackgroundBrush(felt)
        for view in self.views():
            view.setBackgroundBrush(felt)
        for item in self.cards.made:
            item.set_style(four_colour=four_colour, jumbo=jumbo, back_style=back_style)
        if jumbo_changed:
            rect = self.sceneRect()
            self.relayout(rect.width(), rect.height())
        else:
            self._warm_cache()

    def set_text_scale(self, scale: float) -> None:
        """Lay the table out again for another text size (1 normal, 1.5 extra large)."""
        if scale == self.text_scale:
            return
        self.text_scale = scale
        rect = self.sceneRect()
        self.relayout(rect.width(), rect.height())

    # --- card bitmaps, rendered before they are needed ------------------------------------

    def _warm_cache(self) -> None:
        self.cards.warm(self.table, self.south_order(), self.controller.rules.kitty)

    def _all_cards(self) -> list[CardItem]:
        items = list(self.south.values()) + [it for _, it in self.trick] + self.kitty
        for seat in OTHERS:
            items += self.backs[seat]
        for team in Team:
            items += self.piles[team]
        return items

    def south_order(self) -> list[Card]:
        return list(sort_hand(list(self.south)))

    def _targets(self) -> list[tuple[CardItem, CardSpot, bool, float, float]]:
        """(item, spot, face up, width, z) for every card on the table."""
        t = self.table
        out: list[tuple[CardItem, CardSpot, bool, float, float]] = []
        order = self.south_order()
        for i, spot in enumerate(hand_positions(t, "S", len(order))):
            spot = self._south_spots.get(order[i], spot)
            spot = CardSpot(spot.x, spot.y + self._south_drop, spot.rotation)
            out.append((self.south[order[i]], spot, True, t.card_width, Z_HAND + i))
        for seat in OTHERS:
            items = self.backs[seat]
            for i, spot in enumerate(hand_positions(t, seat.name, len(items))):
                out.append((items[i], spot, False, t.opponent_card_width, Z_HAND + i))
        for k, (seat, item) in enumerate(self.trick):
            out.append((item, t.trick_spots[seat.name], True, t.card_width, Z_TRICK + k))
        step = t.card_width * 0.02
        for team in Team:
            base = t.won_stacks[team.name]
            # Each trick sits a little nearer the table centre, so the pile shows its height.
            dx, dy = (-step, step) if team is Team.EW else (0.0, -step)
            for k, item in enumerate(self.piles[team]):
                n = k // 4  # one step per trick, not per card
                spot = CardSpot(base.x + dx * n, base.y + dy * n, base.rotation)
                out.append((item, spot, False, t.opponent_card_width, Z_PILE + k))
        cx, cy = t.trick_area.center
        for k, item in enumerate(self.kitty):
            spot = CardSpot(cx + (k - 0.5) * t.opponent_card_width * 0.6, cy, 0.0)
            out.append((item, spot, False, t.opponent_card_width, Z_HAND + k))
        return out

    def _place_all(self, ms: int, delays: dict[CardItem, int] | None = None) -> None:
        # A dealt card waits at the dealer; only the last few show there as the pile.
        delays = delays or {}
        pile_from = pile_start(delays)
        for item, spot, face_up, width, z in self._targets():
            item.set_card_size(width)
            at = QPointF(spot.x, spot.y)
            if (
                not item.is_animating()
                and item.pos() == at
                and item.rotation() == spot.rotation
                and item.is_face_up() == face_up
            ):
                item.setZValue(z)
                continue
            wait = delays.get(item, 0)
            item.animate_to(at, spot.rotation, face_up, ms, z, wait, wait < pile_from)

    # --- the pointer over the hand: nothing moves under it ---------------------------------

    def lower_south(self, px: float) -> None:
        """South's hand `px` below its place (0: back in it): while a claim is shown on a
        table too short for it between the trick and the hand, the claim box is read above
        the hand's corners, never over them (issue 38)."""
        if px != self._south_drop:
            self._south_drop = px
            self._place_all(self.controller.pace.move)

    def south_hand_area(self) -> QRectF:
        """Where the pointer counts as over South's hand: its cards' band, lifted ones and
        the gaps of played ones included, down to the table's edge."""
        t = self.table
        spots = list(self._south_spots.values()) or hand_positions(t, "S", len(self.south))
        if not spots:
            return QRectF()
        gap = t.card_width * 0.1
        left = min(s.x for s in spots) - t.card_width / 2 - gap
        right = max(s.x for s in spots) + t.card_width / 2 + gap
        top = t.hand_centres["S"][1] + self._south_drop - t.card_height / 2 - t.lift - gap
        return QRectF(left, top, right - left, self.sceneRect().height() - top)

    def pointer_moved(self, at: QPointF | None) -> None:
        """The pointer is at `at` in the scene, or off the table (None)."""
        on_hand = at is not None and self.south_hand_area().contains(at)
        if on_hand == self._pointer_on_hand:
            return
        self._pointer_on_hand = on_hand
        if not on_hand and self._south_spots and not self._trick_hold:
            self._south_spots.clear()  # the pointer has gone: close up, centred
            self._place_all(self.controller.pace.move)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self.pointer_moved(event.scenePos())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.GraphicsSceneLeave:
            self.pointer_moved(None)
        return super().event(event)

    # --- cards appearing and leaving ----------------------------------------------------

    def _hand_spot(self, seat: Seat) -> CardSpot:
        x, y = self.table.hand_centres[seat.name]
        return CardSpot(x, y, {Seat.S: 0.0, Seat.W: 90.0, Seat.N: 180.0, Seat.E: -90.0}[seat])

    def _sync_hands(
        self, spawn: CardSpot, vanish: CardSpot, ms: int, dealer: Seat | None = None
    ) -> None:
        """Make the drawn hands match the rules: new cards come from `spawn`, old go to `vanish`."""
        view = self.controller.view(ME)
        held = set(view.hand)
        self._south_spots.clear()  # cards come or go: the hand is laid out afresh
        for card in [c for c in self.south if c not in held]:
            self.cards.remove_after(self.south.pop(card), vanish, ms)
        for card in view.hand:
            if card not in self.south:
                self.south[card] = self.cards.new_card(card, spawn, self.table.card_width)
        for seat in OTHERS:
            items = self.backs[seat]
            want = view.hand_sizes[seat.value]
            while len(items) > want:
                self.cards.remove_after(items.pop(), vanish, ms)
            while len(items) < want:
                items.append(self.cards.new_card(None, spawn, self.table.opponent_card_width))
        delays = None
        if dealer is not None:  # a new deal: the cards go round one at a time
            ms, delays = self._deal_delays(dealer, ms)
        if delays and ms > 0:
            self._set_off_soon(ms, delays)
        else:
            self._place_all(ms, delays)
        self.refresh_interaction()

    # --- controller events --------------------------------------------------------------

    def _on_game_started(self) -> None:
        self._clear_cards()
        for bubble in self.bubbles.values():
            bubble.show_text("")
        self._update_pile_counts()

    def _on_dealt(self, number: int, dealer: Seat) -> None:
        self._clear_cards()
        for bubble in self.bubbles.values():
            bubble.show_text("")
        view = self.controller.view(ME)
        start = self._hand_spot(dealer)
        if view.rules.kitty:
            for _ in range(2):
                self.kitty.append(self.cards.new_card(None, start, self.table.opponent_card_width))
        self._sync_hands(start, start, self.controller.pace.deal, dealer)
        self._update_pile_counts()
        self._warm_cache()

    def _on_turn(self, seat: Seat, phase: Phase) -> None:
        self._set_turn(seat)
        self.refresh_interaction()

    def _set_turn(self, seat: Seat | None) -> None:
        self._turn = seat
        self._refresh_plates()

    def _on_exchanged(self) -> None:
        partner = self._hand_spot(Seat.N)
        before = set(self.south)
        self._sync_hands(partner, partner, self.controller.pace.move)
        # Point out the card that just arrived from partner.
        for card, item in self.south.items():
            if card not in before:
                item.set_highlight(True)
                QTimer.singleShot(
                    max(1500, self.controller.pace.notice), lambda it=item: it.set_highlight(False)
                )

    def _on_contract(self, declarer: Seat, bid: Bid) -> None:
        if not self.kitty:
            return
        ms = self.controller.pace.move
        kitty_spot = CardSpot(*self.table.trick_area.center, 0.0)
        if declarer == ME:
            for item in self.kitty:
                self.cards.set_aside(item)
            self.kitty.clear()
            self._sync_hands(kitty_spot, kitty_spot, ms)
        else:
            self.backs[declarer].extend(self.kitty)
            self.kitty.clear()
            self._place_all(ms)

    def _on_discarded(self, seat: Seat) -> None:
        centre = CardSpot(*self.table.trick_area.center, 0.0)
        self.hand.selected.clear()
        self._sync_hands(centre, centre, self.controller.pace.move)

    def _on_trump(self, seat: Seat, suit: Suit | None) -> None:
        self.board.show_contract(self.controller.view(ME))

    def _on_card_played(self, seat: Seat, card: Card) -> None:
        if not self.trick:
            # The first lead: the auction's bubbles give way to the contract.
            self.board.show_contract(self.controller.view(ME))
        if seat == ME:
            self._trick_hold = True
            if not self._south_spots:  # every card keeps the place it has now
                order = self.south_order()
                spots = hand_positions(self.table, "S", len(order))
                self._south_spots = dict(zip(order, spots, strict=True))
            self._south_spots.pop(card, None)
            item = self.south.pop(card)
            item.set_playable(False)
            item.set_dimmed(False)
            item.set_focused(False)
            item.set_lifted(False, animate=False)
        else:
            items = self.backs[seat]
            back = items.pop(len(items) // 2)
            spot = CardSpot(back.pos().x(), back.pos().y(), back.rotation())
            self.cards.set_aside(back)
            # The real card replaces the face-down one and turns over on its way to the table.
            item = self.cards.new_card(card, spot, self.table.card_width)
        self.trick.append((seat, item))
        self._place_all(self.controller.pace.move)
        self.refresh_interaction()

    def _on_trick_complete(self, winner: Seat, trick: Trick) -> None:
        self._set_turn(None)  # nobody is to play while the finished trick rests
        for seat, item in self.trick:
            item.set_highlight(seat == winner)

    def _on_trick_won(self, winner: Seat, cards: tuple[Card, ...]) -> None:
        items = [item for _, item in self.trick]
        self.trick.clear()
        for item in items:
            item.set_highlight(False)
            item.finish_animation()
        self.piles[winner.team].extend(items)
        self._trick_hold = False
        if not self._pointer_on_hand:
            self._south_spots.clear()
        self._place_all(self.controller.pace.sweep)
        self._update_pile_counts()

    def _update_pile_counts(self) -> None:
        for team, count in self.pile_counts.items():
            tricks = len(self.piles[team]) // (3 if self._kaiser_hand() else 4)
            # In the scene's own class: PySide's tr() finds a plural only in the object's
            # own class, and lupdate sees a plural only in a self.tr() call.
            count.set_text(self.tr("%n trick(s)", None, tricks) if tricks else "")

    def _kaiser_hand(self) -> bool:
        view = self.controller.view(ME)
        return view.out_of_play is not None

    def _refresh_plates(self) -> None:
        view = self.controller.view(ME)
        for seat, plate in self.plates.items():
            plate.set_state(
                turn=seat == self._turn,
                dealer=seat == view.dealer and view.phase is not Phase.DEAL,
                out=seat == view.out_of_play,
            )
        out = view.out_of_play
        for seat in OTHERS:
            for item in self.backs[seat]:
                item.set_dimmed(seat == out)

    # --- the board: names, dealer, trump, contract, score ------------------------------

    def _refresh_board(self) -> None:
        self._refresh_plates()
        self.board.refresh(self.controller.view(ME), self.seating, self.first_jack.running)

    def _bare_name(self, seat: Seat) -> str:
        """ "Sam" for "West: Sam"; a label that is already a name (the joining app's "Gran",
        "Gran (computer for now)") stays whole."""
        label, given = self.seating.label(seat), self.seating.given.get(seat, "")
        return given if given and given in label else label

    def _plate_text(self, seat: Seat) -> str:
        """ "West: Sam", or "Sam" where West's and East's plates are kept narrow."""
        if self.table.bare_side_names and seat in (Seat.W, Seat.E):
            return self._bare_name(seat)
        return self.seating.label(seat)

    def retranslate(self) -> None:
        """The table's words again, in the language just installed."""
        self.seating = self.controller.seating
        for seat, plate in self.plates.items():
            plate.text = self._plate_text(seat)
            plate.update()
        for bubble in self.bubbles.values():
            bubble.resay()
        self._update_pile_counts()
        self._refresh_board()
        rect = self.sceneRect()  # the words' room in this language
        self.relayout(rect.width(), rect.height())

    # --- the person's cards (south_hand.py) ---------------------------------------------

    @property
    def selected(self) -> list[Card]:
        """The cards chosen to discard (kitty variant)."""
        return self.hand.selected

    @property
    def focus(self) -> Card | None:
        """The keyboard focus among the playable cards."""
        return self.hand.focus

    def playable_cards(self) -> list[Card]:
        return self.hand.playable_cards()

    def refresh_interaction(self) -> None:
        self.hand.refresh_interaction()

    def activate(self, card: Card) -> None:
        self.hand.activate(card)

    def move_focus(self, step: int) -> None:
        self.hand.move_focus(step)

    def focus_card(self, card: Card) -> None:
        self.hand.focus_card(card)

    def activate_focus(self) -> bool:
        return self.hand.activate_focus()

    # --- for tests and the self-test ------------------------------------------------------

    def shown_south(self) -> list[Card]:
        return self.south_order()

    def shown_counts(self) -> dict[Seat, int]:
        counts = {seat: len(items) for seat, items in self.backs.items()}
        counts[ME] = len(self.south)
        return counts

    def card_item(self, card: Card) -> CardItem:
        return self.south[card]

    def shown_texts(self) -> list[str]:
        """Every word the table shows now: plates, bubbles, the board, pile counts (tests)."""
        texts = [plate.shown_text() for plate in self.plates.values()]
        texts += [bubble.text for bubble in self.bubbles.values() if bubble.isVisible()]
        texts += [part for line in self.info.lines for part in line[:2]]
        texts += [count.text for count in self.pile_counts.values()]
        return [text for text in texts if text]

    # --- the table cleared, a new deal ----------------------------------------------------

    def _clear_cards(self) -> None:
        # Cards still on their way out stop where they are, hidden, with the rest.
        self._clearings += 1
        self.cards.set_all_aside(self._all_cards())
        self.south.clear()
        for seat in OTHERS:
            self.backs[seat].clear()
        self.trick.clear()
        for team in Team:
            self.piles[team].clear()
        self.kitty.clear()
        self.hand.clear()
        self._south_spots.clear()
        self._trick_hold = False

    def _deal_delays(self, dealer: Seat, deal_ms: int) -> tuple[int, dict[CardItem, int]]:
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

    def _set_off_soon(self, ms: int, delays: dict[CardItem, int]) -> None:
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
