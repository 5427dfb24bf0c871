"""Real pages in a real browser: a local HTTP server for a built site, and headless Chromium.

The site can be served under a sub-path (as GitHub Pages serves previews), so that tests see
exactly what a reader at ``/<repo>/pr-preview/pr-<N>/`` sees.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import shutil
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

#: Chromium's headless shell (Debian's ``chromium-headless-shell``): the same Blink and V8
#: as the browser, without the browser's own windows, so a page loads in about half the
#: time; the whole browser in its headless mode where the shell is not installed
#: (Debian's ``/usr/bin`` one is a script that does not ``exec`` it: ChromeDriver would end the
#: script and leave the shell running, so the binary itself is started where it is)
HEADLESS_SHELL = ("/usr/lib/chromium/chromium-headless-shell", "chromium-headless-shell")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1000",
]


class _QuietHandler(SimpleHTTPRequestHandler):
    def __init__(self, *args, not_found: Path | None = None, **kwargs):
        self.not_found = not_found  # set before the base class handles the request
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass

    def send_head(self):
        if self.not_found is None:
            return super().send_head()
        path = Path(self.translate_path(self.path))
        if path.is_file() or (path.is_dir() and (path / "index.html").is_file()):
            return super().send_head()  # (a folder without "/" is redirected there first)
        if not self.not_found.is_file():
            self.send_error(404)
            return None
        body = self.not_found.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@contextlib.contextmanager
def http_server(root: Path, not_found: str | None = None):
    """Serve the folder ``root`` at ``http://127.0.0.1:<port>/``; yields that origin, without
    the final "/". The port is bound before the block runs, so a site can be built inside it
    for its own address.

    With ``not_found`` (a path under ``root``), every missing file is answered with that page
    and status 404, and a folder without index.html is missing too, as GitHub Pages answers
    with the 404.html at the root of the site, whatever the folder asked for. Without it,
    the standard library's plain 404 and folder listings.
    """
    handler = functools.partial(_QuietHandler, directory=str(root), not_found=root / not_found if not_found else None)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def built_and_served(project: Path, served: Path, *, strict: bool = True):
    """Build ``project`` into ``served`` for the address it is served at, and serve it; yields
    that address, with the final "/". The theme navigates instantly only to the pages its
    sitemap lists, which needs the site's address (``REPORTS_SITE_URL``)."""
    from sitehtml import build_site

    with http_server(served) as origin:
        before = os.environ.get("REPORTS_SITE_URL")
        os.environ["REPORTS_SITE_URL"] = origin + "/"
        try:
            build_site(project, strict=strict, site_dir=served)
        finally:
            if before is None:
                del os.environ["REPORTS_SITE_URL"]
            else:
                os.environ["REPORTS_SITE_URL"] = before
        yield origin + "/"


@contextlib.contextmanager
def serve(site_dir: Path, sub_path: str = "/"):
    """Serve ``site_dir`` at ``http://127.0.0.1:<port><sub_path>``; yields that URL."""
    root = site_dir.parent / f"{site_dir.name}-served"
    target = root / sub_path.strip("/") if sub_path.strip("/") else root
    if root.exists():
        shutil.rmtree(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(site_dir, target)
    with http_server(root) as origin:
        path = f"/{sub_path.strip('/')}/" if sub_path.strip("/") else "/"
        yield origin + path


def chromium():
    """A headless Chromium driven by Selenium, or a skip (a failure on CI) when absent."""
    shell = next(filter(None, map(shutil.which, HEADLESS_SHELL)), None)
    binary, driver = shell or shutil.which("chromium"), shutil.which("chromedriver")
    if not (binary and driver):
        message = "Chromium and ChromeDriver are not installed (scripts/install-browser.sh)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in CHROMIUM_FLAGS if shell else ["--headless=new", *CHROMIUM_FLAGS]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


#: seconds between two looks of a wait: Selenium's default, half a second, left a core idle
#: for most of that time after nearly every wait whose condition did not hold at once
POLL = 0.05


def wait(browser, seconds: float):
    """Selenium's ``WebDriverWait`` for ``seconds``, looking every ``POLL`` seconds."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, seconds, poll_frequency=POLL)


def until_script(browser, script: str, seconds: float, *args):
    """What the page's ``script`` (given ``args``) returns, once that is true: asked every
    ``POLL`` seconds, a timeout after ``seconds``."""
    return wait(browser, seconds).until(lambda b: b.execute_script(script, *args))


class BrowserSession:
    """The headless Chromium a module's tests share, replaced by a fresh one after a test
    that failed: a script that ran past its time limit may still keep the old one busy, and
    a failed test may have left its window size, emulation or page behind. ``prepare``
    sets up each new browser (time limits, scripts to run on every page)."""

    def __init__(self, prepare: Callable | None = None) -> None:
        self.prepare = prepare
        self._driver = None
        self.started = 0  # browsers started: a test can see that a fresh one was given

    @property
    def driver(self):
        if self._driver is None:
            driver = chromium()
            self.started += 1
            if self.prepare is not None:
                self.prepare(driver)
            self._driver = driver
        return self._driver

    def close(self) -> None:
        driver, self._driver = self._driver, None
        if driver is not None:
            driver.quit()  # ChromeDriver ends a browser that does not close in time


@pytest.fixture(scope="module")
def browser_session():
    """One browser session per test module (import this fixture and ``browser`` into the
    module; a module that sets its browser up overrides this one with its ``prepare``)."""
    session = BrowserSession()
    yield session
    session.close()


@pytest.fixture
def browser(browser_session, request):
    """The module's browser; a test that fails leaves it to no one: the next gets a new one."""
    from conftest import FAILED

    yield browser_session.driver
    if request.node.stash.get(FAILED, False):
        browser_session.close()


#: whether the plugin's search block shows its answer to the query ``arguments[0]``
BLOCK_ANSWERED = """
const index = [...document.querySelectorAll('.rpt-id-search-list a[href*="?q="]')].pop();
const status = document.querySelector('.rpt-id-search-status');
return !!index && new URL(index.href).searchParams.get('q') === arguments[0]
  && !!status && status.textContent !== 'Looking the ID up…';
"""


def search_finds(browser, page_url: str, query: str, expected: str, seconds: float = 20) -> bool:
    """Type ``query`` into the search box on ``page_url``; whether it reaches ``expected``
    within ``seconds``: a link among the theme's results or the record the plugin's block
    finds by its ID (compared without the ``?h=`` that highlights the terms), else among
    the rows of the record index the block's link opens, filtered by the query."""
    from urllib.parse import urlsplit

    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By

    browser.get(page_url)
    field = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    field.click()
    field.send_keys(query)

    def links(b, selector: str) -> list[str]:
        hrefs = b.execute_script("return [...document.querySelectorAll(arguments[0])].map(a => a.href)", selector)
        return [urlsplit(href)._replace(query="").geturl() for href in hrefs]

    def found(b):
        return expected in links(b, ".md-search-result__list a, .rpt-id-search-list a")

    def answered(b):
        """Found; or, for a record's address (with "#": the theme's index holds one entry a
        generated page and no record, pages/search.py), the plugin's block has answered the
        whole query (its link to the record index is for it, its ID lookup is done)."""
        return found(b) or ("#" in expected and b.execute_script(BLOCK_ANSWERED, query.strip()))

    try:
        if wait(browser, seconds).until(answered) and found(browser):
            return True
    except TimeoutException:
        pass
    index = browser.find_elements(By.CSS_SELECTOR, ".rpt-id-search-list a[href*='?q=']")
    if not index:
        return False
    browser.get(index[-1].get_attribute("href"))
    try:
        return wait(browser, seconds).until(lambda b: expected in links(b, ".rpt-index tbody tr:not([hidden]) td:first-child a"))
    except TimeoutException:
        return False


#: a download the page makes, kept instead of saved (read it with READ_DOWNLOAD, an async script)
CAPTURE_DOWNLOADS = """
window.__downloads = [];
URL.createObjectURL = blob => { window.__downloads.push(blob); return '#download'; };
HTMLAnchorElement.prototype.click = function () {};
"""
READ_DOWNLOAD = """
const done = arguments[arguments.length - 1];
const wait = () => window.__downloads.length ? window.__downloads[window.__downloads.length - 1].text().then(done) : setTimeout(wait, 50);
wait();
"""
