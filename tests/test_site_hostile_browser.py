"""The hostile collection (``hostile.py``) in headless Chromium: nothing an author wrote runs.

Every free-text field of every member type carries injection vectors, each of which would
call ``alert``/``confirm``/``prompt`` with its number. The browser hooks those before any
page script runs, loads every page, lets the theme do all it does with text (tooltips of
titles, of truncated titles in the header, navigation and table of contents, search
results, instant navigation), hovers and focuses every element that has a title or a
tooltip, and then asks what ran: nothing may have. It also checks that the theme's
configuration (``#__config``) is the theme's, and that no page loads anything from
another site. Each page is loaded and hovered once (``visits``), every record's
neighbourhood on it opened first, for the tests of the pages and of the neighbourhoods.
"""

from __future__ import annotations

import re

import pytest

from browser import BrowserSession, browser, built_and_served, until_script, wait  # noqa: F401 - browser is a fixture
from hostile import DOCS_PAGE, write_hostile_collection
from sitehtml import add_theme_features, make_project

pytestmark = pytest.mark.site

#: seconds a page may take to load or settle: a ceiling, as every wait ends once its condition holds
WAIT = 30
HOOK = """
window.__fired = [];
for (const name of ["alert", "confirm", "prompt", "print"]) {
  window[name] = function () { window.__fired.push(name + "(" + Array.from(arguments).join(",") + ")"); return null; };
}
"""
#: features beyond mkdocs.yml's that re-insert or carry page text
MORE_FEATURES = ["navigation.instant", "navigation.footer", "navigation.path", "search.suggest"]

#: every element a tooltip may come from: titles (also those the theme sets on truncated
#: text once it has been scrolled into view), record labels and abbreviations
HOSTS = "[title], [data-rpt-label], abbr, .md-status"
#: elements hovered by one script, and the seconds it may take: a page's time limit grows with
#: its elements, and a loaded machine slows each short script rather than timing out one long one
BATCH = 25
BATCH_SECONDS = 30
#: the tallest the window is made to bring every element of a page into view at once (a
#: longer page a part this tall at a time): the theme gives a truncated text its tooltip
#: once the text has been in view, and a window this tall shows the whole of a page and of
#: its sidebars in a few frames, where a reader's window scrolled through it showed
#: neither the sidebars' hidden items nor the bands a step skipped
TALL = 8000

SCROLL = """
const done = arguments[arguments.length - 1];
window.scrollTo(0, arguments[0]);  // then two frames: the theme's visibility observers have run
requestAnimationFrame(() => requestAnimationFrame(() => done(document.body.scrollHeight)));
"""
COLLECT = "window.__hosts = [...new Set(document.querySelectorAll(arguments[0]))]; return window.__hosts.length;"
HOVER = """
const done = arguments[arguments.length - 1];
const hosts = (window.__hosts || []).slice(arguments[0], arguments[0] + arguments[1]);
for (const el of hosts) {
  for (const type of ["pointerover", "mouseover", "mouseenter", "focus", "focusin"])
    el.dispatchEvent(new MouseEvent(type, {bubbles: type !== "mouseenter" && type !== "focus"}));
  if (el.focus) el.focus();
  for (const type of ["pointerout", "mouseout", "mouseleave", "blur", "focusout"])
    el.dispatchEvent(new MouseEvent(type, {bubbles: type !== "mouseleave" && type !== "blur"}));
}
requestAnimationFrame(() => done(hosts.length));  // the page draws what the hovering changed
"""
#: an image's error event (where an injected ``onerror`` would run) comes once it is complete
IMAGES_DONE = "return [...document.images].filter(i => !i.complete).map(i => i.src)"


def hover_all(browser) -> dict:
    """Bring the whole page into view, then hover and focus every element a tooltip may come from,
    ``BATCH`` at a time; once every image has loaded or failed, how many were hovered and
    how many elements have a title. A script that takes longer than ``BATCH_SECONDS`` fails
    the test, saying how far it got (and the next test gets a fresh browser)."""
    browser.set_script_timeout(BATCH_SECONDS)
    _bring_all_into_view(browser)
    total, hovered = browser.execute_script(COLLECT, HOSTS), 0
    while hovered < total:
        done = _in_time(browser, f"hovering elements {hovered + 1}–{min(hovered + BATCH, total)} of {total}", HOVER, hovered, BATCH)
        assert done, f"the page {browser.current_url} changed while its elements were hovered ({hovered} of {total})"
        hovered += done
    _settle(browser)
    return {"hovered": hovered, "titled": browser.execute_script("return document.querySelectorAll('[title]').length")}


def _bring_all_into_view(browser) -> None:
    """Every element of the page in view once (``TALL``), then the window as it was,
    scrolled to the end (where the header shows the page's title instead of the site's)
    and back."""
    width, height = browser.execute_script("return [innerWidth, document.documentElement.scrollHeight]")
    for y in range(0, height, TALL):
        metrics = {"width": width, "height": min(height - y, TALL), "deviceScaleFactor": 1, "mobile": False}
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        _in_time(browser, f"showing {metrics['height']} px from {y} px", SCROLL, y)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    _in_time(browser, "scrolling to the end", SCROLL, height)
    _in_time(browser, "scrolling back", SCROLL, 0)


def _in_time(browser, doing: str, script: str, *args):
    """The result of an asynchronous ``script``; a failure naming what it was doing when it
    took longer than its time limit."""
    from selenium.common.exceptions import TimeoutException

    try:
        return browser.execute_async_script(script, *args)
    except TimeoutException:
        raise AssertionError(f"{doing} on {browser.current_url} took over {BATCH_SECONDS} s") from None


def _settle(browser) -> None:
    """Wait until every image of the page has loaded or failed (its error event, where an
    injected ``onerror`` would run, has then come), and a task and a frame after that."""

    wait(browser, WAIT).until(lambda b: not b.execute_script(IMAGES_DONE), "images still loading")
    _in_time(browser, "waiting a frame", "const done = arguments[0]; setTimeout(() => requestAnimationFrame(() => done()))")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile-browser")
    project = make_project(root / "project", reports=None, docs={"notes.md": DOCS_PAGE})
    write_hostile_collection(project / "reports")
    add_theme_features(project, *MORE_FEATURES)
    served = root / "served"
    served.mkdir()
    with built_and_served(project, served, strict=False) as address:
        origin = address.rstrip("/")
        hand_written = {"authoring/", "format/", "publishing/"}  # the same navigation as every page
        pages = sorted(
            url for path in served.rglob("index.html")
            if (url := path.parent.relative_to(served).as_posix() + "/" if path.parent != served else "") not in hand_written
        )
        yield origin, pages


def _prepare(driver) -> None:
    driver.set_page_load_timeout(WAIT)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})


@pytest.fixture(scope="module")
def browser_session():
    session = BrowserSession(prepare=_prepare)
    yield session
    session.close()


def _ready(browser) -> None:

    until_script(browser, "return document.readyState === 'complete' && typeof window.document$ !== 'undefined'", WAIT)


def _fired(browser) -> list[str]:
    return browser.execute_script("return window.__fired")


def config_is_the_themes(browser, but: str | None = None) -> str | None:
    """What is wrong with the page's ``#__config``, or ``None``; and whether the page as
    served (before the theme's script adds ids such as ``__code_0``) has an id of the
    theme's kind in its content — but the elements ``but`` selects (a theme's own)."""
    return browser.execute_async_script(
        """
        const but = arguments[0], done = arguments[arguments.length - 1];
        const all = document.querySelectorAll('[id="__config"]');
        if (all.length !== 1) return done(all.length + ' elements have the id __config');
        const config = document.getElementById('__config');
        if (config.tagName !== 'SCRIPT') return done('the element with the id __config is a ' + config.tagName);
        const value = JSON.parse(config.textContent);
        if (!Array.isArray(value.features) || !value.features.includes('content.tooltips')) return done('wrong features');
        fetch(location.href).then(response => response.text()).then(html => {
          const served = new DOMParser().parseFromString(html, 'text/html');
          const stray = [...served.querySelectorAll('article [id^="__"]' + (but ? ':not(' + but + ')' : ''))].map(e => e.id);
          done(stray.length ? 'ids of the theme in the content: ' + stray.join(' ') : null);
        });
        """,
        but,
    )


def _foreign_loads(browser, origin: str) -> list[str]:
    return browser.execute_script(
        "return [...performance.getEntriesByType('resource').map(e => e.name),"
        " ...[...document.images].map(i => i.currentSrc || i.src)]"
        ".filter(u => u && !u.startsWith(arguments[0]) && !u.startsWith('data:'))",
        origin,
    )


#: what the hood drawings hold, collected on each page whose records have neighbourhoods
DRAWN = (
    "const hoods = [...document.querySelectorAll('.rpt-hood')];"
    "return {tags: [...new Set(hoods.flatMap(h => [...h.querySelectorAll('*')].map(e => e.tagName.toLowerCase())))],"
    " hrefs: hoods.flatMap(h => [...h.querySelectorAll('a')].map(a => new URL(a.getAttribute('href'), location.href).href)),"
    " attributes: [...new Set(hoods.flatMap(h => [...h.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name))))]}"
)


@pytest.fixture(scope="module")
def visits(browser_session, site) -> dict[str, dict]:
    """Every page loaded once (each load costs the hovering of all its elements): on a
    member's page (``<system>/<member>/``) every record's neighbourhood is opened first, so
    that its drawing is hovered too; then every element a tooltip may come from is hovered
    and focused. Per page: what ran, what is wrong with ``#__config``, what was loaded from
    elsewhere, how many elements have a title, and the neighbourhoods opened and drawn."""

    browser = browser_session.driver
    origin, pages = site
    seen = {}
    for page in pages:
        browser.get(f"{origin}/{page}")
        _ready(browser)
        buttons = 0
        if page.count("/") == 2:
            buttons = browser.execute_script(
                "const all = [...document.querySelectorAll('.rpt-record-actions button[aria-controls]')]; all.forEach(b => b.click()); return all.length"
            )
        if buttons:
            until_script(browser, "return [...document.querySelectorAll('.rpt-hood')].every(h => h.querySelector('svg, p:not(.rpt-hood-loading)'))", WAIT)
        result = hover_all(browser)
        seen[page] = {
            "titled": result["titled"], "fired": _fired(browser), "config": config_is_the_themes(browser),
            "foreign": _foreign_loads(browser, origin), "hoods": buttons, "drawn": browser.execute_script(DRAWN) if buttons else None,
        }
    return seen


def test_no_page_runs_author_script_however_the_theme_shows_its_text(browser, site, visits):
    origin, pages = site
    assert len(pages) >= 10, pages
    titled = 0
    for page in pages:
        titled += visits[page]["titled"]
        assert visits[page]["fired"] == [], page
        assert visits[page]["config"] is None, page
        assert visits[page]["foreign"] == [], page
    # the theme did copy truncated author text into titles, and they were hovered
    assert titled > 50


def test_narrow_screens_truncate_more_and_still_run_nothing(browser, site):
    origin, _ = site
    browser.set_window_size(390, 900)
    try:
        for page in ["evil/memory/", "records/"]:
            browser.get(f"{origin}/{page}")
            _ready(browser)
            hover_all(browser)
            assert _fired(browser) == [], page
    finally:
        browser.set_window_size(1280, 1000)


def test_a_record_preview_shows_the_label_and_text_as_text(browser, site):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    origin, _ = site
    browser.get(f"{origin}/evil/memory/")
    _ready(browser)
    link = browser.find_element(By.XPATH, "//article//a[@data-rpt-label][contains(@href, '#mem-')]")  # a record's
    ActionChains(browser).move_to_element(link).perform()
    tooltip = browser.find_element(By.ID, "rpt-tooltip")
    label = link.get_attribute("data-rpt-label")
    assert "<img src=x onerror=" in label or "<script>" in label or "<svg" in label
    assert tooltip.is_displayed() and label in tooltip.get_attribute("textContent")
    assert link.get_attribute("aria-describedby") == "rpt-tooltip"
    # then the record's preview (previews/<system>.json): its author text is text too
    until_script(browser, "return !!document.querySelector('#rpt-tooltip .rpt-preview-head')", WAIT)
    tags = browser.execute_script("return [...document.querySelectorAll('#rpt-tooltip *')].map(e => e.tagName.toLowerCase())")
    assert set(tags) <= {"p", "strong", "span"}, tags
    assert label in tooltip.get_attribute("textContent")
    assert _fired(browser) == []


def test_search_results_show_the_vectors_as_text(browser, site):
    from selenium.webdriver.common.by import By

    origin, _ = site
    # prefixes of words the vectors hold, and a record's ID (the plugin's block shows its label)
    for query in ["onerror", "evil", "click", "MEM-OBJ-evil-one"]:
        browser.get(f"{origin}/")
        _ready(browser)
        field = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
        field.click()
        wait(browser, WAIT).until(  # the index is loaded ("Initializing search" before)
            lambda b: "Initializing" not in b.execute_script("return document.querySelector('.md-search-result__meta').textContent")
        )
        field.send_keys(query)
        results = ".md-search-result__item, .rpt-id-search-list li"
        # the theme's results, or the block's record
        until_script(browser, "return document.querySelectorAll('.md-search-result__item, .rpt-id-search-list a[href*=\"#\"]').length > 0", WAIT)
        browser.execute_script(
            """
            for (const item of document.querySelectorAll(arguments[0]))
              for (const el of [item, ...item.querySelectorAll('*')])
                for (const type of ['mouseenter', 'mouseover', 'focus'])
                  el.dispatchEvent(new MouseEvent(type, {bubbles: type === 'mouseover'}));
            """, results
        )
        _settle(browser)
        texts = browser.execute_script("return [...document.querySelectorAll(arguments[0])].map(item => item.innerHTML)", results)
        assert _fired(browser) == [], query
        assert not [t for t in texts if re.search(r"<(img|script|svg|iframe)\b", t)], query


def test_instant_navigation_runs_nothing_either(browser, site):
    from selenium.webdriver.common.by import By

    origin, _ = site
    browser.get(f"{origin}/")
    _ready(browser)
    browser.execute_script("window.__same_document = true")
    # a page's navigation lists its own system only: another system is reached from Systems
    for target in ["evil/memory/", "systems/", "alone/", "notes/"]:
        link = browser.find_element(By.CSS_SELECTOR, f"a[href$='{target}']")
        browser.execute_script("arguments[0].click()", link)
        wait(browser, WAIT).until(lambda b, target=target: b.current_url.endswith(target))
        _ready(browser)
        assert browser.execute_script("return window.__same_document === true"), "not an instant navigation"
        hover_all(browser)
        assert _fired(browser) == [], target
        assert config_is_the_themes(browser) is None, target


def test_the_hand_written_page_cites_in_text_but_not_inside_attributes(browser, site):
    origin, _ = site
    browser.get(f"{origin}/notes/")
    _ready(browser)
    alt, title = browser.execute_script(
        "return [document.querySelector('article img').alt, document.querySelector('article a[title]:not(.headerlink)').title]"
    )
    assert (alt, title) == ("evil:MEM-OBJ-evil-one", "evil:MEM-CMP-evil-zero")
    labels = browser.execute_script("return [...document.querySelectorAll('article a[data-rpt-label]')].map(a => a.textContent)")
    assert labels == ["MEM-OBJ-evil-one", "RT-RTE-evil-two"]
    assert _fired(browser) == []


def test_every_neighbourhood_shows_author_text_as_text(browser, site, visits):
    origin, pages = site
    opened = 0
    for page in (p for p in pages if p.count("/") == 2):  # <system>/<member>/
        if not visits[page]["hoods"]:
            continue
        opened += visits[page]["hoods"]
        drawn = visits[page]["drawn"]
        assert set(drawn["tags"]) <= {"svg", "a", "title", "rect", "text", "g", "path", "ul", "li", "p"}, page
        assert [href for href in drawn["hrefs"] if not href.startswith(origin + "/")] == [], page
        assert set(drawn["attributes"]) <= {"class", "role", "aria-label", "href", "x", "y", "width", "height", "rx", "d", "viewBox"}, page
        assert visits[page]["fired"] == [], page
    assert opened >= 5
