"""The slow tests start first, one a worker in turn (tests/conftest.py): a 100 s test near
the end of a worker's share ran on alone and ended the suite on one core."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import pytest_collection_modifyitems


class FakeItem:
    def __init__(self, name: str, seconds: float | None = None) -> None:
        self.name = name
        self.marker = None if seconds is None else SimpleNamespace(kwargs={"seconds": seconds})

    def get_closest_marker(self, name: str) -> Any:
        return self.marker if name == "slow" else None

    def __repr__(self) -> str:
        return self.name


def ordered(items: list[FakeItem], workers: int | None) -> list[str]:
    config = SimpleNamespace(workerinput={"workercount": workers}) if workers else SimpleNamespace()
    pytest_collection_modifyitems(config, items)  # type: ignore[arg-type]
    return [item.name for item in items]


def shares(names: list[str], workers: int) -> list[list[str]]:
    """The shares worksteal's first split hands out."""
    out, left, start = [], len(names), 0
    for worker in range(workers):
        size = left // (workers - worker)
        out.append(names[start : start + size])
        start, left = start + size, left - size
    return out


def test_the_longest_tests_each_head_a_different_workers_share() -> None:
    items = [FakeItem(f"q{n}") for n in range(30)]
    items[25] = FakeItem("build", 100)
    items[28] = FakeItem("chaos", 100)
    items[20] = FakeItem("x_server", 60)
    items[5] = FakeItem("game")  # marked slow without seconds= would be 10; this one is quick
    items[12] = FakeItem("memory", 20)
    names = ordered(items, 3)
    assert sorted(names) == sorted(item.name for item in items)  # nothing lost or doubled
    first = shares(names, 3)
    assert [share[0] for share in first] == ["build", "chaos", "x_server"]
    assert first[0][1] == "memory"
    quick = [name for name in names if name.startswith("q") or name == "game"]
    assert quick == sorted(quick, key=lambda name: [i.name for i in items].index(name))


def test_without_workers_the_order_is_left_alone() -> None:
    items = [FakeItem("a"), FakeItem("slow", 100), FakeItem("b")]
    assert ordered(items, None) == ["a", "slow", "b"]


@pytest.mark.parametrize("workers", [2, 3, 5])
def test_every_test_kept_at_any_worker_count(workers: int) -> None:
    items = [FakeItem(f"t{n}", 5 if n % 7 == 0 else None) for n in range(41)]
    names = ordered(list(items), workers)
    assert sorted(names) == sorted(item.name for item in items)
