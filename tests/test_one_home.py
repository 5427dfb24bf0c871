"""A concept the package knows is written in one place: the record-ID grammar in
``core/method/ids.py`` (the slug of a system or member in ``core/method/site_names.py``), "did you mean"
in ``core/method/near_misses.py``. Read from the source, so that a second copy fails here before
it drifts from the first."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mkdocs_reports.core.method.ids import DESTINATION_RE, ID_SHAPE, IdGrammar, id_spelled_by
from mkdocs_reports.core.method.near_misses import did_you_mean
from mkdocs_reports.core.schemas.type_files import builtin_method

PACKAGE = Path(__file__).resolve().parents[1] / "plugins" / "mkdocs_reports"
SOURCES = sorted(PACKAGE.rglob("*.py"))


def _string_constants(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _names_used(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    names |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    return names | {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


@pytest.mark.parametrize("piece", [r"{2,5}", r"{2,4}", r"[a-z0-9][a-z0-9-]*", r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*"])
def test_the_id_grammar_and_the_slug_are_written_once(piece: str) -> None:
    homes = {PACKAGE / "core" / "method" / "ids.py", PACKAGE / "core" / "method" / "site_names.py"}
    copies = [str(path.relative_to(PACKAGE)) for path in SOURCES
              if path not in homes and any(piece in text for text in _string_constants(path))]
    assert copies == []


def test_did_you_mean_is_asked_of_difflib_in_one_module() -> None:
    askers = [str(path.relative_to(PACKAGE)) for path in SOURCES if "get_close_matches" in _names_used(path)]
    assert askers == ["core/method/near_misses.py"]


def test_the_shared_pieces_match_what_the_copies_matched() -> None:
    grammar = IdGrammar({"MEM": "memory", "RT": "runtime"}, {"RTE": "Routes", "OBJ": "Objects"})
    assert re.fullmatch(ID_SHAPE, "MEM-RTE-Update-Path2") and not re.fullmatch(ID_SHAPE, "MEMORY-RTE-x")
    match = DESTINATION_RE.fullmatch("memory.md#mem-rte-update-path")
    assert match is not None and id_spelled_by(match.group(2)) == "MEM-RTE-update-path"
    assert DESTINATION_RE.fullmatch("memory.md#mem-rte-Update") is None
    assert grammar.id_of_anchor("rt-obj-store") == "RT-OBJ-store" and grammar.id_of_anchor("rt-obj") is None


def test_did_you_mean_shows_the_choice_as_asked() -> None:
    assert did_you_mean("verfied", ["verified", "absent"]) == "did you mean 'verified'? "
    assert did_you_mean("Evidnce", ["Evidence"], "'## {}'") == "did you mean '## Evidence'? "
    assert did_you_mean("zzz", ["verified"]) == ""


def test_the_comparisons_words_are_the_methods_data() -> None:
    """Axis titles, what each basis and each assessment without values means, which
    assessments classify and which cite records are read from ``member_types/method.yaml``;
    no module or template writes them again."""
    comparison = builtin_method().comparison
    words = {*comparison.titles.values(), *comparison.basis_meanings.values(), *comparison.assessment_meanings.values()}
    assert comparison.titles["read_back_signal"] == "Read-back signal" and comparison.positive == ("known", "partial")
    copies = {str(path.relative_to(PACKAGE)): sorted(words & set(_string_constants(path))) for path in SOURCES}
    assert {path: found for path, found in copies.items() if found} == {}
    in_templates = {str(path.relative_to(PACKAGE)): sorted(word for word in words if word in path.read_text(encoding="utf-8"))
                    for path in sorted(PACKAGE.rglob("*.j2"))}
    assert {path: found for path, found in in_templates.items() if found} == {}
    lists = [str(path.relative_to(PACKAGE)) for path in SOURCES
             if {comparison.positive, comparison.cited} & set(_string_tuples(path))]
    assert lists == []


def _string_tuples(path: Path) -> list[tuple[str, ...]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [tuple(e.value for e in node.elts if isinstance(e, ast.Constant)) for node in ast.walk(tree)
            if isinstance(node, ast.Tuple | ast.List)]
