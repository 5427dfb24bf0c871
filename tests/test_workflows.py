"""The GitHub workflows and Dependabot's configuration: valid against their schemas, no
finding of zizmor (the Actions security linter, pedantic persona) nor of actionlint, least
privilege, actions pinned to their current releases by full SHA, one concurrency group for
every push to gh-pages, locked site builds, capped and swept previews.

The tools run offline. Each is also shown to fail on a deliberately bad workflow.
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
DEPENDABOT = REPO / ".github" / "dependabot.yml"
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
#: the release each action is pinned to (runners carry Node 24; the Node 20 majors are gone).
#: Each SHA is the tag's commit, checked against the action's repository and public uses.
CURRENT = {
    "actions/checkout": ("3d3c42e5aac5ba805825da76410c181273ba90b1", "v7.0.1"),
    "actions/setup-python": ("5fda3b95a4ea91299a34e894583c3862153e4b97", "v7.0.0"),
    "actions/upload-artifact": ("bbbca2ddaa5d8feaa63e36b76fdaad77386f024f", "v7.0.0"),
    "actions/download-artifact": ("3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c", "v8.0.1"),
}
README_TEST_COMMAND = re.search(r"```sh\n(sh scripts/install-browser\.sh[^\n]*)\n```", (REPO / "README.md").read_text(encoding="utf-8"))[1]

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


def schema_errors(*paths: Path, schema: str = "vendor.github-workflows") -> str:
    """check-jsonschema's complaints against its vendored copy of GitHub's schema."""
    result = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", schema, *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return "" if result.returncode == 0 else result.stdout + result.stderr


def zizmor_findings(*paths: Path, honour_ignores: bool = True) -> list[dict]:
    """zizmor's findings with the pedantic persona, offline and without any configuration
    file that could mute audits."""
    command = [tool("zizmor"), "--offline", "--no-config", "--persona", "pedantic", "--no-exit-codes", "--format", "json-v1", *map(str, paths)]
    if not honour_ignores:
        command.insert(1, "--no-ignores")
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def actionlint_errors(*paths: Path) -> str:
    result = subprocess.run([tool("actionlint"), "-no-color", *map(str, paths)], capture_output=True, text=True, timeout=120)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


def findings(found: list[dict]) -> list[str]:
    return sorted(
        f"{f['ident']} in {Path(f['locations'][0]['symbolic']['key']['Local']['verbatim_path']).name}" for f in found
    )


def load(path: Path) -> dict:
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    workflow["on"] = workflow.pop(True, workflow.get("on"))  # YAML 1.1 reads the key `on` as true
    return workflow


def steps(workflow: dict):
    for job in workflow["jobs"].values():
        yield from job.get("steps", [])


def jobs(workflow: dict):
    yield from workflow["jobs"].items()


def test_there_are_the_five_workflows():
    assert [p.name for p in WORKFLOWS] == ["pr.yml", "preview.yml", "publish.yml", "quotes.yml", "sweep-previews.yml"]


def test_workflows_and_dependabot_match_githubs_schemas():
    assert schema_errors(*WORKFLOWS) == ""
    assert schema_errors(DEPENDABOT, schema="vendor.dependabot") == ""


def test_the_schema_check_fails_on_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("name: Broken\non: push\njobs:\n  build:\n    steps:\n      - run: make\n", encoding="utf-8")
    assert "runs-on" in schema_errors(broken)  # a job without runs-on


def test_zizmor_pedantic_finds_nothing():
    assert findings(zizmor_findings(*WORKFLOWS, DEPENDABOT)) == []


def test_the_only_ignored_findings_are_the_two_reviewed_triggers():
    """The ignore comments in preview.yml hide the two triggers it needs, and nothing else."""
    assert findings(zizmor_findings(*WORKFLOWS, DEPENDABOT, honour_ignores=False)) == [
        "dangerous-triggers in preview.yml",
        "dangerous-triggers in preview.yml",
    ]
    ignores = [line for path in WORKFLOWS for line in path.read_text().splitlines() if "zizmor: ignore" in line]
    assert len(ignores) == 2 and all("ignore[dangerous-triggers]" in line for line in ignores)


def test_actionlint_finds_nothing_and_catches_a_mistake(tmp_path):
    assert actionlint_errors(*WORKFLOWS) == ""
    bad = tmp_path / "bad.yml"
    bad.write_text(BAD.replace("make", "echo ${{ github.event.pull_request.nothere }}") + "    needs: nowhere\n", encoding="utf-8")
    errors = actionlint_errors(bad)
    assert "[job-needs]" in errors and "[expression]" in errors


def test_zizmor_flags_a_dangerous_workflow(tmp_path):
    bad = tmp_path / ".github" / "workflows" / "bad.yml"
    bad.parent.mkdir(parents=True)
    bad.write_text(BAD, encoding="utf-8")
    assert {"dangerous-triggers in bad.yml", "template-injection in bad.yml", "unpinned-uses in bad.yml"} <= set(findings(zizmor_findings(bad)))


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


def test_actions_are_their_current_releases_pinned_by_sha():
    for path in WORKFLOWS:
        for line in path.read_text().splitlines():
            if "uses:" in line:
                match = re.search(r"uses: ([\w./-]+)@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)$", line)
                assert match, line
                action, sha, release = match.groups()
                assert CURRENT.get(action) == (sha, release), f"{path.name}: {action} is not pinned to {CURRENT.get(action)}"


def test_the_write_token_never_meets_pull_request_code():
    """preview.yml checks out only the default branch; pr.yml can read, nothing more."""
    preview = load(REPO / ".github" / "workflows" / "preview.yml")
    for step in steps(preview):
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["ref"] == "${{ github.event.repository.default_branch }}"
    pr = load(REPO / ".github" / "workflows" / "pr.yml")
    assert "pull_request_target" not in pr["on"]
    assert all(job["permissions"] == {"contents": "read"} for _, job in jobs(pr))


def test_previews_come_only_from_pr_yml_not_from_a_workflow_of_the_same_name():
    preview = load(REPO / ".github" / "workflows" / "preview.yml")
    pr = load(REPO / ".github" / "workflows" / "pr.yml")
    assert preview["on"]["workflow_run"]["workflows"] == [pr["name"]]
    assert "github.event.workflow_run.path == '.github/workflows/pr.yml'" in preview["jobs"]["deploy"]["if"]


def test_every_push_to_gh_pages_waits_in_one_queue():
    """One group for every job that pushes to gh-pages (publish, preview, removal, sweep),
    queued (never cancelled: a dropped deploy would leave the site or a preview stale)."""
    pushing, grouped = [], []
    for path in WORKFLOWS:
        for name, job in jobs(load(path)):
            pushes = any("pages-branch.sh" in step.get("run", "") for step in job.get("steps", []))
            in_group = isinstance(job.get("concurrency"), dict) and job["concurrency"].get("group") == "gh-pages"
            if pushes:
                pushing.append(f"{path.name}:{name}")
                assert job["concurrency"] == {"group": "gh-pages", "cancel-in-progress": False, "queue": "max"}, name
            if in_group:
                grouped.append(f"{path.name}:{name}")
    assert pushing == grouped == ["preview.yml:deploy", "preview.yml:remove", "publish.yml:deploy", "sweep-previews.yml:sweep"]


def test_publishing_uses_the_github_pages_environment():
    deploy = load(REPO / ".github" / "workflows" / "publish.yml")["jobs"]["deploy"]
    assert deploy["environment"]["name"] == "github-pages"


def test_previews_are_capped_in_size_before_download_and_before_publishing():
    deploy = load(REPO / ".github" / "workflows" / "preview.yml")["jobs"]["deploy"]
    names = [step.get("name") or step["uses"].split("@")[0] for step in deploy["steps"]]
    cap = names.index("Refuse a build over the size cap before downloading it")
    assert cap < names.index("actions/download-artifact")
    assert "size_in_bytes" in deploy["steps"][cap]["run"] and "PREVIEW_MAX_MIB" in deploy["env"]
    assert "PREVIEW_MAX_MIB" in (REPO / ".github" / "scripts" / "pages-branch.sh").read_text()  # tested in test_pages_scripts


def test_orphaned_previews_are_swept_on_a_schedule():
    sweep = load(REPO / ".github" / "workflows" / "sweep-previews.yml")
    assert sweep["on"]["schedule"] and "workflow_dispatch" in sweep["on"]
    assert "pages-branch.sh sweep" in sweep["jobs"]["sweep"]["steps"][-1]["run"]


def test_site_builds_install_the_lock_and_caches_key_on_it():
    locked = "pip install -q --require-hashes -r requirements/site.txt"
    for name, job_name in (("pr.yml", "build"), ("publish.yml", "build")):
        job = load(REPO / ".github" / "workflows" / name)["jobs"][job_name]
        runs = [step.get("run", "") for step in job["steps"]]
        assert any(locked in run and "--no-deps --no-build-isolation ." in run for run in runs), name
        assert any("mkdocs build --strict" in run for run in runs), name
    for path in WORKFLOWS:
        for step in steps(load(path)):
            if step.get("uses", "").startswith("actions/setup-python@"):
                assert step["with"]["cache"] == "pip" and step["with"]["cache-dependency-path"], path.name
    pr_build = load(REPO / ".github" / "workflows" / "pr.yml")["jobs"]["build"]
    assert any("properdocs build --strict" in step.get("run", "") for step in pr_build["steps"])


def test_tests_run_the_readmes_command_on_python_3_11_to_3_13_at_lowest_and_latest():
    pr = load(REPO / ".github" / "workflows" / "pr.yml")
    test = pr["jobs"]["test"]
    assert README_TEST_COMMAND in test["steps"][-1]["run"]
    assert 'PIP_CONSTRAINT="$PWD/constraints/lowest.txt"' in test["steps"][-1]["run"]
    assert 'UV_CONSTRAINT="$PWD/constraints/lowest.txt"' in test["steps"][-1]["run"]  # uv installs the test extra
    matrix = [(entry["python"], entry["dependencies"]) for entry in test["strategy"]["matrix"]["include"]]
    assert matrix == [("3.11.2", "lowest"), ("3.11", "latest"), ("3.12", "latest"), ("3.13", "latest")]
    publish_test = load(REPO / ".github" / "workflows" / "publish.yml")["jobs"]["test"]
    assert README_TEST_COMMAND in publish_test["steps"][-1]["run"]
    for name in ("pr.yml", "publish.yml"):
        assert load(REPO / ".github" / "workflows" / name)["env"]["NO_MKDOCS_2_WARNING"] == "1"


def test_ci_runs_the_readmes_test_command():
    assert (REPO / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith(README_TEST_COMMAND)


def test_dependabot_updates_the_lock_and_the_actions():
    config = yaml.safe_load(DEPENDABOT.read_text(encoding="utf-8"))
    updates = {(u["package-ecosystem"], u["directory"]): u for u in config["updates"]}
    assert set(updates) == {("pip", "/requirements"), ("github-actions", "/")}
    assert updates[("pip", "/requirements")]["versioning-strategy"] == "lockfile-only"
    assert "autogenerated by pip-compile" in (REPO / "requirements" / "site.txt").read_text(encoding="utf-8").split("\n", 3)[1]


# --- the Quotes workflow ------------------------------------------------------------------

QUOTES_SCRIPT = REPO / ".github" / "scripts" / "check-quotes.sh"


def test_the_quotes_job_runs_on_pull_requests_touching_reports_with_a_read_only_token():
    workflow = load(REPO / ".github" / "workflows" / "quotes.yml")
    assert set(workflow["on"]) == {"pull_request"} and "reports/**" in workflow["on"]["pull_request"]["paths"]
    (name, job), = jobs(workflow)
    assert job["permissions"] == {"contents": "read"}
    text = (REPO / ".github" / "workflows" / "quotes.yml").read_text(encoding="utf-8")
    # no secret, and nothing of the pull request in a command: its number names the concurrency group, that is all
    assert re.findall(r"\$\{\{[^}]*\}\}", text) == ["${{ github.event.pull_request.number }}"]
    assert job["steps"][-1]["run"] == 'bash .github/scripts/check-quotes.sh "$RUNNER_TEMP/sources"'


def _ci_project(tmp_path: Path, passage: str, revision: str | None = None) -> tuple[Path, Path, str]:
    """An upstream repository (reached as https://github.com/example/tallybook) and a project
    whose report quotes it; (project, upstream, the reviewed commit)."""
    from conftest import Collection
    from quotes_helpers import quote_block, record_with_quotes, source_repository, write_system

    upstream = tmp_path / "upstream"
    commit = source_repository(upstream, {"tallybook/agent.py": "def load(path):\n    return open(path).read()\n"})
    source_repository(upstream, {"tallybook/agent.py": "# later\n"}, "a later commit")
    project = tmp_path / "project"
    write_system(Collection(project / "reports"), revision or commit,
                 record_with_quotes("MEM-OBJ-notebook", quote_block(passage, "tallybook/agent.py")))
    return project, upstream, commit


def _run_quotes_script(project: Path, upstream: Path) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "QUOTES_GIT_PROTOCOLS": "file",  # the local copy stands in for https://github.com/example/tallybook
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": f"url.file://{upstream}.insteadOf",
        "GIT_CONFIG_VALUE_0": "https://github.com/example/tallybook",
    }
    return subprocess.run(["bash", str(QUOTES_SCRIPT), str(project / "work"), tool("mkdocs-reports")],
                          cwd=project, env=env, capture_output=True, text=True, timeout=120)


def test_the_quotes_script_fetches_only_the_reviewed_commit_and_checks_every_quote(tmp_path):
    project, upstream, commit = _ci_project(tmp_path, "return open(path).read()")
    result = _run_quotes_script(project, upstream)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 quotes checked: 1 verified" in result.stdout
    fetched = project / "work" / "tallybook-SRC-1"
    assert subprocess.run(["git", "-C", str(fetched), "rev-parse", "--is-bare-repository", "--is-shallow-repository"],
                          capture_output=True, text=True).stdout.split() == ["true", "true"]
    assert subprocess.run(["git", "-C", str(fetched), "rev-list", "FETCH_HEAD"], capture_output=True, text=True).stdout.split() == [commit]
    later = subprocess.run(["git", "-C", str(upstream), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    assert subprocess.run(["git", "-C", str(fetched), "cat-file", "-e", later], capture_output=True).returncode != 0
    assert not (fetched / "tallybook").exists()  # nothing checked out


def test_the_quotes_script_fails_on_a_quote_not_found_and_on_a_commit_that_cannot_be_fetched(tmp_path):
    project, upstream, commit = _ci_project(tmp_path / "a", "return open(path).read(4096)")
    result = _run_quotes_script(project, upstream)
    assert result.returncode == 1 and "error: the passage is not in tallybook/agent.py" in result.stdout
    project, upstream, _ = _ci_project(tmp_path / "b", "return open(path).read()", revision="e" * 40)
    result = _run_quotes_script(project, upstream)
    assert result.returncode == 1
    assert f"::error::cannot fetch the reviewed commit {'e' * 40} of tallybook SRC-1 from https://github.com/example/tallybook" in result.stdout


def test_the_quotes_script_fails_on_a_lock_of_a_source_it_cannot_fetch(tmp_path):
    """A lock made against any folder for an http:// identity was skipped with a notice
    (exit 0) while its quotes showed "verified" on the site."""
    from conftest import Collection
    from quotes_helpers import quote_block, record_with_quotes, source_repository, write_system

    made_up = tmp_path / "made-up"
    commit = source_repository(made_up, {"tallybook/agent.py": "anything at all\n"})
    project = tmp_path / "project"
    write_system(Collection(project / "reports"), commit, record_with_quotes(
        "MEM-OBJ-notebook", quote_block("anything at all", "tallybook/agent.py")), identity="http://github.com/example/tallybook")
    made = subprocess.run([tool("mkdocs-reports"), "quotes", "--source", f"SRC-1={made_up}", "reports"], cwd=project,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr
    result = subprocess.run(["bash", str(QUOTES_SCRIPT), str(project / "work"), tool("mkdocs-reports")], cwd=project,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "::error::a quote lock vouches for a source CI cannot fetch to verify it again" in result.stdout
    assert "reports/tallybook/_quotes.lock.yaml:1:1: error: the lock vouches for quotes of SRC-1" in result.stderr
    assert "::notice::" not in result.stdout


def test_the_quotes_script_will_not_fetch_over_another_protocol(tmp_path):
    project, upstream, commit = _ci_project(tmp_path, "return open(path).read()")
    env_free = {k: v for k, v in os.environ.items() if k != "QUOTES_GIT_PROTOCOLS"}
    result = subprocess.run(
        ["bash", str(QUOTES_SCRIPT), str(project / "work"), tool("mkdocs-reports")], cwd=project, capture_output=True, text=True,
        env={**env_free, "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": f"url.file://{upstream}.insteadOf",
             "GIT_CONFIG_VALUE_0": "https://github.com/example/tallybook"}, timeout=120,
    )
    assert result.returncode == 1 and "::error::cannot fetch" in result.stdout  # file:// is not https


FAKE_GH = """#!/usr/bin/env python3
# Answers the three questions preview-scope.sh asks GitHub, from FILES (new<TAB>old lines).
import os, sys
files = [line.split("\\t") for line in os.environ["FILES"].splitlines() if line]
query = sys.argv[sys.argv.index("--jq") + 1]
path = next(arg for arg in sys.argv if arg.startswith("repos/"))
if not path.endswith("/files"):
    print(len(files))
elif "previous_filename" in query:
    for new, old in files:
        print(new)
        if old:
            print(old)
else:
    for new, _ in files:
        print(new)
"""


@pytest.mark.parametrize(
    ("head", "files", "published", "named"),
    [
        ("owner/site", "plugins/x.py\t", True, ""),  # the repository's own branch
        ("fork/site", "reports/alpha/memory.yaml\t\nreports/beta/runtime.yaml\t", True, ""),
        ("fork/site", "reports/alpha/memory.yaml\t\noverrides/main.html\t", False, "overrides/main.html"),
        ("fork/site", "reports/alpha/memory.yaml\tplugins/mkdocs_reports/render/sanitize.py", False, "sanitize.py"),
        ("fork/site", "docs/index.md\t", False, "docs/index.md"),
        ("fork/site", "reports/alpha/deep/memory.yaml\t", False, "reports/alpha/deep/memory.yaml"),
    ],
    ids=["same-repository", "reports-only", "a-template", "renamed-from-code", "a-docs-page", "not-a-report-path"],
)
def test_a_fork_is_previewed_only_when_it_changes_reports_only(tmp_path, head, files, published, named):
    fake = tmp_path / "bin" / "gh"
    fake.parent.mkdir()
    fake.write_text(FAKE_GH, encoding="utf-8")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake.parent}:{os.environ['PATH']}", "FILES": files, "GITHUB_REPOSITORY": "owner/site"}
    script = REPO / ".github" / "scripts" / "preview-scope.sh"
    done = subprocess.run(["bash", str(script), "7", head], env=env, capture_output=True, text=True, timeout=30)
    assert (done.returncode == 0) is published, done.stdout + done.stderr
    assert named in done.stdout


# --- previews only of pull requests into the default branch -------------------------------


def _deploy_step(name: str) -> dict:
    deploy = load(REPO / ".github" / "workflows" / "preview.yml")["jobs"]["deploy"]
    return next(step for step in deploy["steps"] if step.get("name") == name)


def _run_step(step: dict, tmp_path: Path, env: dict[str, str], gh: str) -> tuple[subprocess.CompletedProcess, str]:
    """A step's shell (bash, as GitHub runs it: -e, pipefail) in this repository with a fake
    ``gh``; its run and what it wrote to GITHUB_OUTPUT. ``${{ … }}`` must not be in it."""
    assert "${{" not in step["run"], "expressions go through env:, never into the script"
    fake = tmp_path / "bin" / "gh"
    fake.parent.mkdir(exist_ok=True)
    fake.write_text(gh, encoding="utf-8")
    fake.chmod(0o755)
    output = tmp_path / "output"
    output.write_text("")
    environment = {**os.environ, "PATH": f"{fake.parent}:{os.environ['PATH']}", "GITHUB_OUTPUT": str(output),
                   "GITHUB_REPOSITORY": "owner/site", "GH_TOKEN": "x", **env}
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=REPO,
                          env=environment, capture_output=True, text=True, timeout=30)
    return done, output.read_text()


FAKE_PULL = """#!/usr/bin/env python3
# The pulls API of one open pull request: head SHA and repository, state, base branch.
import os, sys
print("\\t".join([os.environ["PULL_HEAD_SHA"], "fork/site", "open", os.environ["PULL_BASE"]]))
"""


@pytest.mark.parametrize(("base", "previewed"), [("main", True), ("old-release", False), ("gh-pages", False)])
def test_only_a_pull_request_into_the_default_branch_is_previewed(tmp_path, base, previewed):
    """A pull request into another branch is built with that branch's plugin, which may be
    older or altered: it is not published on the site's address."""
    pr = load(REPO / ".github" / "workflows" / "pr.yml")
    assert pr["on"]["pull_request"]["branches"] == ["main"]
    step = _deploy_step("Check the pull request number the build carries")
    assert step["env"]["DEFAULT_BRANCH"] == "${{ github.event.repository.default_branch }}"
    (tmp_path / "pr-number").write_text("7\n")
    done, output = _run_step(step, tmp_path, {
        "CARRIED": str(tmp_path / "pr-number"), "BUILT_SHA": "a" * 40, "BUILT_REPO": "fork/site", "DEFAULT_BRANCH": "main",
        "PULL_HEAD_SHA": "a" * 40, "PULL_BASE": base,
    }, FAKE_PULL)
    assert done.returncode == 0, done.stdout + done.stderr
    assert ("number=7" in output) is previewed, done.stdout
    if not previewed:
        assert "::notice::pull request #7 is not into the default branch; no preview" in done.stdout
        assert base not in done.stdout  # a branch name is the pull request's own text


def test_the_step_that_decides_whether_to_publish_prints_no_file_name_of_the_fork(tmp_path):
    """A file named like a workflow command (``::add-mask::…``, ``::error::…``) must not
    reach the log, where a line that starts so is a command to the runner."""
    step = _deploy_step("Only report changes of a fork are previewed")
    names = "::stop-commands::x\t\n::error title=Preview::injected\t\nreports/alpha/memory.yaml\t"
    done, output = _run_step(step, tmp_path, {"NUMBER": "7", "BUILT_REPO": "fork/site", "FILES": names}, FAKE_GH)
    assert done.returncode == 0 and "publish=false" in output, done.stdout + done.stderr
    assert "::stop-commands::" not in done.stdout + done.stderr and "injected" not in done.stdout + done.stderr
    assert "::notice::pull request #7 is from a fork and changes 2 files outside reports/; no preview" in done.stdout
