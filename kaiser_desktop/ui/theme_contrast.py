"""Every pair of text colour and background the table shows, in a palette, over a felt:
what the contrast test measures and `python -m kaiser_desktop.ui.theme_contrast` prints."""

from __future__ import annotations

import sys

from PySide6.QtGui import QColor

from kaiser_desktop.app.settings import TABLE_COLOURS
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.contrast import AA_TEXT, over, ratio
from kaiser_desktop.ui.panel_messages import HINT_COLOUR
from kaiser_desktop.ui.summary_panel import WIN_COLOUR

NOTICE_COLOURS = ("#FFD54F", "#FFFFFF")  # action_panel: a refusal, a piece of news


def text_pairs(palette: theme.Palette, felt: QColor) -> list[tuple[str, QColor, QColor]]:
    """(where, text, background as seen) for every text on the felt and on the panels."""
    p = palette

    def c(value: QColor | str) -> QColor:
        return QColor(value)

    def on_felt(fill: QColor) -> QColor:
        return over(c(fill), felt)

    sheet = on_felt(p.sheet_fill)
    pairs = [
        ("name plate", c(p.label_text), on_felt(p.label_fill)),
        ("name plate, their turn", c(p.turn_text), on_felt(p.turn_fill)),
        ("dealer disc", c(p.dealer_text), on_felt(p.dealer_fill)),
        ("bid bubble", c(p.bubble_text), on_felt(p.bubble_fill)),
        ("bid bubble, red suit", c(p.red_suit_on_light), on_felt(p.bubble_fill)),
        ("board, labels", c(p.board_label), on_felt(p.panel_fill)),
        ("board, values", c(p.panel_text), on_felt(p.panel_fill)),
        ("board, red trump", c(p.red_suit), on_felt(p.panel_fill)),
        ("pile count", c(p.pile_text), on_felt(p.pile_fill)),
        ("panel text", c(p.sheet_text), sheet),
        ("panel, refusal", c(p.sheet_error), sheet),
        ("panel, hint", c(HINT_COLOUR), sheet),
        ("summary text", c(p.sheet_text), on_felt(p.summary_fill)),
        ("summary, a win", c(WIN_COLOUR), on_felt(p.summary_fill)),
        ("button", c(p.button_text), c(p.button_fill)),
        ("button, pointed at", c(p.button_text), c(p.button_hover)),
        ("button, main choice", c(p.button_text), c(p.primary_fill)),
        ("button, red suit", c(p.button_red), c(p.button_fill)),
    ]
    pairs += [(f"panel notice {colour}", c(colour), sheet) for colour in NOTICE_COLOURS]
    return pairs


def lowest(palette: theme.Palette) -> list[tuple[str, str, float]]:
    """Each pair's lowest ratio over every felt colour the settings offer."""
    worst: dict[str, tuple[str, float]] = {}
    for felt_name, felt in TABLE_COLOURS.items():
        for where, text, background in text_pairs(palette, QColor(felt)):
            value = ratio(text, background)
            if where not in worst or value < worst[where][1]:
                worst[where] = (felt_name, value)
    return [(where, felt, value) for where, (felt, value) in worst.items()]


def main() -> int:
    for name, palette in (("standard", theme.STANDARD), ("high contrast", theme.HIGH_CONTRAST)):
        print(f"{name}: lowest contrast of each text over the five table colours")
        for where, felt, value in lowest(palette):
            mark = "" if value >= AA_TEXT else "   below AA (4.5)"
            print(f"  {where:28s} {value:5.2f}  ({felt}){mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
