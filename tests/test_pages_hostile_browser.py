"""The hostile collection's ``mkdocs-reports pages`` export, built without the plugin by
plain MkDocs, ProperDocs and Zensical with Material and ``content.tooltips`` on, in
headless Chromium: nothing an author wrote runs.

The export is built once and then by MkDocs and Zensical once each (a module-scoped fixture
per generator); ProperDocs writes MkDocs' very site of it, which a test checks against the
MkDocs build the browser is served. Every page is loaded, brought into view whole, and every element a tooltip may come from is
hovered and focused (``test_site_hostile_browser.hover_all``). Nothing may run, the theme's
``#__config`` must be the theme's, and nothing may load from another origin. Zensical is
installed as ``zensical_install.py`` says.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from browser import BrowserSession, browser, http_server, until_script  # noqa: F401 - browser is a fixture
from conftest import minimal_report
from hostile import write_hostile_collection
from mkdocs_reports.cli.pages import write_pages
from mkdocs_reports.core.rules.collection_check import check_collection
from test_generators_agree import built_files
from test_site_hostile_browser import HOOK, WAIT, _fired, _foreign_loads, config_is_the_themes, hover_all
from zensical_install import zensical_command

pytestmark = pytest.mark.site

#: what the issue's reader found to run in the export: a link title, a note whose type is
#: a theme class (its body overflows, so the theme copies its text into a tooltip), and an
#: author heading with the theme's configuration id
EXPORT_VECTORS = {
    "write_side": (
        'A [link](https://example.org/ "<img src=x onerror=alert(778)>").\n\n'
        '!!! md-ellipsis "Note"\n    ' + "> " * 12 + "overflowing <img src=x onerror=alert(779)> " * 60 + "\n\n"
        "## __config!\n\n"
        "Text.\n\n"
        '[ref]: https://example.org/r "<img src=x onerror=alert(780)>"\n\n'
        "Uses [the reference][ref] and <https://example.org/auto>.\n"
    ),
    "read_back": (
        "A [titled link](https://example.org/ 'title <svg onload=alert(781)>') and "
        "![image](x.png \"<img src=x onerror=alert(782)>\").\n\n"
        '!!! md-tooltip "<img src=x onerror=alert(783)>"\n    Body.\n\n'
        "### __search\n\n"
        "#### md-ellipsis {: .md-ellipsis #__config title='<img src=x onerror=alert(784)>' }\n"
    ),
}
FEATURES = ["content.tooltips", "content.code.copy", "navigation.instant", "navigation.footer",
            "navigation.path", "navigation.sections", "toc.follow", "search.suggest"]


@pytest.fixture(scope="module")
def export(tmp_path_factory) -> Path:
    """The hostile collection's pages (written even though the check refuses it: the
    Markdown must be safe for text that should never have got that far), and a
    configuration without the plugin that INHERITs ``mkdocs-reports.yml``."""
    root = tmp_path_factory.mktemp("pages-hostile")
    reports = write_hostile_collection(root / "reports")
    (reports / "export").mkdir()
    body = yaml.safe_dump(EXPORT_VECTORS, width=10_000, allow_unicode=True)
    (reports / "export" / "memory.yaml").write_text(minimal_report("Export", body), encoding="utf-8")
    write_pages(check_collection(reports), root / "pages")
    config = {
        "site_name": "Without the plugin",
        "INHERIT": "pages/mkdocs-reports.yml",
        "docs_dir": "pages",
        "theme": {"name": "material", "font": False, "features": FEATURES},
        "plugins": ["search"],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def mkdocs_build(export, tmp_path_factory) -> tuple[Path, bytes, dict[str, bytes]]:
    """The export built by MkDocs, once for the module: the folder the browser is served,
    the generator's name and the files ProperDocs' build is compared with."""
    served = tmp_path_factory.mktemp("served-mkdocs")
    return served, *built_files("mkdocs", export, served, strict=False)


@pytest.mark.once  # it names both generators itself
def test_properdocs_builds_the_export_as_mkdocs_does(export, mkdocs_build, tmp_path):
    """So the browser looks at the MkDocs and the Zensical build: ProperDocs' is the same,
    byte for byte but for the generator's name."""
    _, mkdocs, by_mkdocs = mkdocs_build
    properdocs, by_properdocs = built_files("properdocs", export, tmp_path / "properdocs", strict=False)
    assert b"ProperDocs" in properdocs and b"ProperDocs" not in mkdocs
    assert sorted(by_properdocs) == sorted(by_mkdocs)
    assert [name for name in by_mkdocs if by_mkdocs[name] != by_properdocs[name]] == []


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def site(request, export, tmp_path_factory):
    """The export built by one generator, served; its origin and pages."""
    generator = request.param
    if generator == "zensical":
        project = tmp_path_factory.mktemp("zensical-project")
        shutil.copytree(export / "pages", project / "pages")
        config = yaml.safe_load((export / "mkdocs.yml").read_text(encoding="utf-8"))
        served = project / "site"  # Zensical writes only inside its project
        (project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        command = [str(zensical_command()), "build", "--clean"]
        done = subprocess.run(command, check=False, capture_output=True, text=True, cwd=project, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
    else:
        served = request.getfixturevalue("mkdocs_build")[0]
    pages = sorted(
        path.parent.relative_to(served).as_posix() + "/" if path.parent != served else ""
        for path in served.rglob("index.html")
    )
    with http_server(served) as origin:
        yield generator, origin, pages


def _prepare(driver) -> None:
    driver.set_page_load_timeout(WAIT)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})


@pytest.fixture(scope="module")
def browser_session():
    session = BrowserSession(prepare=_prepare)
    yield session
    session.close()


def _ready(browser) -> None:

    until_script(browser, "return document.readyState === 'complete'", WAIT)


def test_the_export_runs_no_author_script_in_any_generator(browser, site):
    generator, origin, pages = site
    assert "export/memory/" in pages and len(pages) >= 10, pages
    titled = 0
    for page in pages:
        browser.get(f"{origin}/{page}")
        _ready(browser)
        titled += hover_all(browser)["titled"]
        assert _fired(browser) == [], (generator, page)
        skip_link = "article > a#__skip:empty"  # Zensical's theme puts it first in the content
        assert config_is_the_themes(browser, but=skip_link) is None, (generator, page)
        assert _foreign_loads(browser, origin) == [], (generator, page)
    assert titled > 20, generator  # the theme did copy truncated author text into titles


def test_the_export_keeps_no_author_chosen_id_title_or_theme_class(browser, site):
    """What the theme re-reads, in the page as served: no id but the page's own (the
    templates' anchors and the headings' ids), no title holding markup, no ``md-*`` class
    in the content; and every sentence of the vectors still shown."""
    generator, origin, _ = site
    browser.get(f"{origin}/export/memory/")
    _ready(browser)
    found = browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        fetch(location.href).then(response => response.text()).then(html => {
          const content = new DOMParser().parseFromString(html, 'text/html').querySelector('article');
          done({
            ids: [...content.querySelectorAll('[id]:not(article > a#__skip:empty)')].map(e => e.id),
            titles: [...content.querySelectorAll('[title]')].map(e => e.title).filter(t => /[<&]/.test(t)),
            classes: [...new Set([...content.querySelectorAll('[class]')].flatMap(e => [...e.classList]))]
              .filter(c => c.startsWith('md-')),
            text: content.textContent,
          });
        });
        """
    )
    assert [i for i in found["ids"] if i.startswith("_") or i in ("config", "search", "md-ellipsis", "ref")] == [], generator
    assert found["titles"] == [], generator
    assert found["classes"] == [], generator
    for shown in ("overflowing <img src=x onerror=alert(779)>", "__config!", "__search", "Uses the reference"):
        assert shown in found["text"], (generator, shown)
