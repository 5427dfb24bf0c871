"""YAML anchors and aliases are refused in every file the plugin reads, at the first one,
before anything walks the structure: a few hundred bytes of aliases name a million values.

Each file kind gets the "billion laughs" (ten aliases per level, six levels deep) where an
author would hide it, and the error must name the first anchor's line and column, say
how to fix it, and cost the CPU time of reading a few hundred bytes.
"""

from __future__ import annotations

import ast
import shutil
import time
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO, completed, minimal_report, only
from mkdocs_reports.core.markdown.reader import import_markdown
from quotes_helpers import quote_block, record_with_quotes, write_system

BOUND = 1.0  # CPU seconds: before the refusal, a bomb took 1.7 s (a set file) to 6 s (front matter)
MESSAGE = ("error: YAML anchor '&a0': anchors and aliases are not allowed (a few aliases can repeat a value "
           "millions of times) — delete '&a0' and write the value out wherever '*a0' repeats it")
INKWELL = FIXTURES / "sets" / "retained" / "inkwell"
QUARRY = FIXTURES / "sets" / "profiles" / "quarry" / "memory-profile.md"


def bomb(indent: int, levels: int = 6, width: int = 10) -> str:
    """Keys at ``indent`` whose last value repeats ``width ** levels`` texts through aliases;
    the first anchor (``&a0``) stands at column ``indent + 5`` of the first line."""
    pad = " " * indent
    lines = [f"{pad}l0: &a0 [{', '.join(['lol'] * width)}]"]
    lines += [f"{pad}l{n}: &a{n} [{', '.join([f'*a{n - 1}'] * width)}]" for n in range(1, levels)]
    return "\n".join(lines) + "\n"


def after_line(text: str, line: str, insert: str) -> tuple[str, int]:
    """``text`` with ``insert`` after its line ``line``; the number of the first inserted line."""
    lines = text.split("\n")
    number = lines.index(line) + 1
    return "\n".join(lines[:number] + [insert.rstrip("\n")] + lines[number:]), number + 1


def timed(work):
    start = time.process_time()
    result = work()
    assert time.process_time() - start < BOUND
    return result


def test_an_alias_bomb_in_a_report_is_refused_at_its_first_anchor(reports):
    reports.write("alpha/memory.yaml", minimal_report("Alpha", "core_ideas:\n" + bomb(2)))
    assert only(timed(reports.messages)) == f"reports/alpha/memory.yaml:7:7: {MESSAGE}"


def test_an_alias_bomb_under_a_set_files_manifest_is_refused_at_its_first_anchor(reports):
    reports.report("alpha")
    reports.write("alpha/_set.yaml", "system: Alpha\nmanifest:\n  type: agentic-system-analyses/types/agentic-system-analysis-set.md\n"
                  f"  members:\n    memory.md:\n      sha256: {'0' * 64}\n" + bomb(2))
    assert only(timed(reports.messages)) == f"reports/alpha/_set.yaml:7:7: {MESSAGE}"


def test_an_alias_bomb_in_a_profiles_memory_comparison_is_refused_at_its_first_anchor(reports, tmp_path):
    assert import_markdown([QUARRY], reports.root, system="quarry").ok
    path = reports.root / "quarry" / "memory-profile.yaml"
    text, line = after_line(path.read_text(encoding="utf-8"), "memory_comparison:", bomb(2))
    path.write_text(text, encoding="utf-8")
    assert only(timed(reports.messages)) == f"reports/quarry/memory-profile.yaml:{line}:7: {MESSAGE}"


def test_an_alias_bomb_in_a_member_type_file_is_refused_at_its_first_anchor(reports):
    declaration = "name: agentic-system-security-report\nnoun: security report\nmember: security\nprefix: SEC\nmetadata:\n"
    reports.write("_types/security.yaml", declaration + bomb(2))
    assert only(timed(reports.messages)) == f"reports/_types/security.yaml:6:7: {MESSAGE}"


def test_an_alias_bomb_in_a_quote_lock_is_refused_at_its_first_anchor(reports):
    revision = "0123456789abcdef0123456789abcdef01234567"
    write_system(reports, revision, record_with_quotes("MEM-OBJ-notebook", quote_block("return notebook", "tallybook/agent.py")))
    reports.write("tallybook/_quotes.lock.yaml", f"format: mkdocs-reports/quotes-lock\nversion: 1\nsources:\n  - id: SRC-1\n"
                  f"    revision: {revision}\n" + bomb(4))
    errors = [m for m in timed(reports.messages) if ": error: " in m]
    assert only(errors) == (
        "reports/tallybook/_quotes.lock.yaml:6:9: error: quote lock: YAML anchor '&a0': anchors and aliases are not "
        "allowed (a few aliases can repeat a value millions of times) — the lock is written by 'mkdocs-reports quotes': "
        "run it again rather than editing the file")


def test_an_alias_bomb_in_an_imported_sets_manifest_is_refused_at_its_first_anchor(tmp_path):
    folder = tmp_path / "retained" / "inkwell"
    shutil.copytree(INKWELL, folder)
    manifest = folder / "ARTIFACT.yaml"
    text, line = after_line(manifest.read_text(encoding="utf-8"), "members:", bomb(2))
    manifest.write_text(text, encoding="utf-8")
    result = timed(lambda: import_markdown([folder], tmp_path / "reports", base=tmp_path))
    assert not result.ok and not result.outputs
    assert only([str(d) for d in result.diagnostics]) == f"retained/inkwell/ARTIFACT.yaml:{line}:7: {MESSAGE}"
    assert not (tmp_path / "reports").exists()


def test_an_alias_bomb_in_imported_front_matter_is_refused_at_its_first_anchor(tmp_path):
    member = tmp_path / "memory-profile.md"
    text, line = after_line(QUARRY.read_text(encoding="utf-8"), "memory-comparison:", bomb(2))
    member.write_text(text, encoding="utf-8")
    result = timed(lambda: import_markdown([member], tmp_path / "reports", system="quarry", base=tmp_path))
    assert not result.ok
    assert only([str(d) for d in result.diagnostics]) == f"memory-profile.md:{line}:7: {MESSAGE}"


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        # an anchor no alias uses yet: a later edit could, and the file means nothing else by it
        ("title: &t T\n", "3:8", "YAML anchor '&t'"),
        ("title: T\ncore_ideas: &ideas\n  - text: Ideas.\n", "4:13", "YAML anchor '&ideas'"),
        ("title: T\ncore_ideas: !!seq &ideas\n  - text: Ideas.\n", "4:19", "YAML anchor '&ideas'"),
        ("title: T\ncore_ideas:\n  - &one\n    text: Ideas.\n", "5:5", "YAML anchor '&one'"),
        ("title: T\ncore_ideas: [&one x]\n", "4:14", "YAML anchor '&one'"),
        # an alias of an anchor never defined: refused at the alias, before YAML's own error
        ("title: *t\n", "3:8", "YAML alias '*t'"),
        # the first of two: one error per file, however many follow
        ("title: T\ndescription: &d D\ncore_ideas: *d\nwrite_side: &w W\nread_back: *w\n", "4:14", "YAML anchor '&d'"),
    ],
    ids=["unused-anchor", "anchor-on-a-list", "after-a-tag", "anchor-on-an-item", "in-a-flow-list", "undefined-alias", "first-of-many"],
)
def test_every_anchor_or_alias_is_refused_at_the_first(reports, body, where, message):
    reports.write("alpha/memory.yaml", completed("type: agentic-system-memory-report\nsystem: Alpha\n" + body, "Alpha", "alpha"))
    found = only(reports.messages())
    assert found.startswith(f"reports/alpha/memory.yaml:{where}: error: {message}: anchors and aliases are not allowed"), found
    assert " — " in found


def test_ampersands_and_asterisks_in_text_are_not_anchors_or_aliases(reports):
    reports.report("alpha", (
        "core_ideas: |\n  *Emphasis* at a line's start, **strong**, R&D, &amp; and a * b.\n"
        "  * a Markdown list item\n\n  &nbsp; *x\n"
        "write_side: \"&quoted *text\"\n"
        "read_back: 'R&D *alias-like'\n"
        "limitations: plain text with &ampersand and *star inside\n"
    ))
    assert reports.messages() == []


#: what may read YAML other than ``core/yamlio/reader.py``, and why it may
TRUSTED_READERS = {
    "cli/site_config.py": "mkdocs.yml: the site owner's configuration, read as MkDocs reads it (aliases allowed)",
    "core/method/front_matter.py": "the package's own method.yaml, shipped with it",
}
#: PyYAML's names that read a text: its functions and its loaders (``…Loader(text)``)
READING = {"load", "load_all", "safe_load", "safe_load_all", "full_load", "full_load_all", "unsafe_load",
           "unsafe_load_all", "compose", "compose_all", "parse", "scan", "add_constructor", "add_multi_constructor"}
LOADERS = {"BaseLoader", "SafeLoader", "FullLoader", "Loader", "UnsafeLoader", "CBaseLoader", "CSafeLoader",
           "CFullLoader", "CLoader", "CUnsafeLoader", "CParser", "Parser", "Scanner", "Composer", "Reader"}


def _yaml_readers(path: Path) -> list[str]:
    """Where ``path`` names a PyYAML function or class that reads text, as 'line: name'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "yaml":
            names = [node.attr]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "yaml":
            names = [alias.name for alias in node.names] + ([node.module] if node.module != "yaml" else [])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and node.args:
            first = node.args[0]
            names = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(first, ast.Name)
                     and first.id == "yaml" and isinstance(a.value, str)]
        found += [f"{node.lineno}: {name}" for name in names
                  if name in READING | LOADERS or name.split(".")[-1] in {"reader", "scanner", "parser", "composer", "loader"}]
    return found


def test_yaml_is_read_in_one_place_that_refuses_aliases():
    package = REPO / "plugins" / "mkdocs_reports"
    readers = {}
    for path in sorted(package.rglob("*.py")):
        found = _yaml_readers(path)
        if found:
            readers[path.relative_to(package).as_posix()] = found
    assert readers.pop("core/yamlio/reader.py"), "the one home of YAML reading reads no YAML"
    assert sorted(readers) == sorted(TRUSTED_READERS), readers  # author YAML must go through read_yaml
