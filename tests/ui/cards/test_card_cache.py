"""The card bitmaps kept stay those of the last few table layouts: resizing the window
through size after size must not keep every size's bitmaps (RSS rose by the whole 160 MiB
byte limit under resizes)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.ui.cards.card_pictures import KEPT_TABLE_LAYOUTS, CardPictures
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.windows import wait_for_south


def test_a_bitmap_not_shown_at_the_last_layouts_is_dropped(qtbot: QtBot) -> None:
    pictures = CardPictures()
    pictures.pixmap("AS", 60, 1.0)
    pictures.pixmap("KH", 60, 1.0)
    for _ in range(KEPT_TABLE_LAYOUTS):
        pictures.new_layout()
        pictures.pixmap("KH", 60, 1.0)  # still on the table at each new size
    assert len(pictures) == 2
    pictures.new_layout()
    assert len(pictures) == 1  # the ace was not shown for three layouts
    key_bytes = pictures.bytes
    assert 0 < key_bytes < 60 * 100 * 4 * 2


def test_resizing_through_many_sizes_keeps_only_recent_bitmaps(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    controller.start()
    wait_for_south(qtbot, controller)
    window.pictures.clear()
    window.grab()  # one size's bitmaps
    one_size = window.pictures.widths()  # the hand's, the trick's, the other hands'
    assert 1 <= len(one_size) <= 4
    scene = window.view.table_scene
    for step in range(20):
        before = scene.sceneRect()
        window.resize(820 + 23 * step, 610 + 17 * step)
        # The resize's queued layout has run, as between a person's drags.
        qtbot.waitUntil(lambda: scene.sceneRect() != before, timeout=5000)  # noqa: B023
        window.grab()
    # 20 sizes: 40-60 widths were kept before; now those of the last few layouts only.
    kept = window.pictures.widths()
    assert len(kept) <= (KEPT_TABLE_LAYOUTS + 1) * len(one_size), sorted(kept)


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


def _run(slope: float, swing: float) -> list[tuple[float, float]]:
    """30 minutes sampled each second: a trend of `slope` MiB a minute, and card bitmaps
    of another size drawn then dropped every 70 s (`swing` MiB for 30 s of them)."""
    return [(float(t), 100 + slope * t / 60 + (swing if t % 70 < 30 else 0.0)) for t in range(1801)]


def test_the_soak_calls_the_last_10_minutes_flat_only_when_its_own_noise_shows_it() -> None:
    from kaiser_desktop.chaos import FLAT_MIB_PER_MIN, ChaosReport

    steady = ChaosReport()
    steady.note_memory(_run(0.0, 1.0))
    assert steady.rss_flat == "flat"
    assert steady.rss_slope_margin_mib_per_min is not None
    assert abs(steady.rss_slope_mib_per_min or 0) + steady.rss_slope_margin_mib_per_min <= (
        FLAT_MIB_PER_MIN
    )
    # The figure of the last 30-minute run before this verdict: +0.45 MiB a minute.
    creeping = ChaosReport()
    creeping.note_memory(_run(0.45, 1.0))
    assert creeping.rss_flat == "rising" and creeping.rss_moved_mib == pytest.approx(4.0, abs=0.6)
    # The same creep under ±10 MiB swings cannot be told from flat: it says so.
    noisy = ChaosReport()
    noisy.note_memory(_run(0.45, 20.0))
    assert noisy.rss_flat == "unclear"
    assert "unclear" in (noisy.memory_line() or "")
    # Less the card bitmaps cached at each moment, the same run's swings are gone: the
    # creep shows, and a run whose only swings are the bitmaps is flat.
    creep = _run(0.45, 20.0)
    bitmaps = [20.0 if t % 70 < 30 else 0.0 for t in range(1801)]
    noisy.note_memory(creep, bitmaps)
    assert noisy.rss_flat == "unclear" and noisy.rest_flat == "rising"
    swinging = ChaosReport()
    swinging.note_memory(_run(0.0, 20.0), bitmaps)
    assert swinging.rest_flat == "flat" and swinging.rest_moved_mib == 0
    assert "less the cached card bitmaps" in (swinging.memory_line() or "")
    # Too short a run to have 4 whole minutes in its second half gives no verdict.
    short = ChaosReport()
    short.note_memory([(float(t), 50.0) for t in range(0, 301)])
    assert short.rss_flat is None and short.rss_start_mib == 50
