"""A real `mkdocs serve` as the serve tests and ``benchmarks/serve_edit.py`` meet it: a free
port to serve on, a page fetched, and MkDocs' live-reload protocol as the script MkDocs
writes into every served page uses it (MkDocs 1.6 and ProperDocs alike): the page names the
build it shows, and a request for that build answers once a newer one is visible."""

from __future__ import annotations

import re
import socket
import urllib.request

#: the live-reload call MkDocs writes into every page it serves: the build it shows, the page's own number
LIVERELOAD = re.compile(r"livereload\((\d+), (\d+)\);")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str, timeout: float = 60) -> str:
    """The page at ``url``, or "" when the server does not answer (yet). A server that is
    not up refuses at once; one that took the request has ``timeout`` seconds to answer:
    the ProperDocs pass runs at the lowest priority (scripts/run-tests.sh), where a busy
    machine can hold its `serve` process for seconds, and a page it did not answer with in
    time would read as empty."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def shown_build(page: str) -> tuple[str, str] | None:
    """The build a served page's HTML shows and the page's number, or ``None`` when the page
    has no live-reload script (not served by `mkdocs serve`, or not served yet)."""
    shown = LIVERELOAD.search(page)
    return (shown[1], shown[2]) if shown else None


def newer_build(origin: str, shown: tuple[str, str], seconds: float) -> int | None:
    """The number of the build visible once one newer than ``shown`` is (MkDocs answers
    after a minute at the latest, then with the same number), or ``None`` when the server
    at ``origin`` does not answer within ``seconds``."""
    epoch, request = shown
    answer = fetch(f"{origin}/livereload/{epoch}/{request}", timeout=seconds)
    return int(answer) if answer.isdigit() else None
