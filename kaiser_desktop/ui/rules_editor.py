"""One plain-language control per rule variant of RULES.md: shows a RuleSet, reads one back."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QSpinBox, QWidget

from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.check_row import row_of, wrapping_check_box


class RulesEditor(QWidget):
    """One control per variant; shows a RuleSet and reads one back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        self.min_bid = QComboBox()
        for level in (5, 6, 7):
            self.min_bid.addItem(str(level), level)
        form.addRow(self.tr("Lowest bid:"), self.min_bid)
        self.all_pass = QComboBox()
        self.all_pass.addItem(self.tr("The dealer must bid"), "dealer_must_bid")
        self.all_pass.addItem(self.tr("Throw the hand in"), "throw_in")
        form.addRow(self.tr("If everyone passes:"), self.all_pass)
        self.auction = QComboBox()
        self.auction.addItem(self.tr("Once around the table"), "one_round")
        self.auction.addItem(self.tr("Round and round, until three pass in a row"), "open")
        form.addRow(self.tr("Bidding goes:"), self.auction)
        self.first_dealer = QComboBox()
        self.first_dealer.addItem(self.tr("Chosen by chance"), "random")
        self.first_dealer.addItem(self.tr("The first to get a jack, dealt face up"), "first_jack")
        form.addRow(self.tr("The first dealer is:"), self.first_dealer)
        self.defender_limit = QComboBox()
        for limit in (45, 47):
            self.defender_limit.addItem(str(limit), limit)
        form.addRow(self.tr("Defenders stop scoring at:"), self.defender_limit)
        self.target = QSpinBox()
        self.target.setRange(10, 500)
        form.addRow(self.tr("Points to win:"), self.target)
        self.weak_hand_redeal = wrapping_check_box(
            self.tr("Allow a redeal for a hand with no ace, face card, 5♥ or 3♠"), self
        )
        self.steal_five_wins = wrapping_check_box(
            self.tr("Defenders at the limit who capture the 5♥ win at once"), self
        )
        self.bid_out = wrapping_check_box(
            self.tr(
                "Win only by bidding: the defenders' points cannot take them to the winning total"
            ),
            self,
        )
        self.three_trick_rule = wrapping_check_box(
            self.tr(
                "Three-trick rule: a team with fewer than 3 tricks gets nothing for the 5♥,\n"
                "and scores −3 for the hand if it took the 3♠"
            ),
            self,
        )
        self.kaiser_bid = wrapping_check_box(
            self.tr("Allow the Kaiser bid (win all 8 tricks alone, ±40)"), self
        )
        self.lose_at_minus_52 = wrapping_check_box(self.tr("A team at −52 or below loses"), self)
        self.pass_to_partner = wrapping_check_box(
            self.tr("Pass one card to your partner before bidding"), self
        )
        self.kitty = wrapping_check_box(self.tr("Kitty: 34 cards, two to the bidder"), self)
        for box in self._checkboxes():
            form.addRow(row_of(box))
        for combo in (self.min_bid, self.all_pass, self.auction, self.first_dealer):
            # Narrower than its longest choice (the list still shows it whole), so a small
            # screen needs no sideways scrolling.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(16)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # A long label (longer in French) puts its field on the next line, not off screen.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._editable = True
        self.set_rules(RuleSet())

    def _checkboxes(self) -> tuple[QCheckBox, ...]:
        return (
            self.weak_hand_redeal,
            self.steal_five_wins,
            self.bid_out,
            self.three_trick_rule,
            self.kaiser_bid,
            self.lose_at_minus_52,
            self.pass_to_partner,
            self.kitty,
        )

    def set_editable(self, editable: bool) -> None:
        """Presets show their rules greyed out; Custom lets the player change them."""
        self._editable = editable
        for widget in self._combos():
            widget.setEnabled(editable)
        for box in self._checkboxes():
            row_of(box).setEnabled(editable)  # the box and its words

    def _combos(self) -> tuple[QWidget, ...]:
        return (
            self.min_bid,
            self.all_pass,
            self.auction,
            self.first_dealer,
            self.defender_limit,
            self.target,
        )

    @property
    def editable(self) -> bool:
        return self._editable

    def set_rules(self, rules: RuleSet) -> None:
        self.min_bid.setCurrentIndex(self.min_bid.findData(rules.min_bid))
        self.all_pass.setCurrentIndex(self.all_pass.findData(rules.all_pass))
        self.auction.setCurrentIndex(self.auction.findData(rules.auction))
        self.first_dealer.setCurrentIndex(self.first_dealer.findData(rules.first_dealer))
        self.defender_limit.setCurrentIndex(self.defender_limit.findData(rules.defender_limit))
        self.target.setValue(rules.target)
        self.weak_hand_redeal.setChecked(rules.weak_hand_redeal)
        self.steal_five_wins.setChecked(rules.steal_five_wins)
        self.bid_out.setChecked(rules.bid_out)
        self.three_trick_rule.setChecked(rules.three_trick_rule)
        self.kaiser_bid.setChecked(rules.kaiser_bid)
        self.lose_at_minus_52.setChecked(rules.lose_at_minus_52)
        self.pass_to_partner.setChecked(rules.pass_to_partner)
        self.kitty.setChecked(rules.kitty)

    def rules(self) -> RuleSet:
        return RuleSet(
            min_bid=int(self.min_bid.currentData()),
            all_pass=self.all_pass.currentData(),
            auction=self.auction.currentData(),
            first_dealer=self.first_dealer.currentData(),
            weak_hand_redeal=self.weak_hand_redeal.isChecked(),
            defender_limit=int(self.defender_limit.currentData()),
            steal_five_wins=self.steal_five_wins.isChecked(),
            bid_out=self.bid_out.isChecked(),
            three_trick_rule=self.three_trick_rule.isChecked(),
            kaiser_bid=self.kaiser_bid.isChecked(),
            lose_at_minus_52=self.lose_at_minus_52.isChecked(),
            pass_to_partner=self.pass_to_partner.isChecked(),
            kitty=self.kitty.isChecked(),
            target=self.target.value(),
        )
