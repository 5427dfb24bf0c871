"""Shared helpers: write report files into a temporary collection and check it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mkdocs_reports.core.check import CheckedCollection, check_collection

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent

MINIMAL = """\
type: agentic-system-memory-report
system: {system}
title: {system} memory report
boundary:
  text: The boundary.
"""


def only(messages: list[str]) -> str:
    """The one message of a check; fails, listing them, when there are more or none."""
    assert len(messages) == 1, messages
    return messages[0]


def run_cli(*args: str, cwd: Path = REPO, timeout: float = 120) -> subprocess.CompletedProcess:
    """The real ``mkdocs-reports`` command in its own process: a crash or hang fails the test."""
    command = [sys.executable, "-m", "mkdocs_reports.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=timeout)


class Collection:
    """A reports folder under ``tmp_path`` that tests fill file by file."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    def write_bytes(self, relative: str, data: bytes) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def report(self, system: str, body: str = "", member: str = "memory", name: str | None = None) -> Path:
        """A memory report of ``system`` with ``body`` (YAML) appended to a valid header."""
        header = MINIMAL.format(system=name or system.capitalize())
        return self.write(f"{system}/{member}.yaml", header + textwrap.dedent(body))

    def check(self) -> CheckedCollection:
        return check_collection(self.root, base=self.root.parent)

    def messages(self) -> list[str]:
        return [str(d) for d in self.check().diagnostics]


@pytest.fixture
def reports(tmp_path: Path) -> Collection:
    return Collection(tmp_path / "reports")
