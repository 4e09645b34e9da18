"""The action panel's choices for each moment: the buttons to ask for a new deal, to bid, to
name trump or to discard, only what the rules allow live (a bid not allowed now keeps its place
asleep), with the prompt above them.

`PanelChoices` makes a grid of buttons from the player's view and says through its signals
what the person chose; the panel that owns it puts the grid in its place and passes the
choice on. It knows nothing of the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import PASS, Bid, Card, MakeBid, NameTrump, PlayerView, all_bids
from kaiser_desktop.ui.grid_keys import GridKeys
from kaiser_desktop.ui.said_words import card_letters
from kaiser_desktop.ui.wording import bid_text, bidding_prompt, redeal_prompt, trump_text


class PanelChoices(QObject):
    redeal_chosen = Signal(bool)  # True: ask for a new deal
    bid_chosen = Signal(object)  # Bid
    trump_chosen = Signal(object)  # Suit, or None for no trump
    discard_chosen = Signal()  # the two cards chosen on the table

    def _grid(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(4)
        return grid

    def _button(self, text: str, name: str, action: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setProperty("intent", name)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setAutoDefault(True)  # Enter presses a focused button here too, not only Space
        button.clicked.connect(lambda: action())
        return button

    def redeal(self, view: PlayerView) -> tuple[str, QGridLayout]:
        grid = self._grid()
        chosen = self.redeal_chosen
        new = self._button(self.tr("New deal"), "redeal:yes", lambda: chosen.emit(True))
        new.setObjectName("primary")
        new.setProperty("intent", "redeal:yes")
        grid.addWidget(new, 0, 0)
        grid.addWidget(
            self._button(self.tr("Keep this hand"), "redeal:no", lambda: chosen.emit(False)),
            0,
            1,
        )
        return redeal_prompt(), grid

    def bidding(self, view: PlayerView, seating: Seating) -> tuple[str, QGridLayout]:
        """Every bid of the rules in its own place, the ones not allowed now asleep: from one
        turn to the next (a higher bid came in between) no button moves under the pointer."""
        legal = {a.bid for a in view.legal if isinstance(a, MakeBid)}
        bids = all_bids(view.rules)
        grid = self._grid()
        plain = [b for b in bids if not b.no_trump and not b.is_kaiser]
        no_trump = [b for b in bids if b.no_trump]
        col_of = {level: i + 1 for i, level in enumerate(range(view.rules.min_bid, 13))}
        if plain:
            grid.addWidget(self._row_label(self.tr("Bid")), 0, 0)
        if no_trump:
            grid.addWidget(self._row_label(self.tr("No trump")), 1, 0)
        for row, group in ((0, plain), (1, no_trump)):
            for bid in group:
                button = self._bid_button(bid, str(bid.level), bid in legal)
                grid.addWidget(button, row, col_of[bid.level])
        end = len(col_of) + 1
        if any(b.is_kaiser for b in bids):  # its name everywhere
            grid.addWidget(self._bid_button(Bid(13), "Kaiser", Bid(13) in legal), 0, end)
        # P (both languages: « Passe ») passes from anywhere in the window, as the status
        # bar says (main_window): Tab from the cards to Pass took 15 presses.
        pass_button = self._bid_button(PASS, self.tr("Pass"), PASS in legal)
        pass_button.setShortcut(QKeySequence(Qt.Key.Key_P))
        pass_button.setAccessibleDescription(self.tr("Pass (key P)"))
        grid.addWidget(pass_button, 1, end)
        GridKeys(grid, pass_button)  # the arrows by row and column
        return bidding_prompt(view, seating), grid

    def _row_label(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return label

    def _bid_button(self, bid: Bid, text: str, allowed: bool) -> QPushButton:
        button = self._button(text, f"bid:{bid.text}", lambda: self.bid_chosen.emit(bid))
        button.setEnabled(allowed)
        tip = (
            self.tr("Bid {bid}").format(bid=bid_text(bid))
            if not bid.is_pass
            else self.tr("Pass (key P)")
        )
        button.setToolTip(tip)
        button.setAccessibleName(bid_text(bid))
        return button

    def trump(self, view: PlayerView) -> tuple[str, QGridLayout]:
        grid = self._grid()
        options = [a.suit for a in view.legal if isinstance(a, NameTrump)]
        for i, suit in enumerate(options):
            text = trump_text(suit)  # "♥ Hearts", "No trump"
            name = "trump:NT" if suit is None else f"trump:{suit.text}"
            button = self._button(text, name, partial(self.trump_chosen.emit, suit))
            if suit is not None and suit.is_red:
                button.setProperty("suit", "red")
            grid.addWidget(button, 0, i)
        assert view.contract is not None
        text = self.tr("You won the bid with {contract}. Choose trump:")
        return text.format(contract=bid_text(view.contract)), grid

    def discard(self, view: PlayerView, chosen: list[Card]) -> tuple[str, QGridLayout]:
        """`chosen`: the cards picked on the table so far (two make the button live)."""
        grid = self._grid()
        button = self._button(
            self.tr("Discard these two"), "discard", lambda: self.discard_chosen.emit()
        )
        button.setObjectName("primary")
        button.setProperty("intent", "discard")
        button.setEnabled(len(chosen) == 2)
        grid.addWidget(button, 0, 0)
        kitty = " ".join(card_letters(c) for c in view.kitty)
        picked = ", ".join(card_letters(c) for c in chosen) if chosen else self.tr("none yet")
        text = self.tr(
            "You took the kitty ({kitty}). Click two cards to discard "
            "(not the 5♥ or the 3♠). Chosen: {picked}."
        )
        return text.format(kitty=kitty, picked=picked), grid
