"""One home per rule, found from one map: every module of ``core`` that reports an error is
named in ``core/rules/__init__``'s map (a rule module of ``rules/`` by its own name, any
other by its place in ``core``), so that a reader looking for a check by what it checks
finds where it lives. Read from the source."""

from __future__ import annotations

import ast
from pathlib import Path

import mkdocs_reports.core.rules as rules

CORE = Path(rules.__file__).resolve().parents[1]


def _reports_errors(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "error"
               for node in ast.walk(tree))


def test_every_module_of_core_that_reports_errors_is_named_in_the_rules_map():
    assert rules.__doc__ is not None
    unnamed = []
    for path in sorted(CORE.rglob("*.py")):
        if path.name == "__init__.py" or not _reports_errors(path):
            continue
        parts = path.relative_to(CORE).with_suffix("").parts
        name = parts[-1] if parts[0] == "rules" else ".".join(parts)
        if f"``{name}``" not in rules.__doc__:
            unnamed.append(name)
    assert unnamed == []

