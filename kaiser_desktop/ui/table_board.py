"""The table's words: the board (trump, contract, dealer, scores), the bubbles and the pile
counts, all said again when the language changes; and every word shown, for tests.

A part of `TableScene` (it is mixed in), kept in its own module so the scene stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.rules import Bid, Phase, Seat, Team
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.wording import bid_text, contract_text, number_text, team_name, trump_text

if TYPE_CHECKING:
    from kaiser_desktop.ui.table_scene import TableScene


class TableBoard:
    def _refresh_board(self: TableScene) -> None:
        self._refresh_plates()
        view = self.controller.view(ME)
        lines: list[tuple[str, str, bool]] = []
        trump_word, contract_word, dealer_word = (
            self.tr("Trump"),
            self.tr("Contract"),
            self.tr("Dealer"),
        )
        if view.trump_named:
            red = view.trump is not None and view.trump.is_red
            lines.append((trump_word, trump_text(view.trump), red))
        else:
            lines.append((trump_word, self.tr("not named yet"), False))
        if view.contract is not None and view.declarer is not None:
            if view.declarer == ME:  # "by you": French writes « vous » small mid-line
                by = self.tr("{bid} by you").format(bid=bid_text(view.contract))
            else:
                by = self.tr("{bid} by {name}").format(
                    bid=bid_text(view.contract), name=self.seating.name(view.declarer)
                )
            lines.append((contract_word, by, False))
        else:
            bidding = self.tr("bidding…") if view.phase is Phase.BIDDING else "—"
            lines.append((contract_word, bidding, False))
        if self.first_jack.running:  # the cards are still going round to find the jack
            lines.append((dealer_word, self.tr("the first jack deals"), False))
        else:
            dealer = self.tr("{name} (hand {number})").format(
                name=self.seating.name(view.dealer), number=view.hand_number
            )
            lines.append((dealer_word, dealer, False))
        target = view.rules.target
        for team in Team:
            name = team_name(team, self.seating)
            score = self.tr("{score} of {target}").format(
                score=number_text(view.scores[team.value]), target=target
            )
            lines.append((name, score, False))
        self.info.set_lines(lines)

    def retranslate(self: TableScene) -> None:
        """The table's words again, in the language just installed."""
        self.seating = self.controller.seating
        for seat, plate in self.plates.items():
            plate.text = self.seating.label(seat)
            plate.update()
        for bubble in self.bubbles.values():
            bubble.resay()
        self._update_pile_counts()
        self._refresh_board()

    def shown_texts(self: TableScene) -> list[str]:
        """Every word the table shows now: plates, bubbles, the board, pile counts (tests)."""
        texts = [plate.shown_text() for plate in self.plates.values()]
        texts += [bubble.text for bubble in self.bubbles.values() if bubble.isVisible()]
        texts += [part for line in self.info.lines for part in line[:2]]
        texts += [count.text for count in self.pile_counts.values()]
        return [text for text in texts if text]

    # --- the bubbles and pile counts -------------------------------------------------

    def _on_redeal_decided(self: TableScene, seat: Seat, ask: bool) -> None:
        if ask:
            self.bubbles[seat].say(lambda: self.tr("New deal!"))
        else:
            self.bubbles[seat].say(lambda: self.tr("Keeps hand"))

    def _on_bid(self: TableScene, seat: Seat, bid: Bid) -> None:
        self.bubbles[seat].say(lambda: bid_text(bid))

    def _show_contract_bubble(self: TableScene) -> None:
        view = self.controller.view(ME)
        for s, bubble in self.bubbles.items():
            if s != view.declarer:
                bubble.show_text("")
        if view.declarer is not None and view.contract is not None:
            contract, trump, named = view.contract, view.trump, view.trump_named
            red = trump is not None and trump.is_red and named
            self.bubbles[view.declarer].say(
                lambda: contract_text(contract, trump, named), red=red, strong=True
            )
