"""Every rule of the record contract, each with a case it refuses and a case it accepts."""

from __future__ import annotations

import pytest
from conftest import only

ROUTE = """\
    route:
      immediate_return: the stored note.
      later_read_back: read by MEM-RTE-read.
      delegated_visibility: the caller only.
      selection_predicate: every note.
      invalidation_or_expiry: none.
      activation_or_effect: notes guide later turns.
      evidence_limits: no run observed.
    status:
      implementation: wired
"""


def route_record(record_id: str = "MEM-RTE-read", route: str = ROUTE) -> str:
    return f"records:\n  - id: {record_id}\n    label: A route\n{route}"


# --- shapes: keys and types ------------------------------------------------------------


def test_a_valid_report_has_no_errors(reports):
    reports.report("alpha", route_record())
    result = reports.check()
    assert result.ok, result.diagnostics
    assert result.summary() == (
        "1 systems, 1 reports, 1 records, 0 annotations, 1 citations, 0 external records; 0 errors"
    )


def test_unknown_key_is_named_with_a_suggestion(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-notes\n    lable: Notes\n")
    messages = reports.messages()
    assert any(m.startswith("reports/alpha/memory.yaml:8:5: error: unknown key 'lable' in a record — did you mean 'label'?") for m in messages)
    assert any("a record needs the key 'label'" in m for m in messages)


def test_missing_top_level_keys_are_each_reported(reports):
    reports.write("alpha/memory.yaml", "type: agentic-system-memory-report\n")
    messages = reports.messages()
    assert any(m.startswith("reports/alpha/memory.yaml:1:1: error: a report needs the key 'system'") for m in messages)
    assert any("a report needs the key 'title'" in m for m in messages)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("records:\n  - id: MEM-OBJ-a\n    label: [a, b]\n", "'label' must be a label, not a list"),
        ("records:\n  id: MEM-OBJ-a\n", "'records' must be a list of records, not a mapping"),
        ("core_ideas: one idea\n", "'core_ideas' must be a list of items, not text"),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    quotes:\n      - passage: x\n", "a quote needs the key 'path'"),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    quotes:\n      - {passage: x, path: y, lines: ten}\n", "'ten' is not a line or line range"),
    ],
)
def test_wrong_types_are_refused(reports, body, expected):
    reports.report("alpha", body)
    assert any(expected in m for m in reports.messages()), reports.messages()


def test_empty_value_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label:\n")
    assert "'label' is empty" in only(reports.messages())


def test_section_of_another_member_type_is_refused(reports):
    reports.report("alpha", "runtime_account: Not a memory section.\n")
    assert "'runtime_account' is not a section of agentic-system-memory-report" in only(reports.messages())


# --- record IDs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record_id", "problem"),
    [
        ("MEM-RTE-Memory", "must be lowercase words"),
        ("MEM-XYZ-memory", "unknown kind 'XYZ'"),
        ("MEM-OBJ-one-two-three-four", "has 4 words"),
        ("MEM-OBJ-1st", "each starting with a letter"),
        ("MEM-OBJ", "three parts"),
    ],
)
def test_malformed_record_ids_are_refused(reports, record_id, problem):
    reports.report("alpha", f"records:\n  - id: {record_id}\n    label: A\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:7:9:") and problem in message


@pytest.mark.parametrize("record_id", ["MEM-CMP-bge-m3", "MEM-OBJ-memory-addresses", "MEM-CLM-a-b-c"])
def test_well_formed_record_ids_are_accepted(reports, record_id):
    reports.report("alpha", f"records:\n  - id: {record_id}\n    label: A\n")
    assert reports.messages() == []


def test_prefix_must_match_the_member_type(reports):
    reports.report("alpha", "records:\n  - id: RT-OBJ-store\n    label: A\n")
    message = only(reports.messages())
    assert "RT-OBJ-store is declared in a memory report, which declares MEM- records only" in message
    assert "name it MEM-OBJ-store" in message


def test_an_id_declared_twice_in_one_system_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label: A\n  - id: MEM-OBJ-a\n    label: B\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:9:9: error: MEM-OBJ-a is declared twice in system alpha")
    assert "first at reports/alpha/memory.yaml:7:9" in message


def test_the_same_id_in_two_systems_is_allowed(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-memories\n    label: A\n")
    reports.report("beta", "records:\n  - id: MEM-OBJ-memories\n    label: B\n")
    result = reports.check()
    assert result.ok and len(result.graph.declared) == 2


# --- part_of ---------------------------------------------------------------------------


def test_part_of_itself_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label: A\n    part_of: MEM-OBJ-a\n")
    assert "MEM-OBJ-a is declared part of itself" in only(reports.messages())


def test_part_of_must_be_one_id(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label: A\n    part_of: [MEM-OBJ-b, MEM-OBJ-c]\n")
    assert "'part_of' must be a record ID, not a list" in only(reports.messages())


def test_part_of_an_undeclared_record_suggests_a_near_miss(reports):
    reports.report(
        "alpha",
        "records:\n  - id: MEM-OBJ-memory\n    label: A\n  - id: MEM-OBJ-parts\n    label: B\n    part_of: MEM-OBJ-memry\n",
    )
    message = only(reports.messages())
    assert "MEM-OBJ-parts is part of MEM-OBJ-memry, which is not declared in alpha" in message
    assert "did you mean MEM-OBJ-memory?" in message


def test_part_of_a_declared_or_external_record_is_accepted(reports):
    reports.report(
        "alpha",
        "records:\n  - id: MEM-OBJ-memory\n    label: A\n  - id: MEM-OBJ-parts\n    label: B\n    part_of: MEM-OBJ-memory\n"
        "  - id: MEM-OBJ-store\n    label: C\n    part_of: RT-OBJ-agent-doc\n",
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    assert [r.id for r in result.graph.parts[("alpha", "MEM-OBJ-memory")]] == ["MEM-OBJ-parts"]
    assert ("alpha", "RT-OBJ-agent-doc") in result.graph.external


# --- routes and statuses ---------------------------------------------------------------


def test_a_route_without_route_fields_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-RTE-read\n    label: A\n    status: {implementation: wired}\n")
    assert "route MEM-RTE-read has no route fields" in only(reports.messages())


def test_a_missing_route_field_is_named(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("      evidence_limits: no run observed.\n", "")))
    assert "the route needs the key 'evidence_limits'" in only(reports.messages())


def test_a_route_field_answered_twice_is_refused(reports):
    reports.report("alpha", route_record(route=ROUTE + "").replace("      selection_predicate: every note.\n", "      selection_predicate: every note.\n      selection_predicate: again.\n"))
    assert "key 'selection_predicate' appears twice" in only(reports.messages())


def test_an_empty_route_field_is_refused(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", '""')))
    assert "'delegated_visibility' is empty" in only(reports.messages())


def test_an_uncertain_answer_needs_a_reason(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", "uninspected")))
    assert "answer 'uninspected' is uncertain but gives no reason" in only(reports.messages())


def test_an_uncertain_answer_with_a_reason_is_accepted(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", "uninspected — children were not traced.")))
    assert reports.messages() == []


def test_route_fields_on_a_record_that_is_not_a_route_are_refused(reports):
    reports.report("alpha", route_record("MEM-OBJ-read").replace("later_read_back: read by MEM-RTE-read.", "later_read_back: read."))
    assert "MEM-OBJ-read is not a route (RTE), so it has no route fields" in only(reports.messages())


def test_a_route_needs_a_conclusion_status(reports):
    reports.report("alpha", route_record(route=ROUTE.split("    status:")[0]))
    assert "route MEM-RTE-read has no conclusion status" in only(reports.messages())


def test_status_values_come_from_the_controlled_list(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("implementation: wired", "implementation: wird")))
    message = only(reports.messages())
    assert "'wird' is not a conclusion status — did you mean 'wired'?" in message
    assert "causally supported" in message


def test_a_status_label_appears_once(reports):
    reports.report("alpha", route_record(route=ROUTE + "      implementation: observed\n"))
    assert "key 'implementation' appears twice" in only(reports.messages())


def test_every_status_value_is_accepted(reports):
    statuses = "".join(
        f"      {label}: {value}\n"
        for label, value in zip(
            ["implementation", "operation", "procedure", "design", "doctrine", "test", "trace", "effect"],
            ["absent", "inapplicable", "uninspected", "claimed", "afforded", "wired", "observed", "causally supported"],
        )
    )
    reports.report("alpha", route_record(route=ROUTE.replace("      implementation: wired\n", statuses)))
    assert reports.messages() == []


# --- annotations -----------------------------------------------------------------------


def test_an_annotation_on_an_own_record_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label: A\nannotations:\n  - on: MEM-OBJ-a\n    text: Mine.\n")
    assert "memory annotates its own record MEM-OBJ-a" in only(reports.messages())


def test_an_annotation_on_an_undeclared_record_of_a_present_member_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-memory\n    label: A\n")
    reports.write(
        "alpha/runtime.yaml",
        "type: agentic-system-runtime-report\nsystem: Alpha\ntitle: R\nannotations:\n  - on: MEM-OBJ-memroy\n    text: x\n",
    )
    message = only(reports.messages())
    assert message.startswith("reports/alpha/runtime.yaml:5:9: error: annotation on MEM-OBJ-memroy")
    assert "did you mean MEM-OBJ-memory?" in message


def test_annotations_on_other_members_records_are_kept(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-memory\n    label: A\nannotations:\n  - on: RT-RTE-branch\n    text: More.\n")
    reports.write(
        "alpha/epistemic.yaml",
        "type: agentic-system-epistemic-report\nsystem: Alpha\ntitle: E\nannotations:\n  - on: MEM-OBJ-memory\n    text: x\n",
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    assert [a.member for a in result.graph.annotations_on[("alpha", "MEM-OBJ-memory")]] == ["epistemic"]
    assert [a.member for a in result.graph.annotations_on[("alpha", "RT-RTE-branch")]] == ["memory"]


# --- citations -------------------------------------------------------------------------


def test_a_citation_must_resolve_in_its_system(reports):
    reports.report("alpha", "records:\n  - id: MEM-RTE-memory-read\n    label: A\n" + ROUTE.replace("MEM-RTE-read", "MEM-RTE-memory-reed"))
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:11:32: error: MEM-RTE-memory-reed is cited but not declared in alpha")
    assert message.endswith("did you mean MEM-RTE-memory-read?")


def test_citations_are_scoped_by_system(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-only-alpha\n    label: A\n")
    reports.report("beta", "write_side: Cites MEM-OBJ-only-alpha.\n")
    assert "MEM-OBJ-only-alpha is cited but not declared in beta" in only(reports.messages())


def test_citations_of_a_missing_member_become_external_records(reports):
    reports.report(
        "alpha",
        """\
        write_side: RT-RTE-chat-turn and RT-OBJ-store.
        read_back: Again RT-RTE-chat-turn.
        annotations:
          - on: RT-OBJ-agent-doc
            text: Findings.
        """,
    )
    result = reports.check()
    assert result.ok
    assert sorted(record_id for _, record_id in result.graph.external) == ["RT-OBJ-agent-doc", "RT-OBJ-store", "RT-RTE-chat-turn"]
    places = [c.place.label for c in result.graph.cited_by[("alpha", "RT-RTE-chat-turn")]]
    assert places == ["Write side", "Read-back"]
    assert list(result.graph.external_members("alpha")) == ["runtime"]


def test_ids_in_code_are_not_citations(reports):
    reports.report("alpha", "write_side: |\n  Inline `MEM-OBJ-nothing` and\n\n  ```\n  MEM-OBJ-none\n  ```\n")
    result = reports.check()
    assert result.ok and result.collection.reports()[0].citations == []


def test_citations_are_found_in_every_kind_of_text(reports):
    reports.report(
        "alpha",
        """\
        core_ideas:
          - Idea on RT-OBJ-a.
        records:
          - id: MEM-OBJ-b
            label: B
            text: Text on RT-OBJ-c.
            notes: Notes on RT-OBJ-d.
        annotations:
          - on: RT-OBJ-e
            text: On RT-OBJ-f.
        integration_issues:
          style: bulleted
          items: [Issue on RT-OBJ-g.]
        limitations: "Quoted RT-OBJ-h."
        """,
    )
    reports.write(
        "alpha/memory.yaml",
        (reports.root / "alpha/memory.yaml").read_text().replace(
            "  text: The boundary.\n",
            "  text: The boundary.\n  coverage:\n    columns: [a, b]\n    rows:\n      - [x, RT-OBJ-i]\n",
        ),
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    labels = {c.target: c.place.label for c in result.collection.reports()[0].citations}
    assert labels == {
        "RT-OBJ-i": "Coverage row 1: x",
        "RT-OBJ-a": "Core ideas, item 1",
        "RT-OBJ-c": "MEM-OBJ-b — text",
        "RT-OBJ-d": "MEM-OBJ-b — notes",
        "RT-OBJ-f": "Annotation on RT-OBJ-e",
        "RT-OBJ-g": "Integration issues, item 1",
        "RT-OBJ-h": "Limitations and checks",
    }


def test_a_malformed_citation_is_reported_where_it_stands(reports):
    reports.report("alpha", "write_side: |\n  First line.\n  Then MEM-RTE-Memory-edit here.\n")
    assert only(reports.messages()).startswith(
        "reports/alpha/memory.yaml:8:8: error: 'MEM-RTE-Memory-edit' looks like a record ID but is malformed"
    )


@pytest.mark.parametrize(
    ("scalar", "where"),
    [
        ("write_side: |\n  one\n  two MEM-OBJ-x\n", "8:7"),
        ("write_side: >\n  one\n  two MEM-OBJ-x\n", "8:7"),
        ("write_side: \"one\n  two MEM-OBJ-x\"\n", "7:7"),
        ("write_side: one\n  two MEM-OBJ-x\n", "7:7"),
        ("write_side: 'MEM-OBJ-y, MEM-OBJ-x'\n", "6:25"),
    ],
)
def test_citation_locations_are_exact_in_every_scalar_style(reports, scalar, where):
    reports.report("alpha", scalar)
    messages = [m for m in reports.messages() if "MEM-OBJ-x" in m]
    assert only(messages).startswith(f"reports/alpha/memory.yaml:{where}: error: MEM-OBJ-x is cited but not declared")


def test_all_errors_of_all_files_come_in_one_run(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label: [x]\n")
    reports.report("beta", "write_side: MEM-OBJ-missing\n")
    reports.write("gamma/memory.yaml", "type: [\n")
    files = {m.split(":", 1)[0] for m in reports.messages()}
    assert files == {"reports/alpha/memory.yaml", "reports/beta/memory.yaml", "reports/gamma/memory.yaml"}


def test_coverage_rows_need_one_cell_per_column(reports):
    reports.write(
        "alpha/memory.yaml",
        "type: agentic-system-memory-report\nsystem: Alpha\ntitle: T\nboundary:\n  text: B\n  coverage:\n"
        "    columns: [a, b, c]\n    rows:\n      - [x, y, z]\n      - [x, y]\n",
    )
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:10:9: error: coverage row 2 has 2 cells but the table has 3 columns")


def test_reports_of_one_folder_name_the_same_system(reports):
    reports.report("alpha")
    reports.write("alpha/runtime.yaml", "type: agentic-system-runtime-report\nsystem: Other\ntitle: R\n")
    assert "system 'Other' differs from 'Alpha'" in only(reports.messages())


@pytest.mark.parametrize("answer", ["uninspected - children were not traced.", "inapplicable: nothing returns."])
def test_an_uncertain_answer_separates_its_reason_with_an_em_dash(reports, answer):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", f"'{answer}'")))
    assert "separates its reason with the wrong mark" in only(reports.messages())


def test_a_sentence_that_starts_with_the_word_is_not_an_uncertain_answer(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", "Uninspected rows remain in the boundary.")))
    assert reports.messages() == []


def test_a_report_is_named_after_its_member_type(reports):
    reports.report("alpha", member="runtime")
    assert only(reports.messages()) == (
        "reports/alpha/runtime.yaml:1:1: error: a memory report is the memory member of its set, but the file is "
        "named runtime.yaml — rename it to alpha/memory.yaml"
    )


@pytest.mark.parametrize(
    ("prose", "cited"),
    [
        ("Inline `MEM-OBJ-x` code.", []),
        ("An escaped \\`MEM-OBJ-x\\` backtick is no code.", ["MEM-OBJ-x"]),
        ("An escaped backslash \\\\`MEM-OBJ-x` leaves code.", []),
        ("```\nMEM-OBJ-x\n```\nthen MEM-OBJ-y", ["MEM-OBJ-y"]),
        ("~~~\nan unclosed fence is no code: MEM-OBJ-x", ["MEM-OBJ-x"]),
        ("Para.\n\n    indented code MEM-OBJ-x\n\nMEM-OBJ-y after.", ["MEM-OBJ-y"]),
        ("- item\n\n    a list item's paragraph MEM-OBJ-x\n\n        its code MEM-OBJ-y", ["MEM-OBJ-x"]),
        ("A span `across\n\nparagraphs` is none: MEM-OBJ-x", ["MEM-OBJ-x"]),
    ],
)
def test_code_is_found_as_markdown_finds_it(reports, prose, cited):
    reports.report("alpha", "write_side: |\n" + "".join(f"  {line}\n" if line else "\n" for line in prose.split("\n")))
    result = reports.check()
    assert [c.target for c in result.collection.reports()[0].citations] == cited


def test_ids_in_a_description_are_citations(reports):
    reports.report("alpha", "description: Sums up MEM-OBJ-missing.\n")
    assert only(reports.messages()).startswith("reports/alpha/memory.yaml:6:22: error: MEM-OBJ-missing is cited but not declared")
    reports.report("alpha", "description: Sums up MEM-OBJ-notes.\nrecords:\n  - id: MEM-OBJ-notes\n    label: Notes\n")
    (citation,) = reports.check().collection.reports()[0].citations
    assert (citation.target, citation.place.anchor, citation.place.label) == ("MEM-OBJ-notes", "description", "Description")


def test_the_fix_for_an_uncertain_answer_names_the_word(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", "'uninspected:children not traced'")))
    assert only(reports.messages()).endswith("— write 'uninspected — <why it cannot be answered>'")
