"""Where everything sits on the card table, as pure geometry (no Qt).

All values are scene coordinates, which equal window pixels. Card spots give the card's
*centre* and its rotation in degrees (clockwise, as Qt rotates). Each seat's cards are
rotated so the card's top edge faces the table centre: S 0°, W 90°, N 180°, E -90°.

The table, top to bottom:

    info panel | North hand | N label + bubble | EW won stack
    W hand  |           trick cross           |  E hand
    W label + bubble | action panel | E label + bubble
    (room for a lifted card)
    S label + bubble | South hand | NS won stack
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

SEATS: tuple[str, ...] = ("S", "W", "N", "E")
TEAMS: tuple[str, ...] = ("NS", "EW")
SEAT_ROTATION: Mapping[str, float] = {"S": 0.0, "W": 90.0, "N": 180.0, "E": -90.0}

CARD_ASPECT = 1.4  # height / width
FULL_HAND = 8  # Kaiser deals 8 cards each; size everything for a full hand

# Width of the corner index strip (rank + small pip), as a fraction of card width.
# face_painter draws inside exactly this strip, so the South fan can promise to show it.
INDEX_FRACTION = 0.26
JUMBO_INDEX_FRACTION = 0.34
# How far a lifted card rises, as a fraction of card width.
LIFT_FRACTION = 0.14

MIN_CARD_WIDTH = 56.0  # below this the indices stop being comfortable to read

# Proportions below are in units of the South card width.
_OPPONENT_SCALE = 0.66  # opponents' face-down cards only need to show a count
# Where a larger text size keeps the cards as large as a smaller one's (card_floor), the
# opponents' cards may shrink this far for the words' room: a fan of backs still shows
# its count, and West's and East's names still sit below their trick cards.
_OPPONENT_SCALE_LEAST = 0.44
_FLOORED_MARGIN = 10.8  # and the table's edge as near as at 800x600 (its margin there)
_OPPONENT_STEP = 0.25  # overlap step inside an opponent's hand, in opponent card widths
# Preferred step of the South fan: each card whole, a little apart, where the room allows
# (an overlap that hides most of each card is only for narrow windows).
_SOUTH_STEP = 1.04
_INDEX_CLEARANCE = 0.06  # extra visible width beyond the index strip
_GAP = 0.1
_LABEL_W, _LABEL_H = 1.45, 0.34
_BUBBLE_W, _BUBBLE_H = 1.1, 0.44
_STACK_GAP = 0.05  # between a name label and its bid bubble
_PANEL_H = 0.55
_PANEL_MAX_W = 8.0
_INFO_MAX_W, _INFO_MAX_H = 4.0, 2.2
_TRICK_DX = 1.06  # W/E trick card centre offset: clears the N/S trick cards sideways
_TRICK_DY = 0.72  # N/S trick card centre offset: clears each other vertically
# How the table's items draw their words (table_items.py): a plate's text is 0.52 of its
# height, a bubble's 0.5, a pile count's 0.6; beside the words, a plate's round ends and
# dealer disc take 1.28 of its height, a bubble's ends 0.2, a count's 0.5, and a few
# pixels more (_SPARE) keep the words off the edge.
_PLATE_TEXT, _BUBBLE_TEXT, _PILE_TEXT = 0.52, 0.5, 0.6
_PLATE_PADS, _BUBBLE_PADS, _PILE_PADS = 1.28, 0.2, 0.5
_SPARE = 4.0
_BOARD_TEXT = 0.15  # the board's text in card widths, where that is above the body text
# The bidding panel's text size (table_view.py: 0.17 card widths, 13 to 30 px, times the text
# size, never below the body text) and its bid grid's width in those pixels, "No trump 6 ...
# 12 Pass" (measured: 611 px at 20 px, 743 at 26): where West's and East's plates leave less
# room between them, they show their bare names, and sit low so the panel fits above them.
_PANEL_TEXT, _PANEL_PX_MIN, _PANEL_PX_MAX = 0.17, 13.0, 30.0
_BID_GRID = 29.0
# The grid with its rows' names above the rows (510 px at 20 px): where even that is wider
# than the room between West's and East's bids, their hands, names and bids sit as low as
# South's bid allows, and the panel goes above their names instead (action_panel.py).
_BID_GRID_HEADED = 25.5
# The bidding panel's height in its text's pixels, with two lines for its prompt or a
# message above its two rows of bids (measured: 162 px at 22 px).
_BID_PANEL_H = 7.45


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle; (x, y) is the top-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def intersects(self, other: Rect) -> bool:
        """True if the interiors overlap (touching edges do not count)."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )

    def translated(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.width, self.height)

    @staticmethod
    def around(cx: float, cy: float, width: float, height: float) -> Rect:
        return Rect(cx - width / 2, cy - height / 2, width, height)


class CardSpot(NamedTuple):
    """A card's centre and rotation in degrees."""

    x: float
    y: float
    rotation: float


@dataclass(frozen=True)
class TableWords:
    """How much room the table's words need at the body text size, in pixels (the scene
    measures them with the real font): no word is drawn smaller than the body text, so
    the boxes are made large enough for it instead."""

    body_px: float = 15.0  # the chosen text size's body text
    name: float = 0.0  # the widest name plate's words (bold), for a seat not in `names`
    names: Mapping[str, float] = field(default_factory=dict)  # each seat's plate words
    # West's and East's bare names ("Sam" for "West: Sam"), where the room is short
    bare_names: Mapping[str, float] = field(default_factory=dict)
    bubble: float = 0.0  # the widest bubble's words (bold)
    pile: float = 0.0  # the widest pile count ("8 tricks", bold)
    board: tuple[float, float] = (0.0, 0.0)  # the board, one line for each row
    board_compact: tuple[float, float] = (0.0, 0.0)  # the board, fewer and shorter lines


@dataclass(frozen=True)
class TableLayout:
    width: float
    height: float
    margin: float
    card_width: float  # South hand and trick cards
    card_height: float
    opponent_card_width: float  # N, W, E hands and won-trick stacks
    opponent_card_height: float
    index_width: float  # the corner index strip a South card must keep visible
    south_step: float  # distance between neighbouring South cards
    opponent_step: float
    lift: float  # how far a lifted card rises towards the centre
    hand_centres: Mapping[str, tuple[float, float]]
    trick_spots: Mapping[str, CardSpot]
    trick_area: Rect
    won_stacks: Mapping[str, CardSpot]  # keyed by team, "NS" / "EW"
    name_labels: Mapping[str, Rect]
    bid_bubbles: Mapping[str, Rect]
    info_panel: Rect
    action_panel: Rect  # the band the panel sits in, clear of every name and bid
    action_reach: Rect  # as wide as it may grow for its controls: between W's and E's hands
    pile_counts: Mapping[str, Rect]  # keyed by team: "3 tricks" over each won pile
    board_compact: bool = False  # the board shows its short form (TableWords.board_compact)
    board_px: float = 15.0  # the board's text size: the body text's, or more with room
    bare_side_names: bool = False  # West's and East's plates show their bare names ("Sam")
    low_side_names: bool = False  # West's and East's hands and names sit low (_BID_GRID_HEADED)
    panel_px: float = 15.0  # the action panel's text size (_PANEL_TEXT)

    @property
    def scene_rect(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)

    def card_width_for(self, seat: str) -> float:
        """Card width used for a seat's hand."""
        return self.card_width if seat == "S" else self.opponent_card_width


def rotated_bounds(spot: CardSpot, width: float, height: float) -> Rect:
    """Axis-aligned bounds of a width x height card centred on the spot, rotated."""
    angle = math.radians(spot.rotation)
    cos_a, sin_a = abs(math.cos(angle)), abs(math.sin(angle))
    # Round away float noise so a 90° card reports exactly its swapped size.
    box_w = round(width * cos_a + height * sin_a, 9)
    box_h = round(width * sin_a + height * cos_a, 9)
    return Rect.around(spot.x, spot.y, box_w, box_h)


def _south_step_bounds(card_width: float, jumbo: bool) -> tuple[float, float]:
    """(smallest, preferred) South fan step for a card width."""
    index = JUMBO_INDEX_FRACTION if jumbo else INDEX_FRACTION
    smallest = (index + _INDEX_CLEARANCE) * card_width
    return smallest, max(smallest, _SOUTH_STEP * card_width)


def _fan_length(card_size: float, step: float, n_cards: int) -> float:
    return card_size + step * max(0, n_cards - 1)


def compute_layout(
    width: float,
    height: float,
    hand_sizes: Mapping[str, int] | None = None,
    *,
    jumbo: bool = False,
    text_scale: float = 1.0,
    words: TableWords | None = None,
    card_floor: float | None = None,
) -> TableLayout:
    """Lay out a table for a width x height scene.

    Card size is chosen for full hands (at least 8 cards, more if hand_sizes says so), so
    cards keep their size as hands shrink during play. `text_scale` (the text size
    setting) makes name plates, bubbles, the info panel and the action band that much
    larger; the cards take the room that is left, yet never less than `card_floor` (the
    card width a smaller text size has in the same window: "Text and card size" never
    makes the cards smaller) where the room allows: there the words fit round cards that
    large, the opponents' face-down cards smaller and the action band no taller than at
    normal text if need be (_floored).
    """
    n = max([FULL_HAND, *(hand_sizes or {}).values()])
    s = text_scale
    words = words or estimated_words(15.0 * s)
    body = words.body_px
    margin = max(6.0, 0.02 * min(width, height))
    inner_w, inner_h = width - 2 * margin, height - 2 * margin
    opp_hand_len = _fan_length(_OPPONENT_SCALE, _OPPONENT_SCALE * _OPPONENT_STEP, n)
    trick_w = 2 * _TRICK_DX + 1.0
    trick_h = 2 * _TRICK_DY + CARD_ASPECT
    min_step_fraction = _south_step_bounds(1.0, jumbo)[0]

    def card_width_for(label_u: float, bubble_u: float, panel_hu: float) -> float:
        """Each band of the table gives an upper bound on the card width; the tightest."""
        opp = _OPPONENT_SCALE
        side_band = max(label_u, bubble_u) + 2 * _GAP
        per_column = (
            CARD_ASPECT * opp + _GAP + trick_h + _GAP + panel_hu + _GAP + LIFT_FRACTION
        ) + CARD_ASPECT
        per_middle_row = 2 * CARD_ASPECT * opp + 2 * side_band + trick_w
        per_top_half = opp_hand_len / 2 + _GAP + label_u + _GAP + CARD_ASPECT * opp
        per_bottom_half = (
            _fan_length(1.0, min_step_fraction, n) / 2 + _GAP + max(label_u, bubble_u, opp)
        )
        return max(
            MIN_CARD_WIDTH,
            min(
                inner_h / per_column,
                inner_w / per_middle_row,
                (inner_w / 2) / per_top_half,
                (inner_w / 2) / per_bottom_half,
            ),
        )

    name_words = dict(words.names)

    def text_boxes(c: float) -> tuple[dict[str, float], float, float, float]:
        """(each seat's label w, label h, bubble w, bubble h) in pixels for card width c:
        the card units' sizes, or larger where the words need it at the body text size;
        each plate as wide as its own name needs (a long one does not widen the others).
        Larger text makes them taller; wider only as far as their words need."""
        label_h = max(_LABEL_H * s * c, body / _PLATE_TEXT)
        label_ws = {
            seat: max(
                _LABEL_W * c,
                name_words.get(seat, words.name) + _PLATE_PADS * label_h + _SPARE,
            )
            for seat in SEATS
        }
        bubble_h = max(_BUBBLE_H * s * c, body / _BUBBLE_TEXT)
        bubble_w = max(_BUBBLE_W * c, words.bubble + _BUBBLE_PADS * bubble_h + _SPARE)
        return label_ws, label_h, bubble_w, bubble_h

    def fits(c: float, boxes: float, opp: float, panel_hu: float) -> bool:
        """Whether cards c wide fit with the words round them (their boxes as for cards
        `boxes` wide), the opponents' cards `opp` of them and an action band `panel_hu`
        tall: each band of the table, measured by the words' own boxes where they sit
        (West's and East's under their hands, below their trick cards, so only beside
        South's; North's beside its hand, before the opponents' pile in the corner;
        South's beside its hand)."""
        label_ws, label_h, bubble_w, bubble_h = text_boxes(boxes)
        half_w = inner_w / 2 / c
        side_u = max(label_ws["W"], label_ws["E"], bubble_w) / c
        north_u = max(label_ws["N"], bubble_w) / c
        south_u = max(label_ws["S"], bubble_w, opp * c) / c
        opp_hand = _fan_length(opp, opp * _OPPONENT_STEP, n)
        column = CARD_ASPECT * opp + _GAP + trick_h + _GAP + panel_hu + _GAP
        return (
            column + LIFT_FRACTION + CARD_ASPECT <= inner_h / c
            and 2 * (CARD_ASPECT * opp + _GAP) + trick_w <= inner_w / c
            and opp_hand / 2 + _GAP >= CARD_ASPECT / 2
            and side_u + _GAP + 0.5 <= half_w
            and north_centre(c, opp) / c + opp_hand / 2 + _GAP + north_u + _GAP + CARD_ASPECT * opp
            <= (width - margin) / c
            and _fan_length(1.0, min_step_fraction, n) / 2 + _GAP + south_u <= half_w
            and bidding_room(c, boxes, opp, label_h + _STACK_GAP * c + bubble_h, side_u * c)
            and board_room(c, opp, panel_hu)
        )

    def board_room(c: float, opp: float, panel_hu: float) -> bool:
        """Whether the board's short form fits the top-left corner: beside North's hand,
        and beside the trick cross or above it."""
        board_w, board_h = words.board_compact
        panel_top = height - margin - (CARD_ASPECT + LIFT_FRACTION + _GAP + panel_hu) * c
        cy = (margin + (CARD_ASPECT * opp + _GAP) * c + panel_top - _GAP * c) / 2
        beside_trick = board_w <= width / 2 - trick_w * c / 2 - _GAP * c - margin
        # above West's trick card, that may sit as low as South's
        above_trick = margin + board_h + _GAP * c <= cy + (_TRICK_DY - CARD_ASPECT / 2) * c
        return beside_trick or above_trick

    def north_centre(c: float, opp: float) -> float:
        """North's hand: centred, or as far right as the board's short form needs."""
        north_len = _fan_length(opp, opp * _OPPONENT_STEP, n) * c
        return max(width / 2, margin + words.board_compact[0] + _GAP * c + north_len / 2)

    def bidding_room(c: float, boxes: float, opp: float, stack_h: float, side_w: float) -> bool:
        """Where West's and East's names sit low for the bidding panel (too wide between
        them), whether it fits above them, under the board, between their hands."""
        px = panel_text(boxes)
        if inner_w - 2 * side_w >= _BID_GRID * px:
            return True
        north_len = _fan_length(opp, opp * _OPPONENT_STEP, n) * c
        corner = north_centre(c, opp) - north_len / 2 - (_GAP * c) - margin
        board_h = words.board[1] if words.board[0] <= corner else words.board_compact[1]
        south_top = height - margin - CARD_ASPECT * c
        names_top = min(south_top, south_top + CARD_ASPECT * c / 2 - stack_h / 2)
        names_top -= _GAP * c / 4 + stack_h
        between_hands = inner_w - 2 * (CARD_ASPECT * opp * c + _GAP * c)
        return (
            names_top - 2 - (margin + board_h) >= _BID_PANEL_H * px
            and _BID_GRID * px <= between_hands
        )

    def floored(c: float) -> tuple[float, float, float]:
        """(card width, opponents' scale, action band height in card widths) no smaller
        than `card_floor` where the words fit round such cards: the opponents' cards and
        the band as large as they can then be; where even the least of both leaves too
        little room (a window smaller than 800x600 at Extra large), the table as the words
        alone would have it. The words' boxes stay as they are for cards c wide: larger
        cards, not plates."""
        nonlocal margin, inner_w, inner_h
        assert card_floor is not None
        opps = [_OPPONENT_SCALE - 0.02 * k for k in range(12)]
        opps = [o for o in opps if o >= _OPPONENT_SCALE_LEAST - 1e-9]
        bands = [_PANEL_H * (s - 0.05 * k) for k in range(int((s - 1.0) / 0.05 + 1e-9) + 1)]
        first = margin
        # The table's edge as near as an 800x600 table's, if need be (a narrow, tall window).
        for edge in dict.fromkeys((margin, min(margin, _FLOORED_MARGIN))):
            margin, inner_w, inner_h = edge, width - 2 * edge, height - 2 * edge
            for opp in opps:
                for panel_hu in bands:
                    if fits(card_floor, c, opp, panel_hu):
                        return card_floor, opp, panel_hu
        margin, inner_w, inner_h = first, width - 2 * first, height - 2 * first
        return c, _OPPONENT_SCALE, _PANEL_H * s

    def panel_text(c: float) -> float:
        """The action panel's text size for cards c wide: never below the body text."""
        return max(body, max(_PANEL_PX_MIN, min(_PANEL_PX_MAX, _PANEL_TEXT * c)) * s)

    def settle() -> tuple[float, float, float, float, dict[str, float], float, float, float]:
        # The words' boxes depend on the card width only where the body text does not rule
        # them: twice round settles it.
        c = card_width_for(_LABEL_W * s, _BUBBLE_W * s, _PANEL_H * s)
        for _ in range(2):
            label_ws, _, bubble_w, _ = text_boxes(c)
            c = card_width_for(max(label_ws.values()) / c, bubble_w / c, _PANEL_H * s)
        opp, panel_hu, boxes = _OPPONENT_SCALE, _PANEL_H * s, c
        if card_floor is not None and c < card_floor:
            c, opp, panel_hu = floored(c)
        return c, opp, panel_hu, boxes, *text_boxes(boxes)

    c, opp, panel_hu, boxes, label_ws, label_h, bubble_w, bubble_h = settle()
    panel_px = panel_text(boxes)
    side_w = max(label_ws["W"], label_ws["E"], bubble_w)
    bare = inner_w - 2 * side_w < _BID_GRID * panel_px and all(
        seat in words.bare_names for seat in ("W", "E")
    )
    if bare:  # "Sam" over "West: Sam": the bidding panel's room between the plates
        name_words.update({seat: words.bare_names[seat] for seat in ("W", "E")})
        c, opp, panel_hu, boxes, label_ws, label_h, bubble_w, bubble_h = settle()
    card_h = CARD_ASPECT * c
    opp_w, opp_h = opp * c, opp * card_h
    gap = _GAP * c
    lift = LIFT_FRACTION * c
    index_w = (JUMBO_INDEX_FRACTION if jumbo else INDEX_FRACTION) * c
    cx = width / 2

    # South fan: as wide as preferred, as narrow as the side items require.
    side_item_w = max(label_ws["W"], label_ws["E"], bubble_w, opp_w)  # West's, East's columns
    south_item_w = max(label_ws["S"], bubble_w, opp_w)  # beside South's hand
    smallest_step, preferred_step = _south_step_bounds(c, jumbo)
    room_for_fan = inner_w - 2 * (gap + south_item_w)
    fitting_step = (room_for_fan - c) / (n - 1) if n > 1 else preferred_step
    south_step = max(smallest_step, min(preferred_step, fitting_step))
    south_len = _fan_length(c, south_step, n)
    south_cy = height - margin - card_h / 2

    # Top row: North's hand, centred.
    opp_step = _OPPONENT_STEP * opp_w
    north_len = _fan_length(opp_w, opp_step, n)  # West's and East's hands are as long
    north_cy = margin + opp_h / 2
    north_cx = north_centre(c, opp)

    # Action panel sits just above the room a lifted South card needs. It grows up from
    # here (a bidding panel, a hint), so it keeps clear of West's and East's names and
    # bids, which sit under their hands against the table's edge; controls too wide for
    # that (extra-large text in a small window) may reach out to their hands, never over.
    panel_h = panel_hu * c
    panel_bottom = south_cy - card_h / 2 - lift - gap

    def band(clear: float, most: float) -> Rect:
        w = min(inner_w - 2 * (clear + gap), most)
        return Rect(cx - w / 2, panel_bottom - panel_h, w, panel_h)

    action_panel = band(max(side_item_w, opp_h), _PANEL_MAX_W * c)
    # Controls wider than that (large text) may use all the room between the hands: a
    # button is never cut off.
    action_reach = band(opp_h, inner_w)

    # The trick cross is centred in the space left between North's hand and the panel.
    trick_zone_top = margin + opp_h + gap
    trick_zone_bottom = action_panel.y - gap
    cy = (trick_zone_top + trick_zone_bottom) / 2
    dx, dy = _TRICK_DX * c, _TRICK_DY * c
    trick_spots = {
        "S": CardSpot(cx, cy + dy, 0.0),
        "W": CardSpot(cx - dx, cy, 0.0),
        "N": CardSpot(cx, cy - dy, 0.0),
        "E": CardSpot(cx + dx, cy, 0.0),
    }
    trick_area = Rect.around(cx, cy, trick_w * c, trick_h * c)

    # Info panel: top-left corner, clear of North's hand and the trick cross, as large as
    # its words at the body text size; where its long form is too large for the corner, its
    # short form (fewer, shorter lines). West's and East's hands (and their names) move down
    # as far as the board needs, never under it.
    room_h = cy - north_len / 2 - gap - margin

    def room_w(board_h: float) -> float:  # beside North's hand, and the trick's if as low
        low = margin + board_h + gap > trick_area.y
        return min(north_cx - north_len / 2, trick_area.x if low else width) - gap - margin

    # In a large window the board's words grow with the cards, as far as its long form
    # still fits the corner; never below the body text.
    board_px = body
    grown = max(1.0, _BOARD_TEXT * c / body)
    board_w, board_h = (grown * v for v in words.board)
    if board_w <= room_w(board_h) and board_h <= room_h:
        board_px = body * grown
    else:
        board_w, board_h = words.board
    compact = board_w > room_w(board_h) or board_h > room_h
    if compact:
        board_w, board_h = words.board_compact
    info_panel = Rect(margin, margin, board_w, board_h)
    west = rotated_bounds(trick_spots["W"], c, card_h)
    stack_h = label_h + _STACK_GAP * c + bubble_h
    north_words = Rect(
        north_cx + north_len / 2 + gap,
        max(margin, north_cy - stack_h / 2),
        max(label_ws["N"], bubble_w),
        stack_h,
    )
    right = info_panel.right + gap - west.x
    moved = [r.translated(right, 0.0) for r in trick_card_rects_of(trick_spots, c, card_h)]
    # North's name and bid move right of the moved trick, as far as the opponents' pile.
    north_dx = max(
        [0.0] + [r.right + gap - north_words.x for r in moved if r.y < north_words.bottom + gap]
    )
    beside = (
        # A table too short for its cards (the smallest, the score sheet open at Extra
        # large): West's and East's trick cards lower would sit where the action panel
        # is, over the cards it covered (issue 38). The trick moves right instead, where
        # East's card then sits clear of East's hand, North's name and bid beside it.
        c <= MIN_CARD_WIDTH + 1e-9
        and inner_h / c < 2 * CARD_ASPECT + trick_h + LIFT_FRACTION + 4 * _GAP + _PANEL_H * s
        and right > 0.0
        and info_panel.bottom + gap > west.y
        and max(r.right for r in moved) + gap <= width - margin - opp_h
        and north_words.right + north_dx + gap <= width - margin - opp_h
    )
    if not beside:
        north_dx = 0.0
    if beside:
        for seat, spot in trick_spots.items():
            trick_spots[seat] = CardSpot(spot.x + right, spot.y, spot.rotation)
        trick_area = trick_area.translated(right, 0.0)
    elif info_panel.right + gap > west.x and info_panel.bottom + gap > west.y:
        # Cards a smaller text size keeps large (card_floor): West's and East's trick cards
        # sit lower in the cross, clear of the board (they clear North's and South's
        # sideways, so they may sit anywhere beside them).
        down = min(info_panel.bottom + gap - west.y, dy)
        for seat in ("W", "E"):
            spot = trick_spots[seat]
            trick_spots[seat] = CardSpot(spot.x, spot.y + down, spot.rotation)
    side_cy = max(cy, info_panel.bottom + gap + north_len / 2)
    # Each name with its bid bubble stacked below it: beside North's hand, under West's and
    # East's; South's bubble above its name, nearer the table.
    s_top = south_cy - stack_h / 2
    side_w = max(label_ws["W"], label_ws["E"], bubble_w)
    low = bare and inner_w - 2 * side_w < _BID_GRID * panel_px
    if low:  # as low as South's bid allows, so the bidding panel fits above their names
        # Above South's name and bid, and its hand's top edge: East's bubble widens left
        # over the hand's corner for the first jack's words. Only a little above: beside
        # the hand, not over it, they leave room for a lifted card.
        lowest_side_top = min(s_top, south_cy - card_h / 2) - gap / 4 - stack_h
        side_cy += max(0.0, lowest_side_top - (side_cy + north_len / 2 + gap))

    west_cx = margin + opp_h / 2
    east_cx = width - margin - opp_h / 2
    hand_centres = {
        "S": (cx, south_cy),
        "W": (west_cx, side_cy),
        "N": (north_cx, north_cy),
        "E": (east_cx, side_cy),
    }

    def label_and_bubble(
        seat: str, left: float, top: float, align_right: bool
    ) -> tuple[Rect, Rect]:
        label_w = label_ws[seat]
        label_x = left + (side_item_w - label_w if align_right else 0.0)
        bubble_x = left + (side_item_w - bubble_w if align_right else 0.0)
        label = Rect(label_x, top, label_w, label_h)
        bubble = Rect(bubble_x, top + label_h + _STACK_GAP * c, bubble_w, bubble_h)
        return label, bubble

    labels: dict[str, Rect] = {}
    bubbles: dict[str, Rect] = {}
    labels["N"], bubbles["N"] = label_and_bubble(  # never above the table's edge
        "N", north_words.x + north_dx, north_words.y, align_right=False
    )
    # West's and East's name, then bid, under their hands against the table's edge: beside
    # the hands, facing play, the bidding panel covered them at 800x600.
    side_top = side_cy + north_len / 2 + gap
    labels["W"], bubbles["W"] = label_and_bubble("W", margin, side_top, align_right=False)
    labels["E"], bubbles["E"] = label_and_bubble(
        "E", width - margin - side_item_w, side_top, align_right=True
    )
    south_left = cx - south_len / 2
    s_label_x = south_left - gap - label_ws["S"]
    s_bubble_x = south_left - gap - bubble_w
    bubbles["S"] = Rect(s_bubble_x, s_top, bubble_w, bubble_h)
    labels["S"] = Rect(s_label_x, s_top + bubble_h + _STACK_GAP * c, label_ws["S"], label_h)
    # A table too short for West's and East's names and bids under their hands (the score
    # sheet open at 800x600): they ran off the table's bottom, West's over South's (issue
    # 38 pictures). Beside their hands instead, on the table's side, where that covers
    # nothing else.
    south_words = (labels["S"], bubbles["S"])
    if any(
        words.bottom > height - margin + 0.5 or any(words.intersects(r) for r in south_words)
        for words in (labels["W"], bubbles["W"], labels["E"], bubbles["E"])
    ):
        others = [
            *south_words,
            labels["N"],
            bubbles["N"],
            info_panel,
            action_panel,
            *trick_card_rects_of(trick_spots, c, card_h),
        ]
        # Level with the top of their hands, or just above the action band, or just below
        # the board (the shortest tables: the score sheet open at Extra large).
        tops = (side_cy - north_len / 2, action_panel.y - stack_h - 1.0, info_panel.bottom + 1.0)
        for top in tops:
            alongside = {
                "W": label_and_bubble("W", margin + opp_h + gap, top, align_right=False),
                "E": label_and_bubble(
                    "E", width - margin - opp_h - gap - side_item_w, top, align_right=True
                ),
            }
            if all(
                not any(word.intersects(other) for other in others)
                and word.bottom <= height - margin
                for pair in alongside.values()
                for word in pair
            ):
                labels["W"], bubbles["W"] = alongside["W"]
                labels["E"], bubbles["E"] = alongside["E"]
                break

    # NS pile beside South's hand, bottom-aligned; EW pile in the top-right corner.
    won_stacks = {
        "NS": CardSpot(cx + south_len / 2 + gap + opp_w / 2, height - margin - opp_h / 2, 0.0),
        "EW": CardSpot(width - margin - opp_h / 2, margin + opp_w / 2, 90.0),
    }

    # "3 tricks" over each won pile, inside the table.
    pile_h = max(0.24 * c, body / _PILE_TEXT)
    pile_w = max(opp_w * 1.05, words.pile + _PILE_PADS * pile_h + _SPARE)
    # South's from its pile's left edge outwards, clear of South's hand; the other from the
    # table's right edge, over its pile in the corner.
    ns, ew = won_stacks["NS"], won_stacks["EW"]
    ns_x = min(ns.x - opp_w / 2, width - margin - pile_w)
    ew_count = Rect(width - margin - pile_w, ew.y - pile_h / 2, pile_w, pile_h)
    if ew_count.intersects(labels["N"]) or ew_count.intersects(bubbles["N"]):
        # Wider than its pile, it would reach North's name: under the pile instead.
        ew_count = ew_count.translated(0.0, margin + opp_w - ew_count.y + gap / 2)
    pile_counts = {"NS": Rect(ns_x, ns.y - pile_h / 2, pile_w, pile_h), "EW": ew_count}

    return TableLayout(
        width=width,
        height=height,
        margin=margin,
        card_width=c,
        card_height=card_h,
        opponent_card_width=opp_w,
        opponent_card_height=opp_h,
        index_width=index_w,
        south_step=south_step,
        opponent_step=opp_step,
        lift=lift,
        hand_centres=hand_centres,
        trick_spots=trick_spots,
        trick_area=trick_area,
        won_stacks=won_stacks,
        name_labels=labels,
        bid_bubbles=bubbles,
        info_panel=info_panel,
        action_panel=action_panel,
        action_reach=action_reach,
        pile_counts=pile_counts,
        board_compact=compact,
        board_px=board_px,
        bare_side_names=bare,
        low_side_names=low,
        panel_px=panel_px,
    )


def estimated_words(body_px: float) -> TableWords:
    """The room of the usual English words at a body text size (DejaVu Sans measured), for
    a layout made before the scene has measured its own."""
    return TableWords(
        body_px=body_px,
        name=7.4 * body_px,  # "Pat (partner)"
        bubble=7.0 * body_px,  # "12 no trump"
        pile=4.3 * body_px,  # "8 tricks"
        board=(20.0 * body_px, 7.4 * body_px),
        board_compact=(13.0 * body_px, 6.1 * body_px),  # the contract on two lines
    )


def hand_positions(layout: TableLayout, seat: str, n_cards: int) -> list[CardSpot]:
    """Card spots for a seat's hand of n cards, in dealing order, centred on the seat.

    South runs left to right, North right to left (as seen from South: its first card is
    on North's left), West top to bottom and East bottom to top; later cards lie on top.
    """
    if seat not in SEAT_ROTATION:
        raise ValueError(f"unknown seat {seat!r}")
    if n_cards <= 0:
        return []
    cx, cy = layout.hand_centres[seat]
    rotation = SEAT_ROTATION[seat]
    if seat == "S":
        step, size = layout.south_step, layout.card_width
    else:
        step, size = layout.opponent_step, layout.opponent_card_width
    first = -(size + step * (n_cards - 1)) / 2 + size / 2
    offsets = [first + i * step for i in range(n_cards)]
    if seat == "S":
        return [CardSpot(cx + o, cy, rotation) for o in offsets]
    if seat == "N":
        return [CardSpot(cx - o, cy, rotation) for o in offsets]
    if seat == "W":
        return [CardSpot(cx, cy + o, rotation) for o in offsets]
    return [CardSpot(cx, cy - o, rotation) for o in offsets]


def hand_card_rects(layout: TableLayout, seat: str, n_cards: int) -> list[Rect]:
    """On-screen bounds of each card of a seat's hand."""
    width = layout.card_width_for(seat)
    return [
        rotated_bounds(spot, width, width * CARD_ASPECT)
        for spot in hand_positions(layout, seat, n_cards)
    ]


def trick_card_rects_of(spots: Mapping[str, CardSpot], width: float, height: float) -> list[Rect]:
    """Bounds of a card on each of `spots`."""
    return [rotated_bounds(spot, width, height) for spot in spots.values()]


def trick_card_rects(layout: TableLayout) -> dict[str, Rect]:
    """On-screen bounds of each seat's trick card."""
    return {
        seat: rotated_bounds(spot, layout.card_width, layout.card_height)
        for seat, spot in layout.trick_spots.items()
    }


def won_stack_rects(layout: TableLayout) -> dict[str, Rect]:
    """On-screen bounds of each team's won-tricks pile."""
    return {
        team: rotated_bounds(spot, layout.opponent_card_width, layout.opponent_card_height)
        for team, spot in layout.won_stacks.items()
    }
