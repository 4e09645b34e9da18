"""The rules of Kaiser for players, from the bundled offline page resources/help/rules.html."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from kaiser_desktop.paths import resource

FONT_PX = 17
MISSING_TEXT = "<p>The rules page could not be found. Please reinstall Kaiser Desktop.</p>"


class RulesDialog(QDialog):
    """A resizable, non-modal-friendly window showing the rules. `RulesDialog(parent).show()`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("How to play Kaiser")
        self.setSizeGripEnabled(True)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)  # offline: nothing leaves the app
        self.browser.setOpenLinks(True)  # but links inside the page (the contents) work
        font = self.browser.font()
        font.setPixelSize(FONT_PX)
        self.browser.setFont(font)
        self.load()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(820, 760)

    def load(self) -> bool:
        path = resource("help", "rules.html")
        if not path.is_file():
            self.browser.setHtml(MISSING_TEXT)
            return False
        self.browser.setSearchPaths([str(path.parent)])
        self.browser.setSource(QUrl.fromLocalFile(str(path)))
        return True
