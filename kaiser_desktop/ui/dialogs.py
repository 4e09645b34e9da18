"""What every dialog shares — a font that follows the player's text size, and a size that fits
the screen — plus the small ones: About, and a look at the last trick."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop import __version__
from kaiser_desktop.ai import solver_kind
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import Seat, Suit, Trick
from kaiser_desktop.ui.cards.face_painter import render_card_image

# Room kept for the window frame and title bar, which Qt cannot measure before showing.
FRAME_ROOM = QSize(24, 64)
FONT_PX = 16
CARD_PX = 110


# --- text size and screen size -----------------------------------------------------------


def text_scale_for(widget: QWidget | None) -> float:
    """The player's text size (1.0, 1.25 or 1.5), read from the main window's settings.

    Dialogs are the main window's children, so this needs no extra argument; without a
    window with settings (a test, the self-test) the size is normal."""
    window = widget.window() if widget is not None else None
    settings = getattr(window, "settings", None)
    return settings.text_scale() if isinstance(settings, Settings) else 1.0


def scaled_font(px: float, scale: float = 1.0, *, bold: bool = False) -> QFont:
    """The application's font (so app-wide changes reach dialogs) at `px` times the scale."""
    font = QFont(QApplication.font())
    font.setPixelSize(max(9, round(px * scale)))
    font.setBold(bold)
    return font


def available_area(widget: QWidget) -> QRect:
    """The part of the screen a window may use (without the task bar), where `widget` shows."""
    parent = widget.parentWidget()
    screen = (parent or widget).screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 800, 600)


def fit_to_screen(dialog: QWidget, wanted: QSize) -> None:
    """Open at `wanted`, or smaller so the whole window, frame and buttons, is on the screen.

    The dialog's content must be able to shrink (long content in a QScrollArea): a layout
    will not let a window get smaller than what it needs."""
    room = available_area(dialog).size() - FRAME_ROOM
    dialog.resize(wanted.boundedTo(room))


class _WholeLines(QObject):
    """Keeps a wrapping label as tall as its words at the width it is given.

    In a scroll area, a column's layout gave wrapped labels less than their lines: the
    welcome reopened at Large text showed each rule's description as one clipped line and
    the intro's first line under the heading. A label given a width now asks for the height
    its lines need there, and the scroll area scrolls instead."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, QLabel):
            need = watched.heightForWidth(watched.width())
            if need > 0 and watched.minimumHeight() != need:
                watched.setMinimumHeight(need)
        return False


def keep_lines_whole(widget: QWidget) -> None:
    """Every word-wrapped label in `widget` keeps the height its lines need (_WholeLines)."""
    guard = widget.findChild(_WholeLines)
    if guard is None:
        guard = _WholeLines(widget)
    for label in widget.findChildren(QLabel):
        if label.wordWrap():
            label.installEventFilter(guard)


def scrolling(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area, so it can shrink on a small screen; its wrapped
    labels keep all their lines (it scrolls instead)."""
    keep_lines_whole(widget)
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    return area


# --- About and the last trick -------------------------------------------------------------


def last_trick_words(leader: Seat, winner: Seat, seating: Seating) -> str:
    """ "West led. <b>You won the trick.</b>": "You" takes its own verb (French agrees it)."""
    if leader == Seat.S:  # South is "You" in sentences, watching or playing
        led = translate("Dialogs", "You led.")
    else:
        led = translate("Dialogs", "{name} led.").format(name=seating.name(leader))
    if winner == Seat.S:
        won = translate("Dialogs", "You won the trick.")
    else:
        won = translate("Dialogs", "{name} won the trick.").format(name=seating.name(winner))
    return f"{led} <b>{won}</b>"


def solver_words() -> str:
    """Which card search the computer players use: a report of a failed build reads this."""
    if solver_kind() == "compiled":
        return translate("Dialogs", "The computer players think with the fast built-in solver.")
    return translate(
        "Dialogs",
        "The computer players think with the slower Python solver "
        "(the fast one could not be loaded on this computer).",
    )


def one_at_a_time(dialog: QDialog, kind: str) -> None:
    """`dialog` replaces any other of its `kind` still under the same parent, which closes.

    A modeless window asked for again (the rules, a hand's review, the last trick) opened
    one more copy each time, and every copy stayed until closed: under long use they
    piled up by the dozen, each with its pictures and text, and the window's memory
    climbed with them (issue 29). The window frees its modeless dialogs on close.
    """
    dialog.setObjectName(kind)
    parent = dialog.parentWidget()
    if parent is None:
        return
    direct = Qt.FindChildOption.FindDirectChildrenOnly
    for other in parent.findChildren(QDialog, kind, direct):
        if other is not dialog:
            other.close()


def about_box(parent: QWidget) -> QMessageBox:
    box = QMessageBox(parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)  # freed once closed
    box.setWindowTitle(translate("Dialogs", "About Kaiser Desktop"))
    box.setTextFormat(Qt.TextFormat.RichText)
    about = translate(
        "Dialogs",
        "<p>The Canadian partnership card game, against friendly computer players.</p>"
        "<p>Cards are drawn by the program; the card font is DejaVu Sans.</p>",
    )
    box.setText(f"<h3>Kaiser Desktop {__version__}</h3>{about}<p>{solver_words()}</p>")
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    box.setFont(scaled_font(FONT_PX, text_scale_for(parent)))
    return box


def show_about(parent: QWidget) -> None:
    about_box(parent).exec()


def last_trick_dialog(
    parent: QWidget, trick: Trick, winner: Seat, trump: Suit | None, seating: Seating
) -> QDialog:
    """The four cards of the last trick, who played each, and who won it."""
    scale = text_scale_for(parent)
    dialog = QDialog(parent)
    one_at_a_time(dialog, "last_trick")
    dialog.setWindowTitle(translate("Dialogs", "Last trick"))
    dialog.setFont(scaled_font(FONT_PX, scale))
    grid = QGridLayout()
    for column, (seat, card) in enumerate(trick.plays()):
        image = render_card_image(card.text, round(CARD_PX * scale))
        picture = QLabel()
        picture.setPixmap(QPixmap.fromImage(image))
        picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        name = QLabel(("<b>" if seat == winner else "") + seating.name(seat))
        name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(picture, 0, column)
        grid.addWidget(name, 1, column)
    led = QLabel(last_trick_words(trick.leader, winner, seating))
    led.setWordWrap(True)
    body = QWidget()
    body_layout = QVBoxLayout(body)
    body_layout.addLayout(grid)
    body_layout.addWidget(led)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    box = QVBoxLayout(dialog)
    box.addWidget(scrolling(body), 1)
    box.addWidget(buttons)
    fit_to_screen(dialog, dialog.sizeHint().expandedTo(body.sizeHint() + QSize(40, 70)))
    dialog.show()
    return dialog
