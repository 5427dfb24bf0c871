"""What a reader downloads: the HTML of each report page, as the site serves it and gzipped.

Builds the same collection twice in one run and compares page by page:

* **plugin** — the project as published (``reports/`` + the ``reports`` plugin: compact
  HTML, pictures on system pages, previews fetched apart);
* **plain** — MkDocs alone on the very same Markdown pages (``site_build.plain_project``),
  the baseline: what the pages weigh without what the plugin does after Markdown.

Prints each report page's bytes in both, the ratio, the gzipped bytes, and the weight of
the collection's preview files (fetched once per system, on the first hover). With
``--systems N`` it uses a synthetic collection of N systems instead of ``reports/``, to see
whether a page grows with the number of systems (it should not, bar the navigation).

    python benchmarks/page_weight.py [--systems 0] [--records 20]
"""

from __future__ import annotations

import argparse
import gzip
import logging
import shutil
import sys
import tempfile
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import REPO, plain_project  # noqa: E402
from synthetic import write_collection  # noqa: E402


def project(root: Path, systems: int, records: int) -> Path:
    root.mkdir()
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides")  # the site's own templates (theme.custom_dir)
    shutil.copytree(REPO / "docs", root / "docs")
    if systems:
        write_collection(root / "reports", systems, records)
    else:
        shutil.copytree(REPO / "reports", root / "reports")
    return root


def built(project_dir: Path) -> Path:
    config = load_config(str(project_dir / "mkdocs.yml"), strict=False, site_dir=str(project_dir / "site"))
    build(config)
    return project_dir / "site"


def report_pages(site: Path) -> dict[str, bytes]:
    """Every report page (``<system>/<member>/index.html`` with a report on it)."""
    return {
        path.parent.relative_to(site).as_posix() + "/": path.read_bytes()
        for path in sorted(site.glob("*/*/index.html"))
        if b'class="rpt-record' in path.read_bytes() or b"rpt-quote-source" in path.read_bytes()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", type=int, default=0, help="a synthetic collection of this many systems (0: reports/)")
    parser.add_argument("--records", type=int, default=20, help="records per synthetic report")
    args = parser.parse_args()
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        plugin_dir = project(Path(tmp) / "plugin", args.systems, args.records)
        plain_dir = plain_project(Path(tmp) / "plain", plugin_dir)
        plugin, plain = report_pages(built(plugin_dir)), report_pages(built(plain_dir))
        shown = sorted(plugin, key=lambda page: -len(plugin[page]))[:8]
        print(f"{'page':<28} {'plugin':>9} {'plain':>9} {'ratio':>6} {'gzip':>8} {'plain gz':>8}")
        for page in shown:
            ours, theirs = plugin[page], plain.get(page, b"")
            ratio = len(ours) / len(theirs) if theirs else float("nan")
            print(f"{page:<28} {len(ours):>9,} {len(theirs):>9,} {ratio:>6.3f} {len(gzip.compress(ours)):>8,} {len(gzip.compress(theirs)):>8,}")
        total_ours, total_plain = sum(map(len, plugin.values())), sum(len(plain.get(p, b"")) for p in plugin)
        print(f"{len(plugin)} report pages: plugin {total_ours:,} B, plain {total_plain:,} B, ratio {total_ours / total_plain:.3f}")
        previews = sorted((plugin_dir / "site" / "assets" / "mkdocs-reports" / "previews").glob("*.json"))
        sizes = [p.stat().st_size for p in previews]
        print(f"previews: {len(sizes)} files, largest {max(sizes):,} B, all {sum(sizes):,} B (one is fetched per system pointed at)")


if __name__ == "__main__":
    main()
