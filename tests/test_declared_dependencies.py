"""Every package the plugin imports from outside the standard library is one of its declared
dependencies (``pyproject.toml``), or comes with one: the wheel test's fresh environment
sees the test environment's packages, so it would not notice an undeclared one."""

from __future__ import annotations

import ast
import importlib.metadata
import sys
import tomllib

from conftest import REPO
from distributions import requirement_name, with_their_requirements

PACKAGE = REPO / "plugins" / "mkdocs_reports"
#: imported only where the generator in use provides it (the package runs under either)
EITHER_GENERATOR = {"properdocs"}



def _imported() -> dict[str, str]:
    """Top-level module → the first file importing it, for every import in the package."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(REPO)))
    return found



def test_every_third_party_import_is_declared():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {requirement_name(r) for r in project["dependencies"]}
    provided = with_their_requirements(declared)
    distributions = importlib.metadata.packages_distributions()
    undeclared = []
    for module, where in _imported().items():
        if module in sys.stdlib_module_names or module == "mkdocs_reports" or module in EITHER_GENERATOR:
            continue
        owners = {d.lower().replace("_", "-") for d in distributions.get(module, [])}
        if not owners & provided:
            undeclared.append(f"{module} ({where}): from {sorted(owners) or 'no installed distribution'}")
    assert undeclared == [], "declare these in pyproject.toml's dependencies:\n" + "\n".join(undeclared)
