"""The memory profile's comparison (its front matter's memory-comparison): every axis once,
every value, assessment and basis controlled, findings with records where the assessment
needs them, an evidenced absence behind `absent`, and the records it cites are citations of
the set, shown on the profile's page as blocks."""

from __future__ import annotations

import re

import pytest

from conftest import only
from mkdocs_reports.core.model import FieldList, Heading, Table

AXES = {
    "storage_substrate": ("known", "files"),
    "representational_form": ("known", "natural-language"),
    "lineage": ("known", "authored"),
    "behavioral_authority": ("known", "knowledge"),
    "write_agency": ("known", "automatic"),
    "curation_operations": ("known", "evolve"),
    "read_back_direction": ("known", "push"),
    "read_back_signal": ("known", "coarse"),
    "trace_learning": ("known", '"yes"'),
    "trace_source": ("not-determinable", None),
}


def axis(name: str, assessment: str, value: str | None, records: str = "MEM-OBJ-notes") -> str:
    if value is None:
        return (f"    {name}:\n      assessment: {assessment}\n      values: []\n      evidence: {{}}\n"
                f"      records: [{records}]\n      note: \"Nothing establishes a {name} value.\"\n")
    return (f"    {name}:\n      assessment: {assessment}\n      values: [{value}]\n      evidence:\n        {value}:\n"
            f"          basis: wired\n          records: [{records}]\n          note: \"The notes file supports {name}.\"\n"
            f"      records: [{records}]\n      note: \"The {name} of the notes file.\"\n")


def profile(*, replace: dict[str, str] | None = None, drop: tuple[str, ...] = (), extra: str = "", version: str = "") -> str:
    axes = "".join((replace or {}).get(name) or axis(name, *spec) for name, spec in AXES.items() if name not in drop)
    return (
        "type: agent-memory-profile\ntitle: Tally memory profile\n"
        "description: Memory profile of Tally's notes file\nsource_identity: https://github.com/example/tally\n"
        f"memory_comparison:\n{version}  scope: \"The notes file and its curation route.\"\n  axes:\n{axes}{extra}"
        "comparison_rationale: The notes file is the only retained object.\n"
    )


MEMORY_RECORDS = """\
records:
  - id: MEM-OBJ-notes
    label: Notes file
  - id: MEM-ABS-no-decay
    label: No decay
"""


@pytest.fixture
def tally(reports):
    reports.report("tally", MEMORY_RECORDS)
    return reports


def profile_messages(tally, text: str) -> list[str]:
    tally.write("tally/memory-profile.yaml", text)
    return [m for m in tally.messages() if "memory-profile.yaml" in m and ": error:" in m]


def line_of(text: str, pattern: str) -> int:
    """The line of the first match of ``pattern`` (of the last when it starts with "last ")."""
    last = pattern.startswith("last ")
    lines = [n for n, line in enumerate(text.splitlines(), start=1) if re.search(pattern.removeprefix("last "), line)]
    return lines[-1] if last else lines[0]


def test_a_profile_of_the_ten_axes_checks_and_cites_its_records(tally):
    tally.write("tally/memory-profile.yaml", profile())
    checked = tally.check()
    assert checked.ok, checked.messages()
    report = checked.collection.systems["tally"].reports["memory-profile"]
    comparison = report.comparison
    assert comparison.revision == 1 and [a.name for a in comparison.axes] == list(AXES)
    assert comparison.axis("trace_learning").values[0][0] == "yes"
    assert comparison.axis("lineage").evidence[0].basis == "wired"
    cited = checked.graph.cited_by[("tally", "MEM-OBJ-notes")]
    assert len([c for c in cited if c.member == "memory-profile"]) == 19  # each axis's records and its one value's
    assert {c.place.label for c in cited} >= {"Memory comparison › lineage — Records",
                                              "Memory comparison › lineage, row 1: authored"}


def test_the_profiles_page_shows_every_sentence_of_its_comparison(tally):
    tally.write("tally/memory-profile.yaml", profile())
    report = tally.check().collection.systems["tally"].reports["memory-profile"]
    blocks = report.sections["memory_comparison"].blocks
    assert [b.text for b in blocks if isinstance(b, Heading)] == list(AXES)
    texts = [f.value for b in blocks if isinstance(b, FieldList) for f in b.fields]
    texts += [cell for b in blocks if isinstance(b, Table) for row in b.rows for cell in row.cells]
    assert "The notes file and its curation route." in texts
    assert "The lineage of the notes file." in texts and "The notes file supports lineage." in texts
    assert list(report.sections) == ["memory_comparison", "comparison_rationale"]


@pytest.mark.parametrize(("change", "where", "expected"), [
    (dict(replace={"lineage": axis("lineage", "known", "copied")}), r"values: \[copied\]",
     "error: the axis lineage: the value: 'copied' is not a value of lineage — did you mean 'other-compiled'? use one of: "
     "authored, imported, other-compiled, trace-extracted"),
    (dict(replace={"lineage": axis("lineage", "complete", "authored")}), r"assessment: complete",
     "error: the axis lineage: the assessment: 'complete' is not a profile assessment — use one of: known, partial, absent, "
     "inapplicable, uninspected, not-determinable"),
    (dict(replace={"lineage": axis("lineage", "known", "authored").replace("basis: wired", "basis: wird")}), r"basis: wird",
     "error: the axis lineage: the evidence for 'authored': the basis: 'wird' is not an evidence basis — did you mean 'wired'? "
     "use one of: claimed, afforded, wired, observed, causally supported"),
    (dict(drop=("trace_source",)), r"^  axes:",
     "error: the memory comparison lacks the axis trace_source — every one of the ten axes stands once under 'axes:'"),
    (dict(extra=axis("lineage", "known", "imported")), r"last ^    lineage:",
     "error: key 'lineage' appears twice in 'axes' (first at line 28) — keep one of them"),
    (dict(extra=axis("lineages", "known", "imported")), r"^    lineages:",
     "error: 'lineages' is not an axis of the memory comparison — did you mean 'lineage'?"),
    (dict(replace={"lineage": axis("lineage", "known", "authored").replace("      evidence:\n        authored:", "      evidence:\n        imported:")}),
     r"values: \[authored\]",
     "error: the axis lineage: the value 'authored' has no evidence entry — add under evidence: 'authored:' with its basis, records and note"),
    (dict(replace={"lineage": axis("lineage", "known", "authored", records="")}), r"^          records: \[\]",
     "error: the axis lineage: the evidence for 'authored' cites no records"),
    (dict(replace={"lineage": axis("lineage", "absent", None)}), r"assessment: absent",
     "error: the axis lineage is absent but cites no evidenced absence (an ABS record)"),
    (dict(replace={"lineage": axis("lineage", "uninspected", "authored")}), r"assessment: uninspected",
     "error: the axis lineage is uninspected but lists values (authored)"),
    (dict(replace={"lineage": axis("lineage", "known", "authored", records="MEM-OBJ-note")}), r"^      records: \[MEM-OBJ-note\]",
     "error: MEM-OBJ-note is cited but not declared in tally — did you mean MEM-OBJ-notes?"),
    (dict(replace={"lineage": axis("lineage", "known", "authored", records="runtime.md#mem-obj-notes")}), r"^      records: \[runtime",
     "error: 'runtime.md#mem-obj-notes' names runtime.md, but MEM-OBJ-notes is declared in memory.md — write memory.md#mem-obj-notes"),
])
def test_each_malformed_comparison_names_its_place_and_fix(tally, change, where, expected):
    text = profile(**change)
    messages = profile_messages(tally, text)
    line = line_of(text, where)
    assert any(m.startswith(f"reports/tally/memory-profile.yaml:{line}:") and expected in m for m in messages), (line, messages)


def test_an_absent_axis_with_its_evidenced_absence_checks(tally):
    text = profile(replace={"curation_operations": axis("curation_operations", "absent", None, records="MEM-ABS-no-decay")})
    assert profile_messages(tally, text) == []


REVISION_2 = """\
    write_agency:
      assessment: partial
      units:
        - scope: "The curation route."
          assessment: known
          findings:
            - value: automatic
              basis: wired
              records: [memory.md#mem-obj-notes]
              note: "Code admits the curator's text."
          records: [memory.md#mem-obj-notes]
          note: "The route is the only writer."
        - scope: "The initial notes."
          assessment: not-determinable
          findings: []
          records: []
          note: "Who writes the first notes is not recorded."
      records: [MEM-OBJ-notes]
      note: "One admission route is resolved, the initial content is not."
"""


def revision_2(unit: str = REVISION_2) -> str:
    others = "".join(f"    {name}:\n      assessment: uninspected\n      units: []\n      records: []\n"
                     f"      note: \"The {name} was not inspected.\"\n" for name in AXES if name != "write_agency")
    return profile(version="  version: 2\n").replace(profile().split("  axes:\n", 1)[1].split("comparison_rationale")[0], unit + others)


def test_a_revision_2_comparison_of_units_and_findings_checks(tally):
    assert profile_messages(tally, revision_2()) == []
    comparison = tally.check().collection.systems["tally"].reports["memory-profile"].comparison
    assert comparison.revision == 2
    (finding,) = comparison.axis("write_agency").findings()
    assert (finding.value, finding.records[0].id) == ("automatic", "MEM-OBJ-notes")


def test_a_known_unit_without_findings_is_refused(tally):
    findings = REVISION_2[REVISION_2.index("          findings:\n            - value"):REVISION_2.index("\n          records: [memory.md") + 1]
    messages = profile_messages(tally, revision_2(REVISION_2.replace(findings, "          findings: []\n")))
    assert any("the axis write_agency, unit 1 is known but has no findings" in m for m in messages), messages


def test_a_revision_1_axis_in_a_revision_2_comparison_is_refused(tally):
    text = profile(version="  version: 2\n")
    messages = profile_messages(tally, text)
    assert only([m for m in messages if "storage_substrate" in m]).endswith(
        "error: the axis storage_substrate of a revision-2 comparison needs 'units' — write 'units:' with each "
        "classification unit's scope, assessment, findings, records and note")
