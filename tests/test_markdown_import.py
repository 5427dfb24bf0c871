"""`mkdocs-reports import`: a set written in the method's Markdown (tests/fixtures/markdown/
inkwell: runtime, memory, epistemic and a reconciliation of a type the collection declares,
every construct of the method's members) becomes YAML that passes the check, with every
line of the input placed, the set's _set.yaml from the front matter, and a report of
counts and judgements."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, run_cli
from markdown_helpers import INKWELL, MEMBERS, export_collection, imported, line_content, new_collection, words, yaml_words
from mkdocs_reports.core.diagnostics import Diagnostics
from mkdocs_reports.core.loading.loader import display_path
from mkdocs_reports.core.markdown.reader import import_markdown, read_member
from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.schemas.type_files import builtin_registry, collection_registry


@pytest.fixture
def into(tmp_path: Path) -> Path:
    return new_collection(tmp_path / "reports")


def test_a_set_folder_imports_into_yaml_that_passes_the_check(into):
    result = imported([INKWELL], into)
    written = {o.path.name: o for o in result.outputs}
    assert sorted(written) == ["_set.yaml", "epistemic.yaml", "memory.yaml", "reconciliation.yaml", "runtime.yaml"]
    assert {o.status for o in result.outputs} == {"created"}
    checked = check_collection(into)
    assert checked.ok, [str(d) for d in checked.diagnostics]
    system = checked.collection.systems["inkwell"]
    assert system.name == "Inkwell" and system.run_id == "AAS-2026-04-02-inkwell-01"
    memory = system.reports["memory"]
    assert (memory.source_identity, memory.reviewed_boundary, memory.report_status) == (
        "https://github.com/example/inkwell", "4b1f0c9e2d7a6b5c8e9f0a1b2c3d4e5f6a7b8c9d", "complete")
    assert not checked.graph.external  # every citation across the four members resolves
    counts = {o.path.stem: str(o.counts) for o in result.outputs if o.counts}
    assert counts["runtime"] == "8 records, 0 annotations, 4 quotes, 3 table rows, 11 citations"
    assert counts["memory"] == "3 records, 3 annotations, 3 quotes, 3 table rows, 18 citations"
    assert counts["epistemic"] == "3 records, 0 annotations, 2 quotes, 8 table rows, 23 citations"
    assert str(result.counts()) == "14 records, 3 annotations, 9 quotes, 14 table rows, 57 citations"
    assert result.skipped == [f"{display_path(INKWELL / 'review.md', None)}: skipped: its type "
                              "'agentic-system-analyses/types/generated-review.md' is not a member type "
                              "this collection declares (declare it in _types/ to import it)"]


def test_the_set_file_comes_from_the_front_matter(into):
    imported([INKWELL], into)
    assert (into / "inkwell" / "_set.yaml").read_text() == """\
# yaml-language-server: $schema=https://agentic-system-analyses.github.io/agentic-system-analyses/schema/set.schema.json
system: Inkwell
run_id: AAS-2026-04-02-inkwell-01
sources:
  - id: SRC-1
    kind: git
    identity: https://github.com/example/inkwell
    revision: 4b1f0c9e2d7a6b5c8e9f0a1b2c3d4e5f6a7b8c9d
"""
    runtime = yaml.safe_load((into / "inkwell" / "runtime.yaml").read_text())
    assert not {"system", "run_id", "reviewed_boundary", "source_identity"} & set(runtime)  # inherited from the set


def test_the_yaml_is_in_the_house_style(into):
    imported([INKWELL], into)
    text = (into / "inkwell" / "memory.yaml").read_text()
    assert text.startswith("# yaml-language-server: $schema=https://agentic-system-analyses.github.io/agentic-system-analyses/"
                           "schema/report.schema.json\ntype: agent-memory-analysis-report\ntitle: Inkwell memory report\n")
    assert """
records:
  - id: MEM-OBJ-notes
    label: Digest notes
    part_of: RT-OBJ-scratchpad
    body:
      - fields:
          Source-native identity: the lines of `pad.md` the digest writes
""" in text
    assert """
  - text: |
      The memory boundary is the scratchpad, the transcript and the two routes that write and read
      them. Direct source reads supply implementation evidence only. [SRC-1: `inkwell/digest.py`]
""" in text  # prose as a literal block, line for line
    assert "\n  - on: RT-OBJ-scratchpad\n" in text and "\n\n  - id: MEM-OBJ-backup\n" in text  # records spaced
    runtime = (into / "inkwell" / "runtime.yaml").read_text()
    assert "            - - Match\n              - '`re.split(r\"|\")`'\n              - the split | pieces\n" in runtime  # \\| read as |
    assert "      path: inkwell/chat.py\n      lines: 31-32\n" in runtime


def test_the_report_names_every_judgement(into):
    result = imported([INKWELL], into)
    notes = [str(j).replace(display_path(INKWELL, None), "inkwell") for j in result.judgements]
    expected = [
        "inkwell/epistemic.md:43:1: note: the compact ledger record (Route ID: …) is read as labelled fields, its spelling kept (markdown: compact_records)",
        "inkwell/memory.md:2:1: note: the type 'agentic-system-analyses/types/agent-memory-analysis-report.md' is read as agentic-system-memory-report (agentic-system-analyses/types/agentic-system-memory-report.md)",
        "inkwell/memory.md:55:1: note: 'Part of:' of MEM-OBJ-backup: the link around RT-OBJ-scratchpad is kept as the member's spelling (markdown: part_of); the page links the ID",
        "inkwell/memory.md:103:1: note: the code span around the annotated ID RT-RTE-nightly-digest is kept as the member's spelling "
        "(markdown: annotation_headings); the page links the ID",
        "inkwell/memory.md:131:1: note: a '+' list is read as paragraphs: each item is a paragraph of its own (paragraphs:)",
        "inkwell/runtime.md:2:1: note: the type 'agentic-systems/types/agentic-system-runtime-report.md' is read as agentic-system-runtime-report (agentic-system-analyses/types/agentic-system-runtime-report.md)",
        "inkwell/epistemic.md:5:1: note: the set's SRC-1 is a git source (the reviewed boundary is a full commit)",
        "inkwell/epistemic.md:8:1: note: the system's name 'Inkwell' is taken from the title",
        "inkwell/epistemic.md:1:1: note: run-id, reviewed-boundary, source-identity are the set's: written once in _set.yaml "
        "(run_id, SRC-1's identity and revision), which every member inherits",
    ]
    assert notes == expected


def test_every_line_of_every_member_is_placed_and_its_words_are_in_the_yaml(into):
    imported([INKWELL], into)
    found = yaml_words(*sorted((into / "inkwell").glob("*.yaml")))
    registry = collection_registry(into, Diagnostics(), str)
    for name in MEMBERS:
        path = INKWELL / f"{name}.md"
        diagnostics = Diagnostics()
        member = read_member(str(path), path, path.read_bytes(), registry, diagnostics)
        assert not diagnostics and member is not None
        source = member.file
        assert source.unplaced() == [], f"{path}: lines no construct placed"
        for number, (line, what) in enumerate(zip(source.lines, source.account, strict=True), start=1):
            missing = [w for w in words(line_content(line, what)) if w not in found]
            assert not missing, f"{path}:{number} ({what}): {missing} are in no YAML value"


def test_importing_twice_gives_the_same_bytes_and_an_existing_set_file_is_kept(into, tmp_path):
    imported([INKWELL], into)
    first = {p.name: p.read_bytes() for p in (into / "inkwell").iterdir()}
    again = imported([INKWELL], into)
    assert {o.path.name: o.status for o in again.outputs} == {
        "_set.yaml": "kept", "epistemic.yaml": "unchanged", "memory.yaml": "unchanged",
        "reconciliation.yaml": "unchanged", "runtime.yaml": "unchanged"}
    assert {p.name: p.read_bytes() for p in (into / "inkwell").iterdir()} == first
    elsewhere = new_collection(tmp_path / "elsewhere")
    imported([INKWELL], elsewhere)
    assert {p.name: p.read_bytes() for p in (elsewhere / "inkwell").iterdir()} == first


def test_a_kept_set_file_decides_and_a_member_that_contradicts_it_is_an_error(into):
    (into / "inkwell").mkdir()
    set_file = into / "inkwell" / "_set.yaml"
    set_file.write_text("system: Inkwell\nrun_id: AAS-2026-04-02-inkwell-02\nsources:\n  - id: SRC-1\n    identity: https://github.com/example/inkwell\n"
                        "    revision: 4b1f0c9e2d7a6b5c8e9f0a1b2c3d4e5f6a7b8c9d\n")
    result = import_markdown([INKWELL], into)
    assert not result.ok and set_file.read_text().startswith("system: Inkwell\nrun_id: AAS-2026-04-02-inkwell-02")
    assert [str(d).replace(display_path(INKWELL, None), "inkwell").replace(display_path(into, None), "reports")
            for d in result.diagnostics] == [
        f"inkwell/{name}.md:4:9: error: run-id 'AAS-2026-04-02-inkwell-01' contradicts 'AAS-2026-04-02-inkwell-02' of "
        "reports/inkwell/_set.yaml, which the import keeps — correct the front matter; if this is a new run of the "
        "system, edit or remove reports/inkwell/_set.yaml first"
        for name in ("epistemic", "memory", "reconciliation", "runtime")
    ]
    assert sorted(p.name for p in (into / "inkwell").iterdir()) == ["_set.yaml"]  # nothing written


def test_one_member_imports_into_a_system_that_has_its_set(into):
    imported([INKWELL], into)
    (into / "inkwell" / "memory.yaml").unlink()
    result = imported([INKWELL / "memory.md"], into)
    assert [(o.path.name, o.status) for o in result.outputs] == [("_set.yaml", "kept"), ("memory.yaml", "created")]
    assert check_collection(into).ok


def test_the_system_folder_comes_from_system_the_folder_or_the_run_id(into, tmp_path):
    run = tmp_path / "AAS-2026-04-02-inkwell-01"
    shutil.copytree(INKWELL, run)
    result = imported([run], into)
    assert (into / "inkwell" / "runtime.yaml").is_file()
    assert any("the system's folder is 'inkwell', from the run ID AAS-2026-04-02-inkwell-01" in str(j) for j in result.judgements)
    imported([INKWELL / "runtime.md", INKWELL / "memory.md"], into, system="quill")
    assert sorted(p.name for p in (into / "quill").iterdir()) == ["_set.yaml", "memory.yaml", "runtime.yaml"]


def test_the_markdown_export_reads_back_as_the_same_yaml(into, tmp_path):
    """import(export(import(md))) == import(md), byte for byte; export(import(md)) keeps
    every piece of the author's text."""
    imported([INKWELL], into)
    warnings = export_collection(into, tmp_path / "md")
    assert not any(warnings.values()), warnings
    memory = (tmp_path / "md" / "inkwell" / "memory.md").read_text()
    assert "\n#### On `RT-RTE-nightly-digest` — Nightly digest\n" in memory  # as the member wrote it
    assert "\n#### MEM-OBJ-backup — Scratchpad backup\n" in memory
    again = new_collection(tmp_path / "again")
    imported([tmp_path / "md" / "inkwell"], again)
    for name in MEMBERS:
        assert (again / "inkwell" / f"{name}.yaml").read_bytes() == (into / "inkwell" / f"{name}.yaml").read_bytes(), name
    for name in MEMBERS:
        exported = " ".join((tmp_path / "md" / "inkwell" / f"{name}.md").read_text().replace("\\|", "|").split())
        path = INKWELL / f"{name}.md"
        member = read_member(str(path), path, path.read_bytes(), collection_registry(into, Diagnostics(), str), Diagnostics())
        exported = _without_id_markup(exported)
        for line, what in zip(member.file.lines, member.file.account, strict=True):
            if what in ("front matter", "table"):
                pieces = [] if what == "front matter" else [c.strip() for c in line.replace("\\|", "\0").split("|")]
                pieces = [p.replace("\0", "|") for p in pieces if p.strip(" -:")]
            elif what == "quote":
                pieces = [line[1:].strip()]  # the passage, or the attribution with its path and lines
            else:
                pieces = [line_content(line, what).strip()]
            for piece in pieces:
                if piece:  # links and code spans around IDs are the one rewrite: the page links the ID
                    assert " ".join(_without_id_markup(piece).split()) in exported, f"{path}: {piece!r} is not in the export"


_ID_MARKUP = re.compile(r"\[([A-Z]+-[A-Z]+-[\w.-]+)\]\([^)\s]*\)|`([A-Z]+-[A-Z]+-[\w.-]+)`")


def _without_id_markup(text: str) -> str:
    """A text with each ID bare: '[RT-OBJ-x](runtime.md#rt-obj-x)' and '`RT-OBJ-x`' are 'RT-OBJ-x'."""
    return _ID_MARKUP.sub(lambda m: m.group(1) or m.group(2), text)


def test_the_command_imports_reports_and_writes_nothing_on_errors(into, tmp_path):
    done = run_cli("import", str(INKWELL.relative_to(REPO)), "--into", str(into))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == ("imported 4 members of 1 system: 14 records, 3 annotations, 9 quotes, 14 table rows, "
                         "57 citations; 9 judgements; 0 errors")
    assert f"created {into / 'inkwell' / 'memory.yaml'} from {INKWELL.relative_to(REPO) / 'memory.md'}: 3 records, 3 annotations, 3 quotes, " \
           "3 table rows, 18 citations" in lines
    checked = run_cli("check", str(into))
    assert checked.returncode == 0 and not checked.stderr, checked.stdout + checked.stderr  # the written YAML as it is
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "runtime.md").write_text((INKWELL / "runtime.md").read_text().replace("## Runtime account", "## Runtime acount"))
    failed = run_cli("import", str(broken / "runtime.md"), "--into", str(tmp_path / "other"), "--system", "quill")
    assert failed.returncode == 1 and not (tmp_path / "other" / "quill").exists()
    assert f"{broken / 'runtime.md'}:10:4: error: '## Runtime acount' is not a section of a runtime report — did you mean " \
           "'## Runtime account'? its sections are: Runtime account, Shared records, Annotations" in failed.stderr
    assert failed.stderr.splitlines()[-2:] == [
        f"{broken / 'runtime.md'}:160:1: error: a runtime report has the section 'Runtime account', which this member lacks "
        "— add '## Runtime account' with its text", "nothing imported: 2 errors"]


def test_export_writes_each_member_as_the_methods_markdown(tmp_path):
    done = run_cli("export", "--format", "markdown", "--out", str(tmp_path / "md"), "reports")
    assert done.returncode == 0, done.stderr
    assert sorted(p.relative_to(tmp_path / "md").as_posix() for p in (tmp_path / "md").rglob("*.md")) == [
        "cludebot/memory.md", "mindbase/memory.md", "signet/memory.md", "ultimate/memory.md"]
    text = (tmp_path / "md" / "signet" / "memory.md").read_text()
    assert text.startswith('---\ntype: agentic-system-analyses/types/agentic-system-memory-report.md\ndescription: "')
    assert '\nreviewed-boundary: "12dba1ce753babda735f2ba7b6f150c6c0b7f95e"\n---\n\n# Signet memory report\n\n## Boundary and evidence\n' in text
    printed = run_cli("export", "--format", "markdown", "reports/signet/memory.yaml")
    assert printed.stdout == text


# --- hostile input ---------------------------------------------------------------------------

HEAD = ("---\ntype: agentic-system-memory-report\ndescription: d\nrun-id: AAS-2026-01-01-x-01\nsource-identity: s\n"
        "reviewed-boundary: r\n---\n\n# X memory report\n\n## Core ideas\n\n")


@pytest.mark.parametrize("body", [
    "|" * 300_000,
    "| a | b |\n|---|---|\n" + "| x |\n" * 40_000,
    "> a\n" * 60_000,
    "```x\n# h\n" * 30_000,
    "".join("`" * (3 + i % 50) + "\n## s\n" for i in range(4_000)),
    "- a: b\n" * 30_000,
    "".join(" " * (i % 40) + "- x\n" for i in range(10_000)),
    "#### " + "MEM-OBJ-a" * 30_000,
    "> x\n> --- " + "`" * 100_000 + " " + "`" * 99_999,
    "- " + "a: " * 100_000,
    " " * 300_000 + "x",
], ids=["pipes", "short rows", "quote lines", "fences with info", "fences of many lengths", "same field", "indents",
        "ids in a heading", "backtick runs", "colons", "spaces"])
def test_hostile_members_end_in_messages_not_tracebacks_or_hangs(body):
    diagnostics = Diagnostics()
    member = read_member("x.md", Path("x.md"), (HEAD + body).encode(), builtin_registry(), diagnostics)
    if member is not None and not diagnostics:
        assert member.file.unplaced() == []
    assert all(str(d).startswith("x.md:") for d in diagnostics)


def test_mutated_members_are_placed_whole_or_refused(into):
    """Lines of the fixtures shuffled, dropped, repeated and mixed with stray syntax: every
    result either places every line or says what it could not place."""
    rng = random.Random(10)
    registry = collection_registry(into, Diagnostics(), str)
    stray = ["> --- `a.py`", "|---|", "#### On X", "Part of: RT-OBJ-x", "```", "~~~~", "- : x", "1)", "##### deep",
             "none declared in this member", "#### RT-OBJ-x — y", "| a \\| b |", ">", "-", "+ x", "Route ID: RT-RTE-x"]
    for name in MEMBERS:
        lines = (INKWELL / f"{name}.md").read_text().split("\n")
        for _ in range(60):
            mutated = list(lines)
            for _ in range(rng.randint(1, 6)):
                at = rng.randrange(8, len(mutated))
                choice = rng.random()
                if choice < 0.3:
                    del mutated[at]
                elif choice < 0.5:
                    mutated.insert(at, mutated[rng.randrange(8, len(mutated))])
                else:
                    mutated.insert(at, rng.choice(stray))
            diagnostics = Diagnostics()
            member = read_member("m.md", Path("m.md"), "\n".join(mutated).encode(), registry, diagnostics)
            if not diagnostics:
                assert member is not None and member.file.unplaced() == []


def test_many_sets_are_shared_between_processes_with_the_same_result(into, tmp_path):
    sets = []
    for number in range(6):
        folder = tmp_path / "runs" / f"inkwell{number}"
        shutil.copytree(INKWELL, folder, ignore=shutil.ignore_patterns("review.md"))
        sets.append(folder)
    alone = imported(sets, into, workers=1)
    shared = imported(sets, new_collection(tmp_path / "shared"), workers=2)
    assert [str(j).replace(str(tmp_path), "") for j in shared.judgements] == [str(j).replace(str(tmp_path), "") for j in alone.judgements]
    assert [(o.path.relative_to(tmp_path / "shared"), o.status, str(o.counts)) for o in shared.outputs] == [
        (o.path.relative_to(into), o.status, str(o.counts)) for o in alone.outputs]
    assert all((tmp_path / "shared" / o.path.relative_to(into)).read_bytes() == o.path.read_bytes() for o in alone.outputs)
    (sets[4] / "memory.md").write_text((sets[4] / "memory.md").read_text().replace("## Core ideas", "## Core idea"))
    failed = import_markdown(sets, new_collection(tmp_path / "failed"), workers=2)
    assert len(failed.diagnostics) == 2 and not (tmp_path / "failed" / "inkwell0").exists()  # nothing of any share written


@pytest.mark.parametrize("linked", ["inkwell/memory.yaml", "inkwell", "inkwell/runtime.yaml"])
def test_the_import_neither_writes_nor_reads_through_a_symbolic_link(into, tmp_path, linked):
    """A collection comes from contributors: a link in it must not let an import overwrite
    (or read into its messages) a file outside the reports folder."""
    imported([INKWELL], into)
    outside = tmp_path / "outside"
    shutil.copytree(into / "inkwell", outside)
    (outside / "memory.yaml").write_text("a file outside the reports folder\n")
    (outside / "runtime.yaml").write_text("secret: outside\n")
    kept = {p.name: p.read_bytes() for p in outside.iterdir()}
    target = into / linked
    shutil.rmtree(target) if target.is_dir() else target.unlink()
    target.symlink_to(outside / target.relative_to(into / "inkwell") if linked != "inkwell" else outside)
    result = import_markdown([INKWELL / "memory.md"], into)
    messages = [str(d).replace(display_path(into, None), "reports") for d in result.diagnostics]
    assert not result.ok and not result.outputs
    assert [m.split(" error: ")[0] for m in messages] == [f"reports/{linked}:1:1:"], messages
    assert "symbolic link" in messages[0] and "secret" not in messages[0]
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == kept


def test_the_import_does_not_wait_on_a_named_pipe_in_the_collection(into, tmp_path):
    imported([INKWELL], into)
    (into / "inkwell" / "runtime.yaml").unlink()
    os.mkfifo(into / "inkwell" / "runtime.yaml")
    done = run_cli("import", str(INKWELL / "memory.md"), "--into", str(into), timeout=60)
    assert done.returncode == 1 and "runtime.yaml:1:1: error: this is not a regular file but a named pipe (FIFO)" in done.stderr
