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
    system prefers (the theme follows it). A change of scheme is made on a blank page: the
    page shown reacts to it while the next one loads, and that one kept the scheme before
    (``show`` waited 5 s for the new one, then loaded the page again)."""
    if getattr(browser, "_rpt_scheme", scheme) != scheme:
        browser.get("about:blank")
    browser._rpt_scheme = scheme
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}
    )
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    if not getattr(browser, "_rpt_forgets_palette", False):
        # the theme keeps the scheme it chose in local storage: every page forgets it
        # before the theme's script runs, so that the theme follows the preference
        browser.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "try { localStorage.clear(); } catch (error) {}"}
        )
        browser._rpt_forgets_palette = True


#: the theme's name of each scheme (mkdocs.yml's palette)
THEME_SCHEMES = {"light": "default", "dark": "slate"}


#: the views every page is checked in: a phone and a desktop, light and dark
VIEWS = [(width, scheme) for scheme in ("light", "dark") for width in (390, 1440)]


def show(browser, url: str, width: int, scheme: str = "light", height: int = 900) -> None:
    """Load ``url`` at ``width`` px in ``scheme``, and wait until the theme has applied the
    scheme and its scripts (and ours) have run."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    set_view(browser, width, scheme, height)
    browser.get(url)
    ready = (
        "return document.readyState === 'complete' && typeof window.document$ !== 'undefined'"
        " && document.body.getAttribute('data-md-color-scheme') === arguments[0]"
    )
    try:
        WebDriverWait(browser, 5).until(lambda b: b.execute_script(ready, THEME_SCHEMES[scheme]))
    except TimeoutException:
        # the first page after a change of preference may still take the scheme the
        # theme remembered from the page before; the next load follows the preference
        browser.refresh()
        WebDriverWait(browser, 15).until(lambda b: b.execute_script(ready, THEME_SCHEMES[scheme]))


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
