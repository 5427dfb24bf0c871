"""What publishing a collection costs, side by side with MkDocs alone and with a peer.

For each collection size (synthetic reports from ``synthetic.py``, one system each), in one
run, every build in a process of its own:

* **plugin** — the project as authors have it: ``reports/*.yaml`` + the ``reports`` plugin;
* **plain** — MkDocs alone on the very same pages, written beforehand as Markdown files in
  ``docs/`` (the parts the plugin writes as HTML inlined as raw HTML), with the same theme,
  CSS and JS, and the Markdown extensions of ``mkdocs.yml`` plus those a build without the
  plugin needs (``requirements.PLAIN_BUILD_EXTENSIONS``: the author's characters restored
  from their placeholders, record labels, safe links), as ``mkdocs-reports pages`` says; its navigation lists what the plugin's lists on a page outside
  any system (the system pages are ``not_in_nav``);
* **sphinx** (with ``--sphinx-python``) — Sphinx with sphinx-needs on the same collection
  (``sphinx_peer.py``: documents, needs with text and links, a needtable); the Python named
  has them when the ``bench`` extra is installed in it (``pip install -e '.[bench]'``, which
  also brings Selenium for the first visit).

It reports pages, CPU seconds (user + system of the build's process, not wall time: the
machine is shared), peak memory, the site's bytes, the average HTML page, and what a
reader's first visit to the home page transfers gzip-compressed (the page, its CSS and
scripts, the search worker and search index; measured in headless Chromium against a
local server that compresses as GitHub Pages does; skipped without Chromium).

    python benchmarks/site_build.py [--reports 50 200 1000] [--records 20] [--rounds 1]
                                    [--sphinx-python PATH]
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import yaml
from mkdocs.utils.yaml import yaml_load

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sphinx_peer import write_project  # noqa: E402
from synthetic import write_collection  # noqa: E402

from mkdocs_reports.core.check import check_collection  # noqa: E402
from mkdocs_reports.plugin import ASSET_DIR, ASSETS  # noqa: E402
from mkdocs_reports.render import Paths, SiteRenderer  # noqa: E402
from mkdocs_reports.render.placeholders import AMP, BRACE, LT, NOTHING, PIPE, RECORD_LABEL  # noqa: E402
from mkdocs_reports.render.requirements import PLAIN_BUILD_EXTENSIONS  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
OWN_PEAK = Path(__file__).resolve().parent / "own_peak.py"


def plugin_project(root: Path, reports: int, records: int) -> Path:
    root.mkdir()
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "docs", root / "docs")
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
        target.write_text(renderer.inline_parts(uri, text), encoding="utf-8")
    home = root / "docs" / "index.md"
    glance = renderer.inline_parts(paths.home_page, renderer.glance())
    home.write_text(home.read_text(encoding="utf-8").replace("<!-- reports:glance -->", glance), encoding="utf-8")
    for asset in ASSETS.iterdir():
        (root / "docs" / ASSET_DIR).mkdir(parents=True, exist_ok=True)
        shutil.copy(asset, root / "docs" / ASSET_DIR / asset.name)
    with open(source / "mkdocs.yml", encoding="utf-8") as handle:  # MkDocs' loader: it knows !ENV
        config = yaml_load(handle)
    config["plugins"] = [entry for entry in config["plugins"] if "reports" not in entry]  # search, as configured
    extensions = config.get("markdown_extensions") or []
    named = {next(iter(entry)) if isinstance(entry, dict) else entry for entry in extensions}
    config["markdown_extensions"] = [*extensions, *(name for name in PLAIN_BUILD_EXTENSIONS if name not in named)]
    config["extra_css"] = [f"{ASSET_DIR}/reports.css"]
    config["extra_javascript"] = [f"{ASSET_DIR}/reports.js"]
    hand_written = sorted(p.name for p in (source / "docs").glob("*.md") if p.name != "index.md")
    site = [{"Systems": paths.systems_page}, {"Record index": paths.index_page}, {"Coverage overview": paths.coverage_page}]
    config["nav"] = ["index.md", *site, *hand_written]
    config["not_in_nav"] = "*/\n"  # the system pages: linked from the systems page, not listed
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return root


@dataclass
class Run:
    cpu: float  # seconds, user + system
    peak: int  # bytes of resident memory at most
    finished: bool = True  # False: stopped at the time limit, so ``cpu`` is a lower bound


def measured(python: str, module_args: list[str], cwd: Path, limit: float | None = None) -> Run:
    """Run ``python -m <module_args>`` in its own process; its CPU time and its own peak
    memory (``own_peak.py``: a child's ``ru_maxrss`` would count this process's memory at
    the fork). A process still running after ``limit`` seconds is stopped, and what it used
    so far returned."""
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as peak_file:
        command = [python, str(OWN_PEAK), peak_file.name, "-m", *module_args]
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert process.stderr is not None
        errors = threading.Thread(target=lambda: setattr(process, "errors", process.stderr.read()))
        errors.start()
        stopped = threading.Event()
        timer = threading.Timer(limit, lambda: (stopped.set(), process.terminate())) if limit else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        if timer:
            timer.cancel()
        errors.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode and not stopped.is_set():
            raise SystemExit(f"{' '.join(command)} failed:\n{process.errors.decode()[-3000:]}")
        written = peak_file.read().strip()
    if not written:
        raise SystemExit(f"{' '.join(command)} wrote no peak memory:\n{process.errors.decode()[-3000:]}")
    return Run(usage.ru_utime + usage.ru_stime, int(written), not stopped.is_set())


def mkdocs_build(project: Path) -> Run:
    site = project / "site"
    shutil.rmtree(site, ignore_errors=True)
    return measured(sys.executable, ["mkdocs", "build", "-q", "-d", str(site)], project)


def sphinx_build(python: str, project: Path, limit: float | None) -> Run:
    out = project / "out"
    shutil.rmtree(out, ignore_errors=True)
    return measured(python, ["sphinx", "-b", "html", "-q", "-j", "1", str(project / "src"), str(out)], project, limit)


def no_placeholders(site: Path, pages: list[str]) -> None:
    """The plain build shows what the plugin's does: no placeholder character is left."""
    for page in pages:
        text = (site / page / "index.html").read_text(encoding="utf-8")
        if any(char in text for char in (LT, AMP, BRACE, PIPE, RECORD_LABEL, NOTHING, "\x14", "\x15")):  # (and no part token)
            raise SystemExit(f"the plain build left placeholder characters in {page}: check its Markdown extensions")


def site_sizes(site: Path) -> tuple[int, int, int]:
    """(all bytes, HTML pages, HTML bytes) of a built site."""
    total = pages = html = 0
    for path in site.rglob("*"):
        if path.is_file():
            size = path.stat().st_size
            total += size
            if path.suffix == ".html" and path.name != "404.html":
                pages += 1
                html += size
    return total, pages, html


class _CountingHandler(SimpleHTTPRequestHandler):
    """Serves files gzip-compressed when asked, as GitHub Pages does, counting the bytes."""

    sent: dict[str, int]

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file() or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.sent[self.path.split("?")[0]] = len(body)
        return io.BytesIO(body)


def first_visit(site: Path) -> tuple[int, int] | None:
    """(bytes, of which search) a first visit to the home page transfers, compressed;
    ``None`` without Chromium."""
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (binary and driver):
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    sent: dict[str, int] = {}
    handler = partial(type("Handler", (_CountingHandler,), {"sent": sent}), directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(driver), options=options)
    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any(p.endswith("search_index.json") for p in sent):
            time.sleep(0.2)
        seen = -1
        while len(sent) != seen:  # until nothing more is asked for a second
            seen = len(sent)
            time.sleep(1)
    finally:
        browser.quit()
        server.shutdown()
        server.server_close()
    search = sum(size for path, size in sent.items() if "/search/" in path or "/workers/" in path)
    return sum(sent.values()), search


def _mb(size: float) -> str:
    return f"{size / 1e6:,.1f} MB" if size >= 1e6 else f"{size / 1e3:,.0f} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--records", type=int, default=20, help="records per report")
    parser.add_argument("--rounds", type=int, default=1, help="builds of each kind per size (the median is shown)")
    parser.add_argument("--sphinx-python", type=lambda p: str(Path(p).absolute()), help="a Python with sphinx and sphinx-needs (the bench extra), for the peer")
    parser.add_argument("--sphinx-limit", type=float, default=1800, help="seconds a peer build may run (then its CPU is a lower bound)")
    args = parser.parse_args()

    print(f"{args.records} records per report; CPU = user + system seconds of the build process, median of {args.rounds}\n")
    print("| reports | pages | plugin CPU s | plain CPU s | plugin / plain | peak memory plugin / plain | site | per page | first visit (search) | sphinx CPU s | sphinx / plugin CPU | sphinx / plugin memory |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    per_page: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.reports:
            plugin = plugin_project(Path(tmp) / f"plugin-{count}", count, args.records)
            plain = plain_project(Path(tmp) / f"plain-{count}", plugin)
            if args.sphinx_python:
                write_project(plugin / "reports", Path(tmp) / f"sphinx-{count}" / "src")
            runs: dict[str, list[Run]] = {"plugin": [], "plain": [], "sphinx": []}
            for _ in range(args.rounds):
                runs["plugin"].append(mkdocs_build(plugin))
                runs["plain"].append(mkdocs_build(plain))
                if args.sphinx_python:
                    runs["sphinx"].append(sphinx_build(args.sphinx_python, Path(tmp) / f"sphinx-{count}", args.sphinx_limit))
            cpu = {name: statistics.median(r.cpu for r in values) for name, values in runs.items() if values}
            peak = {name: max(r.peak for r in values) for name, values in runs.items() if values}
            no_placeholders(plain / "site", ["", "system0000/memory"])
            total, pages, html = site_sizes(plugin / "site")
            per_page[count] = html / pages
            visit = first_visit(plugin / "site")
            first = f"{_mb(visit[0])} ({_mb(visit[1])})" if visit else "—"
            sphinx = ("—", "—", "—")
            if runs["sphinx"]:
                more = "" if all(r.finished for r in runs["sphinx"]) else "> "  # stopped at --sphinx-limit
                sphinx = (f"{more}{cpu['sphinx']:.1f}", f"{more}{cpu['sphinx'] / cpu['plugin']:.2f}", f"{more}{peak['sphinx'] / peak['plugin']:.2f}")
            print(
                f"| {count:,} | {pages:,} | {cpu['plugin']:.1f} | {cpu['plain']:.1f} | {cpu['plugin'] / cpu['plain']:.2f} "
                f"| {_mb(peak['plugin'])} / {_mb(peak['plain'])} | {_mb(total)} | {_mb(html / pages)} | {first} | {' | '.join(sphinx)} |",
                flush=True,
            )
            shutil.rmtree(plugin.parent / f"plain-{count}")
    first, *rest = args.reports
    for count in rest:
        print(f"\nThe average page at {count} reports is {per_page[count] / per_page[first]:.3f}× the average page at {first} reports.")


if __name__ == "__main__":
    main()
