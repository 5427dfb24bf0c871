"""The package's folders are its layers, and imports go one way: ``core/`` (the model and
its checks) imports no generator, no Markdown and no templates; the page layer
(``pages/``) and the safety layer (``safety/``) import no generator; only the adapter
(``adapter/``) and the command line import MkDocs. Read from the source, not from what a
test run happened to import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "plugins" / "mkdocs_reports"
GENERATORS = {"mkdocs", "properdocs"}
FORBIDDEN = {
    "core": GENERATORS | {"markdown", "jinja2", "markupsafe", "pymdownx", "nh3"},
    "pages": GENERATORS,
    "safety": GENERATORS | {"jinja2", "markdown"},
}
#: which of the package's own folders a layer may import
OWN = {"core": {"core"}, "safety": {"core", "safety"}, "pages": {"core", "safety", "pages"}}


def _imports(path: Path) -> set[str]:
    """The top-level modules a file imports, and the package folders it imports relatively."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    layer_depth = len(path.relative_to(PACKAGE).parts) - 1
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level:
                up = node.level - 1
                parts = list(path.relative_to(PACKAGE).parts[:-1])
                base = parts[: len(parts) - up] if up <= layer_depth else []
                target = [*base, *(node.module.split(".") if node.module else [])]
                found.add("mkdocs_reports." + (target[0] if target else ""))
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_only_what_lies_below_it(layer):
    wrong = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        imports = _imports(path)
        wrong += [f"{path.relative_to(PACKAGE)} imports {name}" for name in sorted(imports & FORBIDDEN[layer])]
        own = {name.removeprefix("mkdocs_reports.") for name in imports if name.startswith("mkdocs_reports.")}
        wrong += [f"{path.relative_to(PACKAGE)} imports {name}/" for name in sorted(own - OWN[layer] - {""})]
    assert wrong == []


def test_the_check_alone_loads_no_generator_markdown_or_templates(tmp_path):
    """What ``mkdocs-reports check`` runs: the modules it imports, in a process of its own."""
    import subprocess
    import sys

    code = (
        "import sys; from mkdocs_reports.core.rules.collection_check import check_collection; "
        "check_collection(sys.argv[1]); "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & {'mkdocs', 'properdocs', 'markdown', 'jinja2', 'markupsafe', 'nh3'})))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
