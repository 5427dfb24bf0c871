"""The analysis set is data: its roles, members and sections are named in the package's
``member_types/`` files only, never in its Python code or templates."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

from mkdocs_reports.core.method.types import Shape

PACKAGE = Path(__file__).resolve().parent.parent / "plugins" / "mkdocs_reports"
DATA = PACKAGE / "member_types"


def _method_names() -> set[str]:
    """Every role, member and section name the package's data declares (but the shapes'
    own keys, ``records`` and ``annotations``, which the code's structure names, and the
    views of front-matter values, which are front-matter keys)."""
    names: set[str] = set()
    for path in DATA.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "layout" in data:
            for role, spec in data["layout"]["roles"].items():
                names.update((role, spec["path"].removesuffix(".md")))
        elif "sections" in data:
            names.add(data["member"])
            names.update(s["key"] for s in data["sections"] if not s.get("front_matter"))
    return names - {shape.value for shape in Shape}


def _python_names(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names]


def _template_names(path: Path, names: set[str]) -> list[str]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        found += [f"{path.relative_to(PACKAGE)}:{number}: {m.group(0)}" for m in re.finditer(r"([\"'])([a-z_-]+)\1", line)
                  if m.group(2) in names]
    return found


def test_no_role_member_or_section_name_is_written_outside_the_data() -> None:
    names = _method_names()
    assert {"overview", "memory-profile", "limitations", "source_register", "synthesis"} <= names
    found = [hit for path in sorted(PACKAGE.rglob("*.py")) for hit in _python_names(path, names)]
    found += [hit for path in sorted(PACKAGE.rglob("*.j2")) for hit in _template_names(path, names)]
    assert found == []
