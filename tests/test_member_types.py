"""Member types are data: the method's six in member_types/*.yaml, a collection's own in
reports/_types/, read by the checker, the pages and the JSON Schema alike."""

from __future__ import annotations

import json

import pytest

from conftest import completed, only, run_cli
from mkdocs_reports.core.method.types import Shape
from mkdocs_reports.core.schemas.type_files import builtin_registry

SECURITY = """\
name: agentic-system-security-report
noun: security report
member: security
prefix: SEC
metadata:
  description: required
sections:
  - key: threat_model
    heading: Threat model
    shape: blocks
  - key: records
    heading: Shared records
    shape: records
    kind_headings: declared
  - key: annotations
    heading: Annotations
    shape: annotations
    empty: none
    fields: [Attack surface]
"""

REPORT = """\
type: agentic-system-security-report
system: Alpha
title: Alpha security report
description: Who can write the notes.
threat_model: An attacker with file access can rewrite SEC-OBJ-notes-file; see MEM-OBJ-notes.
records:
  - id: SEC-OBJ-notes-file
    label: The notes file
annotations:
  - on: MEM-OBJ-notes
    body:
      - fields:
          Attack surface: the notes file
"""


def test_the_methods_types_come_from_their_yaml_declarations():
    types = {t.member: t for t in builtin_registry().types.values() if t.name != "agentic-system-analysis-overview-generated"}
    assert list(types) == ["overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile", "boundary", "synthesis",
                           "verification"]
    assert [s.heading for s in types["runtime"].sections] == ["Runtime account", "Shared records", "Annotations"]
    assert types["runtime"].section("annotations").empty == "none"
    assert types["memory"].section("annotations").omit_when_empty
    assert types["memory"].section("boundary").coverage and types["epistemic"].section("source_and_claim_boundary").coverage
    assert types["epistemic"].section("annotations") is None  # the method's epistemic member has none
    assert types["epistemic"].section("records").kind_headings == "declared"
    assert len(types["epistemic"].section("authority_route_ledger").table.columns) == 17
    assert {k: v for k, v in types["memory"].metadata.items()} == {
        "description": "required", "run_id": "required", "source_identity": "required", "reviewed_boundary": "required",
        "report_status": "optional",
    }
    assert types["memory"].method_aliases == ("agentic-system-analyses/types/agent-memory-analysis-report.md",)
    method = builtin_registry().method
    assert method.route_fields[0] == "Immediate return" and len(method.route_fields) == 7
    assert method.status_vocabulary.values[-1] == "causally supported"


def test_the_overview_reconciliation_and_profile_come_from_the_methods_type_files():
    types = {t.member: t for t in reversed(builtin_registry().types.values())}  # the first of a member's types
    overview = types["overview"]
    assert (overview.name, overview.prefix) == ("agentic-system-analysis-overview", None)
    assert [s.heading for s in overview.sections] == [
        "Boundary and evidence", "Source register", "Bounded synthesis", "Limitations", "Verification and blockers"]
    assert overview.section("verification_and_blockers").subheadings == (
        "Record verification", "Profile verification", "Synthesis verification", "Deterministic validation", "Blockers")
    assert overview.section("limitations").table.columns[1] == "affected source, record, or route IDs"
    assert len(overview.section("source_register").table.columns) == 8
    assert list(overview.metadata) == ["description", "run_id", "system", "run_date", "result_disposition", "target_class",
                                       "boundary_kind", "reviewed_boundary", "analysis_cutoff", "evidence_tier", "inputs_commit"]
    assert [s.heading for s in types["reconciliation"].sections] == ["Reconciliation"]
    profile = types["memory-profile"]
    assert profile.name == "agent-memory-profile" and profile.metadata["memory_comparison"] == "required"
    assert [s.key for s in profile.body_sections] == ["comparison_rationale"]
    assert profile.section("memory_comparison").front_matter
    method = builtin_registry().method
    vocabularies = method.vocabularies
    assert vocabularies["result-disposition"].values == ("complete", "blocked", "out-of-scope")
    assert vocabularies["boundary-kind"].values[-1] == "complete artifact, partial loop"
    assert vocabularies["evidence-tier"].values == ("code-grounded", "doc-grounded")
    assert vocabularies["target-class"].problem("a class of the author's own") is None  # "or another explicitly defined class"
    comparison = method.comparison
    assert list(comparison.axes) == ["storage_substrate", "representational_form", "lineage", "behavioral_authority", "write_agency",
                                     "curation_operations", "read_back_direction", "read_back_signal", "trace_learning", "trace_source"]
    assert comparison.axes["trace_learning"].values == ("no", "yes")
    assert comparison.assessment.values[-1] == "not-determinable" and comparison.basis.values[-1] == "causally supported"
    current, six = builtin_registry().set_types
    assert six.membership("complete", ())[0] == ("overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile")
    assert six.membership("blocked", ())[0] == ("overview",)
    assert current.membership("complete", ())[0] == (
        "boundary", "overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile", "synthesis",
        "report-verification", "profile-verification", "synthesis-verification")
    assert current.membership("blocked", ())[0] == ("boundary", "overview")


@pytest.mark.parametrize(("written", "member"), [
    ("agentic-system-memory-report", "memory"),  # the seeds' older name
    ("agent-memory-analysis-report", "memory"),  # the method's current file
    ("agent-memory-profile", "memory-profile"),
    ("agentic-system-memory-profile", "memory-profile"),  # the profile's earlier file
    ("agentic-system-analysis-overview", "overview"),
    ("agentic-system-reconciliation-report", "reconciliation"),
])
def test_the_methods_current_and_older_type_names_resolve(written, member):
    registry = builtin_registry()
    assert registry.resolve(written).member == member
    assert registry.resolve(written).method_path(written) == f"agentic-system-analyses/types/{written}.md"


def test_a_report_may_name_its_type_by_the_methods_current_file(reports):
    reports.report("alpha", "", member="memory")
    path = reports.root / "alpha" / "memory.yaml"
    path.write_text(path.read_text().replace("type: agentic-system-memory-report", "type: agent-memory-analysis-report"))
    checked = reports.check()
    assert checked.ok, checked.messages()
    report = checked.collection.systems["alpha"].reports["memory"]
    assert (report.type.member, report.type_name) == ("memory", "agent-memory-analysis-report")


def test_a_collection_type_of_a_built_in_name_is_told_to_go(reports):
    reports.write("_types/reconciliation.yaml", SECURITY.replace("agentic-system-security-report", "agentic-system-reconciliation-report"))
    reports.report("alpha", "")
    assert "the type 'agentic-system-reconciliation-report' is already declared by the method — remove this file" in "\n".join(reports.messages())


def test_a_collection_declares_another_member_type(reports):
    reports.write("_types/security.yaml", SECURITY)
    reports.report("alpha", "records:\n  - id: MEM-OBJ-notes\n    label: Notes\n    body: Rewritten by SEC-OBJ-notes-file's owner.\n")
    reports.write("alpha/security.yaml", completed(REPORT, "Alpha", "alpha", {"run_id": "AAS-2026-01-01-alpha-01"}))
    result = reports.check()
    assert result.ok, result.diagnostics
    security = result.collection.systems["alpha"].reports["security"]
    assert (security.type.noun, [s.shape for s in security.type.sections]) == (
        "security report", [Shape.BLOCKS, Shape.RECORDS, Shape.ANNOTATIONS])
    assert ("alpha", "SEC-OBJ-notes-file") in result.graph.declared
    assert [c.member for c in result.graph.cited_by[("alpha", "SEC-OBJ-notes-file")]] == ["memory", "security"]
    assert [a.member for a in result.graph.annotations_on[("alpha", "MEM-OBJ-notes")]] == ["security"]


def test_a_collection_types_rules_apply_to_its_reports(reports):
    reports.write("_types/security.yaml", SECURITY)
    reports.write("alpha/threats.yaml", REPORT.replace("    body:\n      - fields:\n          Attack surface: the notes file\n",
                                                       "    body:\n      - fields:\n          Owner: x\n")
                  .replace("SEC-OBJ-notes-file\n    label", "MEM-OBJ-file\n    label"))
    messages = reports.messages()
    assert any("a security report is the security member of its set, but the file is named threats.yaml" in m for m in messages)
    assert any("MEM-OBJ-file is declared in a security report, which declares SEC- records only" in m for m in messages)
    assert any("a security report annotates with its own fields only, and 'Owner' is not one of them — its annotation fields are: Attack surface" in m
               for m in messages)
    assert not any("run ID" in m for m in messages)  # this type requires a description only


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        (SECURITY.replace("noun:", "nown:"), "_types/security.yaml:2:1: error: unknown key 'nown' in a member type — did you mean 'noun'?"),
        (SECURITY.replace("agentic-system-security-report", "agentic-system-memory-report"),
         "_types/security.yaml:1:1: error: the type 'agentic-system-memory-report' is already declared by the method"),
        (SECURITY.replace("prefix: SEC", "prefix: MEM"), "the prefix MEM- is already that of agentic-system-memory-report"),
        (SECURITY.replace("member: security", "member: runtime"), "the member name 'runtime' is already that of agentic-system-runtime-report"),
        (SECURITY.replace("prefix: SEC\n", ""), "_types/security.yaml:10:5: error: a records section needs the type's record prefix"),
        (SECURITY.replace("key: threat_model", "key: records"), "the section key 'records' appears twice"),
        (SECURITY.replace("shape: blocks", "shape: prose"), "'prose' is not a section shape — use one of: blocks, records, annotations"),
        (SECURITY.replace("    kind_headings: declared\n", "    kind_headings: some\n"), "'some' is not all or declared"),
    ],
)
def test_a_bad_type_declaration_is_reported_where_it_stands(reports, declaration, message):
    reports.write("_types/security.yaml", declaration)
    reports.report("alpha")
    assert any(message in m for m in reports.messages()), reports.messages()


def test_only_type_declarations_belong_in_the_types_folder(reports):
    reports.write("_types/notes.txt", "x")
    reports.report("alpha")
    assert only(reports.messages()) == "reports/_types/notes.txt:1:1: error: _types/ holds member type declarations only (<name>.yaml) — move or remove this entry"


def test_an_unknown_type_names_the_collections_types(reports):
    reports.write("_types/security.yaml", SECURITY)
    reports.report("alpha")
    reports.write("alpha/security.yaml", REPORT.replace("agentic-system-security-report", "agentic-system-securty-report"))
    messages = [m for m in reports.messages() if "is not a member type" in m]
    assert "did you mean 'agentic-system-security-report'?" in only(messages)


def test_the_schema_of_a_collection_includes_its_types(reports, tmp_path):
    reports.write("_types/security.yaml", SECURITY)
    result = run_cli("schema", str(reports.root))
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert "agentic-system-security-report" in schema["properties"]["type"]["enum"]
    assert "SEC" in schema["properties"]["records"]["items"]["properties"]["id"]["pattern"]
    broken = run_cli("schema", str(reports.root.parent / "nothing"))
    assert broken.returncode == 0  # no _types/ folder: the method's types only
    reports.write("_types/broken.yaml", "name: [\n")
    failed = run_cli("schema", str(reports.root))
    assert failed.returncode == 1 and "_types/broken.yaml:" in failed.stderr


def test_the_format_reference_names_every_section_field_and_value_the_data_declares():
    from conftest import REPO

    reference = (REPO / "docs" / "format.md").read_text(encoding="utf-8")
    registry = builtin_registry()
    words = [s.key for t in registry.types.values() for s in t.sections]
    words += [column for t in registry.types.values() for s in t.sections if s.table for column in s.table.columns]
    words += list(registry.method.route_fields) + [v for vocabulary in registry.method.vocabularies.values()
                                                   if vocabulary.name not in ("route-function", "content-update-relation")
                                                   for v in vocabulary.values]
    flat = " ".join(reference.split())
    assert [word for word in words if word not in flat] == []
