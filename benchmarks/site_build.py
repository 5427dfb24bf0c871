"""What the `reports` plugin adds to a MkDocs build.

Builds a synthetic collection (default 200 reports, from ``synthetic.py``) twice per round,
in the same process and run:

* **plugin** — the project as authors have it: ``reports/*.yaml`` + the ``reports`` plugin
  (load, validate, render, hand pages to MkDocs, link docs citations);
* **plain** — MkDocs alone on the very same pages, written beforehand as Markdown files in
  ``docs/`` with the same nav, extensions, theme, CSS and JS.

The ratio plugin/plain is what to compare between machines (goal: at most 1.25).

    python benchmarks/site_build.py [--reports 200] [--records 20] [--rounds 3]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.utils.yaml import yaml_load

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import write_collection  # noqa: E402

from mkdocs_reports.core.check import check_collection  # noqa: E402
from mkdocs_reports.plugin import ASSET_DIR, ASSETS  # noqa: E402
from mkdocs_reports.render import Paths, SiteRenderer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def plugin_project(root: Path, reports: int, records: int) -> Path:
    root.mkdir()
    for name in ("mkdocs.yml",):
        shutil.copy(REPO / name, root / name)
    for folder in ("docs",):
        shutil.copytree(REPO / folder, root / folder)
    write_collection(root / "reports", reports, records)
    return root


def plain_project(root: Path, source: Path) -> Path:
    """The plugin project's output as ordinary Markdown pages, built by MkDocs alone."""
    shutil.copytree(source, root, ignore=shutil.ignore_patterns("reports", "site"))
    checked = check_collection(source / "reports")
    paths = Paths()
    renderer = SiteRenderer(checked.graph, paths)
    for uri, text in renderer.pages().items():
        target = root / "docs" / uri
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    home = root / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8").replace("<!-- reports:glance -->", renderer.glance()), encoding="utf-8")
    for asset in ASSETS.iterdir():
        (root / "docs" / ASSET_DIR).mkdir(parents=True, exist_ok=True)
        shutil.copy(asset, root / "docs" / ASSET_DIR / asset.name)
    with open(source / "mkdocs.yml", encoding="utf-8") as handle:  # MkDocs' loader: it knows !ENV
        config = yaml_load(handle)
    config["plugins"] = ["search"]
    config["extra_css"] = [f"{ASSET_DIR}/reports.css"]
    config["extra_javascript"] = [f"{ASSET_DIR}/reports.js"]
    hand_written = sorted(p.name for p in (source / "docs").glob("*.md") if p.name != "index.md")
    config["nav"] = ["index.md", *renderer.nav, *hand_written]  # as the plugin orders it
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return root


def timed_build(project: Path) -> float:
    config = load_config(str(project / "mkdocs.yml"), strict=True, site_dir=str(project / "site"))
    start = time.perf_counter()
    build(config)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=200)
    parser.add_argument("--records", type=int, default=20, help="records per report")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    logging.getLogger("mkdocs").setLevel(logging.WARNING)

    with tempfile.TemporaryDirectory() as tmp:
        plugin = plugin_project(Path(tmp) / "plugin", args.reports, args.records)
        plain = plain_project(Path(tmp) / "plain", plugin)
        pages = sum(1 for _ in (plain / "docs").rglob("*.md"))
        print(f"{args.reports} reports × {args.records} records; {pages} pages per site")
        timed_build(plugin), timed_build(plain)  # warm-up: imports, theme, caches
        times: dict[str, list[float]] = {"plugin": [], "plain": []}
        for _ in range(args.rounds):
            times["plugin"].append(timed_build(plugin))
            times["plain"].append(timed_build(plain))
        for name, values in times.items():
            print(f"{name:>6}: median {statistics.median(values):6.2f} s   best {min(values):6.2f} s")
        ratio = statistics.median(times["plugin"]) / statistics.median(times["plain"])
        print(f" ratio: {ratio:.3f} (plugin / plain MkDocs, medians; goal ≤ 1.25)")


if __name__ == "__main__":
    main()
