"""Does searching a record's full ID open that record? For every record ID of a collection
(the repository's own, by default), in headless Chromium on a built site: type the ID into
Material's search box, wait for the plugin's block to show the record it looks the ID up
in (record-search.js), press Enter, and see where the reader lands.

    python benchmarks/search_ids.py [--config mkdocs.yml]

Prints the IDs whose search opens another page or record, and how many do not.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.commands.build import build
from mkdocs.config import load_config
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages.paths import Paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="mkdocs.yml")
    args = parser.parse_args()
    config_file = Path(args.config).absolute()
    with tempfile.TemporaryDirectory() as tmp:
        config = load_config(str(config_file), site_dir=tmp)
        build(config)
        checked = check_collection(config_file.parent / config.plugins["reports"].config.reports_dir)
        paths = Paths()
        wanted = {}
        for system in checked.collection.systems.values():
            for report in system.reports.values():
                for record in report.records:
                    wanted.setdefault(record.id, set()).add(paths.url(paths.report(system.slug, record.member)) + "#" + record.anchor)
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=tmp)
        http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None  # type: ignore[method-assign]
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        root = f"http://127.0.0.1:{server.server_address[1]}/"
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "chromium"
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"):
            options.add_argument(flag)
        browser = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"), options=options)
        missed = []
        try:
            for record_id, targets in sorted(wanted.items()):
                browser.get(root)
                field = WebDriverWait(browser, 20).until(lambda b: b.find_element(By.CSS_SELECTOR, "input.md-search__input"))
                browser.find_element(By.CSS_SELECTOR, "label[for='__search']").click()
                field.send_keys(record_id)
                WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".rpt-id-search-list a[href*='#']"))
                field.send_keys(Keys.ENTER)
                WebDriverWait(browser, 20).until(lambda b: b.current_url != root)
                landed = urlsplit(browser.current_url)._replace(query="").geturl().replace(root, "")  # without a ?h=
                if landed not in targets:
                    missed.append(f"{record_id}: opened {landed}, not {sorted(targets)[0]}")
        finally:
            browser.quit()
            server.shutdown()
    for line in missed:
        print(line)
    print(f"{len(wanted) - len(missed)} of {len(wanted)} IDs open their record", file=sys.stderr)


if __name__ == "__main__":
    main()
