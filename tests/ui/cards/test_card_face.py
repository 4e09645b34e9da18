"""Card faces, backs and the card font, checked on rendered pixels."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from kaiser_desktop.paths import resource
from kaiser_desktop.ui.cards import fonts
from kaiser_desktop.ui.cards.face_painter import (
    BACK_STYLES,
    SUITS,
    render_card_image,
    suit_path,
)
from kaiser_desktop.ui.cards.layout import CARD_ASPECT, INDEX_FRACTION

# The 32-card Kaiser deck plus the two sevens some tables swap in.
KAISER_DECK = [r + s for s in "SHDC" for r in "AKQJT98"] + ["7C", "7D", "5H", "3S"]
ALL_34 = [*KAISER_DECK, "7H", "7S"]
WIDTH = 120

Pixel = tuple[int, int, int, int]
PixelTest = Callable[[Pixel], bool]


@pytest.fixture(autouse=True)
def _app(qapp: QApplication) -> QApplication:
    return qapp


def is_red(p: Pixel) -> bool:
    r, g, b, a = p
    return a > 200 and r > 150 and g < 90 and b < 100


def is_black(p: Pixel) -> bool:
    r, g, b, a = p
    return a > 200 and max(r, g, b) < 90 and max(r, g, b) - min(r, g, b) < 20


def is_blue(p: Pixel) -> bool:
    r, g, b, a = p
    return a > 200 and b > 140 and r < 80 and g < 130


def is_green(p: Pixel) -> bool:
    r, g, b, a = p
    return a > 200 and g > 90 and r < 60 and b < 100


def is_badge_gold(p: Pixel) -> bool:
    r, g, b, a = p
    return a > 200 and r > 235 and 200 < g < 245 and 120 < b < 200


def is_ink(p: Pixel) -> bool:
    """Anything clearly not the white card face."""
    r, g, b, a = p
    return a > 200 and min(r, g, b) < 200


def pixels(image: QImage, x0: float, y0: float, x1: float, y1: float) -> list[Pixel]:
    """Pixels of a box given in fractions of the card width (y too)."""
    w = image.width()
    out = []
    for y in range(int(y0 * w), int(y1 * w)):
        for x in range(int(x0 * w), int(x1 * w)):
            c = image.pixelColor(x, y)
            out.append((c.red(), c.green(), c.blue(), c.alpha()))
    return out


def count(pixel_list: list[Pixel], test: PixelTest) -> int:
    return sum(1 for p in pixel_list if test(p))


# Index boxes kept clear of the thin border so its grey never counts as ink.
TOP_LEFT_INDEX = (0.03, 0.04, INDEX_FRACTION, 0.55)
BOTTOM_RIGHT_INDEX = (1 - INDEX_FRACTION, CARD_ASPECT - 0.55, 0.97, CARD_ASPECT - 0.04)
CENTRE = (0.35, 0.5, 0.65, 0.9)


@pytest.mark.parametrize("card", ALL_34)
def test_each_card_has_ink_in_both_corner_indices_and_centre(card: str) -> None:
    image = render_card_image(card, WIDTH)
    assert (image.width(), image.height()) == (WIDTH, round(WIDTH * CARD_ASPECT))
    for box in (TOP_LEFT_INDEX, BOTTOM_RIGHT_INDEX, CENTRE):
        assert count(pixels(image, *box), is_ink) > 40, (card, box)


@pytest.mark.parametrize("card", ALL_34)
def test_suit_colour_red_for_hearts_diamonds_black_for_spades_clubs(card: str) -> None:
    image = render_card_image(card, WIDTH)
    index = pixels(image, *TOP_LEFT_INDEX) + pixels(image, *BOTTOM_RIGHT_INDEX)
    centre = pixels(image, *CENTRE)
    if card[1] in "HD":
        assert count(index, is_red) > 60 and count(centre, is_red) > 60
        assert count(index + centre, is_black) == 0
    else:
        assert count(index, is_black) > 60 and count(centre, is_black) > 60
        assert count(index + centre, is_red) == 0


def test_rendered_card_is_transparent_outside_its_rounded_corners() -> None:
    image = render_card_image("AS", WIDTH)
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(WIDTH - 1, image.height() - 1).alpha() == 0
    assert image.pixelColor(WIDTH // 2, image.height() // 2).alpha() == 255


@pytest.mark.parametrize(
    ("card", "test", "others"),
    [
        ("QS", is_black, (is_red, is_blue, is_green)),
        ("QH", is_red, (is_black, is_blue, is_green)),
        ("QD", is_blue, (is_black, is_red, is_green)),
        ("QC", is_green, (is_black, is_red, is_blue)),
    ],
)
def test_four_colour_deck_gives_each_suit_its_own_colour(
    card: str, test: PixelTest, others: tuple[PixelTest, ...]
) -> None:
    image = render_card_image(card, WIDTH, four_colour=True)
    index = pixels(image, *TOP_LEFT_INDEX)
    assert count(index, test) > 60
    for other in others:
        assert count(index, other) == 0


def rank_height(image: QImage) -> int:
    """Rows of the first run of ink down the index strip: the rank's height in pixels."""
    w = image.width()
    rows = []
    for y in range(int(0.04 * w), image.height() // 2):  # below the rounded border
        row = pixels(image, 0.03, y / w, INDEX_FRACTION - 0.02, (y + 1) / w)
        rows.append(count(row, is_ink) > 0)
    top = rows.index(True)
    return rows[top:].index(False)


def test_jumbo_indices_are_bigger() -> None:
    for card in ("KS", "TH", "9D", "AC", "7C"):
        normal = rank_height(render_card_image(card, WIDTH))
        jumbo = rank_height(render_card_image(card, WIDTH, jumbo=True))
        assert normal >= 0.17 * WIDTH, card  # big to begin with
        assert jumbo >= 1.25 * normal, card


@pytest.mark.parametrize("card", ALL_34)
def test_only_the_two_scoring_cards_carry_a_badge(card: str) -> None:
    image = render_card_image(card, WIDTH)
    gold = count(pixels(image, *TOP_LEFT_INDEX), is_badge_gold)
    if card in ("5H", "3S"):
        assert gold > 30
    else:
        assert gold == 0


def test_back_differs_from_every_face_and_each_style_differs() -> None:
    backs = {style: render_card_image(None, WIDTH, back_style=style) for style in BACK_STYLES}
    for card in ALL_34:
        face = render_card_image(card, WIDTH)
        assert all(face != back for back in backs.values()), card
    for one, other in itertools.combinations(backs.values(), 2):
        assert one != other
    # The blue back really is mostly blue in the middle.
    middle = pixels(backs["blue"], 0.15, 0.2, 0.85, 1.2)
    blueish = sum(1 for r, g, b, _ in middle if b > r + 40 and b > g + 20)
    assert blueish > len(middle) // 2


def test_device_pixel_ratio_renders_more_pixels_for_the_same_card() -> None:
    image = render_card_image("KH", 100, device_pixel_ratio=2.0)
    assert (image.width(), image.height()) == (200, 280)
    assert image.devicePixelRatio() == 2.0


@pytest.mark.parametrize("bad", ["", "1H", "KX", "KHH", "kh"])
def test_unknown_cards_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError):
        render_card_image(bad, WIDTH)


def test_suit_pips_are_solid_distinct_shapes() -> None:
    shapes = {suit: suit_path(suit) for suit in SUITS}
    for suit, path in shapes.items():
        assert path.contains(QPointF(0.5, 0.5)), suit  # solid in the middle: no holes
        assert not path.contains(QPointF(0.02, 0.02)), suit
    # Heart and spade are each other's upside-down: top middle is a notch vs a point.
    assert not shapes["H"].contains(QPointF(0.5, 0.1))
    assert shapes["S"].contains(QPointF(0.5, 0.1))
    assert shapes["D"].contains(QPointF(0.5, 0.1))
    assert not shapes["D"].contains(QPointF(0.15, 0.2))


# --- font ---------------------------------------------------------------------------------


def test_bundled_font_and_licence_are_present() -> None:
    font_file = resource("fonts", "DejaVuSans-Bold.ttf")
    assert font_file.is_file() and font_file.stat().st_size > 100_000
    licence = resource("fonts", "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


def test_card_font_comes_from_the_bundled_file() -> None:
    family = fonts.ensure_card_font()
    assert family != fonts.FALLBACK_FAMILY
    assert family == "DejaVu Sans"
    # Loading the bundled file directly names the same family: it's ours, not a system face.
    assert fonts.load_font_file(resource(*fonts.CARD_FONT_FILE)) == family
    assert fonts.ensure_card_font() == family  # stable across calls


def test_card_font_falls_back_when_the_file_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "_loaded_family", None)
    monkeypatch.setattr(fonts, "resource", lambda *parts: resource("no-such-dir", *parts))
    assert fonts.ensure_card_font() == fonts.FALLBACK_FAMILY


def test_card_font_is_bold_at_the_requested_pixel_size() -> None:
    font = fonts.card_font(37)
    assert font.pixelSize() == 37
    assert font.bold()


def test_faces_are_identical_across_renders() -> None:
    # Cached outlines must not drift: the same card renders to the same pixels.
    first = render_card_image("JD", WIDTH)
    second = render_card_image("JD", WIDTH)
    assert first == second
    assert first.pixelColor(WIDTH // 2, 0).alpha() == 255  # border reaches the top edge
