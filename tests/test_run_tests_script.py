"""``scripts/run-tests.sh``, the README's test command's last step, on a small project of its
own: both passes run, the ProperDocs one at the lowest priority and with the site tests
only; its output follows the first pass's; the exit status fails when either pass fails; and
an interrupted run leaves no pass running."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO

CONFTEST = """
def pytest_addoption(parser):
    parser.addoption("--generator", default="mkdocs")


def pytest_configure(config):
    for marker in ("site", "browser", "once"):
        config.addinivalue_line("markers", marker)
"""
TESTS = """
import os, pathlib, time
import pytest

OUT = pathlib.Path(os.environ["RUN_TESTS_OUT"])


@pytest.mark.site
def test_built(request):
    generator = request.config.getoption("generator")
    (OUT / f"{generator}.nice").write_text(str(os.nice(0)))
    if os.environ.get("RUN_TESTS_HOLD"):
        (OUT / f"{generator}.pid").write_text(str(os.getpid()))
        time.sleep(60)
    assert generator != os.environ.get("RUN_TESTS_FAIL"), "failed on purpose"


@pytest.mark.once
def test_once():
    pass


@pytest.mark.browser
def test_looked_at():
    pass


def test_fast():
    pass
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The script in a project whose ``.venv/bin/python`` runs this interpreter, with four tests."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "run-tests.sh", tmp_path / "scripts")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    python = tmp_path / ".venv" / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "tests" / "test_all.py").write_text(TESTS, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\ntestpaths = tests\n", encoding="utf-8")
    (tmp_path / "out").mkdir()
    return tmp_path


def _environment(project: Path, **env: str) -> dict[str, str]:
    return {**os.environ, "RUN_TESTS_OUT": str(project / "out"), **env}


def _run(project: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", "scripts/run-tests.sh", "-n", "0"], cwd=project, env=_environment(project, **env),
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_both_passes_run_the_second_at_the_lowest_priority_after_the_first_in_the_output(project):
    done = _run(project)
    assert done.returncode == 0, done.stdout + done.stderr
    first, heading, second = done.stdout.partition("The site tests again with ProperDocs (--generator properdocs):\n")
    assert heading and "4 passed" in first and "1 passed, 3 deselected" in second
    nice = {generator: int((project / "out" / f"{generator}.nice").read_text()) for generator in ("mkdocs", "properdocs")}
    assert nice["mkdocs"] == os.nice(0)  # the first pass at the priority the command was given
    assert nice["properdocs"] == min(nice["mkdocs"] + 19, 19)


@pytest.mark.parametrize("failing", ["mkdocs", "properdocs"])
def test_a_failure_in_either_pass_fails_the_run(project, failing):
    done = _run(project, RUN_TESTS_FAIL=failing)
    assert done.returncode == 1
    first, _, second = done.stdout.partition("The site tests again with ProperDocs")
    assert ("failed on purpose" in first) == (failing == "mkdocs")
    assert ("failed on purpose" in second) == (failing == "properdocs")


def test_ctrl_c_ends_both_passes(project):
    """Ctrl-C reaches the foreground process group: the first pass stops, and the script
    ends the second, which a job in the background of a script does not hear."""
    script = subprocess.Popen(["sh", "scripts/run-tests.sh", "-n", "0"], cwd=project, env=_environment(project, RUN_TESTS_HOLD="1"),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    pids = [project / "out" / f"{generator}.pid" for generator in ("mkdocs", "properdocs")]
    try:
        deadline = time.monotonic() + 30
        while not all(pid.is_file() and pid.read_text() for pid in pids):
            assert time.monotonic() < deadline, "the two passes did not both start"
            time.sleep(0.05)
        os.killpg(script.pid, signal.SIGINT)
        assert script.wait(timeout=30) != 0
        ended = time.monotonic() + 10
        while alive := [pid for pid in pids if _alive(int(pid.read_text()))]:
            assert time.monotonic() < ended, f"still running: {alive}"
            time.sleep(0.05)
    finally:
        if script.poll() is None:
            os.killpg(script.pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (an ended one whose parent has gone may stay a
    zombie until something reaps it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"
