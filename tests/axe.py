"""axe-core, the accessibility engine, for the browser tests: fetched from the npm registry
at test time with npm's own client (``npm pack``, which checks the package's integrity),
kept in a cache folder, and injected into the page under test by the driver. Pages never
load it themselves: nothing comes from another origin at page time.

Also: the page set-ups readers have (a window width, a light or dark scheme) and the
question "what does axe find that is moderate, serious or critical".
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import pytest

from browser import until_script
from user_cache import user_cache

#: a current 4.x, pinned so that a new rule does not change results between runs
AXE_VERSION = "4.14.1"
#: moderate too: the theme's nameless and twice-named navigation landmarks are named apart
IMPACTS = ("moderate", "serious", "critical")


def axe_source() -> str:
    """axe.min.js of AXE_VERSION, from the cache or the npm registry; a skip (a failure
    on CI) when neither has it."""
    script = user_cache(f"axe-core-{AXE_VERSION}") / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        problem = None
        if npm is None:
            problem = "npm is not installed: it fetches axe-core for the accessibility tests"
        else:
            with tempfile.TemporaryDirectory() as work:
                done = subprocess.run(
                    [npm, "pack", f"axe-core@{AXE_VERSION}", "--silent", "--pack-destination", work],
                    capture_output=True, text=True, timeout=180, cwd=work,
                )
                tarballs = list(Path(work).glob("axe-core-*.tgz"))
                if done.returncode or not tarballs:
                    problem = f"npm pack axe-core@{AXE_VERSION} failed: {done.stderr.strip()[-500:]}"
                else:
                    with tarfile.open(tarballs[0]) as archive:
                        member = archive.extractfile("package/axe.min.js")
                        data = member.read() if member else b""
                    script.parent.mkdir(parents=True, exist_ok=True)
                    partial = script.with_suffix(".part")
                    partial.write_bytes(data)
                    partial.replace(script)
        if problem:
            if os.environ.get("CI"):
                pytest.fail(problem)
            pytest.skip(problem)
    return script.read_text(encoding="utf-8")


def set_view(browser, width: int, scheme: str = "light", height: int = 900) -> None:
    """The window ``width`` px wide (a phone's below 600) in the ``scheme`` the reader's
    system prefers (the theme follows it), for the next page loaded. A change of scheme is
    made on a blank page: the page shown reacts to it while the next one loads, and that
    one kept the scheme before (``show`` waited 5 s for the new one, then loaded the page
    again). ``switch_view`` changes the view of the page shown instead."""
    if getattr(browser, "_rpt_scheme", scheme) != scheme:
        browser.get("about:blank")
    _emulate(browser, width, scheme, height)
    if not getattr(browser, "_rpt_forgets_palette", False):
        # the theme keeps the scheme it chose in local storage: every page forgets it
        # before the theme's script runs, so that the theme follows the preference
        browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "try { localStorage.clear(); } catch (error) {}"}
        )
        browser._rpt_forgets_palette = True


def _emulate(browser, width: int, scheme: str, height: int) -> None:
    """The window's size and the preferred scheme, through the DevTools protocol."""
    browser._rpt_scheme = scheme
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "screenWidth": width, "screenHeight": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


#: the theme's name of each scheme (mkdocs.yml's palette)
THEME_SCHEMES = {"light": "default", "dark": "slate"}


#: the views every page is checked in: a phone and a desktop, light and dark
VIEWS = [(width, scheme) for scheme in ("light", "dark") for width in (390, 1440)]


def show(browser, url: str, width: int, scheme: str = "light", height: int = 900) -> None:
    """Load ``url`` at ``width`` px in ``scheme``, and wait until the theme has applied the
    scheme and its scripts (and ours) have run."""
    from selenium.common.exceptions import TimeoutException

    set_view(browser, width, scheme, height)
    browser.get(url)
    ready = (
        "return document.readyState === 'complete' && typeof window.document$ !== 'undefined'"
        " && document.body.getAttribute('data-md-color-scheme') === arguments[0]"
    )
    try:
        until_script(browser, ready, 5, THEME_SCHEMES[scheme])
    except TimeoutException:
        # the first page after a change of preference may still take the scheme the
        # theme remembered from the page before; the next load follows the preference
        browser.refresh()
        until_script(browser, ready, 15, THEME_SCHEMES[scheme])


#: the view the page shown is in, once it has settled there: the emulated screen's width,
#: the width the page is laid out in, the theme's scheme and the background it paints
#: (after the theme has switched, no transition runs any more and two frames have been drawn)
SETTLED = """
const done = arguments[arguments.length - 1], scheme = arguments[0];
if (document.body.getAttribute('data-md-color-scheme') !== scheme) {
  const toggle = document.querySelector('form[data-md-component="palette"] input[data-md-color-scheme="' + scheme + '"]');
  if (toggle) toggle.click();
}
const settle = () => {
  const running = document.getAnimations().some(a => a.playState === 'running');
  if (running || document.body.getAttribute('data-md-color-scheme') !== scheme) return requestAnimationFrame(settle);
  requestAnimationFrame(() => requestAnimationFrame(() => done({
    width: screen.width, layout: document.documentElement.clientWidth, scheme: document.body.getAttribute('data-md-color-scheme'),
    background: getComputedStyle(document.body).backgroundColor,
  })));
};
settle();
"""


def switch_view(browser, width: int, scheme: str = "light", height: int = 900) -> dict:
    """Put the page shown into another view without loading it again: the window resized
    and the preference changed through the DevTools protocol, as a reader turning a phone
    or turning on their system's dark mode does. The theme applies the preferred scheme
    when a page loads, not when the preference changes, so the page is switched to it with
    the theme's own palette toggle, as the reader would. Returns the view the page settled
    in (``SETTLED``), for a test to show that it really changed: the screen's and the
    layout's width, the theme's scheme and the page's background."""
    _emulate(browser, width, scheme, height)
    browser.set_script_timeout(15)
    return browser.execute_async_script(SETTLED, THEME_SCHEMES[scheme])


def each_view(browser, url: str, views=VIEWS):
    """Load ``url`` once and put it into each of ``views`` in turn (``switch_view``);
    yields each view with what the page settled in, for the checks of that view (axe,
    layout) to run on the one load. The page is loaded at the narrowest width and only
    widened: the theme measures some things once, when a page loads (a code block too wide
    for its box is made focusable, so that a keyboard can scroll it), and whatever is too
    wide at a wider width was too wide at the narrowest one already; loaded wide and then
    narrowed, the page would lack what a fresh load at the narrow width gives it."""
    for number, (width, scheme) in enumerate(sorted(views, key=lambda view: view[0])):
        if number == 0:
            show(browser, url, width, scheme)
        yield (width, scheme), switch_view(browser, width, scheme)


def views_applied(settled: dict[tuple[int, str], dict]) -> list[str]:
    """What is wrong with the views a page settled in (``each_view``), keyed by view: each
    on a screen of its width in the theme's scheme, laid out anew at each width (a page
    wider than a phone's screen widens its layout: the tests of sideways scrolling say so),
    and the dark scheme's background not the light one's at any width."""
    wrong = [f"{view}: {look}" for view, look in settled.items()
             if look["width"] != view[0] or look["scheme"] != THEME_SCHEMES[view[1]]]
    for width in {view[0] for view in settled}:
        layouts = {look["layout"] for view, look in settled.items() if view[0] == width}
        others = {look["layout"] for view, look in settled.items() if view[0] != width}
        if layouts & others:
            wrong.append(f"laid out at {sorted(layouts)} px at {width} px and at another width alike")
    light = {look["background"] for (_, scheme), look in settled.items() if scheme == "light"}
    dark = {look["background"] for (_, scheme), look in settled.items() if scheme == "dark"}
    if light & dark:
        wrong.append(f"the same background in light and dark: {sorted(light & dark)}")
    return wrong


RUN = """
const done = arguments[arguments.length - 1];
axe.run(arguments[0] === null ? document : {include: [[arguments[0]]]}, {resultTypes: ["violations"]}).then(result => done(result.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.map(n => n.target.join(" ") + ": " + (n.failureSummary || "").split("\\n").slice(0, 2).join(" ")).slice(0, 5),
  count: v.nodes.length,
})))).catch(error => done([{id: "axe-error", impact: "critical", help: String(error), nodes: [], count: 1}]));
"""


def violations(browser, impacts=IMPACTS, within: str | None = None) -> list[dict]:
    """axe's violations of ``impacts`` on the page loaded in ``browser`` (in the element
    ``within`` selects alone, when given: a block of ours inside the theme's)."""
    if not browser.execute_script("return typeof window.axe !== 'undefined'"):
        browser.execute_script(axe_source())
    browser.set_script_timeout(120)
    return [v for v in browser.execute_async_script(RUN, within) if v["impact"] in impacts]
