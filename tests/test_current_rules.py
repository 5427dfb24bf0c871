"""The set rules of the method's current sets, as its set type declares them, each an
error at the line it is about from ``check`` itself: identity fields agree with the
boundary, a verification's Blockers and Limits are none or a list, a blocker of the report
verification names the report it addresses, every limit that cites records is carried into
the synthesis, citations stay within a role's scope, the reconciliation holds supersessions
only."""

from __future__ import annotations

from mkdocs_reports.core.rules.collection_check import check_collection
from test_set_types import BOUNDARY, OVERVIEW, _write

RUNTIME = """\
type: agentic-system-runtime-report
title: Quill runtime report
description: Runtime baseline of Quill.
runtime_account: Each turn reads [RT-OBJ-note-store](#rt-obj-note-store).
records:
  - id: RT-OBJ-note-store
    label: Note store
    body: The notes the model reads each turn.
  - id: RT-OBJ-draft
    label: Draft
    body: The reply before it is sent.
"""
SYNTHESIS = """\
type: agentic-system-synthesis
title: Quill synthesis
description: Quill reads a user-written note store into every turn and keeps nothing else across turns.
bounded_synthesis: Quill reads [RT-OBJ-note-store](runtime.md#rt-obj-note-store) each turn.
limitations:
  - table:
      columns: [limitation, "affected source, record, or route IDs", inspected boundary, conclusion prevented, evidence that would resolve it]
      rows:
        - [The store's size is unknown., "[RT-OBJ-note-store](runtime.md#rt-obj-note-store)", the repository, how much is read, a run]
"""
VERIFICATION = """\
type: agentic-system-verification
title: Quill {role}
description: The {role} of Quill.
verification: Every record was read against the source.
blockers: {blockers}
limits: {limits}
"""
CARRIED = """
  - bulleted:
      - "The store's size is unknown ([RT-OBJ-note-store](runtime.md#rt-obj-note-store))."
"""
NOT_CARRIED = """
  - bulleted:
      - "The draft may be kept ([RT-OBJ-draft](runtime.md#rt-obj-draft)); withhold any claim about retention."
"""


def _errors(tmp_path, **members) -> list[str]:
    files = {"quill/boundary.yaml": BOUNDARY.format(disposition="complete"), "quill/overview.yaml": OVERVIEW}
    files.update({f"quill/{name.replace('_', '-')}.yaml": text for name, text in members.items()})
    return [str(m) for m in check_collection(_write(tmp_path / "reports", files)).messages() if "error:" in str(m)]


def _verification(role: str, blockers: str = "none", limits: str = "none") -> str:
    return VERIFICATION.format(role=role, blockers=blockers, limits=limits)


def test_an_identity_that_disagrees_with_the_boundary_is_refused(tmp_path):
    errors = _errors(tmp_path, overview=OVERVIEW.replace("target_class: 'null'", "target_class: workflow"))
    found = [e for e in errors if "disagrees" in e]
    assert len(found) == 1
    assert "quill/overview.yaml:5:15: error: the overview's target-class 'workflow' disagrees with the boundary's 'null'" in found[0]
    assert "repeat the boundary's target-class" in found[0]


def test_a_blocker_in_prose_is_refused(tmp_path):
    errors = _errors(tmp_path, runtime=RUNTIME, synthesis_verification=_verification(
        "synthesis verification", blockers="The synthesis overstates the store."))
    assert [e.split("error: ")[1] for e in errors if "not exactly none or a list" in e] == [
        "the synthesis-verification's Blockers is not exactly none or a list — write none, or one '- ' entry per blockers finding "
        "(a blocker in prose is not read)"]


def test_a_report_verification_blocker_names_the_report_it_addresses(tmp_path):
    blockers = '\n  - bulleted:\n      - "The store is overstated."\n      - "runtime: RT-OBJ-draft is not shown."'
    errors = _errors(tmp_path, runtime=RUNTIME, report_verification=_verification("report verification", blockers=blockers))
    found = [e for e in errors if "addresses none of" in e]
    assert len(found) == 1 and "blocker 1 of the report-verification addresses none of runtime, memory, epistemic, reconciliation" in found[0]


def test_a_limit_not_carried_into_the_synthesis_is_refused(tmp_path):
    carried = _errors(tmp_path / "a", runtime=RUNTIME, synthesis=SYNTHESIS,
                      profile_verification=_verification("profile verification", limits=CARRIED))
    assert [e for e in carried if "limit not carried" in e] == []
    errors = _errors(tmp_path / "b", runtime=RUNTIME, synthesis=SYNTHESIS,
                     profile_verification=_verification("profile verification", limits=NOT_CARRIED))
    found = [e for e in errors if "limit not carried" in e]
    assert len(found) == 1
    assert ("profile-verification.yaml:8:" in found[0] and "error: limit not carried: the profile-verification's limit on RT-OBJ-draft "
            "is not a row of the synthesis's limitations" in found[0])


def test_a_citation_outside_the_roles_scope_is_refused(tmp_path):
    # the boundary cites itself only: a record of the runtime is outside its scope
    boundary = BOUNDARY.format(disposition="complete").replace(
        "boundary: The repository could not be cloned, so no boundary was established.",
        "boundary: '[RT-OBJ-draft](runtime.md#rt-obj-draft) aside, the repository could not be cloned.'")
    errors = _errors(tmp_path, boundary=boundary, runtime=RUNTIME)
    found = [e for e in errors if "may not cite" in e]
    assert len(found) == 1 and "the boundary cites RT-OBJ-draft of the runtime, which its role may not cite (it cites boundary)" in found[0]


def test_the_front_page_tells_what_each_verification_found(tmp_path):
    from mkdocs_reports.pages.site import SitePages

    files = {"quill/boundary.yaml": BOUNDARY.format(disposition="complete"), "quill/overview.yaml": OVERVIEW,
             "quill/runtime.yaml": RUNTIME, "quill/synthesis.yaml": SYNTHESIS,
             "quill/report-verification.yaml": _verification("report verification",
                                                             blockers='\n  - bulleted:\n      - "runtime: the draft is not shown."'),
             "quill/profile-verification.yaml": _verification("profile verification", limits=CARRIED)}
    checked = check_collection(_write(tmp_path / "reports", files))
    front = SitePages(checked.graph).pages()["quill/index.md"].html
    found = front[front.index('<h2 id="verifications">'):front.index('<h2 id="source-register">')]
    assert '<h3 id="report-verification">Report verification</h3>' in found
    assert "runtime: the draft is not shown." in found
    assert "The store&#39;s size is unknown" in found or "The store's size is unknown" in found
    assert found.index("Report verification") < found.index("Profile verification")
    # the synthesis leads: its bounded synthesis and limitations come before the verdicts
    assert front.index('id="bounded-synthesis"') < front.index('id="limitations"') < front.index('id="verifications"')
