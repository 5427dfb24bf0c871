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
    assert (data["format"], data["version"]) == ("mkdocs-reports/collection", 2)
    assert [t["member"] for t in data["types"]] == ["overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile"]
    assert [s["slug"] for s in data["systems"]] == ["alpha", "beta"]
    alpha = data["systems"][0]
    assert (alpha["run_id"], alpha["set_file"]) == ("AAS-2026-11-30-alpha-01", "tests/fixtures/sample/alpha/_set.yaml")
    assert alpha["sources"][0] | {} == {
        "id": "SRC-1", "kind": "git", "identity": "https://github.com/example/alpha",
        "revision": "0123456789abcdef0123456789abcdef01234567", "evidence_layer": "implementation",
        "inspected_scope": None, "citation_anchors": None, "access_gaps": None,
    }
    assert alpha["reports"][0]["run_id"] == "AAS-2026-11-30-alpha-01"  # inherited from the set
    assert len(data["records"]) == 6 and len(data["annotations"]) == 1 and len(data["citations"]) == 20
    write = next(r for r in data["records"] if r["id"] == "MEM-RTE-note-write")
    assert write["route"]["Delegated visibility"] == "uninspected — child agents were not traced."
    assert write["status"] == {"implementation": "wired", "operation": "uninspected"}
    assert write["quotes"] == [{
        "passage": "db.insert(note)\nreturn note", "path": "src/notes.ts", "lines": None, "source": None,
        "anchor": "mem-rte-note-write--quote-1", "place": "MEM-RTE-note-write, quote 1",
        "grounding": {"state": "unverified", "lines": None, "match": None, "revision": None},  # the sample has no quote lock
    }]
    assert [b["kind"] for b in write["body"]] == ["text", "fields", "quote", "text"]
    assert write["fields"][1] == {"label": "Later read-back", "value": "MEM-RTE-note-read returns it.",
                                  "anchor": "mem-rte-note-write--later-read-back"}
    assert write["cites"] == ["MEM-OBJ-notes", "MEM-RTE-note-read"]
    assert {(e["system"], e["member"], e["id"]) for e in data["external_records"]} == {
        ("alpha", "runtime", "RT-RTE-chat-turn"),
        ("alpha", "runtime", "RT-OBJ-store"),
    }
    row = next(c for c in data["citations"] if c["place"]["anchor"] == "boundary--row-2" and c["target"] == "RT-RTE-chat-turn")
    assert row["resolution"] == "external" and row["place"]["label"] == "Boundary and evidence › Coverage inventory, row 2: Chat turn"
    boundary = alpha["reports"][0]["sections"][0]
    assert [b["kind"] for b in boundary["blocks"]] == ["text", "heading", "text", "table"]
    assert boundary["blocks"][3]["coverage"] and boundary["blocks"][3]["rows"][1]["anchor"] == "boundary--row-2"
    assert [s["source"] for s in data["sources_cited"]] == ["SRC-1"]


def test_the_export_of_the_collection_is_complete():
    data = export(REPO / "reports")
    assert len(data["records"]) == 72 and len(data["annotations"]) == 15
    assert all(c["resolution"] in ("declared", "external") for c in data["citations"])


def test_export_refuses_a_broken_collection(reports):
    reports.report("alpha", "write_side: MEM-OBJ-missing\n")
    result = run_cli("export", "reports", cwd=reports.root.parent)
    assert result.returncode == 1 and result.stdout == ""
    assert "reports/alpha/memory.yaml:6:13: error: MEM-OBJ-missing is cited but not declared" in result.stderr
