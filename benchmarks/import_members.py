"""How long `mkdocs-reports import` takes for N members written in the method's Markdown.

The members are the synthetic collection's (``synthetic.py``: 20 records per member, prose
from the seed reports), exported with ``export --format markdown``: N systems of one member
each, every one a set folder of its own. The import is timed whole (read, place every
line, write the YAML and _set.yaml, check it all as ``mkdocs-reports check`` would, write).
Beside it, in the same run, on the same files:

- reading the Markdown with Python-Markdown (``markdown.markdown``, the converter MkDocs
  uses): a peer that parses the same input;
- PyYAML's C loader on the YAML the import wrote (``yaml.load`` with CSafeLoader): parsing
  the output and checking nothing;
- ``mkdocs-reports check`` of the imported collection (one process; the import checks
  what it writes too, its sets shared between two processes).

Each ratio is the import's time over the baseline's. ``cpu s`` is the import's processor
time, its own and its worker processes' (best run): on a machine that others share, wall
time grows with their load, processor time much less; half of it is what two idle cores
need for the shared work. Ratios are what to compare between machines; absolute times
depend on the machine and on what else runs on it. ``--hostile`` adds the growth of the
import's reading with hostile input (time at twice the size, which is 2 for linear).

    python benchmarks/import_members.py [--sizes 250 500 1000] [--repeat 2] [--hostile]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import markdown
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mkdocs_reports.core.diagnostics import Diagnostics  # noqa: E402
from mkdocs_reports.core.loading.bulk import no_cycle_collection  # noqa: E402
from mkdocs_reports.core.markdown.reader import import_markdown, read_member  # noqa: E402
from mkdocs_reports.core.markdown.writer import member_markdown  # noqa: E402
from mkdocs_reports.core.rules.collection_check import check_collection  # noqa: E402
from mkdocs_reports.core.schemas.type_files import builtin_registry  # noqa: E402
from synthetic import write_collection  # noqa: E402


def best_of(repeat: int, work, before=None) -> tuple[float, object]:
    return _best(repeat, work, before)[::2]


def _cpu() -> float:
    """Processor seconds of this process and of its finished worker processes."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def _best(repeat: int, work, before=None) -> tuple[float, float, object]:
    """The best wall time, the best processor time and the last result of ``repeat`` runs."""
    best, best_cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        if before:
            before()
        start, start_cpu = time.perf_counter(), _cpu()
        result = work()
        best, best_cpu = min(best, time.perf_counter() - start), min(best_cpu, _cpu() - start_cpu)
    return best, best_cpu, result


def members(folder: Path, count: int) -> Path:
    """``count`` synthetic members as the method's Markdown, under ``folder/md``."""
    yaml_root = folder / "yaml"
    write_collection(yaml_root, count, 20)
    checked = check_collection(yaml_root)
    assert checked.ok, checked.diagnostics[:3]
    out = folder / "md"
    for report in checked.collection.reports():
        text, _ = member_markdown(report, checked.collection.types)
        target = out / report.system / f"{report.member}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    shutil.rmtree(yaml_root)
    return out


def run_sizes(sizes: list[int], repeat: int) -> None:
    print(f"{'members':>8} {'MB md':>6} {'import s':>9} {'cpu s':>6} {'ms/member':>10} {'Python-Markdown s':>18} {'ratio':>6} "
          f"{'PyYAML C s':>11} {'ratio':>6} {'check s':>8} {'ratio':>6}")
    for size in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            md = members(folder, size)
            sets = sorted(md.iterdir())
            files = [s / "memory.md" for s in sets]
            mb = sum(f.stat().st_size for f in files) / 1e6
            into = folder / "reports"

            def fresh() -> None:
                shutil.rmtree(into, ignore_errors=True)

            seconds, cpu, result = _best(repeat, lambda: import_markdown(sets, into), before=fresh)
            assert result.ok, result.diagnostics[:3]
            written = sorted(into.glob("*/*.yaml"))
            peer, _ = best_of(repeat, lambda: [markdown.markdown(f.read_text(encoding="utf-8"), extensions=["tables"]) for f in files])
            parse, _ = best_of(repeat, lambda: [yaml.load(f.read_bytes(), Loader=yaml.CSafeLoader) for f in written])
            check, _ = best_of(repeat, lambda: check_collection(into))
            print(f"{size:>8} {mb:>6.1f} {seconds:>9.2f} {cpu:>6.2f} {1000 * seconds / size:>10.2f} {peer:>18.2f} {seconds / peer:>6.2f} "
                  f"{parse:>11.2f} {seconds / parse:>6.2f} {check:>8.2f} {seconds / check:>6.2f}")


HEAD = ("---\ntype: agentic-system-memory-report\ndescription: d\nrun-id: AAS-2026-01-01-x-01\nsource-identity: s\n"
        "reviewed-boundary: r\n---\n\n# X memory report\n\n## Core ideas\n\n")
HOSTILE = {
    "pipes": lambda n: "|" * n,
    "short table rows": lambda n: "| a | b |\n|---|---|\n" + "| x |\n" * (n // 6),
    "quote lines": lambda n: "> a\n" * (n // 4),
    "fences with info": lambda n: "```x\n# h\n" * (n // 8),
    "fences of many lengths": lambda n: "".join("`" * (3 + i % 50) + "\n## s\n" for i in range(n // 60)),
    "one field again": lambda n: "- a: b\n" * (n // 7),
    "indents": lambda n: "".join(" " * (i % 40) + "- x\n" for i in range(n // 24)),
    "declarations": lambda n: "## Shared records\n\n### Routes\n\n" + "#### MEM-RTE-a — b\n" * (n // 20),
    "backtick runs": lambda n: "> x\n> --- " + "`" * (n // 2) + " " + "`" * (n // 2 - 1),
    "colons": lambda n: "- " + "a: " * (n // 3),
}


def run_hostile(size: int, repeat: int) -> None:
    registry = builtin_registry()
    print(f"\n{'hostile shape':>24} {'s at 1x':>8} {'s at 2x':>8} {'growth':>7}")
    for name, make in HOSTILE.items():
        times = []
        for n in (size, 2 * size):
            data = (HEAD + make(n)).encode()
            with no_cycle_collection():  # as the import reads members
                seconds, _ = best_of(repeat, lambda: read_member("x.md", Path("x.md"), data, registry, Diagnostics()))
            times.append(seconds)
        print(f"{name:>24} {times[0]:>8.3f} {times[1]:>8.3f} {times[1] / times[0]:>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 500, 1000])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--hostile", action="store_true", help="also the growth with hostile input (1 MB and 2 MB)")
    args = parser.parse_args()
    run_sizes(args.sizes, args.repeat)
    if args.hostile:
        run_hostile(1_000_000, args.repeat)


if __name__ == "__main__":
    main()
