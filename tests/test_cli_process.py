"""The installed ``mkdocs-reports`` console script in its own process, as a shell or CI runs
it: the other CLI tests run the command in-process (``conftest.run_cli``), so these show
that the two answer alike — exit code, standard output and standard error, byte for byte
as text — for a passing check, a failing one, JSON, an export and a usage error."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, run_cli

pytestmark = pytest.mark.process


def console_script() -> str:
    """The ``mkdocs-reports`` that ``pip install`` put beside this interpreter."""
    found = shutil.which("mkdocs-reports", path=str(Path(sys.executable).parent))
    assert found, f"mkdocs-reports is not installed beside {sys.executable}: pip install -e ."
    return found


@pytest.fixture
def broken(reports) -> Path:
    """A collection with a citation of nothing and a list where a label goes."""
    reports.report("alpha", "write_side: Cites MEM-OBJ-missing.\nrecords:\n  - id: MEM-OBJ-a\n    label: [x]\n")
    return reports.root.parent


@pytest.mark.parametrize(("where", "args"), [
    ("sample", ("check",)),
    ("broken", ("check", "--format", "json")),
    ("sample", ("export", "--format", "text")),
    ("broken", ("export", "--format", "json")),
    ("sample", ("schema", "--of", "set")),
    ("sample", ("check", "--format", "yaml")),
    ("sample", ("nonsense",)),
], ids=lambda value: " ".join(value) if isinstance(value, tuple) else value)
def test_the_console_script_and_the_in_process_command_answer_alike(where, args, broken):
    cwd = FIXTURES / "sample" if where == "sample" else broken
    alone = subprocess.run([console_script(), *args], capture_output=True, text=True, cwd=cwd, timeout=120)
    here = run_cli(*args, cwd=cwd)
    assert (here.returncode, here.stdout, here.stderr) == (alone.returncode, alone.stdout, alone.stderr)


def test_the_console_script_checks_a_collection(broken):
    done = subprocess.run([console_script(), "check", "reports"], capture_output=True, text=True, cwd=broken, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.splitlines()[0].startswith("reports/alpha/memory.yaml:6:19: error: MEM-OBJ-missing is cited but not declared in alpha")
    assert done.stdout.splitlines()[-1].endswith("; 2 errors")
    assert done.stderr == ""
