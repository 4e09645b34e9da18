"""The action panel's choices for each moment: the buttons to ask for a new deal, to bid, to
name trump or to discard, each showing only what the rules allow, with the prompt above them.

A part of `ActionPanel` (it is mixed in), kept in its own module so the panel stays readable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton

from kaiser_desktop.rules import PASS, Bid, MakeBid, NameTrump, PlayerView
from kaiser_desktop.ui.wording import bid_text, bidding_prompt, redeal_prompt, trump_text

if TYPE_CHECKING:
    from kaiser_desktop.ui.action_panel import ActionPanel


class PanelChoices:
    def _grid(self: ActionPanel) -> QGridLayout:
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(6)
        return grid

    def _button(
        self: ActionPanel, text: str, name: str, action: Callable[[], object]
    ) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setProperty("intent", name)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setAutoDefault(True)  # Enter presses a focused button here too, not only Space
        button.clicked.connect(lambda: action())
        return button

    def _redeal(self: ActionPanel, view: PlayerView) -> tuple[str, QGridLayout | None]:
        grid = self._grid()
        c = self.controller
        new = self._button(self.tr("New deal"), "redeal:yes", lambda: c.human_redeal_choice(True))
        new.setObjectName("primary")
        new.setProperty("intent", "redeal:yes")
        grid.addWidget(new, 0, 0)
        grid.addWidget(
            self._button(
                self.tr("Keep this hand"), "redeal:no", lambda: c.human_redeal_choice(False)
            ),
            0,
            1,
        )
        return redeal_prompt(), grid

    def _bidding(self: ActionPanel, view: PlayerView) -> tuple[str, QGridLayout | None]:
        bids = [a.bid for a in view.legal if isinstance(a, MakeBid)]
        grid = self._grid()
        plain = [b for b in bids if not b.is_pass and not b.no_trump and not b.is_kaiser]
        no_trump = [b for b in bids if b.no_trump]
        col_of = {level: i + 1 for i, level in enumerate(range(view.rules.min_bid, 13))}
        if plain:
            grid.addWidget(self._row_label(self.tr("Bid")), 0, 0)
        if no_trump:
            grid.addWidget(self._row_label(self.tr("No trump")), 1, 0)
        for row, group in ((0, plain), (1, no_trump)):
            for bid in group:
                button = self._bid_button(bid, str(bid.level))
                grid.addWidget(button, row, col_of[bid.level])
        end = len(col_of) + 1
        if any(b.is_kaiser for b in bids):
            grid.addWidget(self._bid_button(Bid(13), "Kaiser"), 0, end)  # its name everywhere
        if PASS in bids:
            grid.addWidget(self._bid_button(PASS, self.tr("Pass")), 1, end)
        return bidding_prompt(view, self.seating), grid

    def _row_label(self: ActionPanel, text: str) -> QLabel:
        label = QLabel(text)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return label

    def _bid_button(self: ActionPanel, bid: Bid, text: str) -> QPushButton:
        button = self._button(text, f"bid:{bid.text}", lambda: self.controller.human_bid(bid))
        tip = self.tr("Bid {bid}").format(bid=bid_text(bid)) if not bid.is_pass else self.tr("Pass")
        button.setToolTip(tip)
        button.setAccessibleName(bid_text(bid))
        return button

    def _trump(self: ActionPanel, view: PlayerView) -> tuple[str, QGridLayout | None]:
        grid = self._grid()
        options = [a.suit for a in view.legal if isinstance(a, NameTrump)]
        for i, suit in enumerate(options):
            text = trump_text(suit)  # "♥ Hearts", "No trump"
            name = "trump:NT" if suit is None else f"trump:{suit.text}"
            button = self._button(text, name, lambda s=suit: self.controller.human_trump(s))
            if suit is not None and suit.is_red:
                button.setProperty("suit", "red")
            grid.addWidget(button, 0, i)
        assert view.contract is not None
        text = self.tr("You won the bid with {contract}. Choose trump:")
        return text.format(contract=bid_text(view.contract)), grid

    def _discard(self: ActionPanel, view: PlayerView) -> tuple[str, QGridLayout | None]:
        grid = self._grid()
        chosen = list(self.scene.selected)
        button = self._button(
            self.tr("Discard these two"), "discard", lambda: self._discard_selected()
        )
        button.setObjectName("primary")
        button.setProperty("intent", "discard")
        button.setEnabled(len(chosen) == 2)
        grid.addWidget(button, 0, 0)
        kitty = " ".join(c.label for c in view.kitty)
        picked = ", ".join(c.label for c in chosen) if chosen else self.tr("none yet")
        text = self.tr(
            "You took the kitty ({kitty}). Click two cards to discard "
            "(not the 5♥ or the 3♠). Chosen: {picked}."
        )
        return text.format(kitty=kitty, picked=picked), grid

    def _discard_selected(self: ActionPanel) -> None:
        if len(self.scene.selected) == 2:
            first, second = self.scene.selected
            self.controller.human_discard(first, second)
