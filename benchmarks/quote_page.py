"""How long a page of many quotes keeps the reader's tab busy before it is interactive.

It writes one system whose memory report holds ``--quotes`` quotes (records of ten quotes
each, every passage three lines of code), builds the site with the plugin and this
repository's mkdocs.yml (``content.code.copy`` and ``content.tooltips`` on), serves it,
and opens the report's page in headless Chromium, ``--rounds`` times. Time to interactive
is measured as Lighthouse defines it, from the long tasks (50 ms or more) the browser
reports: the end of the last long task before the first 5 s without one, counted from the
navigation's start (the first contentful paint when there is no long task) — and no sooner
than the theme has mounted the page's components (its ``document$`` handled by every
subscriber, the site's script included), which may happen in tasks shorter than that. It prints that,
the longest task, and the page's copy buttons (the theme's and the site's).

    python benchmarks/quote_page.py [--quotes 4000] [--rounds 3] [--without FEATURE …]

The machine is shared: the figure is the median of the rounds.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))
from browser import CHROMIUM_FLAGS, http_server  # noqa: E402

HEADER = (
    "type: agentic-system-memory-report\nsystem: Quotes\ntitle: A page of quotes\nboundary: The boundary.\n"
    "description: A benchmark report.\nrun_id: AAS-2026-01-01-quotes-01\n"
    "reviewed_boundary: 0123456789abcdef0123456789abcdef01234567\nsource_identity: https://github.com/example/quotes\n"
    "core_ideas: Ideas.\nwrite_side: Writes.\nread_back: Reads.\nintegration_issues: None.\nlimitations: None.\n"
)
SET_FILE = (
    "sources:\n  - id: SRC-1\n    kind: git\n    identity: https://github.com/example/quotes\n"
    "    revision: 0123456789abcdef0123456789abcdef01234567\n"
)
#: long tasks: ``PerformanceObserver`` from the page's first script on (buffered)
OBSERVE = """
window.__long = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); })
  .observe({type: "longtask", buffered: true});
window.__mounted = null;  // when the theme's page observable has been handled by every subscriber
const wait = setInterval(() => {
  if (typeof window.document$ === "undefined") return;
  clearInterval(wait);
  window.document$.subscribe(() => setTimeout(() => { window.__mounted = window.__mounted || performance.now(); }));
}, 10);
"""
QUIET = 5000  # ms without a long task: interactive


def report(quotes: int) -> str:
    out = [HEADER, "records:\n"]
    for number in range(-(-quotes // 10)):
        out.append(f"  - id: MEM-OBJ-item-n{number}\n    label: Item {number}\n    body:\n")
        for quote in range(min(10, quotes - number * 10)):
            out.append(
                "      - quote:\n"
                f"          path: src/store/item_{number}.py\n          lines: {quote * 3 + 1}-{quote * 3 + 3}\n"
                "          passage: |\n"
                f"            def read_{number}_{quote}(store, key):\n"
                "                value = store.get(key)\n"
                "                return value if value is not None else default(key)\n"
            )
    return "".join(out)


def build(root: Path, quotes: int, without: list[str]) -> Path:
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for feature in without:
        config = config.replace(f"    - {feature} ", "    # - ")
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    shutil.copytree(REPO / "overrides", root / "overrides")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Quotes\n", encoding="utf-8")
    (root / "reports" / "quotes").mkdir(parents=True)
    (root / "reports" / "quotes" / "memory.yaml").write_text(report(quotes), encoding="utf-8")
    (root / "reports" / "quotes" / "_set.yaml").write_text(SET_FILE, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(root / "site")], cwd=root, check=True)
    return root / "site"


def interactive(browser, url: str) -> dict:
    """Time to interactive (ms), the longest task (ms) and the copy buttons, of one visit."""
    browser.get(url)
    start = time.monotonic()
    while True:  # wait for QUIET ms after the last long task (or the paint)
        time.sleep(0.5)
        found = browser.execute_script(
            "const paint = performance.getEntriesByName('first-contentful-paint')[0];"
            "return {now: performance.now(), long: window.__long, paint: paint ? paint.startTime : null,"
            " ready: document.readyState, mounted: window.__mounted};"
        )
        last = max([s + d for s, d in found["long"]] + [found["paint"] or 0, found["mounted"] or 0])
        if found["ready"] == "complete" and found["mounted"] and found["now"] - last >= QUIET:
            break
        if time.monotonic() - start > 300:
            raise RuntimeError("the page never went quiet for 5 s")
    buttons = browser.execute_script(
        "return [document.querySelectorAll('.md-code__button[data-md-type=copy], .md-clipboard').length, document.querySelectorAll('.rpt-copy-quote').length,"
        " document.querySelectorAll('.rpt-quote-source').length]"
    )
    return {"tti": last, "longest": max([d for _, d in found["long"]], default=0), "buttons": buttons}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quotes", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--without", nargs="*", default=[], metavar="FEATURE", help="features of mkdocs.yml to leave out")
    args = parser.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory() as folder:
        site = build(Path(folder), args.quotes, args.without)
        options = webdriver.ChromeOptions()
        options.page_load_strategy = "none"  # measured from the navigation's start, by the page itself
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for flag in ["--headless=new", *CHROMIUM_FLAGS]:  # the whole browser, as readers have it
            options.add_argument(flag)
        browser = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        browser.command_executor.client_config.timeout = 600  # a blocked tab answers no command sooner
        browser.set_page_load_timeout(300)
        browser.set_script_timeout(300)
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVE})
        try:
            with http_server(site) as origin:
                runs = [interactive(browser, f"{origin}/quotes/memory/") for _ in range(args.rounds)]
        finally:
            browser.quit()
    tti = statistics.median(run["tti"] for run in runs) / 1000
    longest = statistics.median(run["longest"] for run in runs) / 1000
    theme, own, quotes = runs[0]["buttons"]
    rounds = ", ".join(f"{run['tti'] / 1000:.2f}" for run in runs)
    print(f"{quotes} quotes: time to interactive {tti:.2f} s (rounds: {rounds}),"
          f" longest task {longest:.2f} s; copy buttons: {theme} of the theme's, {own} of the site's")


if __name__ == "__main__":
    sys.exit(main())
