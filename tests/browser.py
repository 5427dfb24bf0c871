"""Real pages in a real browser: a local HTTP server for a built site, and headless Chromium.

The site can be served under a sub-path (as GitHub Pages serves previews), so that tests see
exactly what a reader at ``/<repo>/pr-preview/pr-<N>/`` sees.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

CHROMIUM_FLAGS = [
    "--headless=new",
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
    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        pass


@contextlib.contextmanager
def serve(site_dir: Path, sub_path: str = "/"):
    """Serve ``site_dir`` at ``http://127.0.0.1:<port><sub_path>``; yields that URL."""
    root = site_dir.parent / f"{site_dir.name}-served"
    target = root / sub_path.strip("/") if sub_path.strip("/") else root
    if root.exists():
        shutil.rmtree(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(site_dir, target)
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        path = f"/{sub_path.strip('/')}/" if sub_path.strip("/") else "/"
        yield f"http://127.0.0.1:{server.server_address[1]}{path}"
    finally:
        server.shutdown()
        server.server_close()


def chromium():
    """A headless Chromium driven by Selenium, or a skip (a failure on CI) when absent."""
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (binary and driver):
        message = "Chromium and ChromeDriver are not installed (scripts/install-browser.sh)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)
