"""Malformed members of the method's Markdown: each gets `file:line:col: error: what — fix`,
every error of a run is reported, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from markdown_helpers import INKWELL, new_collection
from mkdocs_reports.core.loading.loader import display_path
from mkdocs_reports.core.markdown.reader import import_markdown

MALFORMED = FIXTURES / "markdown" / "malformed"


def messages(paths: list[Path], into: Path, **options) -> list[str]:
    result = import_markdown(paths, into, **options)
    assert not result.ok and not result.outputs
    assert not any(p.suffix == ".yaml" for p in into.rglob("*") if "_types" not in p.parts), "nothing may be written"
    return [str(d).replace(display_path(MALFORMED, None) + "/", "").replace(display_path(into, None), "reports")
            for d in result.diagnostics]


@pytest.fixture
def into(tmp_path: Path) -> Path:
    return new_collection(tmp_path / "reports")


@pytest.mark.parametrize("name, expected", [
    ("no-id.md", "no-id.md:47:6: error: a declaration heading without an ID: '#### Notes index — The index of the notes "
                 "file' — start it with the record's full ID: '#### MEM-OBJ-name — Short label'"),
    ("route-missing-field.md", "route-missing-field.md:32:6: error: route RT-RTE-save-notes does not answer Evidence limits "
                               "(in reports/quill/runtime.yaml:20 as imported) — answer all seven route fields, each once, as "
                               "labelled fields ('Label: value'): Immediate return, Later read-back, Delegated visibility, "
                               "Selection predicate, Invalidation or expiry, Activation or effect, Evidence limits"),
    ("row-cells.md", "row-cells.md:17:1: error: this table row has 4 cells but the table has 3 columns — give every row one "
                     "cell per column; escape a '|' inside a cell (code too) as '\\|'"),
    ("quote-no-path.md", "quote-no-path.md:14:1: error: a quote without its path: the '>' lines end without '> --- `path`' "
                         "— end the quote with a line '> --- `path/in/the/source`'; a blockquote that quotes no source has "
                         "no place in a report: write it as a paragraph"),
    ("unknown-section.md", "unknown-section.md:47:4: error: '## Write side' is not a section of a runtime report — its "
                           "sections are: Runtime account, Shared records, Annotations"),
    ("undeclared-type.md", "undeclared-type.md:2:7: error: the member type "
                           "'agentic-system-analyses/types/agentic-system-security-report.md' is not one this collection "
                           "declares — did you mean 'agentic-system-analyses/types/agentic-system-memory-report.md'? the "
                           "types are: agentic-system-analyses/types/agentic-system-analysis-overview.md, "
                           "agentic-system-analyses/types/agentic-system-runtime-report.md, "
                           "agentic-system-analyses/types/agentic-system-memory-report.md, "
                           "agentic-system-analyses/types/agentic-system-epistemic-report.md, "
                           "agentic-system-analyses/types/agentic-system-reconciliation-report.md, "
                           "agentic-system-analyses/types/agent-memory-profile.md, "
                           "agentic-system-analyses/types/agentic-system-boundary.md, "
                           "agentic-system-analyses/types/agentic-system-synthesis.md, "
                           "agentic-system-analyses/types/agentic-system-verification.md; declare another in "
                           "<reports>/_types/<name>.yaml"),
])
def test_each_malformed_fixture_names_its_place_and_fix(name, expected, into):
    assert messages([MALFORMED / name], into, system="quill") == [expected]


QUILL = (MALFORMED / "no-id.md").read_text().replace("\n#### Notes index — The index of the notes file\n\n- Source-native identity: `index.txt`\n", "")


def write(tmp_path: Path, text: str, name: str = "runtime.md") -> Path:
    path = tmp_path / "in" / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_the_base_member_imports(tmp_path, into):
    assert import_markdown([write(tmp_path, QUILL)], into, system="quill").ok


@pytest.mark.parametrize("change, expected", [
    (lambda t: t.split("---\n", 2)[2], "1:1: error: the member has no front matter"),
    (lambda t: t.replace("---\n\n# Quill", "\n# Quill", 1), "1:1: error: the front matter never ends"),
    (lambda t: t.replace("run-id:", "run_id:"), "4:1: error: 'run_id' is not a front-matter key of the method's members "
                                                "— did you mean 'run-id'?"),
    (lambda t: t.replace('reviewed-boundary: "0123456789abcdef0123456789abcdef01234567"\n', ""),
     "1:1: error: a runtime report states reviewed-boundary in its front matter; this one does not"),
    (lambda t: t.replace("# Quill runtime report", "Quill runtime report"), "error: the member has no title ('# …')"),
    (lambda t: t.replace("# Quill runtime report\n", "# Quill runtime report\n\nAn orphan paragraph.\n"),
     "10:1: error: text between the title and the first section has no place in the report"),
    (lambda t: t.replace("#### RT-OBJ-notes — Notes file", "#### RT-OBJ-notes"), "24:18: error: the declaration of RT-OBJ-notes has no label"),
    (lambda t: t.replace("#### RT-OBJ-notes — Notes file", "#### RT-OBJ-notes: Notes file"),
     "24:18: error: the declaration of RT-OBJ-notes: after the ID comes ' — ' and the label, not ': Notes file'"),
    (lambda t: t.replace("### Operative objects", "### Routes\n\n### Operative objects").replace("### Routes\n\n#### RT-RTE", "#### RT-RTE"),
     "error: RT-RTE-save-notes is a record of kind RTE under the heading 'Operative objects' — move it under '### Routes'"),
    (lambda t: t.replace("### Operative objects", "### Objects"), "22:5: error: '### Objects' is not a kind heading of Shared records"),
    (lambda t: t.replace("- Storage substrate: a file on the host filesystem", "- Storage substrate: a file\n\n> notes.write(line)\n> --- notes.py"),
     "31:3: error: the quote's attribution '--- notes.py' is not a path in backticks — end the quote with '> --- `path/in/the/source`'"),
    (lambda t: t.replace("- Source-native identity: `notes.txt`", "Part of: RT-OBJ-a and RT-OBJ-b\n\n- Source-native identity: `notes.txt`"),
     "26:10: error: 'Part of:' must name exactly one record ID, not 'RT-OBJ-a and RT-OBJ-b'"),
    (lambda t: t.replace("## Annotations\n\nnone", "## Annotations\n\n#### MEM-OBJ-x — Label\n\n- Lineage: x"),
     "error: '#### MEM-OBJ-x — Label' is not an annotation heading — annotations are '#### On <ID> — Short label'"),
    (lambda t: t.replace("## Annotations\n\nnone", "## Annotations\n\n#### On the notes — Label"),
     "error: an annotation heading without an ID: '#### On the notes — Label'"),
    (lambda t: t.replace("saves its notes. [SRC-1: `quill/main.py`]", "saves its notes.\n\n| a | b |\n|---|---|\n| x |  |"),
     "16:6: error: cell 2 of the table's row 1 is empty — write '-' (or what the column asks for, such as 'none') in an empty cell"),
    (lambda t: t.replace("saves its notes. [SRC-1: `quill/main.py`]", "saves its notes.\n\n| a | b |\n| x | y |"),
     "14:1: error: a table row without a table: the header needs a separator row under it ('|---|---|')"),
    (lambda t: t.replace("Notes file", "Notes\x1b[31m file"), "24:26: error: the file holds the control character U+001B"),
    (lambda t: t.encode().replace(b"Notes file", b"Notes \xff file"), "24:29: error: byte 0xff is not UTF-8 text"),  # a column in bytes: the line cannot be read as text
    (lambda t: t.replace("- Storage substrate: a file on the host filesystem", "- Storage substrate: a file\n\n##### Detail"),
     "30:1: error: a level-5 heading inside a record or an annotation (RT-OBJ-notes) has no place in the report"),
    (lambda t: t.replace("### Operative objects\n", "### Operative objects\n\nnone declared in this member\n"),
     "24:1: error: 'none declared in this member' under 'Operative objects', which declares records"),
    (lambda t: t.replace("- Storage substrate: a file on the host filesystem", "- implementation conclusion status: wird"),
     "error: RT-OBJ-notes: implementation conclusion status: 'wird' is not a conclusion status"),
])
def test_malformed_members_name_the_place_and_the_fix(change, expected, tmp_path, into):
    path = write(tmp_path, change(QUILL))
    found = messages([path], into, system="quill")
    assert any(expected in m for m in found), found
    assert all(m.startswith(f"{display_path(path, None)}:") or m.startswith("reports/") for m in found), found


def test_every_error_of_a_run_is_reported(tmp_path, into):
    text = QUILL.replace("#### RT-OBJ-notes — Notes file", "#### Notes file").replace("## Annotations", "## Annotation")
    second = (INKWELL / "memory.md").read_text().replace("| Chat turn | `inkwell/chat.py` |", "| Chat turn |")
    found = messages([write(tmp_path, text), write(tmp_path, second, "memory.md")], into, system="quill")
    assert [m.split(": error: ")[0].rsplit("/", 1)[-1] for m in found] == [
        "memory.md:4:9", "memory.md:6:21", "memory.md:21:1",  # its run and boundary are not Quill's; a short row
        "runtime.md:24:6", "runtime.md:59:4"]  # a declaration without its ID; an unknown section


def test_two_members_of_one_type_in_a_set(tmp_path, into):
    write(tmp_path, QUILL)
    write(tmp_path, QUILL, "runtime-copy.md")
    found = messages([tmp_path / "in"], into, system="quill")
    assert found == [f"{display_path(tmp_path / 'in' / 'runtime.md', None)}:1:1: error: a second runtime report in one set (the first "
                     f"is {display_path(tmp_path / 'in' / 'runtime-copy.md', None)}) — a set has one member of each type: "
                     "import the two sets separately"]


def test_paths_that_are_not_members(tmp_path, into):
    (tmp_path / "notes.txt").write_text("x")
    found = messages([tmp_path / "notes.txt", tmp_path / "missing.md", tmp_path / "empty"], into)
    assert [m.split(": error: ", 1)[1] for m in found] == [
        "no such file or folder — pass a member file or a set folder",
        "no such file or folder — pass a member file or a set folder",
        "a member of the method's Markdown ends in .md — pass the member's .md file or its set folder",
    ]
