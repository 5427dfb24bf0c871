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


# --- inside core/ ----------------------------------------------------------------------

CORE = PACKAGE / "core"
#: core's packages (and top-level modules) from the bottom up: each imports only those before it
CORE_LAYERS = ("diagnostics", "method", "prose", "yamlio", "schemas", "model", "grounding", "loading", "rules",
               "export", "markdown", "changes")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _core_modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(CORE.rglob("*.py"))}


def _typing_only(tree: ast.Module) -> set[ast.AST]:
    """Imports under ``if TYPE_CHECKING:``: names for annotations, never run."""
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            found.update(inner for statement in node.body for inner in ast.walk(statement))
    return found


def _module_imports(name: str, path: Path, modules: dict[str, Path], *, typing: bool) -> set[str]:
    """The modules of ``core`` that module ``name`` imports: every import statement, at the
    top or inside a function; ``from package import module`` names the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if typing else _typing_only(tree)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if node in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in modules and target != name)
    return found


def _graph(*, typing: bool) -> dict[str, set[str]]:
    modules = _core_modules()
    return {name: _module_imports(name, path, modules, typing=typing) for name, path in modules.items()}


def test_no_module_of_core_imports_itself_round_a_circle():
    """Python tolerates a circle hidden in a function-level import; a reader does not."""
    graph = _graph(typing=True)
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                circles.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert [" -> ".join(circle) for circle in circles] == []


def test_core_packages_import_only_what_lies_below_them():
    """Each package of ``core`` (and ``diagnostics``, ``model``) has a place in
    ``CORE_LAYERS``; a module imports nothing above its own. ``core/__init__`` re-exports
    from the top and is no layer."""
    graph = _graph(typing=False)
    unknown, wrong = [], []
    for name, targets in sorted(graph.items()):
        if name == "mkdocs_reports.core":
            continue
        layer = name.split(".")[2]
        if layer not in CORE_LAYERS:
            unknown.append(name)
            continue
        for target in sorted(targets):
            if target == "mkdocs_reports.core" or CORE_LAYERS.index(target.split(".")[2]) > CORE_LAYERS.index(layer):
                wrong.append(f"{name} imports {target}")
    assert unknown == []
    assert wrong == []
