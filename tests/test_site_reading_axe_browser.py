"""The real collection in every view readers have (a phone's width and a desktop's, light
and dark), in headless Chromium: axe-core finds nothing moderate, serious or critical on
any kind of page. The rest of what readers see is ``test_site_reading_browser.py``; this
look, the longest, is a module of its own so that the two run side by side (a module to
a core).
"""

from __future__ import annotations

import pytest

from axe import VIEWS, show, violations
from browser import browser, browser_session, http_server  # noqa: F401 - browser and browser_session are fixtures

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

#: one page of each kind: home, a report, the record index, the coverage overview, a
#: system page, an unpublished member's page, hand-written docs pages (one with a table)
PAGES = ["", "signet/memory/", "records/", "coverage/", "signet/", "signet/runtime/", "format/", "publishing/"]


@pytest.fixture(scope="module")
def site_url(real_site_dir):
    with http_server(real_site_dir) as origin:
        yield origin + "/"


@pytest.mark.parametrize(("width", "scheme"), VIEWS, ids=[f"{w}px-{s}" for w, s in VIEWS])
def test_axe_finds_nothing_moderate_or_worse(browser, site_url, width, scheme):
    found = {}
    for page in PAGES:
        show(browser, site_url + page, width, scheme)
        if problems := violations(browser):
            found[page or "home"] = [f"{v['id']} ({v['count']}): {v['nodes'][:2]}" for v in problems]
    assert found == {}
