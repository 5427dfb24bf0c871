"""A complete set of the method's current generation (tests/fixtures/sets/current/tern:
boundary, the overview as the method's code writes it, runtime, memory, epistemic,
reconciliation, a revision-2 memory profile, synthesis and the three verifications, with
its manifest and worker): it imports, checks with no error and exports byte for byte; the
method's own code (``llm-commonplace``, test-only) accepts it; and each malformed twin,
made from it by one small edit, is refused at its file, line and column by the import (and
by the method where the method refuses it)."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.markdown.writer import system_markdown
from mkdocs_reports.core.rules.collection_check import check_collection

TERN = FIXTURES / "sets" / "current" / "tern"
SET_TYPE = Path(__file__).resolve().parent.parent / "plugins" / "mkdocs_reports" / "member_types" / "analysis-set.yaml"
ROLES = ("boundary", "overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile", "synthesis",
         "report-verification", "profile-verification", "synthesis-verification")


def _imported(tmp_path: Path, folder: Path = TERN):
    reports = tmp_path / "reports"
    result = import_markdown([folder], reports)
    assert result.ok, [str(d) for d in result.diagnostics]
    return reports, check_collection(reports)


def test_the_complete_set_imports_and_checks_with_no_error(tmp_path):
    _, checked = _imported(tmp_path)
    assert checked.ok, checked.messages()
    assert [str(m) for m in checked.messages() if "error:" in str(m)] == []
    system = checked.collection.systems["tern"]
    assert sorted(system.reports) == sorted(ROLES)
    assert system.result_disposition == "complete"
    assert system.manifest is not None and system.manifest.worker["harness"] == "claude-code"
    assert system.reports["boundary"].front_mappings["source"] is not None


def test_the_export_writes_all_eleven_members_and_the_manifest_back_byte_for_byte(tmp_path):
    _, checked = _imported(tmp_path)
    files, warnings = system_markdown(checked.collection.systems["tern"], checked.collection.types)
    assert warnings == []
    assert files == {path.name: path.read_bytes() for path in TERN.iterdir()}
    assert len(files) == 12


def test_importing_the_export_gives_the_same_yaml(tmp_path):
    reports, checked = _imported(tmp_path / "first")
    files, _ = system_markdown(checked.collection.systems["tern"], checked.collection.types)
    exported = tmp_path / "exported" / "tern"
    exported.mkdir(parents=True)
    for name, data in files.items():
        (exported / name).write_bytes(data)
    again, _ = _imported(tmp_path / "second", exported)
    first = {p.relative_to(reports): p.read_bytes() for p in sorted(reports.rglob("*.yaml"))}
    second = {p.relative_to(again): p.read_bytes() for p in sorted(again.rglob("*.yaml"))}
    assert len(first) == 12 and first == second


# --- malformed twins: one small edit of the clean set each ---------------------------------

#: twin: (member, the clean text, the twin's text, the error's file:line:col and words)
TWINS = {
    "labelled heading": ("runtime.md", "#### RT-CMP-chat-model\n\nLabel: Configured chat model",
                         "#### RT-CMP-chat-model — Configured chat model",
                         "runtime.md:26:23: error: the declaration of RT-CMP-chat-model has its label in the heading"),
    # a bare ID is text: the Limitations row then cites nothing, so the verification's limit is not carried
    "bare-ID citation": ("synthesis.md", "| [RT-ABS-no-expiry](runtime.md#rt-abs-no-expiry) |", "| RT-ABS-no-expiry |",
                         "report-verification.md:21:4: error: limit not carried: the report-verification's limit on "
                         "RT-ABS-no-expiry is not a row of the synthesis's limitations"),
    "limit not carried": ("profile-verification.md", "rests on [MEM-RTE-due-read](memory.md#mem-rte-due-read) alone",
                          "rests on [EPI-RTE-snooze](epistemic.md#epi-rte-snooze) alone",
                          "profile-verification.md:20:41: error: limit not carried: the profile-verification's limit on "
                          "EPI-RTE-snooze is not a row of the synthesis's limitations"),
    "blocker in prose": ("report-verification.md", "## Blockers\n\nnone", "## Blockers\n\nThe runtime report overstates the list.",
                         "report-verification.md:17:1: error: the report-verification's Blockers is not exactly none or a list"),
    "identity that disagrees": ("overview.md", "target-class: memory/knowledge/context-engineering system",
                                "target-class: workflow",
                                "overview.md:7:15: error: the overview's target-class 'workflow' disagrees with the boundary's "
                                "'memory/knowledge/context-engineering system'"),
    "tampered digest": ("memory.md", "nothing admits or rejects", "nothing ever admits or rejects",
                        "ARTIFACT.yaml:8:13: error: memory.md does not have the bytes the manifest pins"),
    "git source with a digest": ("boundary.md", "  sha256: null\n", "  sha256: " + "ab" * 32 + "\n",
                                 "boundary.md:11:1: error: the boundary's source is git but has a sha256"),
    "source without its sha256": ("boundary.md", "  sha256: null\n---", "---",
                                      "boundary.md:12:3: error: a frozen source needs the key 'sha256'"),
    "register row not the source's": ("boundary.md", "| `https://github.com/example/tern` |", "| https://github.com/example/tern |",
                                      "boundary.md:38:1: error: no row of the boundary's Source register holds its frozen source"),
    "not reached in a complete run": ("boundary.md", "conclusion. |\n", "conclusion. |\n\n## Not reached\n\nNothing was left.\n",
                                      "boundary.md:44:1: error: the boundary has 'Not reached', but its result-disposition is complete"),
    "synthesis description too short": ("synthesis.md", 'description: "Tern reads the due reminders a user typed into every chat turn; '
                                        'nothing checks, expires or learns from them, and no run shows their effect"',
                                        'description: "Tern reads due reminders."',
                                        "synthesis.md:3:15: error: the synthesis's description has 25 characters, not 50 to 250"),
    "conflict not carried": ("synthesis.md", "[RT-RTE-remind-turn](runtime.md#rt-rte-remind-turn), [MEM-RTE-due-read](memory.md#mem-rte-due-read) |",
                             "[RT-RTE-remind-turn](runtime.md#rt-rte-remind-turn) |",
                             "reconciliation.md:17:1: error: the unresolved conflict on RT-RTE-remind-turn, MEM-RTE-due-read is not "
                             "carried into the synthesis's Limitations"),
}


def _edited(tmp_path: Path, member: str, old: str, new: str, *, repin: bool = True) -> Path:
    """The clean set with one edit; its manifest pins the edited bytes unless ``repin`` is false."""
    folder = tmp_path / "twin" / "tern"
    shutil.copytree(TERN, folder)
    text = (folder / member).read_text(encoding="utf-8")
    assert text.count(old) == 1
    (folder / member).write_text(text.replace(old, new), encoding="utf-8")
    if repin:
        manifest = folder / "ARTIFACT.yaml"
        digest = hashlib.sha256((folder / member).read_bytes()).hexdigest()
        manifest.write_text(re.sub(rf"({re.escape(member)}:\n    sha256: )[0-9a-f]+", rf"\g<1>{digest}",
                                   manifest.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def _twin(tmp_path: Path, name: str) -> Path:
    member, old, new, _ = TWINS[name]
    return _edited(tmp_path, member, old, new, repin=name != "tampered digest")


@pytest.mark.parametrize("name", sorted(TWINS))
def test_a_malformed_twin_is_refused_at_its_file_line_and_column(tmp_path, name):
    folder = _twin(tmp_path, name)
    result = import_markdown([folder], tmp_path / "reports")
    errors = [str(d) for d in result.diagnostics if "error:" in str(d)]
    assert not result.ok
    assert not (tmp_path / "reports").exists() or not any((tmp_path / "reports").rglob("*.yaml"))
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{folder}/{TWINS[name][3]}"), errors[0]
    assert " — " in errors[0]  # and how to fix it


# --- the method's own code on the same files -----------------------------------------------

records = pytest.importorskip("commonplace.lib.agentic_analysis.records")
directory_layout = pytest.importorskip("commonplace.lib.directory_layout")
note_parser = pytest.importorskip("commonplace.lib.note_parser")
systems_matrix = pytest.importorskip("commonplace.lib.systems_matrix")


def _documents(folder: Path) -> dict:
    parsed = {}
    for path in sorted(folder.glob("*.md")):
        document, error = note_parser.parse_document(path.read_text(encoding="utf-8"))
        assert document is not None, (path, error)
        parsed[path.name] = document
    return parsed


def _layout():
    return directory_layout.parse_layout(yaml.safe_load(SET_TYPE.read_text(encoding="utf-8"))["layout"])


def test_the_method_accepts_the_complete_set_under_our_declared_layout():
    layout, documents = _layout(), _documents(TERN)
    assert [f.message for f in directory_layout.layout_findings(layout, documents)] == []
    bodies = {name: document.body for name, document in documents.items()}
    assert all(records.record_reference_errors(body) == [] for body in bodies.values())
    cites = {role.path: [layout.path(cited) for cited in role.cites] for role in layout.roles.values()}
    _, findings = records.artifact_record_findings(layout.path("boundary"), bodies, cites=cites)
    assert findings == []
    assert records.amendment_index(bodies["reconciliation.md"]) in bodies["overview.md"].splitlines()
    assert records.value_amendments(bodies["reconciliation.md"]) == []
    profile = layout.roles["memory-profile"]
    systems_matrix.profile_member_comparison(documents["memory-profile.md"].frontmatter, record_bodies={
        layout.path(cited): bodies[layout.path(cited)] for cited in profile.cites})


def test_what_the_method_refuses_of_the_twins_the_import_refuses(tmp_path):
    layout = _layout()
    refused = {}
    for name in ("labelled heading", "blocker in prose", "identity that disagrees"):
        documents = _documents(_twin(tmp_path / name, name))
        refused[name] = [f.message for f in directory_layout.layout_findings(layout, documents)] + [
            error for document in documents.values() for error in records.record_reference_errors(document.body)]
    assert all(refused.values()), refused  # and each is refused by the import (the test above)
    # the method reads a bare ID as no citation: the Limitations then cite nothing for the limit
    documents = _documents(_twin(tmp_path / "bare", "bare-ID citation"))
    limitations = records.record_references(note_parser.section(documents["synthesis.md"].body, "Limitations"))
    assert "RT-ABS-no-expiry" not in limitations
    limits = note_parser.section(documents["report-verification.md"].body, "Limits")
    assert "RT-ABS-no-expiry" in records.record_references(limits)


def test_a_link_whose_text_is_not_the_id_its_anchor_addresses_is_refused(tmp_path):
    folder = _edited(tmp_path, "memory.md", "ones ([MEM-OBJ-reminders](memory.md#mem-obj-reminders))",
                     "ones ([MEM-OBJ-reminders](memory.md#mem-obj-done-log))")
    errors = [str(d) for d in import_markdown([folder], tmp_path / "reports").diagnostics if "error:" in str(d)]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{folder}/memory.md:24:77: error: the link's text MEM-OBJ-reminders is not the record its "
                                "anchor addresses, MEM-OBJ-done-log"), errors[0]
    assert "— make the text and the anchor name one record" in errors[0]


def test_the_front_page_leads_with_the_synthesis_and_tells_what_each_verification_found(tmp_path):
    from mkdocs_reports.pages.site import SitePages

    _, checked = _imported(tmp_path)
    pages = {uri: spec.html for uri, spec in SitePages(checked.graph).pages().items()}
    front = pages["tern/index.md"]
    assert front.index('id="bounded-synthesis"') < front.index('id="limitations"') < front.index('id="verifications"')
    for role in ("report-verification", "profile-verification", "synthesis-verification"):
        assert f'<h3 id="{role}">' in front
    assert "was searched in <code>tern/</code> only" in front  # the report verification's limit
    # every member has its page, and a link citation goes to the record's declaration
    assert {f"tern/{role}.md" for role in ROLES if role != "overview"} <= set(pages)
    assert 'href="../runtime/#rt-abs-no-expiry"' in pages["tern/synthesis.md"] or "runtime/#rt-abs-no-expiry" in pages["tern/synthesis.md"]


def _front(tmp_path: Path) -> str:
    from mkdocs_reports.pages.site import SitePages

    _, checked = _imported(tmp_path)
    return SitePages(checked.graph).pages()["tern/index.md"].html


def _rows_of(front: str) -> dict[str, str]:
    """The synthesis Limitations rows on the front page: row anchor → the row's HTML."""
    table = front[front.index('id="limitations"'):front.index("</table>", front.index('id="limitations"'))]
    return {match[1]: match[0] for match in re.finditer(r'<tr><td><span id="([a-z0-9-]+)"></span>.*?</tr>', table)}


def test_a_verification_limit_on_the_front_page_links_to_the_synthesis_row_that_carries_it(tmp_path):
    front = _front(tmp_path)
    rows = _rows_of(front)
    verdicts = front[front.index('id="verifications"'):front.index('id="source-register"')]
    limits = re.findall(r"<li>(.*?)</li>", verdicts, re.DOTALL)
    assert len(limits) == 2, limits  # one limit of the report verification, one of the profile verification
    for limit in limits:
        links = re.findall(r'href="#([a-z0-9-]+)"', limit)
        assert len(links) == 1, limit
        row = rows[links[0]]  # an id the page declares, in the Limitations table
        # the carrying row cites every record the limit cites, and no row cites them with fewer others
        def records(html: str) -> set[str]:
            return set(re.findall(r'href="[a-z-]+/#([a-z0-9-]+)"', html))

        cited = records(limit)
        assert cited and cited <= records(row)
        assert all(len(records(row)) <= len(records(other)) for other in rows.values() if cited <= records(other))
    assert 'href="#limitations--row-2"' in verdicts.split('id="profile-verification"')[0]  # RT-ABS-no-expiry's own row
    assert 'href="#limitations--row-3"' in verdicts.split('id="profile-verification"')[1]  # MEM-RTE-due-read's own row


def test_the_front_page_declares_each_id_once(tmp_path):
    ids = re.findall(r'\bid="([^"]+)"', _front(tmp_path))
    assert sorted(ids) == sorted(set(ids)), sorted(i for i in set(ids) if ids.count(i) > 1)


#: the set type's roles a complete set requires beyond those every set has, from its data
_LAYOUT = yaml.safe_load(SET_TYPE.read_text(encoding="utf-8"))["layout"]
_REQUIRED_WHEN_COMPLETE = _LAYOUT["required"]["when"]["values"]["complete"]


def _retained_without(tmp_path: Path, role: str) -> tuple[Path, str]:
    """The complete set published under ``retained/tern/`` without ``role``'s member: its file
    gone and its manifest no longer pinning it, so the manifest itself is consistent."""
    retained = tmp_path / "retained"
    shutil.copytree(TERN, retained / "tern")
    path = _LAYOUT["roles"][role]["path"]
    (retained / "tern" / path).unlink()
    manifest = retained / "tern" / "ARTIFACT.yaml"
    text = manifest.read_text(encoding="utf-8")
    pinned = re.compile(rf"  {re.escape(path)}:\n    sha256: [0-9a-f]+\n")
    assert len(pinned.findall(text)) == 1
    manifest.write_text(pinned.sub("", text), encoding="utf-8")
    return retained, path


@pytest.mark.parametrize("role", _REQUIRED_WHEN_COMPLETE)
def test_a_retained_set_whose_boundary_says_complete_is_refused_without_a_required_member(tmp_path, role):
    retained, path = _retained_without(tmp_path, role)
    reports = tmp_path / "reports"
    result = import_markdown([retained], reports)
    errors = [str(d) for d in result.diagnostics if "error:" in str(d)]
    assert not result.ok and len(errors) == 1, errors
    boundary = (TERN / "boundary.md").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(boundary, 1) if text.startswith("result-disposition:"))
    assert errors[0].startswith(f"{retained / 'tern' / 'boundary.md'}:{line}:"), errors[0]
    assert f"the manifest does not list {path}" in errors[0] and "correct the boundary's result disposition" in errors[0]
    assert not reports.exists() or not any(reports.rglob("*.yaml"))  # all or nothing


@pytest.mark.parametrize("role", _REQUIRED_WHEN_COMPLETE[:1] + _REQUIRED_WHEN_COMPLETE[-1:])
def test_a_checked_complete_set_without_a_required_member_is_refused(tmp_path, role):
    reports, checked = _imported(tmp_path)
    assert checked.ok
    member = _LAYOUT["roles"][role]["path"].removesuffix(".md")
    (reports / "tern" / f"{member}.yaml").unlink()
    set_file = reports / "tern" / "_set.yaml"
    pinned = re.compile(rf"    {re.escape(member)}\.md:\n      sha256: [0-9a-f]+\n")
    text = set_file.read_text(encoding="utf-8")
    assert len(pinned.findall(text)) == 1
    set_file.write_text(pinned.sub("", text), encoding="utf-8")
    errors = [str(d) for d in check_collection(reports).diagnostics if "error:" in str(d)]
    # (the set's citations of a missing member's records are errors of their own)
    lacking = [error for error in errors if error.startswith(f"{set_file}:")]
    assert len(lacking) == 1, errors
    assert f"tern lacks {role}" in lacking[0] and "correct the boundary's result disposition" in lacking[0]


def test_a_limit_links_to_its_row_on_the_synthesis_page_where_the_front_page_shows_no_limitations(tmp_path):
    from mkdocs_reports.pages.site import SitePages

    types = tmp_path / "reports" / "_types"
    types.mkdir(parents=True)
    declared = SET_TYPE.read_text(encoding="utf-8").replace("name: agentic-system-analysis-set", "name: no-limitations-set")
    part = "    - {show: stacked_table, role: synthesis, section: limitations}\n"
    assert declared.count(part) == 1
    (types / "no-limitations-set.yaml").write_text(declared.replace(part, ""), encoding="utf-8")
    _, checked = _imported(tmp_path)
    assert checked.ok and checked.collection.systems["tern"].layout.name == "no-limitations-set"
    pages = {uri: spec.html for uri, spec in SitePages(checked.graph).pages().items()}
    front, synthesis = pages["tern/index.md"], pages["tern/synthesis.md"]
    assert 'id="limitations"' not in front
    carried = re.findall(r'<p class="rpt-carried">Carried into <a href="synthesis/#([a-z0-9-]+)">', front)
    assert carried == ["limitations--row-2", "limitations--row-3"]
    assert all(f'id="{anchor}"' in synthesis for anchor in carried)


def test_the_navigation_names_each_verification_by_its_role(tmp_path):
    """One type fills the three verifier roles: the navigation named all three "Verification"."""
    from mkdocs_reports.pages.site import SitePages

    _, checked = _imported(tmp_path)
    site = SitePages(checked.graph)
    site.pages()
    (systems,) = [entry["Systems"] for entry in site.nav if "Systems" in entry]
    (tern,) = [entry["Tern"] for entry in systems if "Tern" in entry]
    titles = {page: title for entry in tern for title, page in entry.items()}
    assert titles["tern/report-verification.md"] == "Report verification"
    assert titles["tern/profile-verification.md"] == "Profile verification"
    assert titles["tern/synthesis-verification.md"] == "Synthesis verification"
    assert titles["tern/runtime.md"] == "Runtime report"  # a type that fills one role keeps its noun
    assert len(set(titles.values())) == len(titles)
