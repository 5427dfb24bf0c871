"""Every rule of the record contract, each with a case it refuses and a case it accepts."""

from __future__ import annotations

import pytest

from conftest import only

ROUTE = """\
    body:
      - fields:
          Immediate return: the stored note.
          Later read-back: read by MEM-RTE-read.
          Delegated visibility: the caller only.
          Selection predicate: every note.
          Invalidation or expiry: none.
          Activation or effect: notes guide later turns.
          Evidence limits: no run observed.
          implementation conclusion status: wired
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
    assert any(m.startswith("reports/alpha/memory.yaml:1:1: error: a report needs the key 'title'") for m in messages)
    reports.write("alpha/memory.yaml", "type: agentic-system-memory-report\ntitle: T\n")
    messages = reports.messages()
    assert "reports/alpha/memory.yaml:1:1: error: the report names no system — add 'system: <display name>' here or in reports/alpha/_set.yaml" in messages
    assert any("a memory report needs the set's run ID, which neither this file nor its set states" in m for m in messages)
    assert any("a memory report has the sections 'Boundary and evidence', 'Core ideas', 'Write side', 'Read-back', "
               "'Integration issues', 'Limitations and checks', which this file lacks — add boundary: <its text>; " in m for m in messages)
    assert any("integration_issues: none; limitations: <its text>" in m for m in messages)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("records:\n  - id: MEM-OBJ-a\n    label: [a, b]\n", "'label' must be a label, not a list"),
        ("records:\n  id: MEM-OBJ-a\n", "'records' must be a list of records, not a mapping"),
        ("core_ideas: {a: b}\n", "'core_ideas' must be Markdown text or a list of blocks, not a mapping"),
        ("core_ideas:\n  - numbered: one idea\n", "'numbered' must be a list of items, not text"),
        ("core_ideas:\n  - nmbered: [x]\n", "'nmbered' is not a block — did you mean 'numbered'?"),
        ("core_ideas:\n  - {text: a, heading: b}\n", "has 2 keys (text, heading); a block is one key"),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    body:\n      - quote: {passage: x}\n", "a quote needs the key 'path'"),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    body:\n      - quote: {passage: x, path: y, lines: ten}\n", "'ten' is not a line or line range"),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    body:\n      - heading: H\n", "'heading' is not a block"),
        ("records:\n  - id: MEM-OBJ-a\n    label: A\n    body:\n      - fields:\n          Evidence: [SRC-1: x]\n",
         "put the text in quotes: YAML reads a value that starts with '[' as a list"),
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
    reports.report("alpha", "records:\n  - id: MEM-RTE-read\n    label: A\n    body:\n      - fields: {implementation conclusion status: wired}\n")
    message = only(reports.messages())
    assert "route MEM-RTE-read does not answer Immediate return, Later read-back, Delegated visibility" in message
    assert "answer all seven route fields, each once, as labelled fields ('Label: value')" in message


def test_a_missing_route_field_is_named(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("          Evidence limits: no run observed.\n", "")))
    assert "route MEM-RTE-read does not answer Evidence limits" in only(reports.messages())


def test_a_route_field_answered_twice_is_refused(reports):
    twice = ROUTE + "      - fields:\n          Selection predicate: again.\n"
    assert only_message(reports, route_record(route=twice)).startswith(
        "reports/alpha/memory.yaml:20:11: error: route MEM-RTE-read answers Selection predicate twice (first at line 14)"
    )
    same_block = ROUTE.replace("          Selection predicate: every note.\n", "          Selection predicate: every note.\n          Selection predicate: again.\n")
    assert "key 'Selection predicate' appears twice" in only_message(reports, route_record(route=same_block))


def only_message(reports, body: str) -> str:
    reports.report("alpha", body)
    return only(reports.messages())


def test_an_empty_route_field_is_refused(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", '""')))
    assert "'Delegated visibility' in 'fields' is empty" in only(reports.messages())


def test_an_uncertain_answer_needs_a_reason(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", "uninspected")))
    assert "MEM-RTE-read: the Delegated visibility answer 'uninspected' is uncertain but gives no reason" in only(reports.messages())


def test_an_uncertain_answer_with_a_reason_is_accepted(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("the caller only.", "uninspected — children were not traced.")))
    assert reports.messages() == []


def test_route_fields_on_a_record_that_is_not_a_route_are_refused(reports):
    reports.report("alpha", route_record("MEM-OBJ-read").replace("Later read-back: read by MEM-RTE-read.", "Later read-back: read."))
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:11:11: error: MEM-OBJ-read is not a route (RTE), so it has no route fields (Immediate return, Later read-back,")


def test_a_route_needs_a_conclusion_status(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("          implementation conclusion status: wired\n", "")))
    assert "route MEM-RTE-read has no conclusion status — add at least one status field" in only(reports.messages())


def test_status_values_come_from_the_controlled_list(reports):
    reports.report("alpha", route_record(route=ROUTE.replace("conclusion status: wired", "conclusion status: wird")))
    message = only(reports.messages())
    assert "'wird' is not a conclusion status — did you mean 'wired'?" in message
    assert "causally supported" in message


def test_a_status_layer_appears_once(reports):
    reports.report("alpha", route_record(route=ROUTE + "      - fields:\n          implementation conclusion status: observed\n"))
    assert "MEM-RTE-read: the implementation conclusion status is given twice (first at line 18)" in only(reports.messages())


def test_every_status_value_is_accepted(reports):
    statuses = "".join(
        f"          {label} conclusion status: {value}\n"
        for label, value in zip(
            ["implementation", "operation", "procedure", "design", "doctrine", "test", "trace", "effect"],
            ["absent", "inapplicable", "uninspected", "claimed", "afforded", "wired", "observed", "causally supported"],
            strict=True,
        )
    )
    reports.report("alpha", route_record(route=ROUTE.replace("          implementation conclusion status: wired\n", statuses)))
    assert reports.messages() == []


# --- annotations -----------------------------------------------------------------------


def test_an_annotation_on_an_own_record_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-a\n    label: A\nannotations:\n  - on: MEM-OBJ-a\n    body: Mine.\n")
    assert "memory annotates its own record MEM-OBJ-a" in only(reports.messages())


def test_an_annotation_on_an_undeclared_record_of_a_present_member_is_refused(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-memory\n    label: A\n")
    reports.member("alpha", "runtime", "annotations:\n  - on: MEM-OBJ-memroy\n    body: x\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/runtime.yaml:5:9: error: annotation on MEM-OBJ-memroy")
    assert "did you mean MEM-OBJ-memory?" in message


def test_annotations_on_other_members_records_are_kept(reports):
    reports.report("alpha", "records:\n  - id: MEM-OBJ-memory\n    label: A\nannotations:\n  - on: RT-OBJ-branch\n    body: More.\n")
    reports.member("alpha", "runtime", "records:\n  - id: RT-OBJ-branch\n    label: B\nannotations:\n  - on: MEM-OBJ-memory\n    body: x\n")
    result = reports.check()
    assert result.ok, result.diagnostics
    assert [a.member for a in result.graph.annotations_on[("alpha", "MEM-OBJ-memory")]] == ["runtime"]
    assert [a.member for a in result.graph.annotations_on[("alpha", "RT-OBJ-branch")]] == ["memory"]


# --- citations -------------------------------------------------------------------------


def test_a_citation_must_resolve_in_its_system(reports):
    reports.report("alpha", "records:\n  - id: MEM-RTE-memory-read\n    label: A\n" + ROUTE.replace("MEM-RTE-read", "MEM-RTE-memory-reed"))
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:12:36: error: MEM-RTE-memory-reed is cited but not declared in alpha")
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
            body: Findings.
        """,
    )
    result = reports.check()
    assert result.ok
    assert sorted(record_id for _, record_id in result.graph.external) == ["RT-OBJ-agent-doc", "RT-OBJ-store", "RT-RTE-chat-turn"]
    places = [c.place.label for c in result.graph.cited_by[("alpha", "RT-RTE-chat-turn")]]
    assert places == ["Write side", "Read-back"]
    assert list(result.graph.external_members("alpha")) == ["runtime"]


def test_ids_in_code_blocks_and_longer_code_spans_are_not_citations(reports):
    reports.report("alpha", "write_side: |\n  Inline `id: MEM-OBJ-nothing` and\n\n  ```\n  MEM-OBJ-none\n  ```\n")
    result = reports.check()
    assert result.ok and result.collection.reports()[0].citations == []


def test_citations_are_found_in_every_kind_of_text(reports):
    reports.report(
        "alpha",
        """\
        core_ideas:
          - numbered:
              - Idea on RT-OBJ-a.
        records:
          - id: MEM-OBJ-b
            label: B
            body:
              - text: Text on RT-OBJ-c.
              - fields:
                  Lineage: From RT-OBJ-d.
              - table:
                  columns: [a, b]
                  rows:
                    - [y, RT-OBJ-j]
        annotations:
          - on: RT-OBJ-e
            body: On RT-OBJ-f.
        integration_issues:
          - bulleted: [Issue on RT-OBJ-g.]
        limitations:
          - heading: Checks
          - text: "Quoted RT-OBJ-h."
          - paragraphs: [A paragraph on RT-OBJ-k.]
        boundary:
          - text: The boundary.
          - table:
              columns: [a, b]
              rows:
                - [x, RT-OBJ-i]
        """,
    )
    text = (reports.root / "alpha/memory.yaml").read_text().replace("boundary: |\n  The boundary.\n", "")
    reports.write("alpha/memory.yaml", text)
    result = reports.check()
    assert result.ok, result.diagnostics
    places = {c.target: (c.place.label, c.place.anchor) for c in result.collection.reports()[0].citations}
    assert places == {
        "RT-OBJ-i": ("Boundary and evidence, row 1: x", "boundary--row-1"),
        "RT-OBJ-a": ("Core ideas, item 1", "core-ideas--1"),
        "RT-OBJ-c": ("MEM-OBJ-b — text", "mem-obj-b"),
        "RT-OBJ-d": ("MEM-OBJ-b — Lineage", "mem-obj-b--lineage"),
        "RT-OBJ-j": ("MEM-OBJ-b, row 1: y", "mem-obj-b--row-1"),
        "RT-OBJ-f": ("Annotation on RT-OBJ-e", "annotation-1-on-rt-obj-e"),
        "RT-OBJ-g": ("Integration issues, item 1", "integration-issues--1"),
        "RT-OBJ-h": ("Limitations and checks › Checks", "limitations--checks"),
        "RT-OBJ-k": ("Limitations and checks › Checks, item 1", "limitations--1"),
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


def test_table_rows_need_one_cell_per_column(reports):
    reports.report("alpha", "read_back:\n  - table:\n      columns: [a, b, c]\n      rows:\n        - [x, y, z]\n        - [x, y]\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:11:11: error: Read-back: row 2 has 2 cells but the table has 3 columns")


def test_reports_of_one_folder_name_the_same_system(reports):
    reports.report("alpha")
    reports.member("alpha", "runtime", name="Other")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/runtime.yaml:2:9: error: the system name 'Other' contradicts 'Alpha' of another member (reports/alpha/memory.yaml:2:9)")


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
        ("Inline `MEM-OBJ-x` code that is one ID cites it.", ["MEM-OBJ-x"]),
        ("Longer inline `MEM-OBJ-x + 1` code does not.", []),
        ("An escaped \\`MEM-OBJ-x\\` backtick is no code.", ["MEM-OBJ-x"]),
        ("An escaped backslash \\\\`MEM-OBJ-x y` leaves code.", []),
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
