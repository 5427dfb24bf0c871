"""import(export(yaml)) == yaml: the four seed reports and every YAML fixture, written as the
method's Markdown and imported again, are the same data, key for key and in order (the
only YAML layout set aside is the line break a block scalar ends in); the YAML the import
writes is the house style's writing of that data, byte for byte; comments are YAML's, not
the report's, and do not travel."""

from __future__ import annotations

import shutil

import pytest
import yaml

from markdown_helpers import YAML_COLLECTIONS, export_collection, imported, new_collection, yaml_data
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.markdown.reader.run import SET_SCHEMA_URL
from mkdocs_reports.core.markdown.writer import system_markdown
from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.core.schemas.language import SCHEMA_URL
from mkdocs_reports.core.yamlio.writer import dump
from test_sets_import import INKWELL, pin


def _canonical(value):
    """Texts as the import writes them: a text of several lines ends in one line break."""
    if isinstance(value, dict):
        return {key: _canonical(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_canonical(item) for item in value]
    text = value.rstrip("\n")
    return text + "\n" if "\n" in text else text


@pytest.fixture(scope="module", params=sorted(YAML_COLLECTIONS))
def round_trip(request, tmp_path_factory):
    """A collection exported as Markdown and imported into a collection that has its set
    files (the register's other sources are in no member's front matter) and member types."""
    source = YAML_COLLECTIONS[request.param]
    tmp = tmp_path_factory.mktemp(request.param)
    warnings = export_collection(source, tmp / "md")
    into = new_collection(tmp / "reports", source)
    for set_file in source.glob("*/_set.yaml"):
        (into / set_file.parent.name).mkdir()
        shutil.copyfile(set_file, into / set_file.parent.name / "_set.yaml")
    results = [imported([folder], into) for folder in sorted((tmp / "md").iterdir())]
    return source, into, warnings, results


def test_the_export_warns_of_nothing(round_trip):
    _, _, warnings, _ = round_trip
    assert not any(warnings.values()), warnings


def test_every_report_comes_back_as_the_same_data(round_trip):
    source, into, _, _ = round_trip
    originals = sorted(p for p in source.glob("*/*.yaml") if not p.name.startswith("_") and not p.parent.name.startswith("_"))
    assert originals
    for original in originals:
        again = into / original.relative_to(source)
        assert yaml_data(again) == yaml_data(original), original


def test_the_yaml_written_is_the_house_style_of_that_data(round_trip):
    source, into, _, _ = round_trip
    for original in sorted(p for p in source.glob("*/*.yaml") if not p.name.startswith("_") and not p.parent.name.startswith("_")):
        data = _canonical(yaml.load(original.read_text(encoding="utf-8"), Loader=yaml.BaseLoader))
        sections = [key for key in data if key not in ("type", "system", "title", "description", "run_id",
                                                       "reviewed_boundary", "source_identity", "report_status")]
        expected = dump(data, SCHEMA_URL, blank_before=sections, spaced_items=["records", "annotations"]).text
        assert (into / original.relative_to(source)).read_text(encoding="utf-8") == expected, original


def test_the_set_files_are_kept_and_the_collection_checks(round_trip):
    source, into, _, results = round_trip
    for result in results:
        assert [o.status for o in result.outputs if o.path.name == "_set.yaml"] == ["kept"]
    for set_file in source.glob("*/_set.yaml"):
        assert (into / set_file.parent.name / "_set.yaml").read_bytes() == set_file.read_bytes()
    checked = check_collection(into)
    assert checked.ok, [str(d) for d in checked.diagnostics]


def test_a_new_set_file_is_written_in_the_house_style(tmp_path):
    export_collection(YAML_COLLECTIONS["sample"], tmp_path / "md")
    into = new_collection(tmp_path / "reports", None)
    imported([tmp_path / "md" / "beta"], into)
    assert (into / "beta" / "_set.yaml").read_text() == dump({
        "system": "Beta",
        "run_id": "AAS-2026-11-30-beta-01",
        "sources": [{"id": "SRC-1", "identity": "not recorded — the sample has no source",
                     "revision": "not recorded — the sample has no source"}],
    }, SET_SCHEMA_URL).text
    assert yaml_data(into / "beta" / "memory.yaml") == yaml_data(YAML_COLLECTIONS["sample"] / "beta" / "memory.yaml")


def test_a_changed_sentence_is_a_difference(tmp_path):
    """The comparison can fail: one sentence edited in the Markdown changes the YAML."""
    source = YAML_COLLECTIONS["set"]
    export_collection(source, tmp_path / "md")
    memory = tmp_path / "md" / "tallybook" / "memory.md"
    memory.write_text(memory.read_text().replace("The provider model is outside", "The provider model is inside"))
    into = new_collection(tmp_path / "reports", source)
    shutil.copytree(source / "tallybook", into / "tallybook", ignore=shutil.ignore_patterns("[!_]*"))
    imported([tmp_path / "md" / "tallybook"], into)
    assert yaml_data(into / "tallybook" / "memory.yaml") != yaml_data(source / "tallybook" / "memory.yaml")


def test_the_exported_markdown_is_stable(round_trip, tmp_path):
    """export(import(export(yaml))) == export(yaml), byte for byte."""
    source, into, _, _ = round_trip
    export_collection(source, tmp_path / "first")
    export_collection(into, tmp_path / "second")
    first = {p.relative_to(tmp_path / "first"): p.read_bytes() for p in (tmp_path / "first").rglob("*.md")}
    second = {p.relative_to(tmp_path / "second"): p.read_bytes() for p in (tmp_path / "second").rglob("*.md")}
    assert first == second


def test_exports_of_other_spellings_read_back_as_the_same_report(tmp_path):
    """A body written as text and two texts in a row (the other spellings YAML allows) come
    back in the house spelling: the same report for the checker and the pages."""
    into = new_collection(tmp_path / "reports", None)
    (into / "alpha").mkdir()
    shutil.copyfile(YAML_COLLECTIONS["sample"] / "alpha" / "_set.yaml", into / "alpha" / "_set.yaml")
    text = (YAML_COLLECTIONS["sample"] / "alpha" / "memory.yaml").read_text()
    text = text.replace("write_side: |\n  MEM-RTE-note-write is the only writer.\n",
                        "write_side:\n  - text: MEM-RTE-note-write is the only writer.\n  - text: Nothing else writes.\n")
    source = tmp_path / "source"
    (source / "alpha").mkdir(parents=True)
    shutil.copyfile(into / "alpha" / "_set.yaml", source / "alpha" / "_set.yaml")
    (source / "alpha" / "memory.yaml").write_text(text)
    warnings = export_collection(source, tmp_path / "md")
    assert list(warnings.values()) == [[f"{source / 'alpha' / 'memory.yaml'}: Write side: two text blocks in a row read back as one"]]
    imported([tmp_path / "md" / "alpha"], into)
    back = yaml.safe_load((into / "alpha" / "memory.yaml").read_text())
    assert back["write_side"] == "MEM-RTE-note-write is the only writer.\n\nNothing else writes.\n"
    before, after = check_collection(source), check_collection(into)
    assert [r.citations[0].target for r in before.collection.reports()] == [r.citations[0].target for r in after.collection.reports()]


def test_a_label_over_two_lines_is_refused_by_the_check(tmp_path):
    """A Markdown heading is one line: a label over two could not come back as written."""
    source = tmp_path / "source"
    shutil.copytree(YAML_COLLECTIONS["sample"] / "alpha", source / "alpha")
    memory = source / "alpha" / "memory.yaml"
    memory.write_text(memory.read_text().replace("    label: Note store\n", "    label: |-\n      Note store\n      of Alpha\n", 1))
    (message,) = [str(d) for d in check_collection(source).errors if "line break" in d.message]
    assert "'label' holds a line break (U+000A (LF)); a name, title, label or heading is one line" in message




ESCAPED = '"Runtime\\u0020baseline of Inkwell at its reviewed commit:\\x20the chat loop, the \\"scratchpad\\" and the nightly digest"'


def test_escapes_in_double_quoted_front_matter_come_back_as_written(tmp_path):
    """A published member pins its bytes: ``\\u0020`` in a double-quoted value came back as a
    space, so the exported member no longer had the digest its manifest pins. An edited
    value is written anew; a stored spelling that does not read as the value is not used."""
    folder = tmp_path / "retained" / "inkwell"
    shutil.copytree(INKWELL, folder)
    runtime = folder / "runtime.md"
    original = '"Runtime baseline of Inkwell at its reviewed commit: the chat loop, the scratchpad and the nightly digest"'
    runtime.write_text(runtime.read_text().replace(original, ESCAPED))
    pin(folder)
    into = tmp_path / "reports"
    assert import_markdown([folder], into).ok
    checked = check_collection(into)
    files, warnings = system_markdown(checked.collection.systems["inkwell"], checked.collection.types)
    assert warnings == []
    assert files["runtime.md"] == runtime.read_bytes()
    assert files["ARTIFACT.yaml"] == (folder / "ARTIFACT.yaml").read_bytes()
    yaml_file = into / "inkwell" / "runtime.yaml"
    edited = yaml_file.read_text().replace("the chat loop, the", "the chat loops, the", 1)
    assert edited != yaml_file.read_text()
    yaml_file.write_text(edited)
    checked = check_collection(into)
    files, _ = system_markdown(checked.collection.systems["inkwell"], checked.collection.types)
    assert b'description: "Runtime baseline of Inkwell at its reviewed commit: the chat loops, the \\"scratchpad\\" and the ' \
           b'nightly digest"\n' in files["runtime.md"]
