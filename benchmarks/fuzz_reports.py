"""Fuzz the checker and the pages with many mutated reports (tests/fuzzing.py).

The test suite runs a few hundred inputs with a fixed seed; this runs as many as asked
(10,000 and more), with any seed, and reports every input that raised, got a message
without its place or fix, or rendered to HTML that could run script. Exit code 1 when
any did; each is named by its number, so ``inputs(n, seed)[number]`` makes it again.

    python benchmarks/fuzz_reports.py [--count 12000] [--seed 8] [--render-every 10]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

import markdown  # noqa: E402
from mkdocs_reports.render import SiteRenderer, markdown_extensions  # noqa: E402

from fuzzing import inputs  # noqa: E402
from mkdocs_reports.safety.sanitize import sanitize  # noqa: E402
from test_fuzz import EXTENSIONS, assert_messages_are_placed, check_one, unsafe  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12_000)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--render-every", type=int, default=10, help="render every n-th input that loads")
    args = parser.parse_args()
    failures, loaded, rendered, slowest = [], 0, 0, (0.0, -1)
    started = time.perf_counter()
    for number, data in inputs(args.count, args.seed):
        begun = time.perf_counter()
        try:
            report, graph, messages = check_one(data)
            assert_messages_are_placed(data, messages)
            if report is not None:
                loaded += 1
                if loaded % args.render_every == 0:
                    renderer = SiteRenderer(graph)
                    for page, text in renderer.pages().items():
                        html = markdown.markdown(text.split("---\n", 2)[-1], extensions=[*EXTENSIONS, *markdown_extensions()])
                        found = unsafe(sanitize(html, renderer.anchors[page].ids))
                        assert not found, f"{page}: {found[:3]}"
                    rendered += 1
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
            failures.append(f"input {number}: {type(error).__name__}: {str(error)[:300]}")
        slowest = max(slowest, (time.perf_counter() - begun, number))
    elapsed = time.perf_counter() - started
    print(f"{args.count} inputs (seed {args.seed}) in {elapsed:.1f} s: {loaded} loaded, {rendered} rendered, "
          f"{len(failures)} failed; slowest input {slowest[1]} took {slowest[0] * 1000:.0f} ms")
    for failure in failures[:50]:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
