"""The commit-msg hook (tools/commit_subject.py): a subject of at most 72 characters."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "commit_subject", ROOT / "tools" / "commit_subject.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = load_tool()


def test_the_subject_is_the_first_line_git_keeps() -> None:
    message = "# Please enter the commit message\n\n  \nRules: a subject\n\nThe body.\n"
    assert tool.subject(message) == "Rules: a subject"
    assert tool.subject("# only comments\n") == ""


@pytest.mark.parametrize("length", [1, 71, 72])
def test_a_subject_of_72_characters_or_fewer_passes(length: int) -> None:
    assert tool.problem("x" * length + "\n\n" + "a long body line " * 20) is None


def test_a_longer_subject_is_refused_and_the_cut_is_shown() -> None:
    said = tool.problem("y" * 73 + "\n\nbody\n")
    assert said is not None
    assert "73 characters" in said and "72" in said
    assert "y" * 72 + "|y" in said


def test_main_reads_the_message_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    short, long = tmp_path / "short", tmp_path / "long"
    short.write_text("Docs: a short subject\n", encoding="utf-8")
    long.write_text("z" * 100 + "\n", encoding="utf-8")
    assert tool.main([str(short)]) == 0
    assert tool.main([str(long)]) == 1
    assert "100 characters" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_pre_commit_refuses_a_long_subject_in_a_real_commit(tmp_path: Path) -> None:
    """The hook as configured: `pre-commit install` puts it in .git/hooks/commit-msg."""
    pre_commit = Path(sys.executable).parent / "pre-commit"
    if not pre_commit.exists():
        pytest.skip("pre-commit is not installed in this environment")
    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    shutil.copy(ROOT / "tools" / "commit_subject.py", repo / "tools")
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    # Only the commit-msg hook: the others would check this tiny repository with ruff and mypy.
    head, hooks = config.split("    hooks:\n")
    ours = hooks[hooks.index("      - id: commit-subject") :]
    (repo / ".pre-commit-config.yaml").write_text(head + "    hooks:\n" + ours, encoding="utf-8")
    env = {
        **os.environ,
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
        "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.org",
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
    }  # fmt: skip

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True, timeout=120)

    assert run("git", "init", "-q").returncode == 0
    installed = run(str(pre_commit), "install")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (repo / ".git" / "hooks" / "commit-msg").exists()
    run("git", "add", "-A")
    refused = run("git", "commit", "-q", "-m", "a" * 73)
    assert refused.returncode != 0
    assert "73 characters" in refused.stdout + refused.stderr
    taken = run("git", "commit", "-q", "-m", "Tools: the commit-msg hook", "-m", "b" * 200)
    assert taken.returncode == 0, taken.stdout + taken.stderr
