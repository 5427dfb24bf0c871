"""Labelled fields, controlled vocabularies, the method's tables, amendments and the
citation forms the method writes: each rule with a case it refuses (the message and its fix)
and one it accepts."""

from __future__ import annotations

import pytest

from conftest import only


def record(fields: str, record_id: str = "MEM-OBJ-a") -> str:
    """A record whose body is one fields block (``fields``: 'Label: value' lines)."""
    lines = "".join(f"          {line}\n" for line in fields.splitlines())
    return f"records:\n  - id: {record_id}\n    label: A\n    body:\n      - fields:\n{lines}"


# --- labels -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "exact"),
    [
        ("Later readback", "Later read-back"),
        ("immediate return", "Immediate return"),
        ("Guarantee Strength", "Guarantee strength"),
        ("Implementation Conclusion Status", "Implementation conclusion status"),
    ],
)
def test_a_near_miss_of_the_methods_label_is_refused(reports, label, exact):
    reports.report("alpha", record(f"{label}: x"))
    assert only(reports.messages()) == (
        f"reports/alpha/memory.yaml:11:11: error: MEM-OBJ-a: the label {label!r} is not the method's {exact!r} — "
        f"write '{exact}:' exactly as the method does, so that its rule applies"
    )


def test_the_authors_own_labels_are_kept_in_order(reports):
    reports.report("alpha", record("Source-native identity: the store\nLineage: written by MEM-OBJ-b\nEvidence: seen"))
    reports.report("alpha", record("Source-native identity: the store\nLineage: written by MEM-OBJ-b\nEvidence: seen")
                   + "  - id: MEM-OBJ-b\n    label: B\n")
    result = reports.check()
    assert result.ok, result.diagnostics
    (fields,) = [r.fields for r in result.collection.records() if r.id == "MEM-OBJ-a"]
    assert [(f.label, f.anchor) for f in fields] == [
        ("Source-native identity", "mem-obj-a--source-native-identity"),
        ("Lineage", "mem-obj-a--lineage"),
        ("Evidence", "mem-obj-a--evidence"),
    ]


def test_part_of_is_a_key_not_a_field(reports):
    reports.report("alpha", record("Part of: MEM-OBJ-b") + "  - id: MEM-OBJ-b\n    label: B\n")
    assert "MEM-OBJ-a: 'Part of' is the record's own key — write 'part_of: <ID>' beside 'id:' and 'label:'" in only(reports.messages())


def test_an_uncertain_answer_of_any_field_needs_its_reason(reports):
    reports.report("alpha", record("Lineage: uninspected"))
    assert "MEM-OBJ-a: the Lineage answer 'uninspected' is uncertain but gives no reason" in only(reports.messages())
    reports.report("alpha", record("Lineage: uninspected — the importer was not read"))
    assert reports.messages() == []


# --- vocabularies -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "problem", "fix"),
    [
        ("Guarantee strength: strong", "'strong' is not a guarantee strength", "use one of: invariant, protocol, policy, best effort"),
        ("Route function: checking", "'checking' is not a route function", "other — <description>"),
        ("Route function: other", "'other' needs its description: write 'other — <description>'", "use one of"),
        ("Architectural status: implemnted", "'implemnted' is not an architectural status", "did you mean 'implemented'?"),
        ("Content/update relation: no content changes", "'no content changes' is not a content/update relation", "no content change"),
        ("operation conclusion status: wired; observed", "'wired; observed' is not a conclusion status", "use one of"),
    ],
)
def test_controlled_values_are_checked_where_the_method_fixes_them(reports, field, problem, fix):
    reports.report("alpha", record(field))
    message = only(reports.messages())
    assert f": {problem} — " in message and fix in message


@pytest.mark.parametrize(
    "field",
    [
        "Guarantee strength: no claimed guarantee",
        "Route function: other — describe the lineage check",
        "Route function: '`retention`'",  # values may be inline code, as the method allows
        "Architectural status: observed, implementation uninspected",
        "Content/update relation: 'truth-apt transformation: indeterminate (the model is opaque)'",
        "Content/update relation: 'non-truth-apt policy/content update: the prompt changes'",
        "theory-builder condition 3 conclusion status: absent",
    ],
)
def test_controlled_values_the_method_allows_are_accepted(reports, field):
    reports.report("alpha", record(field))
    assert reports.messages() == []


# --- the method's tables ---------------------------------------------------------------

LEDGER = [
    "route ID", "route function", "architectural status", "object/candidate ID", "content/update relation",
    "transition or check target", "evaluator/condition and domain", "activation and timing", "possible or observed result",
    "implemented force", "epistemic authority and scope", "operational authority: behavior permitted, blocked, or changed",
    "behavioral-authority path: consumer, channel, force, horizon", "evidence source ID and local anchor", "claim IDs or none",
    "mismatch marker or none", "gap/limit",
]


def ledger(columns: list[str], row: list[str]) -> str:
    quoted = lambda cells: "[" + ", ".join(f'"{c}"' for c in cells) + "]"  # noqa: E731
    return f"authority_route_ledger:\n  - table:\n      columns: {quoted(columns)}\n      rows:\n        - {quoted(row)}\n"


ROW = ["EPI-RTE-a", "retention", "implemented", "-", "no content change"] + ["-"] * 12


def test_a_ledger_with_the_methods_columns_and_values_is_accepted(reports):
    reports.member("alpha", "epistemic", ledger([c.capitalize() for c in LEDGER], ROW)
                   + "records:\n  - id: EPI-RTE-a\n    label: A\n    body:\n      - fields:\n"
                   + "".join(f"          {f}: x\n" for f in ("Immediate return", "Later read-back", "Delegated visibility",
                                                             "Selection predicate", "Invalidation or expiry",
                                                             "Activation or effect", "Evidence limits"))
                   + "          implementation conclusion status: wired\n")
    assert reports.messages() == []


def test_a_ledger_without_the_methods_columns_is_refused(reports):
    reports.member("alpha", "epistemic", ledger(LEDGER[:5] + ["evaluator"] + LEDGER[7:], ROW[:16]))
    message = only([m for m in reports.messages() if "columns" in m])
    assert message.startswith(
        "reports/alpha/epistemic.yaml:6:16: error: this table has 16 columns where the method has 17; column 6 is 'evaluator', "
        "not 'transition or check target' — use the method's columns, in order: route ID | route function |"
    )


def test_a_ledger_cell_outside_its_vocabulary_is_refused(reports):
    reports.member("alpha", "epistemic", ledger(LEDGER, ["EPI-RTE-a", "retension"] + ROW[2:]))
    messages = [m for m in reports.messages() if "retension" in m]
    assert only(messages).startswith(
        "reports/alpha/epistemic.yaml:8:25: error: 'route function' in row 1: 'retension' is not a route function — did you mean 'retention'?"
    )


def test_the_empty_ledger_wording_is_the_methods(reports):
    reports.member("alpha", "epistemic")  # authority_route_ledger: no route found within boundary
    assert reports.messages() == []


# --- annotations carry their member type's fields ------------------------------------------


def test_an_annotation_field_outside_the_members_list_is_refused(reports):
    reports.report("alpha", "annotations:\n  - on: RT-OBJ-store\n    label: Store\n    body:\n      - fields:\n          Owner: the agent\n")
    message = only(reports.messages())
    assert message.startswith(
        "reports/alpha/memory.yaml:11:11: error: annotation on RT-OBJ-store: a memory report annotates with its own fields only, "
        "and 'Owner' is not one of them — its annotation fields are: Storage substrate, Representational form, Lineage,"
    )


def test_an_annotation_with_its_members_fields_and_label_is_accepted(reports):
    reports.report(
        "alpha",
        "annotations:\n  - on: RT-OBJ-store\n    label: Store\n    body:\n      - fields:\n"
        "          Storage substrate: SQLite\n          Lineage: from RT-RTE-write\n          read conclusion status: wired\n",
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    (annotation,) = result.collection.reports()[0].annotations
    assert (annotation.label, [f.label for f in annotation.fields]) == ("Store", ["Storage substrate", "Lineage", "read conclusion status"])


# --- amendments and conflicts ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("'Amendment: the store is superseded by MEM-OBJ-b.'", "an amendment names the record it amends first"),
        ("'Amendment: MEM-OBJ-a is superseded by its part.'", "the amendment of MEM-OBJ-a says 'is superseded by' but names no record after it"),
        ("'Amendment: MEM-OBJ-a is superseded by MEM-OBJ-a.'", "MEM-OBJ-a is superseded by itself"),
    ],
)
def test_a_malformed_amendment_is_refused(reports, text, message):
    reports.report("alpha", f"integration_issues: {text}\nrecords:\n  - id: MEM-OBJ-a\n    label: A\n  - id: MEM-OBJ-b\n    label: B\n")
    assert only(reports.messages()).startswith(f"reports/alpha/memory.yaml:6:22: error: {message}")


def test_amendments_in_prose_and_in_fields_link_both_records(reports):
    reports.report(
        "alpha",
        "integration_issues: |\n  Amendment: MEM-OBJ-a is superseded by MEM-OBJ-b and `MEM-OBJ-c`, with identity evidence.\n\n"
        "  Unresolved conflict: MEM-OBJ-b and MEM-OBJ-c disagree on the store.\n"
        + record("Amendment: MEM-OBJ-b is superseded by MEM-OBJ-c", "MEM-OBJ-d")
        + "".join(f"  - id: MEM-OBJ-{x}\n    label: {x}\n" for x in "abc"),
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    graph = result.graph
    assert [new for new, _ in graph.superseded_by[("alpha", "MEM-OBJ-a")]] == ["MEM-OBJ-b", "MEM-OBJ-c"]
    assert sorted(old for old, _ in graph.supersedes[("alpha", "MEM-OBJ-c")]) == ["MEM-OBJ-a", "MEM-OBJ-b"]
    (conflict,) = [e for e in result.collection.reports()[0].reconciliations if e.kind == "conflict"]
    assert conflict.concerns == ["MEM-OBJ-b", "MEM-OBJ-c"] and conflict.place.label == "Integration issues"


# --- citations as the method writes them ------------------------------------------------------


@pytest.mark.parametrize(
    ("prose", "where"),
    [
        ("Inline `MEM-OBJ-x` code.", "6:22"),
        ("A link [MEM-OBJ-x](memory.md#mem-obj-x).", "6:22"),
        ("A link [`MEM-OBJ-x`](memory.md#mem-obj-x).", "6:23"),
        ("A link [the store](memory.md#mem-obj-x).", "6:43"),
    ],
)
def test_citations_in_code_and_links_resolve_like_bare_ones(reports, prose, where):
    reports.report("alpha", f"write_side: '{prose}'\n")
    assert only(reports.messages()).startswith(f"reports/alpha/memory.yaml:{where}: error: MEM-OBJ-x is cited but not declared in alpha")


def test_a_malformed_id_in_a_link_is_reported(reports):
    reports.report("alpha", "write_side: 'See [MEM-OBJ-Bad](memory.md#x).'\n")
    assert "'MEM-OBJ-Bad' looks like a record ID but is malformed" in only(reports.messages())


def test_a_link_to_a_record_anchor_of_another_member_cites_it(reports):
    reports.report("alpha", "write_side: 'The [chat turn](runtime.md#rt-rte-chat-turn) reads it.'\n")
    result = reports.check()
    assert result.ok and [c.target for c in result.collection.reports()[0].citations] == ["RT-RTE-chat-turn"]
