"""How long an author waits, with `mkdocs serve`, from saving a report to seeing the change.

Starts a real `mkdocs serve` on a synthetic collection (default 200 reports), waits for
its first build, then saves an edit to one report at a time (a record's label, which also
changes that system's backlinks and the record index) and waits as the author's browser
does: on MkDocs' live-reload request, which answers once the rebuild is done, then loads
the report's page once and finds the new label. Wall-clock seconds are what the author
sees; the server's CPU seconds for the rebuild are shown beside them (the machine may be
shared), with what the server spends in as long a time with no edit (MkDocs polling the
watched folders). Nothing else asks the server for pages meanwhile, as no browser does.

    python benchmarks/serve_edit.py [--reports 200] [--edits 5] [--mode dirty|full|both]

``dirty`` is `mkdocs serve --dirty` (incremental: what the author loop should use);
``full`` is plain `mkdocs serve`, which rebuilds every page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from served import fetch, free_port, newer_build, shown_build  # noqa: E402
from site_build import plugin_project  # noqa: E402

#: seconds the server is watched with no edit, for what watching alone costs
IDLE_SECONDS = 5


def _wait_for(url: str, text: str, seconds: float) -> float | None:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if text in fetch(url):
            return time.monotonic() - start
        time.sleep(0.05)
    return None


def _opened(page: str) -> tuple[str, str]:
    """The build a page shows and its number, as the author's browser holds them."""
    shown = shown_build(fetch(page))
    if shown is None:
        raise SystemExit(f"{page} has no live-reload script: is this `mkdocs serve`?")
    return shown


def _reloaded(base: str, page: str, opened: tuple[str, str], text: str, seconds: float) -> bool:
    """Whether the page, loaded again each time MkDocs' live-reload request says a newer build
    is visible (what its script in the page does), shows the text within the seconds."""
    start = time.monotonic()
    epoch, request = opened
    while time.monotonic() - start < seconds:
        visible = newer_build(base, (epoch, request), seconds)
        if visible is None:
            return False
        if visible > int(epoch):
            if text in fetch(page):
                return True
            epoch = str(visible)  # a build that began before the edit was saved: wait for the next
    return False


def _cpu(pid: int) -> float:
    """User + system seconds of a running process (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(project: Path, mode: str, edits: int, reports: int) -> list[tuple[float, float, float]]:
    """(wall seconds until the edit is served, server CPU seconds, of them what the server
    spends watching files in as long with no edit) per edit."""
    port = free_port()
    flags = ["--dirty"] if mode == "dirty" else []
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}", *flags],
        cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    results = []
    try:
        base = f"http://127.0.0.1:{port}"
        if _wait_for(f"{base}/system0000/memory/", "Label of", 900) is None:
            raise SystemExit("mkdocs serve did not come up")
        time.sleep(2)  # let the first build settle
        idle = _cpu(server.pid)
        time.sleep(IDLE_SECONDS)
        idle = (_cpu(server.pid) - idle) / IDLE_SECONDS  # CPU a second of MkDocs' watching, with no edit
        for number in range(edits):
            system = f"system{(number * 37) % reports:04d}"
            report = project / "reports" / system / "memory.yaml"
            text = report.read_text(encoding="utf-8")
            label = f"Edited label {mode} {number}"
            page = f"{base}/{system}/memory/"
            opened = _opened(page)
            cpu = _cpu(server.pid)
            start = time.monotonic()
            report.write_text(text.replace("label: Label of", f"label: {label} of", 1), encoding="utf-8")
            waited = time.monotonic() - start if _reloaded(base, page, opened, label, 300) else None
            if waited is None:
                raise SystemExit(f"edit {number} never showed")
            time.sleep(1)  # the build may still be writing other pages
            results.append((waited, _cpu(server.pid) - cpu, idle * (waited + 1)))
    finally:
        server.terminate()
        server.wait(timeout=60)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=200)
    parser.add_argument("--records", type=int, default=20)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--mode", choices=["dirty", "full", "both"], default="both")
    args = parser.parse_args()
    modes = ["dirty", "full"] if args.mode == "both" else [args.mode]
    with tempfile.TemporaryDirectory() as tmp:
        project = plugin_project(Path(tmp) / "project", args.reports, args.records)
        print(f"{args.reports} reports × {args.records} records; {args.edits} edits each\n")
        print("| mode | seconds until the edit shows (median, max) | server CPU s per edit (median) | of it watching, as when idle |")
        print("|---|---|---|---|")
        for mode in modes:
            runs = measure(project, mode, args.edits, args.reports)
            waits, cpus, idles = [w for w, _, _ in runs], [c for _, c, _ in runs], [i for _, _, i in runs]
            name = "`mkdocs serve --dirty`" if mode == "dirty" else "`mkdocs serve`"
            print(f"| {name} | {statistics.median(waits):.2f}, {max(waits):.2f} | {statistics.median(cpus):.2f} | {statistics.median(idles):.2f} |", flush=True)


if __name__ == "__main__":
    main()
