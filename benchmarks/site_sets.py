"""What a published set costs the site's build per report: the method's current sets (eleven
members: ``tests/fixtures/sets/current/tern`` as a template) beside its six-member sets
(``tests/fixtures/sets/retained/inkwell``), side by side in one run.

For each generation and each number of sets, the sets are written as the method publishes them
(``retained/<slug>/`` with a manifest pinning every member, made as ``import_sets.py`` makes
them: every set with IDs of its own), imported with ``mkdocs-reports import`` into the
project's ``reports/``, and the project (this repository's ``mkdocs.yml``, ``overrides/`` and
``docs/``) built by MkDocs in a process of its own. It reports the reports (members) and
pages the build made, its CPU (user + system seconds of the build's process and its children,
not wall time: the machine is shared), its peak memory, the CPU per report, and the marginal
CPU per report: what the reports added between the smallest and the largest number of sets
cost, the site's fixed cost (the docs pages, the theme, the search index's start) left out.
The generations are built alternately, so that a change of the machine's speed hits both.

    python benchmarks/site_sets.py [--sets 50 100] [--rounds 1]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_sets import current, retained  # noqa: E402
from mkdocs_reports.core.markdown.reader import import_markdown  # noqa: E402
from site_build import REPO, mkdocs_build, site_sizes  # noqa: E402

#: each generation's sets as the method publishes them, by the function that writes them
GENERATIONS: dict[str, Callable[[Path, int], Path]] = {"six-member": retained, "eleven-member": current}


def project(root: Path, make: Callable[[Path, int], Path], sets: int) -> tuple[Path, int, int]:
    """A site project with ``sets`` imported sets; (its folder, reports, Markdown bytes read)."""
    root.mkdir()
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides")
    shutil.copytree(REPO / "docs", root / "docs")
    published = make(root / "published", sets)
    result = import_markdown([published], root / "reports")
    assert result.ok, result.diagnostics[:3]
    size = sum(path.stat().st_size for path in published.glob("*/*.md"))
    reports = sum(1 for path in (root / "reports").glob("*/*.yaml") if not path.name.startswith("_"))
    shutil.rmtree(published)
    return root, reports, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, nargs="+", default=[50, 100])
    parser.add_argument("--rounds", type=int, default=1, help="builds of each kind (the median is shown)")
    args = parser.parse_args()
    print(f"CPU = user + system seconds of the build, median of {args.rounds}\n")
    print("| sets | generation | reports | KB md per report | pages | CPU s | peak MB | CPU ms per report | marginal CPU ms per report |")
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    sizes = sorted(args.sets)
    cpu: dict[tuple[str, int], float] = {}
    counted: dict[tuple[str, int], int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for sets in sizes:
            projects = {name: project(Path(tmp) / f"{name}-{sets}", make, sets) for name, make in GENERATIONS.items()}
            runs: dict[str, list[tuple[float, int]]] = {name: [] for name in GENERATIONS}
            for _ in range(args.rounds):
                for name, (folder, _, _) in projects.items():
                    run = mkdocs_build(folder)
                    runs[name].append((run.cpu, run.peak))
            for name, (folder, reports, size) in projects.items():
                seconds = statistics.median(used for used, _ in runs[name])
                peak = max(most for _, most in runs[name])
                cpu[name, sets], counted[name, sets] = seconds, reports
                _, pages, _ = site_sizes(folder / "site")
                marginal = "—"
                if sets != sizes[0]:
                    added = reports - counted[name, sizes[0]]
                    marginal = f"{1000 * (seconds - cpu[name, sizes[0]]) / added:.0f}"
                print(f"| {sets:,} | {name} | {reports:,} | {size / reports / 1000:.1f} | {pages:,} | {seconds:.1f} "
                      f"| {peak / 1e6:,.0f} | {1000 * seconds / reports:.0f} | {marginal} |", flush=True)
                shutil.rmtree(folder)


if __name__ == "__main__":
    main()
