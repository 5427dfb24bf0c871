"""Set types are data: the method's current set (eleven roles, the boundary's disposition
deciding) and its previous one (six members) are declared in the package's data, and a
collection declares its own in ``_types/`` without changing the plugin. One member type may
fill several roles (the verification fills three)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from mkdocs_reports.core.rules.collection_check import check_collection

BOUNDARY = """\
type: agentic-system-boundary
title: Quill boundary
system: Quill
description: Quill's note store at its frozen revision.
run_id: AAS-2026-06-01-quill-01
result_disposition: {disposition}
target_class: 'null'
boundary_kind: 'null'
reviewed_boundary: 'null'
analysis_cutoff: 'null'
evidence_tier: 'null'
source: 'null'
boundary: The repository could not be cloned, so no boundary was established.
source_register: none
not_reached: The source was not reached, which prevents every conclusion about its memory.
"""
OVERVIEW = """\
type: agentic-system-analysis-overview-generated
title: Quill agentic-system analysis
description: Analysis of Quill at no established boundary, with blocked disposition.
run_date: '2026-06-01'
target_class: 'null'
boundary_kind: 'null'
analysis_cutoff: 'null'
evidence_tier: 'null'
inputs_commit: 0a1b2c3d4e5f60718293a4b5c6d7e8f901234567
member_links: '- [boundary](./boundary.md)'
amendments: 'Amended or superseded records: none. Reconciliation was not reached.'
deterministic_validation: '- `boundary.md`: deterministic snapshot checks passed.'
"""
VERIFICATION = """\
type: agentic-system-verification
title: Quill {what} verification
description: The {what} verification of Quill.
run_id: AAS-2026-06-01-quill-01
reviewed_boundary: 'null'
verification: Every record was read against the source.
blockers: none
limits: none
"""


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def test_a_blocked_set_of_the_current_generation_is_its_boundary_and_overview(tmp_path):
    root = _write(tmp_path / "reports", {"quill/boundary.yaml": BOUNDARY.format(disposition="blocked"),
                                         "quill/overview.yaml": OVERVIEW})
    checked = check_collection(root)
    assert [str(m) for m in checked.messages() if "error" in str(m)] == []
    system = checked.collection.systems["quill"]
    assert system.layout is not None and system.layout.name == "agentic-system-analysis-set"
    assert system.result_disposition == "blocked"  # the boundary's, as the layout says
    assert system.entry is system.reports["overview"]


def test_a_complete_boundary_requires_the_other_nine_members(tmp_path):
    root = _write(tmp_path / "reports", {"quill/boundary.yaml": BOUNDARY.format(disposition="complete"),
                                         "quill/overview.yaml": OVERVIEW})
    errors = [str(m) for m in check_collection(root).messages() if "a complete set has" in str(m)]
    assert len(errors) == 1
    assert "quill/boundary.yaml:6:21: error: a complete set has boundary, overview, runtime" in errors[0]
    assert "quill lacks runtime, memory, epistemic, reconciliation, memory-profile, synthesis, report-verification, " \
           "profile-verification, synthesis-verification" in errors[0]
    assert "correct the boundary's result disposition" in errors[0]


def test_one_member_type_fills_the_three_verification_roles(tmp_path):
    files = {"quill/boundary.yaml": BOUNDARY.format(disposition="blocked"), "quill/overview.yaml": OVERVIEW}
    for what in ("report", "profile", "synthesis"):
        files[f"quill/{what}-verification.yaml"] = VERIFICATION.format(what=what)
    checked = check_collection(_write(tmp_path / "reports", files))
    reports = checked.collection.systems["quill"].reports
    assert {reports[f"{w}-verification"].type.name for w in ("report", "profile", "synthesis")} == {"agentic-system-verification"}
    errors = [str(m) for m in checked.messages() if "error" in str(m)]
    # a blocked set is its boundary and overview: the three are members it does not have
    assert [e for e in errors if "also has" in e] == [e for e in errors if
                                                      "quill also has report-verification, profile-verification, synthesis-verification" in e]
    assert len([e for e in errors if "also has" in e]) == 1
    # and the overview, which the method's code writes, links every member present
    assert sorted(e.split("error: ")[1].split(" — ")[0] for e in errors if "does not link" in e) == [
        f"the overview does not link the member {w}-verification.md" for w in ("profile", "report", "synthesis")]
    assert len(errors) == 4


SECURITY_TYPE = """\
name: security-review
noun: security review
member: security
prefix: SEC
method_type: security/types/security-review.md
metadata:
  description: required
sections:
  - key: threat_model
    heading: Threat model
    shape: blocks
"""
SECURITY_SET = """\
name: security-set
method_type: agentic-system-analyses/types/agentic-system-analysis-set.md
manifest: ARTIFACT.yaml
layout:
  membership: closed
  roles:
    overview:
      path: overview.md
      type: agentic-system-analyses/types/agentic-system-analysis-overview.md
    security:
      path: security.md
      type: security/types/security-review.md
  required:
    always: [overview]
    when:
      role: overview
      field: result-disposition
      values:
        complete: [security]
entry: overview
member_types:
  overview: agentic-system-analysis-overview
"""


def test_a_collection_declares_a_set_type_of_its_own(tmp_path):
    import shutil

    from conftest import FIXTURES
    from mkdocs_reports.core.markdown.reader import import_markdown

    reports = tmp_path / "reports"
    assert import_markdown([FIXTURES / "sets" / "retained" / "ember"], reports).ok
    overview = reports / "ember" / "overview.yaml"
    shutil.copy(overview, tmp_path / "overview.yaml")
    text = overview.read_text(encoding="utf-8")
    (reports / "ember" / "_set.yaml").write_text((reports / "ember" / "_set.yaml").read_text(encoding="utf-8")
                                                 .split("manifest:")[0].replace("blocked", "complete"), encoding="utf-8")
    overview.write_text(text.replace("'null'", "unknown"), encoding="utf-8")
    _write(reports, {"_types/security-review.yaml": SECURITY_TYPE, "_types/security-set.yaml": SECURITY_SET})
    _write(reports, {"ember/security.yaml": "type: security-review\ntitle: Ember security review\ndescription: Who can write.\n"
                                            "threat_model: Anyone with the file.\n"})
    checked = check_collection(reports)
    system = checked.collection.systems["ember"]
    assert system.layout is not None and system.layout.name == "security-set"
    assert [str(m) for m in checked.messages() if "a complete set has" in str(m) or "also has" in str(m)] == []
    (reports / "ember" / "security.yaml").unlink()
    errors = [str(m) for m in check_collection(reports).messages() if "a complete set has" in str(m)]
    assert len(errors) == 1 and "a complete set has overview, security; ember lacks security" in errors[0]


def test_a_set_type_that_names_what_it_does_not_declare_is_refused_at_its_line(tmp_path):
    reports = _write(tmp_path / "reports", {
        "_types/security-review.yaml": SECURITY_TYPE,
        "_types/security-set.yaml": SECURITY_SET.replace("complete: [security]", "complete: [securty]")
                                                .replace("overview: agentic-system-analysis-overview", "overview: no-such-type"),
        "quill/boundary.yaml": BOUNDARY.format(disposition="blocked"), "quill/overview.yaml": OVERVIEW,
    })
    messages = [str(m) for m in check_collection(reports).messages()]
    assert any(m.startswith(f"{reports}/_types/security-set.yaml:22:13: error: the role 'overview' has the type 'no-such-type'")
               or "_types/security-set.yaml:22:13: error: the role 'overview' has the type 'no-such-type'" in m for m in messages), messages
