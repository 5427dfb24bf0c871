"""What the comparison of memory profiles weighs as the collection grows: the comparison
page's HTML as the site serves it, raw and gzipped, and its downloads (CSV, JSON), for
synthetic collections of 10, 100 and 1,000 systems with a profile each (``synthetic.py``).

The page has a row per system, so it should grow linearly: the bytes per system stay the
same from one size to the next. Also printed: the home page (it lists every system with
its description: linear too) and a system's profile page, which must not grow at all (no
page but the comparison and the home page carries what every system has).

    python benchmarks/comparison_weight.py [--systems 10 100 1000]
"""

from __future__ import annotations

import argparse
import gzip
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import REPO  # noqa: E402
from synthetic import write_profiles  # noqa: E402


def project(root: Path, systems: int) -> Path:
    root.mkdir()
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides")  # the site's own templates (theme.custom_dir)
    shutil.copytree(REPO / "docs", root / "docs")
    write_profiles(root / "reports", systems)
    return root


def built(project_dir: Path) -> Path:
    config = load_config(str(project_dir / "mkdocs.yml"), strict=False, site_dir=str(project_dir / "site"))
    build(config)
    return project_dir / "site"


def weights(data: bytes) -> tuple[int, int]:
    return len(data), len(gzip.compress(data, 9))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", type=int, nargs="+", default=[10, 100, 1000], help="collection sizes to build")
    args = parser.parse_args()
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    print(f"{'systems':>7} {'page':>11} {'page gz':>9} {'B/system':>8} {'gz/system':>9} {'csv':>10} {'json':>10} "
          f"{'home':>10} {'profile':>8} {'build':>7}")
    for systems in args.systems:
        with tempfile.TemporaryDirectory() as tmp:
            started = time.perf_counter()
            site = built(project(Path(tmp) / "site", systems))
            seconds = time.perf_counter() - started
            page, page_gz = weights((site / "comparison" / "index.html").read_bytes())
            csv_size = (site / "comparison" / "comparison.csv").stat().st_size
            json_size = (site / "comparison" / "comparison.json").stat().st_size
            home = (site / "index.html").stat().st_size
            profile = (site / "system0000" / "memory-profile" / "index.html").stat().st_size
            print(f"{systems:>7,} {page:>11,} {page_gz:>9,} {page // systems:>8,} {page_gz // systems:>9,} {csv_size:>10,} "
                  f"{json_size:>10,} {home:>10,} {profile:>8,} {seconds:>6.1f}s")


if __name__ == "__main__":
    main()
