"""`mkdocs-reports check` as authors and CI run it: messages, summary, exit code, JSON."""

from __future__ import annotations

import json

from conftest import FIXTURES, minimal_report
from conftest import run_cli as run

SAMPLE = FIXTURES / "sample"


def test_check_passes_on_the_sample_collection():
    result = run("check", str(SAMPLE))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == (
        "2 systems, 2 reports, 6 records, 1 annotations, 20 citations, 2 external records; 0 errors"
    )


def test_check_reports_errors_with_locations_and_exit_1(reports):
    reports.report("alpha", "write_side: Cites MEM-OBJ-missing.\nrecords:\n  - id: MEM-OBJ-a\n    label: [x]\n")
    result = run("check", "reports", cwd=reports.root.parent)
    assert result.returncode == 1
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("reports/alpha/memory.yaml:6:19: error: MEM-OBJ-missing is cited but not declared in alpha")
    assert lines[1].startswith("reports/alpha/memory.yaml:9:12: error: 'label' must be a label, not a list")
    assert lines[-1].endswith("; 2 errors")
    assert "Traceback" not in result.stderr


def test_check_defaults_to_the_reports_folder(reports):
    reports.report("alpha")
    result = run("check", cwd=reports.root.parent)
    assert result.returncode == 0 and "1 systems, 1 reports" in result.stdout


def test_check_one_file(reports):
    path = reports.report("alpha", "records:\n  - id: MEM-OBJ-x\n    label: X\n")
    result = run("check", str(path.relative_to(reports.root.parent)), cwd=reports.root.parent)
    assert result.returncode == 0 and "1 records" in result.stdout


def test_check_a_missing_folder_is_an_error(tmp_path):
    result = run("check", "nowhere", cwd=tmp_path)
    assert result.returncode == 1 and "nowhere:1:1: error: no such folder" in result.stdout


def test_json_format_for_ci(reports):
    reports.report("alpha", "write_side: MEM-OBJ-missing\n")
    result = run("check", "--format", "json", "reports", cwd=reports.root.parent)
    assert result.returncode == 1
    payload = json.loads(result.stdout)
    assert payload["ok"] is False
    assert payload["diagnostics"] == [
        {
            "file": "reports/alpha/memory.yaml",
            "line": 6,
            "column": 13,
            "severity": "error",
            "message": "MEM-OBJ-missing is cited but not declared in alpha",
            "fix": "declare it, or correct the ID",
        }
    ]
    assert payload["summary"].endswith("1 error")


def test_checking_one_file_applies_the_naming_rules(reports):
    path = reports.write("Al pha/memory.yml", "type: agentic-system-memory-report\nsystem: A\ntitle: T\n")
    result = run("check", str(path.relative_to(reports.root.parent)), cwd=reports.root.parent)
    assert result.returncode == 1 and "reports/Al pha/memory.yml:1:1: error: report files end in .yaml" in result.stdout


SITE_CONFIG = """\
site_name: Adopter
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
plugins:
  - search
  - reports:
      reports_dir: {reports_dir}
"""


def test_check_takes_reports_dir_from_mkdocs_yml_like_the_build(tmp_path):
    """Run in the project (or pointed at its config file from elsewhere), check checks the
    folder the build publishes, and names files as the build does."""
    project = tmp_path / "project"
    (project / "analyses" / "alpha").mkdir(parents=True)
    (project / "analyses" / "alpha" / "memory.yaml").write_text(
        minimal_report("Alpha", "write_side: Cites MEM-OBJ-missing.\n"), encoding="utf-8"
    )
    (project / "mkdocs.yml").write_text(SITE_CONFIG.format(reports_dir="analyses"), encoding="utf-8")
    here = run("check", cwd=project)
    assert here.returncode == 1 and here.stdout.startswith("analyses/alpha/memory.yaml:6:"), here.stdout + here.stderr
    elsewhere = run("check", "-f", str(project / "mkdocs.yml"), cwd=tmp_path)
    assert elsewhere.stdout == here.stdout
    exported = run("export", "--format", "text", cwd=project)
    assert exported.returncode == 1 and "analyses/alpha/memory.yaml:6:" in exported.stderr


def test_check_reads_properdocs_yml_env_tags_and_inherited_plugins(tmp_path, monkeypatch):
    project = tmp_path / "project"
    for folder, systems in (("from-env", ["alpha"]), ("fallback", ["alpha", "beta"])):
        for system in systems:
            (project / folder / system).mkdir(parents=True)
            (project / folder / system / "memory.yaml").write_text(minimal_report(system), encoding="utf-8")
    (project / "base.yml").write_text(SITE_CONFIG.format(reports_dir="!ENV [COLLECTION, fallback]"), encoding="utf-8")
    (project / "properdocs.yml").write_text("INHERIT: base.yml\nsite_name: Child\n", encoding="utf-8")
    assert "2 systems, 2 reports" in run("check", cwd=project).stdout
    monkeypatch.setenv("COLLECTION", "from-env")
    result = run("check", "--format", "json", cwd=project)
    assert json.loads(result.stdout)["summary"].startswith("1 systems, 1 reports") and result.returncode == 0
    (project / "from-env" / "alpha" / "memory.yaml").write_text("type: [", encoding="utf-8")
    assert run("check", cwd=project).stdout.startswith("from-env/alpha/memory.yaml:2:1: error: YAML syntax")


def test_a_project_without_a_config_file_or_the_plugin_checks_reports(tmp_path):
    (tmp_path / "reports" / "alpha").mkdir(parents=True)
    (tmp_path / "reports" / "alpha" / "memory.yaml").write_text(minimal_report("Alpha"), encoding="utf-8")
    assert run("check", cwd=tmp_path).returncode == 0
    (tmp_path / "mkdocs.yml").write_text("site_name: No plugin\nplugins: [search]\n", encoding="utf-8")
    assert run("check", cwd=tmp_path).returncode == 0


def test_an_unreadable_config_file_is_a_clear_error(tmp_path):
    (tmp_path / "mkdocs.yml").write_text("plugins: [\n", encoding="utf-8")
    result = run("check", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("mkdocs-reports: error: ") and "mkdocs.yml is not a readable YAML file" in result.stderr
    missing = run("check", "-f", "nowhere.yml", cwd=tmp_path)
    assert missing.returncode == 2 and "no configuration file nowhere.yml" in missing.stderr
