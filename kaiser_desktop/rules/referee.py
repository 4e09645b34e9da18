"""`python -m kaiser_desktop.rules replay FILE`: referee a game record.

Prints one JSON line per completed hand and a final line; on any bad input, one line on
standard error naming the hand, the action and why, and exit status 2. Never a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from kaiser_desktop.rules.errors import RecordError
from kaiser_desktop.rules.record import (
    BYTE_ORDER_MARK,
    MAX_RECORD_CHARS,
    final_line,
    loads,
    result_line,
)

USAGE = "usage: python -m kaiser_desktop.rules replay FILE   (FILE - reads standard input)"


def read_source(path: str, stdin: TextIO) -> str:
    """The text, read no further than one character past the limit (then refused); a byte
    order mark at the start is not counted (the record passes over it)."""
    if path == "-":
        return _read_limited(stdin)
    with open(path, encoding="utf-8") as handle:
        return _read_limited(handle)


def _read_limited(handle: TextIO) -> str:
    text = handle.read(MAX_RECORD_CHARS + 1)
    return text + handle.read(1) if text.startswith(BYTE_ORDER_MARK) else text


def replay(path: str, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        text = read_source(path, stdin)
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror or exc}", file=stderr)
        return 2
    except UnicodeDecodeError:
        print(f"cannot read {path}: it is not UTF-8 text", file=stderr)
        return 2
    try:
        state = loads(text)
    except RecordError as exc:
        print(str(exc), file=stderr)
        return 2
    except RecursionError:
        print("document: nested too deeply", file=stderr)
        return 2
    lines = [json.dumps(result_line(result), ensure_ascii=False) for result in state.results]
    lines.append(json.dumps(final_line(state), ensure_ascii=False))
    stdout.write("\n".join(lines) + "\n")
    return 0


def main(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if len(argv) != 2 or argv[0] != "replay":
        print(USAGE, file=stderr)
        return 2
    try:
        return replay(argv[1], stdin, stdout, stderr)
    except Exception as exc:  # a referee bug must still not show a traceback
        print(f"internal error while refereeing: {type(exc).__name__}: {exc}", file=stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr))
