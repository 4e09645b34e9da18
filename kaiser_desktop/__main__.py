"""`python -m kaiser_desktop` and the `kaiser-desktop` launcher."""

from __future__ import annotations

import multiprocessing
import sys


def main() -> int:
    # A frozen app's worker processes re-enter here; this makes them run their task instead.
    multiprocessing.freeze_support()
    from kaiser_desktop.launcher import run

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
