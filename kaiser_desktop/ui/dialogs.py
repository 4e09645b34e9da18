"""Help dialogs: the rules for players, About, and a look at the last trick."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop import __version__
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import RuleSet, Seat, Suit, Trick
from kaiser_desktop.ui.cards.face_painter import render_card_image

RULES_HTML = """
<h2>How to play Kaiser</h2>
<p>Four players, two teams: <b>you and your partner Pat</b> (sitting opposite you)
against West and East. The first team to <b>{target} points</b> wins.</p>

<h3>The cards</h3>
<p>32 cards: A K Q J 10 9 8 and one low card in each suit —
<b>5♥</b> in hearts, <b>3♠</b> in spades, 7 in diamonds and clubs. Everyone gets 8 cards.{kitty}</p>
<p>Two cards are special: the trick holding the <b>5♥ is worth 5 extra points</b>; the trick
holding the <b>3♠ costs 3 points</b>.</p>

<h3>Bidding</h3>
<p>Starting left of the dealer, each player bids once or passes. A bid is how many points
your team promises to make, from {min_bid} to 12. "No trump" bids count double, win or
lose. Each bid must be higher than the last; <b>the dealer may equal</b> the highest bid to
take it. {all_pass}{kaiser}</p>
<p>The highest bidder names the trump suit and leads the first card.</p>

<h3>Playing</h3>
<p>You must <b>follow suit</b> if you can. If you can't, play any card — you don't have to
trump. The highest trump wins the trick; with no trump in it, the highest card of the suit
led wins. The winner leads next. The game shows which of your cards you may play.</p>

<h3>Scoring</h3>
<ul>
<li>Each trick is 1 point; +5 for the 5♥, −3 for the 3♠ (10 points in every hand).</li>
<li>If the bidding team makes its bid, it scores what it took; if not, it <b>loses</b>
the amount it bid. No-trump bids count double either way.</li>
<li>The other team scores what it took — but once it has {limit} or more, it can only
lose points (through the 3♠), never gain them. You have to bid to win!</li>
</ul>
"""

ABOUT_TEXT = (
    "<h3>Kaiser Desktop {version}</h3>"
    "<p>The Canadian partnership card game, against friendly computer players.</p>"
    "<p>Cards are drawn by the program; the card font is DejaVu Sans.</p>"
)


def rules_html(rules: RuleSet) -> str:
    kitty = (
        " In this game the 7♥ and 7♠ are added and two cards go face down to a kitty, "
        "which the highest bidder picks up before discarding two."
        if rules.kitty
        else ""
    )
    if rules.all_pass == "dealer_must_bid":
        all_pass = "If the first three players pass, the dealer must bid."
    else:
        all_pass = "If everyone passes, the hand is thrown in and the next player deals."
    kaiser = (
        " A <b>Kaiser</b> bid (above 12 no trump) promises all 8 tricks, playing alone: "
        "worth 40 points."
        if rules.kaiser_bid
        else ""
    )
    return RULES_HTML.format(
        target=rules.target,
        kitty=kitty,
        min_bid=rules.min_bid,
        all_pass=all_pass,
        kaiser=kaiser,
        limit=rules.defender_limit,
    )


def show_rules(parent: QWidget, rules: RuleSet) -> QDialog:
    dialog = QDialog(parent)
    dialog.setWindowTitle("Rules of Kaiser")
    browser = QTextBrowser(dialog)
    browser.setHtml(rules_html(rules))
    browser.setStyleSheet("font-size: 16px;")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    box = QVBoxLayout(dialog)
    box.addWidget(browser)
    box.addWidget(buttons)
    dialog.resize(620, 640)
    dialog.show()
    return dialog


def show_about(parent: QWidget) -> None:
    QMessageBox.about(parent, "About Kaiser Desktop", ABOUT_TEXT.format(version=__version__))


def last_trick_dialog(
    parent: QWidget, trick: Trick, winner: Seat, trump: Suit | None, seating: Seating
) -> QDialog:
    """The four cards of the last trick, who played each, and who won it."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Last trick")
    grid = QGridLayout()
    for column, (seat, card) in enumerate(trick.plays()):
        image = render_card_image(card.text, 110)
        picture = QLabel()
        picture.setPixmap(QPixmap.fromImage(image))
        picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        name = QLabel(("<b>" if seat == winner else "") + seating.name(seat))
        name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        name.setStyleSheet("font-size: 16px;")
        grid.addWidget(picture, 0, column)
        grid.addWidget(name, 1, column)
    led = QLabel(
        f"{seating.name(trick.leader)} led. <b>{seating.name(winner)} won the trick.</b>"
    )
    led.setStyleSheet("font-size: 16px;")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    box = QVBoxLayout(dialog)
    box.addLayout(grid)
    box.addWidget(led)
    box.addWidget(buttons)
    dialog.show()
    return dialog
