"""The card bitmaps kept stay those of the last few table layouts: resizing the window
through size after size must not keep every size's bitmaps (RSS rose by the whole 160 MiB
byte limit under resizes)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.cards import card_item
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.test_steady_table import wait_for_south


def test_a_bitmap_not_shown_at_the_last_layouts_is_dropped(qtbot: QtBot) -> None:
    card_item.clear_pixmap_cache()
    card_item.card_pixmap("AS", 60, 1.0)
    card_item.card_pixmap("KH", 60, 1.0)
    for _ in range(card_item.KEPT_TABLE_LAYOUTS):
        card_item.new_table_layout()
        card_item.card_pixmap("KH", 60, 1.0)  # still on the table at each new size
    assert card_item.pixmap_cache_size() == 2
    card_item.new_table_layout()
    assert card_item.pixmap_cache_size() == 1  # the ace was not shown for three layouts
    key_bytes = card_item.pixmap_cache_bytes()
    assert 0 < key_bytes < 60 * 100 * 4 * 2


def test_resizing_through_many_sizes_keeps_only_recent_bitmaps(qtbot: QtBot) -> None:
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    controller.start()
    wait_for_south(qtbot, controller)
    card_item.clear_pixmap_cache()
    window.grab()  # one size's bitmaps
    one_size = card_item.pixmap_cache_widths()  # the hand's, the trick's, the other hands'
    assert 1 <= len(one_size) <= 4
    for step in range(20):
        window.resize(820 + 23 * step, 610 + 17 * step)
        qtbot.wait(5)
        window.grab()
    # 20 sizes: 40-60 widths were kept before; now those of the last few layouts only.
    kept = card_item.pixmap_cache_widths()
    assert len(kept) <= (card_item.KEPT_TABLE_LAYOUTS + 1) * len(one_size), sorted(kept)
    controller.stop()


def test_the_soak_reports_memory_start_peak_end_and_recent_slope() -> None:
    from kaiser_desktop.chaos import ChaosReport

    report = ChaosReport()
    # 30 minutes: up 1 MiB a minute for 20, then flat at the peak's level for the last 10.
    samples = [(float(t), 100 + min(t, 1200) / 60) for t in range(0, 1801, 10)]
    samples[50] = (500.0, 140.0)  # one peak on the way
    report.note_memory(samples)
    assert (report.rss_start_mib, report.rss_peak_mib, report.rss_end_mib) == (100, 140, 120)
    assert report.rss_slope_minutes == 10 and report.rss_slope_mib_per_min == 0
    short = ChaosReport()
    short.note_memory([(float(t), 50 + t / 30) for t in range(0, 61)])  # 2 MiB a minute
    assert short.rss_slope_minutes == 0.5 and short.rss_slope_mib_per_min == 2
