"""French (Canada): the catalogues are finished and current, and a game in French shows no
English: every visible widget text and the table's own words are walked in each phase
(welcome, bidding, trump, play, summary, game over, score sheet, settings, statistics,
help) and compared with the English strings of both catalogues."""

from __future__ import annotations

import filecmp
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabWidget,
    QTextBrowser,
    QWidget,
)
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.catalogues import CATALOGUES, compile_catalogue, i18n_dir
from kaiser_desktop.rules import (
    MakeBid,
    NameTrump,
    Phase,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Team,
)
from kaiser_desktop.ui.dialogs import about_box, last_trick_dialog
from kaiser_desktop.ui.language import catalogue_file, current_language, install_language
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.qt_words import qt_gaps
from kaiser_desktop.ui.said_words import counts
from kaiser_desktop.ui.scripted_player import ScriptedPlayer
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.statistics_dialog import StatisticsDialog
from kaiser_desktop.ui.welcome import WelcomeDialog
from tests.app.test_autosave import Table
from tests.ui.windows import open_dialogs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402  (tools/i18n.py)

PLACEHOLDER = re.compile(r"\{\w*\}|%n")


# --- the catalogues ----------------------------------------------------------------------


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_message_is_translated(name: str) -> None:
    ts = i18n_dir() / f"{name}.ts"
    assert ts.is_file(), f"{ts.name} is missing (python tools/i18n.py update)"
    left = i18n.unfinished(ts)
    assert left == [], f"{len(left)} not translated in {ts.name}, e.g. {left[:3]}"


@pytest.mark.parametrize("name", CATALOGUES)
def test_translations_keep_every_value_and_both_plural_forms(name: str) -> None:
    """A "{name}" or "%n" lost in translation would show a wrong sentence (or crash format).
    A plural's singular form may say its number in words (« la dernière levée »)."""
    for (context, source, _, plural), texts in i18n.messages(i18n_dir() / f"{name}.ts").items():
        wanted = sorted(PLACEHOLDER.findall(source))
        if plural:
            assert len(texts) == 2, (context, source)  # French: singular (0, 1) and plural
        for index, text in enumerate(texts):
            found = sorted(PLACEHOLDER.findall(text))
            if plural and index == 0 and "%n" in wanted and "%n" not in found:
                found = sorted([*found, "%n"])
            assert found == wanted, (context, source, text)


@pytest.mark.parametrize("name", CATALOGUES)
def test_a_count_has_plural_forms(name: str) -> None:
    """ "%n trick(s)" is a plural message (lupdate marks only self.tr(text, "", n) calls):
    otherwise French would say « 4 levée »."""
    for (context, source, _, plural), _texts in i18n.messages(i18n_dir() / f"{name}.ts").items():
        if "%n" in source and "(s)" in source:
            assert plural, (context, source)


def test_the_pile_count_says_its_plural(qtbot: QtBot, tmp_path: Path, french: None) -> None:
    table = Table(qtbot, tmp_path)
    scene = table.window.view.table_scene
    assert scene.tr("%n trick(s)", None, 1) == "1 levée"
    assert scene.tr("%n trick(s)", None, 4) == "4 levées"
    table.close()


def test_english_says_its_own_plurals(qtbot: QtBot, tmp_path: Path) -> None:
    """With no catalogue Qt would show "1 trick(s)" on the pile; English is taught its
    singular and plural, and a message without a count is left as written."""
    assert install_language("en") is None  # what the launcher does at start
    table = Table(qtbot, tmp_path)
    scene = table.window.view.table_scene
    assert scene.tr("%n trick(s)", None, 1) == "1 trick"
    assert scene.tr("%n trick(s)", None, 4) == "4 tricks"
    assert scene.tr("%n trick(s)", None, 0) == "0 tricks"
    comeback = QCoreApplication.translate(
        "StatisticsDialog", "won after being %n point(s) behind", None, 1
    )
    assert comeback == "won after being 1 point behind"
    assert QCoreApplication.translate("X", "Two (s) here") == "Two (s) here"  # no count
    # A fraction is plural in English, below 2 singular in French.
    assert [counts().points(v, f"{v}") for v in (1, 1.3, 0.5, 2.5)] == [
        "1 point", "1.3 points", "0.5 points", "2.5 points"
    ]  # fmt: skip
    assert install_language("fr") is None
    try:
        assert [counts().points(v, f"{v}") for v in (1, 1.3, 2.5)] == [
            "1 point", "1.3 point", "2.5 points"
        ]  # fmt: skip
    finally:
        install_language("en")
    table.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", CATALOGUES)
def test_catalogues_are_current_with_the_sources(name: str) -> None:
    """lupdate over the sources finds exactly the catalogue's messages: none new, none gone."""
    missing, gone = i18n.stale(name)
    assert (sorted(missing), sorted(gone)) == ([], []), "run: python tools/i18n.py update"


@pytest.mark.parametrize("name", CATALOGUES)
def test_the_compiled_catalogue_is_the_one_its_source_makes(name: str) -> None:
    """The .qm the app loads is what lrelease makes of the .ts now (never a stale one)."""
    ts = i18n_dir() / f"{name}.ts"
    loaded = catalogue_file(name)
    assert loaded is not None and loaded.is_file()
    with tempfile.TemporaryDirectory(prefix="kaiser-qm-") as folder:
        fresh = Path(folder) / f"{name}.qm"
        compile_catalogue(ts, fresh)
        assert filecmp.cmp(loaded, fresh, shallow=False), f"{loaded} is stale"


# --- a game in French --------------------------------------------------------------------


def english_strings() -> tuple[set[str], list[re.Pattern[str]]]:
    """Every English source of both catalogues whose French differs (and is not itself the
    French of another message): as plain text, and as patterns for those with values."""
    sources: set[str] = set()
    french: set[str] = set()
    for name in CATALOGUES:
        for (_, source, _, _), texts in i18n.messages(i18n_dir() / f"{name}.ts").items():
            french.update(_plain(t) for t in texts)
            if all(_plain(t) != _plain(source) for t in texts):
                sources.add(_plain(source))
    sources -= french
    exact = {s for s in sources if not PLACEHOLDER.search(s)}
    patterns = []
    for source in sources - exact:
        literal = PLACEHOLDER.sub("\0", source)
        words = len(re.findall(r"[A-Za-z]{3,}", literal))
        if words < 2 and not (words and "%n" in source):
            continue  # "{seat}:" or "{bid} by {name}" would match French text as well
        parts = [re.escape(part) for part in literal.split("\0")]
        patterns.append(re.compile("^" + ".+".join(parts) + "$", re.S))
    return exact, patterns


def _plain(text: str) -> str:
    """Without the menu mnemonic's "&" and surrounding space."""
    return re.sub(r"&(?!&)", "", text).strip()


def _document_text(html: str) -> str:
    document = QTextDocument()
    document.setHtml(html)
    return document.toPlainText()


def widget_texts(widget: QWidget) -> list[str]:
    texts = [widget.windowTitle(), widget.toolTip(), widget.accessibleName()]
    if isinstance(widget, QLabel):
        text = widget.text()
        texts.append(_document_text(text) if "<" in text else text)
    elif isinstance(widget, QAbstractButton):
        texts.append(widget.text())
    elif isinstance(widget, QGroupBox):
        texts.append(widget.title())
    elif isinstance(widget, QTabWidget):
        texts += [widget.tabText(i) for i in range(widget.count())]
    elif isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    elif isinstance(widget, QLineEdit):
        texts.append(widget.placeholderText())
    elif isinstance(widget, QTextBrowser):
        texts.append(widget.toPlainText())
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        for column in range(model.columnCount()):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                texts.append(str(model.headerData(column, Qt.Orientation.Horizontal, role) or ""))
            for row in range(model.rowCount()):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    texts.append(str(model.data(model.index(row, column), role) or ""))
    return texts


def shown_texts(top: QWidget, window: MainWindow | None = None) -> list[str]:
    widgets = [top, *top.findChildren(QWidget)]
    texts = [t for w in widgets if w.isVisible() for t in widget_texts(w)]
    if window is not None:
        for menu_action in window.menuBar().actions():
            texts.append(menu_action.text())
            menu = menu_action.menu()
            texts += [a.text() for a in menu.actions() if not a.isSeparator()]
        texts += window.view.table_scene.shown_texts()
        texts.append(window.statusBar().currentMessage())
    return [t for t in texts if t and t.strip()]


class EnglishWatch:
    """Collects every visible English text seen during the walk, with where it was seen."""

    def __init__(self) -> None:
        self.exact, self.patterns = english_strings()
        self.seen: list[tuple[str, str]] = []
        self.phases: list[str] = []

    def check(self, phase: str, top: QWidget, window: MainWindow | None = None) -> None:
        self.phases.append(phase)
        for text in shown_texts(top, window):
            for piece in {text, *text.splitlines(), *re.split(r"(?<=[.!?])\s+", text)}:
                plain = _plain(piece)
                if plain in self.exact or any(p.match(plain) for p in self.patterns):
                    self.seen.append((phase, plain))


@pytest.fixture
def french() -> Iterator[None]:
    assert install_language("fr") is None
    yield
    install_language("en")


def bid_high(view: PlayerView) -> SeatAction:
    """Win the bid (so the trump phase comes to South), then the rules' first choice."""
    if view.phase is Phase.BIDDING:
        bids = [a for a in view.legal if isinstance(a, MakeBid) and not a.bid.is_pass]
        plain = [a for a in bids if not a.bid.no_trump and not a.bid.is_kaiser]
        if plain:
            return max(plain, key=lambda a: a.bid.level)
    if view.phase is Phase.TRUMP:
        return next(a for a in view.legal if isinstance(a, NameTrump) and a.suit is not None)
    return view.legal[0]


def test_a_game_in_french_shows_no_english(qtbot: QtBot, tmp_path: Path, french: None) -> None:
    assert current_language() == "fr"
    watch = EnglishWatch()
    welcome = WelcomeDialog(Settings(tmp_path / "welcome.ini"), False)
    qtbot.addWidget(welcome)
    welcome.show()
    watch.check("welcome", welcome)
    tour = welcome.show_tour()
    watch.check("how to play", tour)
    tour.close()
    welcome.close()

    table = Table(qtbot, tmp_path)
    window, c = table.window, table.controller
    seen_phases: set[Phase] = set()
    summary_up: list[bool] = []
    c.hand_scored.connect(lambda result: summary_up.append(True))
    player = ScriptedPlayer(window, choose=bid_high)

    def before(view: PlayerView, action: SeatAction) -> None:
        if view.phase not in seen_phases:
            seen_phases.add(view.phase)
            watch.check(view.phase.value, window, window)

    player.before_action = before
    c.hand_scored.connect(lambda result: setattr(player, "enabled", False))
    c.start()
    qtbot.waitUntil(lambda: bool(summary_up), timeout=60_000)
    qtbot.waitUntil(window.view.summary.isVisible, timeout=10_000)
    assert {Phase.BIDDING, Phase.TRUMP, Phase.PLAY} <= seen_phases
    watch.check("summary", window, window)
    window.score_sheet.show()
    watch.check("score sheet", window, window)

    last = c.last_trick()
    assert last is not None
    trick_dialog = last_trick_dialog(window, last[0], last[1], None, c.seating)
    watch.check("last trick", trick_dialog)
    trick_dialog.close()
    for name, dialog in (
        ("settings", SettingsDialog(table.settings, True, window)),
        ("statistics", StatisticsDialog(table.statistics, window)),
        ("about", about_box(window)),
        ("welcome again", WelcomeDialog(table.settings, True, window)),
    ):
        dialog.show()
        watch.check(name, dialog)
        dialog.close()
    chooser = QFileDialog(window, "", str(tmp_path), "(*.json)")
    chooser.setOption(QFileDialog.Option.DontUseNativeDialog)  # Qt's own: its words, ours
    chooser.show()
    watch.check("file chooser", chooser)
    chooser.close()
    played = [r.number for r in c.state.results if r.kind == "played"]
    if played:  # the review of the hand just played, worked out, at its middle and end
        review = window.open_review(played[-1])
        assert review is not None
        watch.check("review (working)", review)
        qtbot.waitUntil(lambda: review.review is not None, timeout=120_000)
        watch.check("review", review)
        review.step_trick(4)
        watch.check("review, trick 4", review)
        review.go_end()
        watch.check("review, end", review)
        review.close()
    window.show_rules()
    for dialog in open_dialogs(window):
        watch.check("rules help", dialog)
        dialog.close()
    window.view.summary._on_game_over(Team.NS, (53, 31))
    watch.check("game over", window, window)
    c.stop()
    assert watch.seen == [], f"English on screen in French: {watch.seen}"


def test_house_rules_in_french_show_no_english(qtbot: QtBot, tmp_path: Path, french: None) -> None:
    """The phases only house rules have: passing a card to partner, the kitty's discard."""
    watch = EnglishWatch()
    table = Table(qtbot, tmp_path, rules=RuleSet(pass_to_partner=True, kitty=True))
    window, c = table.window, table.controller
    seen_phases: set[Phase] = set()
    player = ScriptedPlayer(window, choose=bid_high)

    def before(view: PlayerView, action: SeatAction) -> None:
        if view.phase not in seen_phases:
            seen_phases.add(view.phase)
            watch.check(view.phase.value, window, window)

    player.before_action = before
    scored: list[object] = []
    c.hand_scored.connect(scored.append)
    c.hand_scored.connect(lambda result: setattr(player, "enabled", False))
    c.start()
    qtbot.waitUntil(lambda: bool(scored), timeout=60_000)
    assert {Phase.PASSING, Phase.DISCARD} <= seen_phases
    watch.check("summary", window, window)
    c.stop()
    assert watch.seen == [], f"English on screen in French: {watch.seen}"


def test_the_language_changes_without_a_restart(qtbot: QtBot, tmp_path: Path, french: None) -> None:
    """Settings → Language: English at once, menus and table too; back to French as well."""
    table = Table(qtbot, tmp_path)
    window = table.window
    table.controller.start()
    qtbot.waitUntil(lambda: table.controller.waiting_for_human() == Seat.S, timeout=20_000)
    game_menu = window.menuBar().actions()[0]
    assert game_menu.text() == "&Partie"
    # The board's first label: "Trump" on the long board, "Contract" on the short one.
    assert window.view.table_scene.info.lines[0][0] in ("Atout", "Contrat")
    table.settings.language = "en"
    assert current_language() == "en"
    assert game_menu.text() == "&Game"
    assert window.view.table_scene.info.lines[0][0] in ("Trump", "Contract")
    assert window.view.table_scene.plates[Seat.W].text.startswith("West")
    assert window.view.action_panel.hint_button.text() == "Hint"
    table.settings.language = "fr"
    assert game_menu.text() == "&Partie"
    assert window.view.table_scene.plates[Seat.W].text.startswith("Ouest")
    assert window.view.action_panel.hint_button.text() == "Indice"
    assert QCoreApplication.translate("Seating", "West") == "Ouest"
    QApplication.processEvents()
    table.close()


def test_our_catalogue_fills_the_gaps_of_qts_french() -> None:
    english = qt_gaps()
    assert install_language("fr") is None
    try:
        french = qt_gaps()
    finally:
        install_language("en")
    assert all(f != e for f, e in zip(french, english, strict=True)), french


def test_the_welcome_offers_the_language_first(qtbot: QtBot, tmp_path: Path, french: None) -> None:
    """At the first start (system in French here) a click on "English" re-words it all."""
    settings = Settings(tmp_path / "settings.ini")
    dialog = WelcomeDialog(settings, False)
    qtbot.addWidget(dialog)
    assert dialog.language_buttons["fr"].isChecked()
    assert dialog.heading.text() == "Bienvenue au Kaiser"
    assert dialog.level_buttons["basic"].text() == "Facile"
    dialog.language_buttons["en"].setChecked(True)
    assert settings.language == "en" and current_language() == "en"
    assert dialog.heading.text() == "Welcome to Kaiser"
    assert dialog.level_buttons["basic"].text() == "Basic"
    assert dialog.start_button.text() == "Start playing"
    dialog.language_buttons["fr"].setChecked(True)
    assert dialog.start_button.text() == "Commencer à jouer"


@pytest.mark.parametrize(
    ("system", "expected"), [("fr_CA.UTF-8", "Ouest"), ("en_CA.UTF-8", "West")]
)
def test_the_first_start_speaks_the_systems_language(system: str, expected: str) -> None:
    """No language chosen yet: the start-up follows the system's (QLocale.system())."""
    code = (
        "from PySide6.QtCore import QCoreApplication\n"
        "app = QCoreApplication([])\n"
        "from kaiser_desktop.ui.language import start_language\n"
        "start_language('')\n"
        "print(QCoreApplication.translate('Seating', 'West'))\n"
    )
    env = {**os.environ, "LC_ALL": system, "LANG": system, "LANGUAGE": ""}
    run = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=120, check=True,
    )  # fmt: skip
    assert run.stdout.strip() == expected, run.stderr[-2000:]
