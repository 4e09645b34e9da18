"""Table colours and the style sheet of the panels that float over the table.

Two palettes: the usual one, and a high-contrast one (Game → Settings → Table) in which
every text on the table and its panels has at least WCAG AA contrast (4.5:1) whatever
the felt: plates, board and pile counts become opaque black with white text, bubbles and
buttons white with black text, and every edge is drawn solid. Painters read the palette in use
(`theme.current().label_text`, a QColor), so switching palettes needs only a repaint.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont

FELT = QColor("#1d5e33")
FELT_DARK = QColor("#154827")


@dataclass(frozen=True, eq=False)
class Palette:
    """Every colour the table's own pieces use (see-through ones have an alpha)."""

    label_fill: QColor  # name plates
    label_text: QColor
    plate_edge: QColor
    turn_fill: QColor  # the seat whose turn it is: bright, unmissable
    turn_text: QColor
    dealer_fill: QColor
    dealer_text: QColor
    bubble_fill: QColor
    bubble_edge: QColor
    bubble_text: QColor
    contract_edge: QColor  # the declarer's bubble, once the contract is known
    red_suit_on_light: QColor  # ♥ ♦ in a bubble
    panel_fill: QColor  # the board in the corner (trump, contract, dealer, score)
    panel_edge: QColor
    board_label: QColor
    panel_text: QColor
    red_suit: QColor  # ♥ ♦ on the board
    pile_fill: QColor  # "3 tricks" on a pile
    pile_text: QColor
    # The floating panels (prompt, summary) and their buttons, as style-sheet colours.
    sheet_fill: QColor
    sheet_edge: QColor
    sheet_text: QColor
    sheet_error: QColor
    summary_fill: QColor
    button_fill: QColor
    button_text: QColor
    button_edge: QColor
    button_hover: QColor
    button_focus: QColor
    primary_fill: QColor
    primary_edge: QColor
    primary_hover: QColor
    button_red: QColor

    @classmethod
    def of(cls, **colours: str) -> Palette:
        """A palette from "#RRGGBB" or "#AARRGGBB" (see-through) names."""
        return cls(**{name: QColor(value) for name, value in colours.items()})


STANDARD = Palette.of(
    label_fill="#78000000", label_text="#FFFFFF", plate_edge="#5AFFFFFF",
    turn_fill="#FFC107", turn_text="#1A1A1A", dealer_fill="#FFFFFF", dealer_text="#1A1A1A",
    bubble_fill="#FFFDF5", bubble_edge="#5A5A5A", bubble_text="#1A1A1A",
    contract_edge="#FFC107", red_suit_on_light="#C8102E",
    panel_fill="#6E000000", panel_edge="#46FFFFFF", board_label="#CFE8D5",
    panel_text="#FFFFFF", red_suit="#E53935", pile_fill="#AA000000", pile_text="#FFFFFF",
    sheet_fill="#0C2E18", sheet_edge="#5AFFFFFF", sheet_text="#FFFFFF", sheet_error="#FFD54F",
    summary_fill="#0A2814", button_fill="#F5F5F5", button_text="#1A1A1A",
    button_edge="#9E9E9E", button_hover="#FFF3C4", button_focus="#1E88E5",
    primary_fill="#FFC107", primary_edge="#B28704", primary_hover="#FFD54F",
    button_red="#C8102E",
)  # fmt: skip

HIGH_CONTRAST = Palette.of(
    label_fill="#000000", label_text="#FFFFFF", plate_edge="#FFFFFF",
    turn_fill="#FFD600", turn_text="#000000", dealer_fill="#FFFFFF", dealer_text="#000000",
    bubble_fill="#FFFFFF", bubble_edge="#000000", bubble_text="#000000",
    contract_edge="#FFD600", red_suit_on_light="#B00020",
    panel_fill="#000000", panel_edge="#FFFFFF", board_label="#FFFFFF",
    panel_text="#FFFFFF", red_suit="#FF8A80", pile_fill="#000000", pile_text="#FFFFFF",
    sheet_fill="#000000", sheet_edge="#FFFFFF", sheet_text="#FFFFFF", sheet_error="#FFE14D",
    summary_fill="#000000", button_fill="#FFFFFF", button_text="#000000",
    button_edge="#000000", button_hover="#FFF59D", button_focus="#0D47A1",
    primary_fill="#FFD600", primary_edge="#000000", primary_hover="#FFEA00",
    button_red="#B00020",
)  # fmt: skip

_current = STANDARD


def use(palette: Palette) -> None:
    """Paint with `palette` from now on (the caller repaints what is on screen)."""
    global _current
    _current = palette


def current() -> Palette:
    return _current


def current_focus_colour() -> QColor:
    """The colour that marks the keyboard focus, in the palette in use."""
    return QColor(_current.button_focus)


def is_high_contrast() -> bool:
    return _current is HIGH_CONTRAST


def ui_font(pixel_size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(9, round(pixel_size)))
    font.setBold(bold)
    return font


def _css(c: QColor) -> str:
    """A palette colour as a style sheet understands it (rgba for see-through ones)."""
    if c.alpha() == 255:
        return c.name()
    return f"rgba({c.red()}, {c.green()}, {c.blue()}, {c.alpha()})"


def panel_style(px: int) -> str:
    """Style sheet for the floating panels; sizes in pixels follow the card size.

    Every button state has the same 3 px border, only its colour changes: a focused or
    hinted button must not grow by a pixel under the pointer.
    """
    p = _current
    pad = max(4, px // 3)
    return f"""
    QFrame#panel {{
        background: {_css(p.sheet_fill)};  /* opaque: nothing half-seen shows through */
        border: 2px solid {_css(p.sheet_edge)};
        border-radius: {pad + 4}px;
    }}
    QLabel {{ color: {_css(p.sheet_text)}; font-size: {px}px; background: transparent; }}
    QWidget#buttons {{ background: transparent; }}
    QLabel#prompt {{ font-weight: bold; }}
    QLabel#error {{ color: {_css(p.sheet_error)}; font-weight: bold; }}
    QPushButton {{
        font-size: {px}px; font-weight: bold; color: {_css(p.button_text)};
        background: {_css(p.button_fill)}; border: 3px solid {_css(p.button_edge)};
        border-radius: {pad}px;
        padding: {pad // 2}px {max(4, pad - 2)}px; min-width: {round(px * 1.8)}px;
        min-height: {round(px * 1.5)}px;
    }}
    QPushButton:hover {{ background: {_css(p.button_hover)}; border-color: {_css(p.turn_fill)}; }}
    QPushButton:focus {{ border: 3px solid {_css(p.button_focus)}; }}
    QPushButton:disabled {{ color: #8A8A8A; background: #D0D0D0; }}
    QPushButton#primary {{
        background: {_css(p.primary_fill)}; border-color: {_css(p.primary_edge)};
    }}
    QPushButton#primary:hover {{ background: {_css(p.primary_hover)}; }}
    QPushButton#primary:disabled {{ color: #8A8A8A; background: #D0D0D0; border-color: #9E9E9E; }}
    QPushButton[suit="red"] {{ color: {_css(p.button_red)}; }}
    QPushButton[suit="red"]:disabled {{ color: #8A8A8A; }}  /* asleep looks asleep */
    """


def summary_fill_css() -> str:
    return _css(_current.summary_fill)
