"""Help for players: the rules (the bundled offline page resources/help/rules.html) and
"How to play", a short illustrated tour of the table, page by page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt, QUrl
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.paths import resource
from kaiser_desktop.rules.said import QT_TRANSLATE_NOOP
from kaiser_desktop.ui.cards.face_painter import render_card_image
from kaiser_desktop.ui.dialogs import (
    fit_to_screen,
    one_at_a_time,
    scaled_font,
    scrolling,
    text_scale_for,
)

FONT_PX = 17
TOUR_FONT_PX = 20
MISSING_TEXT = QT_TRANSLATE_NOOP(
    "Help", "<p>The rules page could not be found. Please reinstall Kaiser Desktop.</p>"
)
# The page in the player's language: the French catalogue names the French page.
RULES_PAGE = QT_TRANSLATE_NOOP("Help", "rules.html")


def translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def rules_page_name() -> str:
    """ "rules.html", or the translated page ("rules.fr_CA.html") if it is installed."""
    name = translate("Help", RULES_PAGE)
    return name if resource("help", name).is_file() else RULES_PAGE


class RulesDialog(QDialog):
    """A resizable, non-modal-friendly window showing the rules. `RulesDialog(parent).show()`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        one_at_a_time(self, "rules")
        self.setWindowTitle(translate("Help", "How to play Kaiser"))
        self.setSizeGripEnabled(True)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)  # offline: nothing leaves the app
        self.browser.setOpenLinks(True)  # but links inside the page (the contents) work
        # The dialog too, not just the page: the Close button grows with the text.
        self.setFont(scaled_font(FONT_PX, text_scale_for(parent)))
        self.browser.setFont(self.font())
        self.load()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)  # the browser scrolls, so the Close button stays put
        layout.addWidget(buttons)
        fit_to_screen(self, QSize(820, 760))

    def load(self) -> bool:
        path = resource("help", rules_page_name())
        if not path.is_file():
            self.browser.setHtml(translate("Help", MISSING_TEXT))
            return False
        self.browser.setSearchPaths([str(path.parent)])
        self.browser.setSource(QUrl.fromLocalFile(str(path)))
        return True


# --- the tour -------------------------------------------------------------------------------


def table_picture(width: int) -> QPixmap:
    """A small drawing of the table: you at the bottom, your partner opposite, the other
    team left and right, with your cards face up along the bottom."""
    height = round(width * 0.62)
    pixmap = QPixmap(width, height)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor("#1d5e33"))
        painter.setPen(QColor("#154827"))
        painter.drawRoundedRect(QRectF(0, 0, width, height), 18, 18)
        card = width * 0.085
        back = render_card_image(None, card * 0.8)
        for i in range(4):  # your partner's and the opponents' cards, face down
            painter.drawImage(round(width / 2 - 2 * card * 0.5 + i * card * 0.3), 8, back)
            painter.drawImage(8, round(height * 0.32 + i * card * 0.22), back)
            painter.drawImage(round(width - 8 - card * 0.8), round(height * 0.32 + i * card * 0.22),
                              back)  # fmt: skip
        for i, name in enumerate(("AH", "KS", "5H", "QD", "3S", "9C")):
            face = render_card_image(name, card)
            painter.drawImage(round(width / 2 - 3 * card * 0.7 + i * card * 0.7),
                              round(height - card * 1.45 - 30), face)  # fmt: skip
        font = scaled_font(max(11.0, width / 34), bold=True)
        painter.setFont(font)
        painter.setPen(QColor("#FFFFFF"))
        centre = Qt.AlignmentFlag.AlignCenter
        painter.drawText(
            QRectF(0, height * 0.2, width, 30), centre, translate("Help", "Your partner")
        )
        beside = QRectF(card * 0.8 + 16, height * 0.3, width * 0.3, 30)  # the cards at left
        painter.drawText(beside, Qt.AlignmentFlag.AlignLeft, translate("Help", "Opponent"))
        beside.moveRight(width - card * 0.8 - 16)
        painter.drawText(beside, Qt.AlignmentFlag.AlignRight, translate("Help", "Opponent"))
        painter.drawText(
            QRectF(0, height - 30, width, 26), centre, translate("Help", "You — your cards")
        )
    finally:
        painter.end()
    return pixmap


def special_cards_picture(width: int) -> QPixmap:
    """The 5♥ and the 3♠ side by side."""
    card = width // 4
    five = render_card_image("5H", card)
    three = render_card_image("3S", card)
    pixmap = QPixmap(card * 2 + 30, five.height())
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.drawImage(0, 0, five)
        painter.drawImage(card + 30, 0, three)
    finally:
        painter.end()
    return pixmap


# (title, words, picture drawn at a width) — plain words, one idea a page.
TOUR_PAGES: Final[list[tuple[str, str, Callable[[int], QPixmap] | None]]] = [
    (
        QT_TRANSLATE_NOOP("Help", "The table"),
        QT_TRANSLATE_NOOP(
            "Help",
            "You sit at the <b>bottom</b> of the table; your cards are along the bottom, face "
            "up. Your <b>partner</b> sits opposite you, at the top. The players on your left "
            "and right are the other team. You and your partner win or lose together.",
        ),
        table_picture,
    ),
    (
        QT_TRANSLATE_NOOP("Help", "Bidding"),
        QT_TRANSLATE_NOOP(
            "Help",
            "After the deal, each player bids once or passes. A bid is how many points your "
            "team promises to take in this hand. The game shows only the bids you may make: "
            "click one, or <b>Pass</b>. A <b>no trump</b> bid counts double, win or lose.",
        ),
        None,
    ),
    (
        QT_TRANSLATE_NOOP("Help", "Trump"),
        QT_TRANSLATE_NOOP(
            "Help",
            "Whoever bids highest chooses the <b>trump</b> suit. A trump beats any card of the "
            "other suits. The trump suit is shown on the table for the whole hand.",
        ),
        None,
    ),
    (
        QT_TRANSLATE_NOOP("Help", "Tricks"),
        QT_TRANSLATE_NOOP(
            "Help",
            "Each player plays one card in turn: four cards make a <b>trick</b>. Play the same "
            "suit as the first card if you can. The highest card of that suit wins the trick, "
            "unless someone played a trump. The cards you may play stand up, bright; click one "
            "to play it. Whoever wins the trick leads the next one.",
        ),
        None,
    ),
    (
        QT_TRANSLATE_NOOP("Help", "Two special cards"),
        QT_TRANSLATE_NOOP(
            "Help",
            "The trick with the <b>5♥</b> is worth <b>5 extra points</b>. The trick with the "
            "<b>3♠</b> costs <b>3 points</b>. Every other trick is worth 1 point. If your team "
            "makes its bid, it scores what it took; if not, it loses what it bid. The first "
            "team to 52 points wins the game.",
        ),
        special_cards_picture,
    ),
    (
        QT_TRANSLATE_NOOP("Help", "Help while you play"),
        QT_TRANSLATE_NOOP(
            "Help",
            "Not sure what to play? Click <b>Hint</b> (or press H) and the game suggests a card "
            "or a bid, and says why. Made a mistake? <b>Edit → Undo my last move</b> takes it "
            "back (the game then counts as practice). Click a computer player's name to ask "
            "why they did that. <b>Help → Rules</b> has all the rules.",
        ),
        None,
    ),
]


class HowToPlayDialog(QDialog):
    """The tour: one page at a time, with Back and Next. Enter only ever turns the page
    (or closes the tour on the last page), so a stray Enter changes nothing in the game."""

    def __init__(self, parent: QWidget | None = None, scale: float | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Help", "How to play Kaiser"))
        self.scale = text_scale_for(parent) if scale is None else scale
        self.setFont(scaled_font(TOUR_FONT_PX, self.scale))
        self.title = QLabel()
        self.title.setFont(scaled_font(TOUR_FONT_PX * 1.4, self.scale, bold=True))
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.RichText)
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.addWidget(self.title)
        body_layout.addWidget(self.picture)
        body_layout.addWidget(self.words)
        body_layout.addStretch(1)
        self.page_label = QLabel()
        self.back_button = QPushButton(translate("Help", "Back"))
        self.back_button.setAutoDefault(False)
        self.next_button = QPushButton(translate("Help", "Next"))
        self.next_button.setDefault(True)
        self.back_button.clicked.connect(self.previous_page)
        self.next_button.clicked.connect(self.next_page)
        row = QHBoxLayout()
        row.addWidget(self.page_label)
        row.addStretch(1)
        row.addWidget(self.back_button)
        row.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(scrolling(body), 1)
        layout.addLayout(row)
        self.page = 0
        self.show_page(0)
        fit_to_screen(self, QSize(round(640 * self.scale), round(600 * self.scale)))
        self.next_button.setFocus()

    def show_page(self, page: int) -> None:
        self.page = max(0, min(page, len(TOUR_PAGES) - 1))
        title, words, picture = TOUR_PAGES[self.page]
        self.title.setText(translate("Help", title))
        self.words.setText(translate("Help", words))
        if picture is None:
            self.picture.clear()
            self.picture.hide()
        else:
            self.picture.setPixmap(picture(round(440 * self.scale)))
            self.picture.show()
        last = self.page == len(TOUR_PAGES) - 1
        self.page_label.setText(
            translate("Help", "Page {page} of {pages}").format(
                page=self.page + 1, pages=len(TOUR_PAGES)
            )
        )
        self.back_button.setEnabled(self.page > 0)
        self.next_button.setText(translate("Help", "Close") if last else translate("Help", "Next"))

    def previous_page(self) -> None:
        self.show_page(self.page - 1)

    def next_page(self) -> None:
        if self.page == len(TOUR_PAGES) - 1:
            self.accept()
        else:
            self.show_page(self.page + 1)
