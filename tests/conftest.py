"""Shared helpers: write report files into a temporary collection and check it.

The site tests (marked ``site``) build with the generator chosen by ``--generator`` (or
``REPORTS_TEST_GENERATOR``): MkDocs by default, or ProperDocs, which then answers every
``import mkdocs…`` of the plugin and the tests, as it does under its own command line.
The README's test command runs the suite and, beside it, the site tests again with ProperDocs
(``scripts/run-tests.sh``).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import traceback
from pathlib import Path

import pytest

from mkdocs_reports.core.rules.collection_check import CheckedCollection, check_collection

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent

MINIMAL = """\
type: agentic-system-memory-report
system: {system}
title: {system} memory report
boundary: |
  The boundary.
"""

#: what a memory report needs besides, appended after a test's own lines (so that the
#: lines a test writes keep their numbers) unless the test writes the key itself
REQUIRED = {
    "boundary": "The boundary.",
    "description": "The {system} memory report of the tests.",
    "run_id": "AAS-2026-01-01-{slug}-01",
    "reviewed_boundary": "0123456789abcdef0123456789abcdef01234567",
    "source_identity": "https://github.com/example/{slug}",
    "core_ideas": "Ideas.",
    "write_side": "Writes.",
    "read_back": "Reads.",
    "integration_issues": "none",
    "limitations": "None.",
}
#: the same for the other built-in members (``Collection.member``)
MEMBER_REQUIRED = {
    "runtime": {key: REQUIRED[key] for key in ("description", "run_id", "reviewed_boundary")} | {"runtime_account": "Runs."},
    "epistemic": {key: REQUIRED[key] for key in ("description", "run_id", "reviewed_boundary")}
    | {
        "source_and_claim_boundary": "The boundary.",
        "epistemic_object_inventory": "None.",
        "authority_route_ledger": "no route found within boundary",
        "system_claim_versus_route_comparison": "None found.",
        "bounded_conclusion": "Nothing to conclude.",
    },
}
_TOP_KEY = re.compile(r"^([a-z_]+):", re.MULTILINE)


def minimal_report(system: str, body: str = "") -> str:
    """A valid memory report of ``system`` (display name): MINIMAL, ``body`` from line 6 on,
    then what else it needs."""
    return completed(MINIMAL.format(system=system) + body, system, system.lower())


def completed(body: str, system: str, slug: str, required: dict[str, str] = REQUIRED) -> str:
    """``body`` with the required keys it does not write itself appended."""
    written = set(_TOP_KEY.findall(body))
    if body and not body.endswith("\n"):
        body += "\n"
    return body + "".join(
        f"{key}: {value.format(system=system, slug=slug)}\n" for key, value in required.items() if key not in written
    )


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
    config.addinivalue_line("markers", "browser: looks at pages in headless Chromium (given to every test that uses the browser)")
    config.addinivalue_line(
        "markers",
        "once: builds sites, in the first pass only (marks it ``site`` too): it names its generators itself, or what it "
        "checks is the same under both (test_generators_agree.py)",
    )
    config.addinivalue_line(
        "markers",
        "process: runs the installed console script in its own process, in the first pass only (marks it ``once``): the "
        "other CLI tests run the command in-process (run_cli)",
    )
    generator = config.getoption("generator")
    os.environ["REPORTS_TEST_GENERATOR"] = generator  # for the tests' own subprocesses too
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's end-of-life notice on every run
    if generator == "properdocs":
        assert "mkdocs" not in sys.modules, "something imported MkDocs before the generator was chosen"
        import properdocs.replacement  # noqa: F401 - from here on `mkdocs.*` is ProperDocs


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that use a browser: the ProperDocs pass leaves them out, since the two
    generators write the same site (test_generators_agree.py). A test marked ``once``
    builds sites too: ``site`` keeps it out of the fast part (``-m "not site and not browser"``),
    as does ``process`` (a new interpreter per command), which is ``once``."""
    for item in items:
        if {"browser", "browser_session"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("process") and not item.get_closest_marker("once"):
            item.add_marker(pytest.mark.once)
        if item.get_closest_marker("once") and not item.get_closest_marker("site"):
            item.add_marker(pytest.mark.site)


#: whether a test's body failed (not its set-up or tear-down): after one, the browser tests
#: give the next test a fresh browser (browser.py)
FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


def only(messages: list[str]) -> str:
    """The one message of a check; fails, listing them, when there are more or none."""
    assert len(messages) == 1, messages
    return messages[0]


class _TimedOut(BaseException):
    """Raised in the command by ``run_cli``'s alarm: not an ``Exception``, so that nothing
    the command catches swallows it."""


def _on_alarm(signum: int, frame: object) -> None:
    raise _TimedOut


def _text(data: bytes) -> str:
    """Bytes written to a stream as ``subprocess.run(text=True)`` reads them: decoded
    strictly, line ends made ``\\n``."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def run_cli(*args: str, cwd: Path = REPO, timeout: float = 120) -> subprocess.CompletedProcess:
    """``mkdocs-reports *args`` run in this process from ``cwd``, answered as
    ``subprocess.run`` answers: exit code, standard output and error as text. The streams
    are UTF-8 byte streams, as a process's are (a name that cannot be written fails as it
    would there); a crash is a traceback on standard error and exit code 1, as the
    interpreter makes it; a hang fails the test after ``timeout`` seconds. In-process
    because a new interpreter costs more than most commands; ``test_cli_process.py``
    runs the installed console script itself."""
    from mkdocs_reports.cli import main

    written = [io.BytesIO(), io.BytesIO()]
    streams = [io.TextIOWrapper(data, encoding="utf-8", errors="strict", write_through=True) for data in written]
    guarded = threading.current_thread() is threading.main_thread()
    if guarded:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.chdir(cwd), contextlib.redirect_stdout(streams[0]), contextlib.redirect_stderr(streams[1]):
            try:
                code = main(list(args))
            except SystemExit as exit_:  # argparse's usage errors
                code = exit_.code if isinstance(exit_.code, int) else 1
            except Exception:
                traceback.print_exc()
                code = 1
    except _TimedOut:
        pytest.fail(f"mkdocs-reports {' '.join(args)} did not finish within {timeout} s")
    finally:
        if guarded:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    out, err = (_text(data.getvalue()) for data in written)
    return subprocess.CompletedProcess(["mkdocs-reports", *args], code, out, err)


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
        """A valid memory report of ``system`` with ``body`` (YAML) after its first lines,
        line 6 on; the keys it needs that ``body`` does not write come after."""
        display = name or system.capitalize()
        header = MINIMAL.format(system=display)
        return self.write(f"{system}/{member}.yaml", completed(header + textwrap.dedent(body), display, system))

    def member(self, system: str, member: str, body: str = "", name: str | None = None) -> Path:
        """A valid runtime or epistemic report of ``system``: ``body`` from line 4 on (after
        type, system and title), what else it needs after it."""
        display = name or system.capitalize()
        header = f"type: agentic-system-{member}-report\nsystem: {display}\ntitle: {display} {member} report\n"
        return self.write(f"{system}/{member}.yaml", completed(header + textwrap.dedent(body), display, system, MEMBER_REQUIRED[member]))

    def check(self) -> CheckedCollection:
        return check_collection(self.root, base=self.root.parent)

    def messages(self) -> list[str]:
        return [str(d) for d in self.check().diagnostics]


@pytest.fixture
def reports(tmp_path: Path) -> Collection:
    return Collection(tmp_path / "reports")


@pytest.fixture(scope="session")
def generated_pages():
    """``pagehtml.pages_of``: a collection folder checked and its generated pages' HTML, in
    memory, for the tests about what a page says (no site is built)."""
    from pagehtml import pages_of

    return pages_of


@pytest.fixture(scope="session")
def real_site_dir(tmp_path_factory) -> Path:
    """This repository's site (reports/, mkdocs.yml, strict), built once a run for every
    module that reads or serves it as it is."""
    from sitehtml import build_site

    return build_site(REPO, config_file=REPO / "mkdocs.yml", site_dir=tmp_path_factory.mktemp("real") / "site")
