"""Shared helpers: write report files into a temporary collection and check it.

The site tests (marked ``site``) build with the generator chosen by ``--generator`` (or
``REPORTS_TEST_GENERATOR``): MkDocs by default, or ProperDocs, which then answers every
``import mkdocs…`` of the plugin and the tests, as it does under its own command line.
The README's test command runs the suite, then the site tests again with ProperDocs.
"""

from __future__ import annotations

import os
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


GENERATORS = ("mkdocs", "properdocs")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--generator",
        choices=GENERATORS,
        default=os.environ.get("REPORTS_TEST_GENERATOR") or "mkdocs",
        help="the site generator the site tests build with (default: mkdocs, or REPORTS_TEST_GENERATOR)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "site: builds a site with the chosen generator (see --generator)")
    generator = config.getoption("generator")
    os.environ["REPORTS_TEST_GENERATOR"] = generator  # for the tests' own subprocesses too
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's end-of-life notice on every run
    if generator == "properdocs":
        assert "mkdocs" not in sys.modules, "something imported MkDocs before the generator was chosen"
        import properdocs.replacement  # noqa: F401 - from here on `mkdocs.*` is ProperDocs


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
