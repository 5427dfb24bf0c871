"""The GitHub workflows: valid against GitHub's workflow schema, no high-severity finding of
zizmor (the Actions security linter), least privilege, pinned actions, concurrency groups.

Both tools run offline. Each check is also shown to fail on a deliberately bad workflow.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO

WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")

# Everything that is wrong in one place: a pull_request_target job that checks out and runs
# the pull request's code, interpolates its title into a shell, and pins nothing.
BAD = """\
name: Bad
on:
  pull_request_target:
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}" && make
"""


def tool(name: str) -> str:
    """A tool of the test extra: next to this Python (a venv's bin/) or on PATH."""
    found = shutil.which(name, path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    assert found, f"{name} is missing: install the test extra (pip install -e '.[test]')"
    return found


def schema_errors(*paths: Path) -> str:
    """check-jsonschema's complaints against its vendored copy of GitHub's workflow schema."""
    result = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return "" if result.returncode == 0 else result.stdout + result.stderr


def zizmor_findings(*paths: Path, honour_ignores: bool = True) -> list[dict]:
    """zizmor's findings, offline and without any configuration file that could mute audits."""
    command = [tool("zizmor"), "--offline", "--no-config", "--no-exit-codes", "--format", "json-v1", *map(str, paths)]
    if not honour_ignores:
        command.insert(1, "--no-ignores")
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def high(findings: list[dict]) -> list[str]:
    return sorted(
        f"{f['ident']} in {Path(f['locations'][0]['symbolic']['key']['Local']['verbatim_path']).name}"
        for f in findings
        if f["determinations"]["severity"] == "High"
    )


def load(path: Path) -> dict:
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    workflow["on"] = workflow.pop(True, workflow.get("on"))  # YAML 1.1 reads the key `on` as true
    return workflow


def steps(workflow: dict):
    for job in workflow["jobs"].values():
        yield from job.get("steps", [])


def test_there_are_the_three_workflows():
    assert [p.name for p in WORKFLOWS] == ["pr.yml", "preview.yml", "publish.yml"]


def test_workflows_match_githubs_schema():
    assert schema_errors(*WORKFLOWS) == ""


def test_the_schema_check_fails_on_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("name: Broken\non: push\njobs:\n  build:\n    steps:\n      - run: make\n", encoding="utf-8")
    assert "runs-on" in schema_errors(broken)  # a job without runs-on


def test_zizmor_finds_nothing_of_high_severity():
    assert high(zizmor_findings(*WORKFLOWS)) == []


def test_the_only_ignored_findings_are_the_two_reviewed_triggers():
    """The ignore comments in preview.yml hide the two triggers it needs, and nothing else."""
    assert high(zizmor_findings(*WORKFLOWS, honour_ignores=False)) == [
        "dangerous-triggers in preview.yml",
        "dangerous-triggers in preview.yml",
    ]
    ignores = [line for path in WORKFLOWS for line in path.read_text().splitlines() if "zizmor: ignore" in line]
    assert len(ignores) == 2 and all("ignore[dangerous-triggers]" in line for line in ignores)


def test_zizmor_flags_a_dangerous_workflow(tmp_path):
    bad = tmp_path / ".github" / "workflows" / "bad.yml"
    bad.parent.mkdir(parents=True)
    bad.write_text(BAD, encoding="utf-8")
    assert {"dangerous-triggers in bad.yml", "template-injection in bad.yml"} <= set(high(zizmor_findings(bad)))


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_least_privilege_pins_and_concurrency(path):
    workflow = load(path)
    assert workflow["permissions"] == {}, "no permissions by default; each job asks for its own"
    assert "concurrency" in workflow or all("concurrency" in job for job in workflow["jobs"].values())
    for name, job in workflow["jobs"].items():
        assert "permissions" in job and "write-all" not in str(job["permissions"]), name
        assert "id-token" not in job["permissions"], name
    for step in steps(workflow):
        if "uses" in step:
            assert PINNED.match(step["uses"]), f"{step['uses']} is not pinned to a full commit SHA"
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["persist-credentials"] is False


def test_pins_name_their_release_in_a_comment():
    for path in WORKFLOWS:
        for line in path.read_text().splitlines():
            if "uses:" in line:
                assert re.search(r"@[0-9a-f]{40} # v\d+\.\d+\.\d+$", line), line


def test_the_write_token_never_meets_pull_request_code():
    """preview.yml checks out only the default branch; pr.yml can read, nothing more."""
    preview = load(REPO / ".github" / "workflows" / "preview.yml")
    for step in steps(preview):
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["ref"] == "${{ github.event.repository.default_branch }}"
    assert "pull_request_target" not in load(REPO / ".github" / "workflows" / "pr.yml")["on"]
    assert load(REPO / ".github" / "workflows" / "pr.yml")["jobs"]["build"]["permissions"] == {"contents": "read"}


def test_ci_installs_with_the_readmes_command():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for name in ("pr.yml", "publish.yml"):
        [install] = [s["run"] for s in steps(load(REPO / ".github" / "workflows" / name)) if "pip install" in s.get("run", "")]
        assert install in readme
