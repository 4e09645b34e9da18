"""The commit-msg hook: a commit's subject (its first line) is at most 72 characters.

    python tools/commit_subject.py .git/COMMIT_EDITMSG

pre-commit runs it on every commit (.pre-commit-config.yaml, stage commit-msg). The subject
says what changed; the why and the figures go in the body, after a blank line. Git's comment
lines (`#`) and leading blank lines are not the subject, as git itself strips them.
"""

from __future__ import annotations

import sys
from pathlib import Path

MAX_SUBJECT = 72


def subject(message: str) -> str:
    """The line git will keep as the subject: the first that is neither blank nor a comment."""
    for line in message.splitlines():
        if line.startswith("#"):
            continue
        if line.strip():
            return line.rstrip()
    return ""


def problem(message: str) -> str | None:
    """Why this message's subject is refused, or None when it is fine."""
    line = subject(message)
    if len(line) <= MAX_SUBJECT:
        return None
    return (
        f"The commit subject is {len(line)} characters; keep it to {MAX_SUBJECT} and put the "
        f"details in the body, after a blank line:\n  {line[:MAX_SUBJECT]}|{line[MAX_SUBJECT:]}"
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: commit_subject.py COMMIT_MESSAGE_FILE", file=sys.stderr)
        return 2
    said = problem(Path(argv[0]).read_text(encoding="utf-8", errors="replace"))
    if said is None:
        return 0
    print(said, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
