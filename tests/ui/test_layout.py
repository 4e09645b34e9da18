"""Table layout geometry: everything fits, nothing collides, South's indices stay visible."""

from __future__ import annotations

import dataclasses
import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from kaiser_desktop.ui.cards.layout import (
    CARD_ASPECT,
    MIN_CARD_WIDTH,
    SEAT_ROTATION,
    SEATS,
    CardSpot,
    Rect,
    TableLayout,
    TableWords,
    compute_layout,
    estimated_words,
    hand_card_rects,
    hand_positions,
    rotated_bounds,
    trick_card_rects,
    won_stack_rects,
)

SIZES = [(800, 600), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
FULL = {seat: 8 for seat in SEATS}
TEXT_SCALES = [1.0, 1.25, 1.5]  # the settings' normal, large and extra large


def layouts(jumbo: bool = False) -> list[TableLayout]:
    return [compute_layout(w, h, FULL, jumbo=jumbo) for w, h in SIZES]


def named_zones(layout: TableLayout) -> dict[str, Rect]:
    """Every element's screen area; a hand counts as the box around all its cards."""
    zones: dict[str, Rect] = {}
    for seat in SEATS:
        rects = hand_card_rects(layout, seat, 8)
        if seat == "S":  # a lifted South card needs its room too
            rects += [r.translated(0.0, -layout.lift) for r in rects]
        zones[f"hand {seat}"] = bounding(rects)
        zones[f"label {seat}"] = layout.name_labels[seat]
        zones[f"bubble {seat}"] = layout.bid_bubbles[seat]
    zones["trick area"] = layout.trick_area
    for team, rect in won_stack_rects(layout).items():
        zones[f"won {team}"] = rect
    zones["info panel"] = layout.info_panel
    zones["action panel"] = layout.action_panel
    return zones


def bounding(rects: list[Rect]) -> Rect:
    left = min(r.x for r in rects)
    top = min(r.y for r in rects)
    return Rect(left, top, max(r.right for r in rects) - left, max(r.bottom for r in rects) - top)


@pytest.mark.parametrize("jumbo", [False, True])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_everything_lies_inside_the_scene(size: tuple[int, int], jumbo: bool) -> None:
    layout = compute_layout(*size, FULL, jumbo=jumbo)
    scene = layout.scene_rect
    for seat in SEATS:
        for rect in hand_card_rects(layout, seat, 8):
            assert scene.contains(rect), (seat, rect)
    for name, rect in named_zones(layout).items():
        assert scene.contains(rect), name
        assert rect.width > 0 and rect.height > 0, name
    for rect in trick_card_rects(layout).values():
        assert layout.trick_area.contains(rect)


@pytest.mark.parametrize("jumbo", [False, True])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_two_elements_overlap(size: tuple[int, int], jumbo: bool) -> None:
    zones = named_zones(compute_layout(*size, FULL, jumbo=jumbo))
    for (name_a, a), (name_b, b) in itertools.combinations(zones.items(), 2):
        assert not a.intersects(b), f"{name_a} overlaps {name_b}"


@pytest.mark.parametrize("text_scale", TEXT_SCALES[1:])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_larger_text_overlaps_nothing(size: tuple[int, int], text_scale: float) -> None:
    """With large and extra-large text, by the trick cards themselves (North's taller
    name and bid may reach the empty corner of the trick cross's bounding box)."""
    layout = compute_layout(*size, FULL, text_scale=text_scale)
    zones = named_zones(layout)
    del zones["trick area"]
    zones.update({f"trick card {seat}": r for seat, r in trick_card_rects(layout).items()})
    for (name_a, a), (name_b, b) in itertools.combinations(zones.items(), 2):
        assert not a.intersects(b), f"{name_a} overlaps {name_b}"
    for name, rect in zones.items():
        assert layout.scene_rect.contains(rect), name


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_south_cards_clear_other_seats_panels_and_trick_cards(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, FULL)
    south = hand_card_rects(layout, "S", 8)
    south += [r.translated(0.0, -layout.lift) for r in south]
    others = [r for seat in "WNE" for r in hand_card_rects(layout, seat, 8)]
    others += list(trick_card_rects(layout).values())
    others += [layout.trick_area, layout.action_panel, layout.info_panel]
    for card, other in itertools.product(south, others):
        assert not card.intersects(other), (card, other)


@pytest.mark.parametrize("jumbo", [False, True])
def test_every_south_card_shows_its_index_strip(jumbo: bool) -> None:
    for layout in layouts(jumbo):
        spots = hand_positions(layout, "S", 8)
        for left, right in itertools.pairwise(spots):
            overlap = layout.card_width - (right.x - left.x)
            assert overlap < layout.card_width - layout.index_width
        assert layout.south_step >= layout.index_width


def test_card_width_grows_with_window_size() -> None:
    widths = [layout.card_width for layout in layouts()]
    assert widths == sorted(widths)
    assert all(b > a for a, b in itertools.pairwise(widths))
    assert widths[0] >= MIN_CARD_WIDTH
    assert widths[0] >= 80  # comfortably readable already at 800x600


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_table_fills_the_window(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, FULL)
    used = bounding(list(named_zones(layout).values()))
    assert used.width >= 0.9 * layout.width
    assert used.height >= 0.9 * layout.height


def test_opponent_hands_are_compact_and_face_the_centre() -> None:
    layout = compute_layout(1280, 800, FULL)
    cx, cy = layout.trick_area.center
    for seat in SEATS:
        spots = hand_positions(layout, seat, 8)
        assert {spot.rotation for spot in spots} == {SEAT_ROTATION[seat]}
    assert abs(SEAT_ROTATION["W"]) == abs(SEAT_ROTATION["E"]) == 90.0
    # Opponents overlap much more tightly than South, whose cards must be read.
    assert layout.opponent_step < 0.5 * layout.south_step
    west = bounding(hand_card_rects(layout, "W", 8))
    east = bounding(hand_card_rects(layout, "E", 8))
    north = bounding(hand_card_rects(layout, "N", 8))
    south = bounding(hand_card_rects(layout, "S", 8))
    assert west.right < cx < east.x
    assert north.bottom < cy < south.y
    # Turned sideways, West and East are taller than wide.
    assert west.height > west.width and east.height > east.width


def test_trick_spots_sit_in_front_of_their_seat() -> None:
    for layout in layouts():
        cx, cy = layout.trick_area.center
        spots = layout.trick_spots
        assert spots["S"].y > cy and spots["N"].y < cy
        assert spots["W"].x < cx < spots["E"].x
        rects = trick_card_rects(layout)
        for (a_seat, a), (b_seat, b) in itertools.combinations(rects.items(), 2):
            assert not a.intersects(b), (a_seat, b_seat)


def test_hands_stay_centred_as_cards_are_played() -> None:
    layout = compute_layout(1024, 768, FULL)
    for seat in SEATS:
        cx, cy = layout.hand_centres[seat]
        for n in range(1, 9):
            spots = hand_positions(layout, seat, n)
            assert len(spots) == n
            assert sum(s.x for s in spots) / n == pytest.approx(cx)
            assert sum(s.y for s in spots) / n == pytest.approx(cy)
    assert hand_positions(layout, "S", 0) == []
    xs = [spot.x for spot in hand_positions(layout, "S", 8)]
    assert xs == sorted(xs)  # South reads left to right


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
def test_bigger_hands_still_fit(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, {seat: 10 for seat in SEATS})
    scene = layout.scene_rect
    for seat in SEATS:
        assert all(scene.contains(r) for r in hand_card_rects(layout, seat, 10))
    south = bounding(hand_card_rects(layout, "S", 10))
    assert not south.intersects(layout.bid_bubbles["S"])
    assert not south.intersects(won_stack_rects(layout)["NS"])
    assert layout.card_width <= compute_layout(*size, FULL).card_width


def test_unknown_seat_is_rejected() -> None:
    with pytest.raises(ValueError):
        hand_positions(compute_layout(800, 600), "X", 3)


def test_rotated_bounds_swap_width_and_height_at_90_degrees() -> None:
    box = rotated_bounds(CardSpot(100.0, 50.0, 90.0), 40.0, 40.0 * CARD_ASPECT)
    assert (box.width, box.height) == pytest.approx((56.0, 40.0))
    assert box.center == pytest.approx((100.0, 50.0))


def test_layout_module_does_not_need_qt() -> None:
    code = (
        "import sys; import kaiser_desktop.ui.cards.layout as m; "
        "m.compute_layout(800, 600); "
        "sys.exit(any(name.startswith('PySide6') for name in sys.modules))"
    )
    repo_root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=repo_root, check=False)
    assert result.returncode == 0


@pytest.mark.parametrize("text_scale", TEXT_SCALES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_action_panel_can_grow_up_without_covering_west_or_east(
    size: tuple[int, int], text_scale: float
) -> None:
    """The panel is placed on its band's bottom edge and grows up (bids, a hint): it stays
    between West's and East's hands, so however tall it grows it covers none of their cards."""
    layout = compute_layout(*size, FULL, text_scale=text_scale)
    west = max(r.right for r in hand_card_rects(layout, "W", 8))
    east = min(r.x for r in hand_card_rects(layout, "E", 8))
    for band in (layout.action_panel, layout.action_reach):
        assert west < band.x and band.right < east


@pytest.mark.parametrize("text_scale", TEXT_SCALES)
@pytest.mark.parametrize("size", [*SIZES, (640, 480)], ids=str)
def test_the_action_panel_grows_up_beside_west_and_east_names_and_bids(
    size: tuple[int, int], text_scale: float
) -> None:
    """Their names and bids sit outside the panel's band, so a bidding panel however tall
    leaves them in sight (beside their hands, it covered them at 800x600)."""
    layout = compute_layout(*size, FULL, text_scale=text_scale)
    band = layout.action_panel
    for seat in ("W", "E"):
        for rect in (layout.name_labels[seat], layout.bid_bubbles[seat]):
            assert rect.right < band.x or rect.x > band.right, (seat, rect, band)
    assert band.width <= layout.action_reach.width


@pytest.mark.parametrize("text_scale", TEXT_SCALES[1:])
@pytest.mark.parametrize("size", [(800, 540), (1024, 708), (1280, 740)], ids=str)
def test_cards_kept_as_large_as_normal_texts_overlap_nothing(
    size: tuple[int, int], text_scale: float
) -> None:
    """Issue 38: a larger text size keeps the cards Normal text has in the same window
    (card_floor): the larger words fit round them (the opponents' cards smaller), and
    nothing overlaps, each trick card counted alone."""
    floor = compute_layout(*size, FULL, words=seated_words(15.0)).card_width
    words = seated_words(round(15.0 * text_scale))
    layout = compute_layout(*size, FULL, text_scale=text_scale, words=words, card_floor=floor)
    assert layout.card_width >= floor
    assert compute_layout(*size, FULL, text_scale=text_scale, words=words).card_width < floor
    zones = named_zones(layout)
    del zones["trick area"]
    zones.update({f"trick card {seat}": r for seat, r in trick_card_rects(layout).items()})
    for (name_a, a), (name_b, b) in itertools.combinations(zones.items(), 2):
        assert not a.intersects(b), f"{name_a} overlaps {name_b}"
    for name, rect in zones.items():
        assert layout.scene_rect.contains(rect), name


def seated_words(px: float) -> TableWords:
    """The usual English words as the scene measures them, each seat's name its own
    ("You", "West: Sam", "Pat (partner)"), West's and East's bare names ("Sam")."""
    words = estimated_words(px)
    names = {"S": 2.0 * px, "W": 6.0 * px, "N": 7.4 * px, "E": 6.2 * px}
    bare = {"W": 2.5 * px, "E": 2.5 * px}
    return dataclasses.replace(words, names=names, bare_names=bare)


# A table beside the open score sheet at 800x600 (the sheet takes the table's room) and
# what the layout now places without overlap; lower ones (320-330 px at Large and Extra
# large) still lay West's words over South's.
SHEET_OPEN = [(h, s) for s in TEXT_SCALES for h in range(340, 420, 10)]


@pytest.mark.parametrize(("height", "text_scale"), SHEET_OPEN, ids=str)
def test_beside_the_score_sheet_names_and_bids_overlap_none(height: int, text_scale: float) -> None:
    """Issue 38 pictures: with the score sheet open at 800x600 (the table 330-410 px tall)
    West's name and bid, stacked under West's hand, ran off the table's bottom and lay
    over South's bid and name ("Sam" hidden under South's "11 no trump"). Where the table
    is too short for them, they sit beside their hands."""
    layout = compute_layout(800, height, FULL, text_scale=text_scale)
    words = {f"{kind} {seat}": r for seat in SEATS for kind, r in (
        ("name", layout.name_labels[seat]), ("bid", layout.bid_bubbles[seat]))}  # fmt: skip
    others = dict(words)
    others["board"] = layout.info_panel
    others["action panel"] = layout.action_panel
    for seat in SEATS:
        for i, r in enumerate(hand_card_rects(layout, seat, 8)):
            others[f"{seat} card {i}"] = r
    for (name_a, a), (name_b, b) in itertools.product(words.items(), others.items()):
        if name_a != name_b:
            assert not a.intersects(b), f"{name_a} overlaps {name_b}"
    for name, rect in words.items():
        assert layout.scene_rect.contains(rect), name
