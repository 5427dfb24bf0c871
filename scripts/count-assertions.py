"""Count the assertions of the test suite, per test function and in total.

Counts ``assert`` statements and pytest's assertion helpers (``pytest.raises``,
``pytest.warns``, ``pytest.fail``, ``pytest.deprecated_call``) in every function of
``tests/`` — test functions by their name, helpers (fixtures, ``conftest.py``,
``sitehtml.py``…) by theirs — so that a reshaped suite can show it lost none:
run it before and after and compare (``--diff before.json``).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

HELPERS = {"raises", "warns", "fail", "deprecated_call"}


def assertions(node: ast.AST) -> int:
    """The assertions written in ``node`` itself (not in functions nested in it)."""
    count = 0
    stack = list(ast.iter_child_nodes(node))
    while stack:
        child = stack.pop()
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        if isinstance(child, ast.Assert):
            count += 1
        elif isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr in HELPERS \
                and isinstance(child.func.value, ast.Name) and child.func.value.id == "pytest":
            count += 1
        stack.extend(ast.iter_child_nodes(child))
    return count


def functions(tree: ast.AST, prefix: str = "") -> dict[str, int]:
    """Every function of ``tree`` by qualified name, with its own assertions."""
    found: dict[str, int] = {}
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[prefix + node.name] = assertions(node)
            found |= functions(node, prefix + node.name + ".")
        elif isinstance(node, ast.ClassDef):
            found |= functions(node, prefix + node.name + ".")
    return found


def count(tests: Path) -> dict[str, int]:
    result: dict[str, int] = {}
    for path in sorted(tests.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ast.Module(body=[n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)], type_ignores=[])
        top = assertions(module)
        if top:
            result[f"{path.relative_to(tests)}::<module>"] = top
        for name, n in functions(tree).items():
            result[f"{path.relative_to(tests)}::{name}"] = n
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tests", nargs="?", default="tests", type=Path)
    parser.add_argument("--json", type=Path, help="write the counts per function here")
    parser.add_argument("--diff", type=Path, help="compare with an earlier --json")
    args = parser.parse_args()
    counts = count(args.tests)
    in_tests = sum(n for name, n in counts.items() if name.rsplit("::", 1)[1].split(".")[-1].startswith("test"))
    total = sum(counts.values())
    print(f"assertions: {total} in all ({in_tests} in test functions, {total - in_tests} in helpers and fixtures); "
          f"{sum(1 for name in counts if name.rsplit('::', 1)[1].split('.')[-1].startswith('test'))} test functions")
    if args.json:
        args.json.write_text(json.dumps(counts, indent=1, sort_keys=True), encoding="utf-8")
    if args.diff:
        before = json.loads(args.diff.read_text(encoding="utf-8"))
        before_total = sum(before.values())
        print(f"before: {before_total}, now: {total} ({total - before_total:+d})")
        for name in sorted(set(before) | set(counts)):
            if before.get(name, 0) != counts.get(name, 0):
                print(f"  {name}: {before.get(name, 0)} -> {counts.get(name, 0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
