"""How long `mkdocs-reports check` takes as the collection grows.

Generates synthetic collections (N reports × 20 records) and times load + validate, next to
a baseline measured in the same run on the same files: PyYAML's C loader (`yaml.load` with
CSafeLoader), which parses the files and checks nothing. Ratios to that baseline are what to
compare between machines; absolute times vary. Memory is the peak Python allocation of one
check (tracemalloc, in a run of its own), next to the size of the YAML it read.

    python benchmarks/check_collection.py [--sizes 250 500 1000] [--records 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mkdocs_reports.core.rules.collection_check import check_collection  # noqa: E402
from synthetic import write_collection  # noqa: E402


def peak_memory(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def best_of(repeat: int, work) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 500, 1000])
    parser.add_argument("--records", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'reports':>8} {'records':>8} {'MB':>6} {'baseline s':>11} {'check s':>8} {'ratio':>6} {'s/1k rec':>9} {'peak MB':>8} {'peak/YAML':>9}")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder) / "reports"
            size_bytes = write_collection(root, size, args.records)
            files = sorted(root.glob("*/*.yaml"))
            baseline, _ = best_of(args.repeat, lambda: [yaml.load(f.read_bytes(), Loader=yaml.CSafeLoader) for f in files])
            checked, result = best_of(args.repeat, lambda: check_collection(root))
            peak = peak_memory(lambda: check_collection(root))
            assert result.ok, result.diagnostics[:5]
            records = sum(len(r.records) for r in result.collection.reports())
            print(
                f"{size:>8} {records:>8} {size_bytes / 1e6:>6.1f} {baseline:>11.2f} {checked:>8.2f}"
                f" {checked / baseline:>6.2f} {checked / records * 1000:>9.3f} {peak / 1e6:>8.0f} {peak / size_bytes:>9.1f}"
            )


if __name__ == "__main__":
    main()
