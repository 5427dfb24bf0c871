"""`mkdocs-reports check` as authors and CI run it: messages, summary, exit code, JSON."""

from __future__ import annotations

import json

from conftest import FIXTURES
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
