"""What publishing a collection costs, side by side with the code before a change and with
a generator without the plugin.

For each collection size (synthetic reports from ``synthetic.py``, one system each), in one
run, every build in a process of its own:

* **plugin** — the project as authors have it: ``reports/*.yaml`` + the ``reports`` plugin,
  with this checkout's code;
* **before** (with ``--before-python``) — the same project built by another installation
  of the package, run with that environment's MkDocs: the code before a change (a git
  worktree of the commit before it with its own virtual environment, ``pip install -e`` of
  it; the package README's figures: the commit before the build held less of the
  collection);
* **zensical** (with ``--zensical-python``) — Zensical building what ``mkdocs-reports
  pages`` writes for the same collection (plain Markdown pages, no plugin), with the same
  theme, features and extensions;
* **sphinx** (with ``--sphinx-python``) — Sphinx with sphinx-needs on the same collection
  (``sphinx_peer.py``).

It reports pages, CPU seconds (user + system of the build's process and its children, not
wall time: the machine is shared), peak memory (the build's own, ``own_peak.py``; for
Zensical, whose builder is not a Python module, the largest of its processes), the
site's bytes, the average HTML page, and what a reader's first visit to the home page
transfers gzip-compressed (the page, its CSS and scripts, the search worker and search
index; measured in headless Chromium against a local server that compresses as GitHub
Pages does; skipped without Chromium), with ``--before-python`` also the first visit of the
site that installation builds, and the ratio.

    python benchmarks/site_build.py [--reports 200 1000] [--records 20] [--rounds 1] [--cpu-only]
        [--before-python PATH] [--zensical-python PATH] [--sphinx-python PATH]

``--before-python`` is made so (once):

    git worktree add ../before <commit> && python3 -m venv ../before/.venv
    ../before/.venv/bin/pip install -e ../before

and ``--zensical-python`` by ``python3 -m venv ../zensical && ../zensical/bin/pip install
zensical`` (0.0.73 is the newest that installs here).
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import resource
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

REPO = Path(__file__).resolve().parent.parent
OWN_PEAK = Path(__file__).resolve().parent / "own_peak.py"


def plugin_project(root: Path, reports: int, records: int) -> Path:
    root.mkdir()
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides")  # the site's own templates (theme.custom_dir)
    shutil.copytree(REPO / "docs", root / "docs")
    write_collection(root / "reports", reports, records)
    return root


def zensical_project(root: Path, source: Path) -> Path:
    """What ``mkdocs-reports pages`` writes for the plugin project, with a configuration for a
    generator without the plugin: the plugin project's own (theme, features, extensions),
    its pages' navigation and extensions, docs_dir the written pages."""
    root.mkdir()
    pages = root / "pages"
    subprocess.run([sys.executable, "-m", "mkdocs_reports.cli", "pages", "--out", str(pages), str(source / "reports")],
                   check=True, cwd=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(source / "mkdocs.yml", encoding="utf-8") as handle:  # MkDocs' loader: it knows !ENV
        config = yaml_load(handle)
    written = yaml.safe_load((pages / "mkdocs-reports.yml").read_text(encoding="utf-8"))
    config["plugins"] = [entry for entry in config["plugins"] if "reports" not in entry]  # search, as configured
    config["theme"].pop("custom_dir", None)  # the plugin's templates are not used here
    extensions = config.get("markdown_extensions") or []
    named = {next(iter(entry)) if isinstance(entry, dict) else entry for entry in extensions}
    config["markdown_extensions"] = [*extensions, *(name for name in written["markdown_extensions"] if name not in named)]
    for key in ("nav", "not_in_nav", "use_directory_urls", "extra_css", "extra_javascript", "exclude_docs"):
        config[key] = written[key]
    config["docs_dir"] = "pages"
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return root


@dataclass
class Run:
    cpu: float  # seconds, user + system
    peak: int  # bytes of resident memory at most
    finished: bool = True  # False: stopped at the time limit, so ``cpu`` is a lower bound


def measured(python: str, module_args: list[str], cwd: Path, limit: float | None = None, environ: dict[str, str] | None = None) -> Run:
    """Run ``python -m <module_args>`` in its own process; its CPU time and its own peak
    memory (``own_peak.py``: a child's ``ru_maxrss`` would count this process's memory at
    the fork). A process still running after ``limit`` seconds is stopped, and what it used
    so far returned."""
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as peak_file:
        command = [python, str(OWN_PEAK), peak_file.name, "-m", *module_args]
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environ)
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


def mkdocs_build(project: Path, python: str = sys.executable) -> Run:
    site = project / "site"
    shutil.rmtree(site, ignore_errors=True)
    return measured(python, ["mkdocs", "build", "-q", "-d", str(site)], project)


def zensical_build(python: str, project: Path) -> Run | None:
    """Zensical's build, cold (no cache of an earlier build): its CPU with its children's,
    and the largest peak of its processes (its builder runs outside Python's own); None,
    with what it said, when it fails (the run goes on: the other builds are measured)."""
    for folder in ("site", ".cache"):
        shutil.rmtree(project / folder, ignore_errors=True)
    zensical = str(Path(python).with_name("zensical"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([zensical, "build", "-f", "mkdocs.yml"], cwd=project, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode:
        print(f"\nzensical build failed ({done.returncode}): {done.stderr.decode(errors='replace')[-500:]}\n", file=sys.stderr, flush=True)
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(cpu, after.ru_maxrss * 1024)


def sphinx_build(python: str, project: Path, limit: float | None) -> Run:
    out = project / "out"
    shutil.rmtree(out, ignore_errors=True)
    return measured(python, ["sphinx", "-b", "html", "-q", "-j", "1", str(project / "src"), str(out)], project, limit)


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


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--records", type=int, default=20, help="records per report")
    parser.add_argument("--rounds", type=int, default=1, help="builds of each kind per size (the median is shown)")
    parser.add_argument("--before-python", type=lambda p: str(Path(p).absolute()), help="a Python with the code before the rewrite installed")
    parser.add_argument("--zensical-python", type=lambda p: str(Path(p).absolute()), help="a Python with zensical installed")
    parser.add_argument("--sphinx-python", type=lambda p: str(Path(p).absolute()), help="a Python with sphinx and sphinx-needs (the bench extra), for the peer")
    parser.add_argument("--cpu-only", action="store_true", help="builds only: no site of this checkout's measured (size, first visit)")
    parser.add_argument("--sphinx-limit", type=float, default=1800, help="seconds a peer build may run (then its CPU is a lower bound)")
    args = parser.parse_args()

    print(f"{args.records} records per report; CPU = user + system seconds of the build, median of {args.rounds}; peak = resident memory at most\n")
    print("| reports | pages | plugin CPU s | before CPU s | plugin / before | zensical CPU s | plugin / zensical "
          "| peak MB plugin / before / zensical | site | per page | first visit (search) | sphinx CPU s | sphinx / plugin CPU |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    per_page: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.reports:
            plugin = plugin_project(Path(tmp) / f"plugin-{count}", count, args.records)
            zensical = zensical_project(Path(tmp) / f"zensical-{count}", plugin) if args.zensical_python else None
            if args.sphinx_python:
                write_project(plugin / "reports", Path(tmp) / f"sphinx-{count}" / "src")
            runs: dict[str, list[Run]] = {"plugin": [], "before": [], "zensical": [], "sphinx": []}
            for _ in range(args.rounds):  # the kinds alternate, so that a change of the machine's speed hits all
                runs["plugin"].append(mkdocs_build(plugin))
                if args.before_python:
                    runs["before"].append(mkdocs_build(plugin, args.before_python))
                if zensical is not None and (built := zensical_build(args.zensical_python, zensical)) is not None:
                    runs["zensical"].append(built)
                if args.sphinx_python:
                    runs["sphinx"].append(sphinx_build(args.sphinx_python, Path(tmp) / f"sphinx-{count}", args.sphinx_limit))
            before_visit = None
            if args.before_python and not args.cpu_only:  # the first visit of the site the other installation builds
                mkdocs_build(plugin, args.before_python)
                before_visit = first_visit(plugin / "site")
            if args.before_python:  # the site measured below is this checkout's, not the one built before
                mkdocs_build(plugin)
            cpu = {name: statistics.median(r.cpu for r in values) for name, values in runs.items() if values}
            peak = {name: max(r.peak for r in values) for name, values in runs.items() if values}
            total, pages, html = site_sizes(plugin / "site")
            per_page[count] = html / pages
            visit = None if args.cpu_only else first_visit(plugin / "site")
            first = f"{_mb(visit[0])} ({_mb(visit[1])})" if visit else "—"
            if visit and before_visit:
                first += f", before {_mb(before_visit[0])} ({_mb(before_visit[1])}): {visit[0] / before_visit[0]:.2f}×"
            sphinx = ("—", "—")
            if runs["sphinx"]:
                more = "" if all(r.finished for r in runs["sphinx"]) else "> "  # stopped at --sphinx-limit
                sphinx = (f"{more}{cpu['sphinx']:.1f}", f"{more}{cpu['sphinx'] / cpu['plugin']:.2f}")
            peaks = " / ".join(f"{peak[name] / 1e6:,.0f}" if name in peak else "—" for name in ("plugin", "before", "zensical"))
            print(
                f"| {count:,} | {pages:,} | {cpu['plugin']:.1f} | {cpu.get('before', 0):.1f} | {_ratio(cpu['plugin'], cpu.get('before', 0))} "
                f"| {cpu.get('zensical', 0):.1f} | {_ratio(cpu['plugin'], cpu.get('zensical', 0))} "
                f"| {peaks} | {_mb(total)} | {_mb(html / pages)} | {first} | {' | '.join(sphinx)} |",
                flush=True,
            )
            for folder in (plugin.parent / f"zensical-{count}", plugin):
                shutil.rmtree(folder, ignore_errors=True)
    first, *rest = args.reports
    for count in rest:
        print(f"\nThe average page at {count} reports is {per_page[count] / per_page[first]:.3f}× the average page at {first} reports.")


if __name__ == "__main__":
    main()
