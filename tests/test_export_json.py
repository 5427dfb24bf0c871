"""The JSON export: a stable shape that tools and the changes page rely on."""

from __future__ import annotations

import json

from conftest import FIXTURES, REPO, run_cli


def export(path) -> dict:
    result = run_cli("export", "--format", "json", str(path))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_export_carries_every_record_annotation_and_citation():
    data = export(FIXTURES / "sample")
    assert (data["format"], data["version"]) == ("mkdocs-reports/collection", 1)
    assert [s["slug"] for s in data["systems"]] == ["alpha", "beta"]
    assert len(data["records"]) == 6 and len(data["annotations"]) == 1 and len(data["citations"]) == 20
    write = next(r for r in data["records"] if r["id"] == "MEM-RTE-note-write")
    assert write["route"]["delegated_visibility"] == "uninspected — child agents were not traced."
    assert write["status"] == {"implementation": "wired", "operation": "uninspected"}
    assert write["quotes"] == [{"passage": "db.insert(note)\nreturn note", "path": "src/notes.ts", "lines": None}]
    assert write["cites"] == ["MEM-OBJ-notes", "MEM-RTE-note-read"]
    assert {(e["system"], e["member"], e["id"]) for e in data["external_records"]} == {
        ("alpha", "runtime", "RT-RTE-chat-turn"),
        ("alpha", "runtime", "RT-OBJ-store"),
    }
    row = next(c for c in data["citations"] if c["place"]["anchor"] == "coverage-row-2" and c["target"] == "RT-RTE-chat-turn")
    assert row["resolution"] == "external" and row["place"]["label"] == "Coverage row 2: Chat turn"


def test_the_export_of_the_collection_is_complete():
    data = export(REPO / "reports")
    assert len(data["records"]) == 72 and len(data["annotations"]) == 15
    assert all(c["resolution"] in ("declared", "external") for c in data["citations"])


def test_export_refuses_a_broken_collection(reports):
    reports.report("alpha", "write_side: MEM-OBJ-missing\n")
    result = run_cli("export", "reports", cwd=reports.root.parent)
    assert result.returncode == 1 and result.stdout == ""
    assert "reports/alpha/memory.yaml:6:13: error: MEM-OBJ-missing is cited but not declared" in result.stderr
