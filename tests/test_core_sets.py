"""The set's rules: what a system folder's _set.yaml gives every member, what contradicts it,
the required front matter of each member type, and the source register."""

from __future__ import annotations

import pytest

from conftest import only

SET = """\
system: Alpha
run_id: AAS-2026-01-01-alpha-01
sources:
  - id: SRC-1
    kind: git
    identity: https://github.com/example/alpha
    revision: 0123456789abcdef0123456789abcdef01234567
"""


def test_members_inherit_the_set(reports):
    reports.write("alpha/_set.yaml", SET)
    reports.write(
        "alpha/memory.yaml",
        "type: agentic-system-memory-report\ntitle: T\ndescription: D.\nboundary: SRC-1 at the reviewed commit.\n"
        "core_ideas: I.\nwrite_side: W.\nread_back: R.\nintegration_issues: none\nlimitations: L.\n",
    )
    result = reports.check()
    assert result.ok, result.diagnostics
    report = result.collection.systems["alpha"].reports["memory"]
    assert (report.system_name, report.run_id) == ("Alpha", "AAS-2026-01-01-alpha-01")
    assert report.reviewed_boundary == "0123456789abcdef0123456789abcdef01234567"  # SRC-1's revision
    assert report.source_identity == "https://github.com/example/alpha"  # SRC-1's identity


def test_a_member_that_contradicts_the_set_is_refused(reports):
    reports.write("alpha/_set.yaml", SET)
    reports.report("alpha", "run_id: AAS-2026-01-02-alpha-01\n")
    assert only(reports.messages()) == (
        "reports/alpha/memory.yaml:6:9: error: the run ID 'AAS-2026-01-02-alpha-01' contradicts 'AAS-2026-01-01-alpha-01' "
        "of reports/alpha/_set.yaml (reports/alpha/_set.yaml:2:9) — the members of a set share one run ID: correct one "
        "of them, or leave it out here to inherit it"
    )


def test_a_reviewed_boundary_other_than_the_registered_revision_is_refused(reports):
    reports.write("alpha/_set.yaml", SET)
    reports.report("alpha", "reviewed_boundary: fedcba9876543210fedcba9876543210fedcba98\n")
    message = only(reports.messages())
    assert "the reviewed boundary 'fedcba9876543210fedcba9876543210fedcba98' contradicts '0123456789abcdef0123456789abcdef01234567'" in message


def test_members_without_a_set_file_must_agree(reports):
    reports.report("alpha")
    reports.member("alpha", "runtime", "run_id: AAS-2026-01-09-alpha-01\n")
    message = only(reports.messages())
    assert message.startswith("reports/alpha/runtime.yaml:4:9: error: the run ID 'AAS-2026-01-09-alpha-01' contradicts "
                              "'AAS-2026-01-01-alpha-01' of another member (reports/alpha/memory.yaml:")


def test_a_source_identity_must_be_a_registered_one(reports):
    reports.write("alpha/_set.yaml", SET)
    reports.report("alpha", "source_identity: https://github.com/example/other\n")
    message = only(reports.messages())
    assert "the source identity 'https://github.com/example/other' is not that of a registered source" in message
    assert "(https://github.com/example/alpha)" in message


def test_a_source_identity_fix_lists_a_few_registered_identities_and_counts_the_rest(reports):
    """A register of thousands of sources made one message naming every identity."""
    rows = "".join(f"  - id: SRC-{n}\n    kind: capture\n    identity: capture-{n:05}\n    revision: r{n}\n" for n in range(2, 3002))
    reports.write("alpha/_set.yaml", SET + rows)
    reports.report("alpha", "source_identity: https://github.com/example/other\n")
    message = only(reports.messages())
    assert len(message) < 1_000
    assert "(capture-00002, capture-00003," in message and "… (2,993 more)" in message


@pytest.mark.parametrize(
    ("member", "missing", "needs"),
    [
        ("memory", "source_identity", "a memory report needs the source identity (repository or capture)"),
        ("memory", "description", "a memory report needs a description"),
        ("runtime", "reviewed_boundary", "a runtime report needs the set's reviewed boundary"),
        ("epistemic", "run_id", "an epistemic report needs the set's run ID"),
    ],
)
def test_each_type_requires_its_front_matter(reports, member, missing, needs):
    write = reports.report if member == "memory" else lambda system, body: reports.member(system, member, body)
    write("alpha", f"{missing}: x\n")
    path = reports.root / "alpha" / f"{member}.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(f"{missing}: x\n", ""), encoding="utf-8")
    message = only(reports.messages())
    assert message.startswith(f"reports/alpha/{member}.yaml:1:1: error: {needs}")
    assert f"or '{missing}: not recorded — <why>'" in message


def test_a_value_not_recorded_needs_its_reason(reports):
    reports.report("alpha", "run_id: not recorded\n")
    assert only(reports.messages()) == (
        "reports/alpha/memory.yaml:6:9: error: 'run_id' is 'not recorded' but gives no reason — "
        "write 'not recorded — <why it was not recorded>'"
    )
    reports.report("alpha", "run_id: not recorded — the run predates run IDs\n")
    assert reports.messages() == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("write_side: Reads SRC-2 too.\n", "reports/alpha/memory.yaml:6:19: error: SRC-2 is not in the source register of alpha"),
        ("write_side: 'See [SRC-3: `a.ts`].'\n", "reports/alpha/memory.yaml:6:19: error: SRC-3 is not in the source register of alpha"),
        ("write_side: SRC-1 to SRC-3 were read.\n", "reports/alpha/memory.yaml:6:13: error: 'SRC-1 to SRC-3' is a numbered range of sources"),
    ],
)
def test_sources_named_in_text_must_be_registered(reports, text, message):
    reports.write("alpha/_set.yaml", SET)
    reports.report("alpha", text)
    assert any(m.startswith(message) for m in reports.messages()), reports.messages()


def test_a_source_without_a_set_file_names_the_file_to_add(reports):
    reports.report("alpha", "write_side: SRC-1 at its commit.\n")
    assert only(reports.messages()).endswith("— add reports/alpha/_set.yaml with the source register (sources: - id: SRC-1 …)")


def test_a_quote_names_a_registered_source(reports):
    reports.write("alpha/_set.yaml", SET)
    reports.report("alpha", "write_side:\n  - quote: {passage: x, path: a.ts, source: SRC-2}\n")
    assert "reports/alpha/memory.yaml:7:12: error: the quote's source SRC-2 is not in the source register of alpha" in only(reports.messages())


def test_a_quote_must_name_its_source_when_the_register_has_no_default(reports):
    reports.write("alpha/_set.yaml", SET.replace("id: SRC-1", "id: SRC-2") + "  - id: SRC-3\n")
    reports.report("alpha", "write_side:\n  - quote: {passage: x, path: a.ts}\n", )
    messages = reports.messages()
    assert any("the register of alpha has several sources and no SRC-1 — name the quote's source: 'source: SRC-2'" in m for m in messages)


@pytest.mark.parametrize(
    ("register", "message"),
    [
        ("  - id: SRC-1\n", "reports/alpha/_set.yaml:8:5: error: SRC-1 is registered twice (first at reports/alpha/_set.yaml:4:5)"),
        ("  - id: SRC-2\n    kind: git\n    revision: abc123\n", "the revision 'abc123' of SRC-2 is not a full commit"),
        ("  - id: SRC-2\n    evidence_layer: implemntation\n", "'implemntation' is not an evidence layer — did you mean 'implementation'?"),
        ("  - id: SRC-2\n    kind: svn\n", "'svn' is not a source kind — use one of: git, capture"),
        ("  - id: SRC-two\n", "'SRC-two' is not a source ID"),
        ("  - id: SRC-2\n    revison: x\n", "unknown key 'revison' in a source — did you mean 'revision'?"),
    ],
)
def test_the_register_is_checked(reports, register, message):
    reports.write("alpha/_set.yaml", SET + register)
    reports.report("alpha")
    assert any(message in m for m in reports.messages()), reports.messages()


def test_a_set_file_that_is_not_a_mapping_is_refused(reports):
    reports.write("alpha/_set.yaml", "- SRC-1\n")
    reports.report("alpha")
    assert only(reports.messages()).startswith(
        "reports/alpha/_set.yaml:1:1: error: a set's metadata must be a mapping of keys (system:, run_id:, sources:, …), not a list"
    )


def test_other_files_starting_with_an_underscore_are_refused(reports):
    reports.report("alpha")
    reports.write("alpha/_sets.yaml", SET)
    assert only(reports.messages()) == (
        "reports/alpha/_sets.yaml:1:1: error: _sets.yaml is not a file of a system folder — name the set's metadata "
        "_set.yaml; reports are named after their member (memory.yaml); the quote lock is _quotes.lock.yaml, written by "
        "mkdocs-reports quotes"
    )


def test_checking_one_file_reads_its_set(reports):
    reports.write("alpha/_set.yaml", SET)
    path = reports.report("alpha", "run_id: AAS-2026-01-02-alpha-01\n")
    from mkdocs_reports.core.rules.collection_check import check_collection

    result = check_collection(path, base=reports.root.parent)
    assert [d.message for d in result.errors] == [
        "the run ID 'AAS-2026-01-02-alpha-01' contradicts 'AAS-2026-01-01-alpha-01' of reports/alpha/_set.yaml "
        "(reports/alpha/_set.yaml:2:9)"
    ]
