"""The real collection in every view readers have (a phone's width and a desktop's, light
and dark), in headless Chromium: axe-core finds nothing moderate, serious or critical on
any kind of page. Each page is loaded once and put into each view in turn (``each_view``):
a view's layout width, the theme's scheme and the page's background show that it really
changed. The rest of what readers see is ``test_site_reading_browser.py``; this look is a
module of its own so that the two run side by side (a module to a core), and a test per
page: pytest-xdist starts the modules with the most tests first, and this long one must
not be left to run alone at the end of a pass.
"""

from __future__ import annotations

import pytest

from axe import each_view, views_applied, violations
from browser import browser, browser_session, http_server  # noqa: F401 - browser and browser_session are fixtures

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

#: one page of each kind: home, a report, the record index, the coverage overview, a
#: system page, an unpublished member's page, hand-written docs pages (one with a table)
PAGES = ["", "signet/memory/", "records/", "coverage/", "signet/", "signet/runtime/", "format/", "publishing/"]


@pytest.fixture(scope="module")
def site_url(real_site_dir):
    with http_server(real_site_dir) as origin:
        yield origin + "/"


@pytest.mark.parametrize("page", PAGES, ids=[page or "home" for page in PAGES])
def test_axe_finds_nothing_moderate_or_worse(browser, site_url, page):
    found, settled = {}, {}
    for view, settled[view] in each_view(browser, site_url + page):
        if problems := violations(browser):
            found[view] = [f"{v['id']} ({v['count']}): {v['nodes'][:2]}" for v in problems]
    assert views_applied(settled) == []
    assert found == {}
