"""The player's statistics, in words and numbers, with a Reset button that asks first."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QSize, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.ui.dialogs import fit_to_screen, scaled_font, scrolling, text_scale_for

FONT_PX = 16


def percent(part: int, whole: int) -> str:
    if not whole:
        return translate("StatisticsDialog", "none yet")
    return translate("StatisticsDialog", "{part} of {whole} ({percent}%)").format(
        part=part, whole=whole, percent=round(100 * part / whole)
    )


class StatisticsDialog(QDialog):
    """`StatisticsDialog(statistics).exec()`; Reset asks before clearing anything."""

    def __init__(self, statistics: Statistics, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)  # freed once answered
        self.statistics = statistics
        self.setWindowTitle(self.tr("Statistics"))
        self.setFont(scaled_font(FONT_PX, text_scale_for(parent)))
        self.values: dict[str, QLabel] = {}
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(
            self._group(
                self.tr("Your games (you and your partner)"),
                [
                    ("games", self.tr("Games won:")),
                    ("contracts", self.tr("Contracts made:")),
                    ("average", self.tr("Average points per hand:")),
                    ("comeback", self.tr("Best comeback:")),
                ],
            )
        )
        layout.addWidget(
            self._group(self.tr("Practice games (undo was used)"), [("practice", self.tr("Won:"))])
        )
        note = QLabel(
            self.tr("A game in which you used Undo counts as practice and is kept apart.")
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.reset_button = QPushButton(self.tr("Reset statistics…"))
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.reset_button.clicked.connect(self.ask_reset)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        self.buttons = buttons
        outer = QVBoxLayout(self)
        outer.addWidget(scrolling(body), 1)  # the numbers scroll; Close stays in view
        outer.addWidget(buttons)
        self.refresh()
        wanted = body.sizeHint() + QSize(40, buttons.sizeHint().height() + 40)
        fit_to_screen(self, wanted.expandedTo(QSize(520, 0)))

    def _group(self, title: str, rows: list[tuple[str, str]]) -> QGroupBox:
        box = QGroupBox(title)
        form = QFormLayout(box)
        for key, label in rows:
            value = QLabel()
            value.setObjectName(f"stat_{key}")
            bold = value.font()
            bold.setBold(True)
            value.setFont(bold)
            self.values[key] = value
            form.addRow(label, value)
        return box

    def refresh(self) -> None:
        s = self.statistics
        self.values["games"].setText(percent(s.games_won, s.games_played))
        self.values["contracts"].setText(percent(s.contracts_made, s.contracts_bid))
        average = s.average_points
        self.values["average"].setText(
            self.tr("none yet") if average is None else QLocale().toString(average, "f", 1)
        )
        comeback = s.best_comeback
        self.values["comeback"].setText(
            self.tr("won after being %n point(s) behind", None, comeback)
            if comeback > 0
            else self.tr("none yet")
        )
        self.values["practice"].setText(percent(s.practice_won, s.practice_played))

    def ask_reset(self) -> None:
        answer = QMessageBox.question(
            self,
            self.tr("Reset statistics"),
            self.tr("Clear all your statistics and start counting again from zero?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,  # the safe answer is the default
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.statistics.reset()
            self.refresh()
