"""Report text beside a template plugin: mkdocs-macros renders every page's Markdown and
title as Jinja, unsandboxed (``lipsum.__globals__`` reaches ``os``). A system's name
(``_set.yaml``) and a member type's noun (``_types/``) are titles of generated pages, and a
record's label goes into a hand-written page's Markdown with its ``system:ID`` citation
(when the plugin runs before macros): none of them may be template syntax for it, in either
order of the plugins, and hand-written pages keep their macros.

Each build carries one vector in every place at once: a system name, a member type's noun
and a record label cited from a hand-written page. A vector that ran would create the
canary file, or write ``<img … onerror=…>`` from characters no escaping sees
(``'%c'|format(60)`` is ``<``); the reader must see the braces as the author wrote them.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import run_cli
from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages.site import SitePages
from mkdocs_reports.safety.chrome import chrome_html
from sitehtml import REPO, SAMPLE, Site, build_site, make_project

pytestmark = pytest.mark.site

#: the file a vector creates if it runs: named by an environment variable of the build (a
#: system name holds no path; in lower case, as a noun is lowered but for its first letter)
CANARY = "reports_macros_canary"
#: code and markup written without quotes, which the label's HTML attribute would escape
_GLOBALS = "lipsum.__globals__"
_CHR = f"{_GLOBALS}.__builtins__.chr"
_RUN = f"{_GLOBALS}.os.mknod({_GLOBALS}.os.environ.{CANARY})"
VECTORS = {
    "expression": f"Evil {{{{ {_RUN} }}}} {{{{ {_CHR}(60) }}}}img src=x onerror=alert(1){{{{ {_CHR}(62) }}}}",
    "format": "Evil {{ '%c'|format(60) }}img src=x onerror=alert(2){{ '%c'|format(62) }}",
    "statement": f"Evil {{% set x = {_RUN} %}}{{% filter replace({_CHR}(91), {_CHR}(60)) %}}[img src=x onerror=alert(3)>{{% endfilter %}}",
    "comment": "Evil {# a comment hides this #} name {{ 7 * 6 }} }} %} #}",
}

TYPE = """\
name: evil-report
noun: {noun}
member: evil
prefix: EVL
sections:
  - key: notes
    heading: Notes
    shape: blocks
"""
REPORT = """\
type: evil-report
title: Evil member
notes:
  - text: A note.
"""
#: a hand-written page: a macro of the site's own (main.py) and a cited record
DOCS_PAGE = """\
# Macros beside reports

The site's macro: {{ shout('kept') }}.

The cited record: alpha:MEM-OBJ-notes.
"""
MAIN = """\
def define_env(env):
    @env.macro
    def shout(text):
        return text.upper()
"""
ORDERS = {
    "reports-then-macros": ("  - reports:\n", "  - reports:\n", "      require_verified_quotes: false\n", "      require_verified_quotes: false\n  - macros\n"),
    "macros-then-reports": ("  - reports:\n", "  - macros\n  - reports:\n", "", ""),
}


def _project(root: Path, text: str, order: str) -> Path:
    project = make_project(root / "project", docs={"macros.md": DOCS_PAGE})
    (project / "main.py").write_text(MAIN, encoding="utf-8")
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    first_old, first_new, second_old, second_new = ORDERS[order]
    assert first_old in config and second_old in config
    config = config.replace(first_old, first_new, 1).replace(second_old, second_new, 1)
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    reports = project / "reports"
    set_file = reports / "alpha" / "_set.yaml"
    set_file.write_text(set_file.read_text(encoding="utf-8").replace("system: Alpha", f"system: {json.dumps(text)}"), encoding="utf-8")
    memory = reports / "alpha" / "memory.yaml"
    memory.write_text(memory.read_text(encoding="utf-8").replace("label: Note store", f"label: {json.dumps(text)}"), encoding="utf-8")
    (reports / "_types").mkdir()
    (reports / "_types" / "evil.yaml").write_text(TYPE.format(noun=json.dumps(text)), encoding="utf-8")
    (reports / "alpha" / "evil.yaml").write_text(REPORT, encoding="utf-8")
    assert (SAMPLE / "alpha" / "memory.yaml").read_text(encoding="utf-8").count("label: Note store") == 1
    return project


class _Markup(HTMLParser):
    """Every ``img`` tag and event handler attribute an HTML parser finds."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.found.append(f"<{tag}>")
        self.found += [f"<{tag} {name}>" for name, _ in attrs if name.lower().startswith("on")]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _markup_in(site: Path) -> list[str]:
    """Tags and handlers in every HTML file, and in every string of every JSON file (the
    search index and the previews, which Material's search inserts as HTML)."""
    found = []
    for path in sorted(site.rglob("*")):
        if path.suffix == ".html":
            parser = _Markup()
            parser.feed(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(site)}: {tag}" for tag in parser.found]
        elif path.suffix == ".json":
            for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
                if re.search(r"<img", text, re.IGNORECASE):  # the words alone are the author's text
                    found.append(f"{path.relative_to(site)}: {text[:120]!r}")
    return found


def _shown(text: str) -> str:
    return " ".join(text.replace("\u2060", "").split())


@pytest.fixture(scope="module", params=[(v, o) for v in VECTORS for o in ORDERS], ids=lambda p: f"{p[0]}-{p[1]}")
def built(request, tmp_path_factory):
    vector, order = request.param
    root = tmp_path_factory.mktemp(f"{vector}-{order}")
    project, canary = _project(root, VECTORS[vector], order), root / "pwned"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        site = build_site(project, strict=True)  # --strict: a macro's error is a warning, which fails it
    return site, canary, VECTORS[vector]


def test_report_text_runs_no_template_code_beside_macros(built):
    site, canary, _ = built
    assert CANARY in VECTORS["expression"] + VECTORS["statement"] and not canary.exists()


def test_report_text_makes_no_markup_beside_macros(built):
    site, _, _ = built
    assert _markup_in(site) == []


def test_the_reader_sees_the_braces_as_written(built):
    root, _, text = built
    site = Site(root)
    system = site.page("alpha/")
    assert _shown(system.title).startswith(_shown(text))
    nav = [_shown(link.text) for link in system.links if link.in_nav]
    assert _shown(text) in nav
    member = site.page("alpha/evil/")
    assert _shown(text).capitalize() in [_shown(link.text) for link in member.links if link.in_nav]
    docs = site.page("macros/")
    assert [link.label for link in docs.links_with_text("MEM-OBJ-notes")] == [text]


def test_hand_written_pages_keep_their_macros(built):
    root, _, _ = built
    assert "The site's macro: KEPT." in Site(root).page("macros/").text


#: plugins that render pages as Jinja: mkdocs-macros (which honours ``render_macros:
#: false``) and mkdocs-markdownextradata-plugin (which renders every page's Markdown and
#: title, and reads no front matter to be told otherwise)
ENGINES = ("macros", "markdownextradata")


@pytest.fixture(scope="module", params=[(v, e) for v in VECTORS for e in ENGINES], ids=lambda p: f"{p[0]}-{p[1]}")
def exported(request, tmp_path_factory):
    """The same collection as ``mkdocs-reports pages`` writes it, built without the plugin
    but with a template plugin: author text stands in the exported pages' HTML."""
    vector, engine = request.param
    root = tmp_path_factory.mktemp(f"export-{vector}-{engine}")
    project = _project(root, VECTORS[vector], "macros-then-reports")
    result = run_cli("pages", str(project / "reports"), "--out", str(root / "pages"))
    assert result.returncode == 0, result.stderr
    (root / "main.py").write_text(MAIN, encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        "site_name: Without the plugin\nINHERIT: pages/mkdocs-reports.yml\ndocs_dir: pages\n"
        f"theme: material\nplugins: [search, {engine}]\n",
        encoding="utf-8",
    )
    canary = root / "pwned"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        site = build_site(root, strict=True)
    return site, canary, VECTORS[vector]


def test_exported_pages_tell_macros_not_to_render_them(exported):
    site, canary, _ = exported
    assert not canary.exists()
    assert _markup_in(site) == []
    pages = sorted((site.parent / "pages").rglob("*.md"))
    assert pages and all("\nrender_macros: false\n" in page.read_text(encoding="utf-8") for page in pages)


def test_exported_pages_hold_no_template_syntax_for_any_engine(exported):
    """A plugin that renders every page as a template whatever its front matter says
    (markdownextradata) finds no delimiter in author text: the exported HTML's text and
    attribute values carry their punctuation as character references (``safety.template_plugins``),
    and the reader sees the author's characters."""
    root, canary, text = exported
    assert not canary.exists()
    site = Site(root)
    assert _shown(site.page("alpha/").title).startswith(_shown(text))
    assert [link.label for link in site.page("alpha/memory/").links_with_text("MEM-OBJ-notes")][:1] == [text]


#: ASCII punctuation outside a numeric character reference: where a template's delimiter
#: (``{{``, or ``[[`` on a site that configures it so) could start
_BARE_PUNCTUATION = re.compile(r"&#\d+;|([!-/:-@\[-`{-~])")


def _bare(html_text: str) -> list[str]:
    return [match[1] for match in _BARE_PUNCTUATION.finditer(html_text) if match[1]]


def _nav_titles(entries: list) -> list[str]:
    titles = []
    for entry in entries:
        if isinstance(entry, dict):
            for title, value in entry.items():
                titles.append(title)
                if isinstance(value, list):
                    titles += _nav_titles(value)
    return titles


@pytest.mark.parametrize("vector", list(VECTORS))
def test_titles_given_to_the_generator_hold_no_template_syntax(vector, tmp_path):
    """What the generator and other plugins get as titles (a page's title and front-matter
    title, each navigation and contents entry) is HTML whose punctuation is all character
    references, in any configuration of a template plugin's delimiters; the reader sees the
    author's characters."""
    project = _project(tmp_path, VECTORS[vector], "reports-then-macros")
    site = SitePages(check_collection(project / "reports").graph)
    titles = _nav_titles(site.nav)
    specs = site.pages()
    for spec in specs.values():
        titles += [chrome_html(spec.title), *([chrome_html(spec.nav_title)] if spec.nav_title else [])]
        stack = list(spec.toc)
        while stack:
            entry = stack.pop()
            titles.append(entry.title)
            stack += entry.children
        assert spec.meta["render_macros"] is False
    assert [title for title in titles if _bare(title)] == []
    shown = [" ".join(html.unescape(title).replace("\u2060", "").split()) for title in titles]
    assert VECTORS[vector] in shown and VECTORS[vector].capitalize() in shown


#: the plugin beside mkdocs-markdownextradata-plugin, listed before and after it: that
#: plugin renders every page's Markdown and title, generated or not, whatever its front
#: matter says; the hand-written page shows one of its variables (``extra``)
EXTRADATA_ORDERS = {
    "reports-then-extradata": ("      require_verified_quotes: false\n", "      require_verified_quotes: false\n  - markdownextradata\n"),
    "extradata-then-reports": ("  - reports:\n", "  - markdownextradata\n  - reports:\n"),
}
EXTRADATA_PAGE = """\
# Variables beside reports

The site's variable: {{ kept }}.

The cited record: alpha:MEM-OBJ-notes.
"""


@pytest.fixture(scope="module", params=[(v, o) for v in VECTORS for o in EXTRADATA_ORDERS], ids=lambda p: f"{p[0]}-{p[1]}")
def built_beside_extradata(request, tmp_path_factory):
    vector, order = request.param
    root = tmp_path_factory.mktemp(f"extradata-{vector}-{order}")
    project = _project(root, VECTORS[vector], "macros-then-reports")
    old, new = EXTRADATA_ORDERS[order]
    config = (project / "mkdocs.yml").read_text(encoding="utf-8").replace("  - macros\n", "", 1)
    assert old in config
    config = config.replace(old, new, 1) + "extra:\n  kept: KEPT\n"
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    (project / "docs" / "macros.md").write_text(EXTRADATA_PAGE, encoding="utf-8")
    canary = root / "pwned"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        site = build_site(project, strict=True)
    return site, canary, VECTORS[vector]


def test_report_text_runs_no_template_code_beside_markdownextradata(built_beside_extradata):
    root, canary, text = built_beside_extradata
    assert not canary.exists()
    assert _markup_in(root) == []
    site = Site(root)
    assert _shown(site.page("alpha/").title).startswith(_shown(text))
    docs = site.page("macros/")
    assert "The site's variable: KEPT." in docs.text
    assert [link.label for link in docs.links_with_text("MEM-OBJ-notes")] == [text]


#: mkdocs-macros with delimiters of the site's choosing, which need not be ASCII
#: punctuation (Jinja takes any strings): the label a citation puts into a hand-written
#: page must hold none of them either
GUILLEMETS = "      j2_variable_start_string: '«'\n      j2_variable_end_string: '»'\n"
GUILLEMET_VECTOR = f"Evil « {_RUN} » « {_CHR}(60) »img src=x onerror=alert(4)« {_CHR}(62) »"
GUILLEMET_PAGE = """\
# Macros beside reports

The site's macro: « shout('kept') ».

The cited record: alpha:MEM-OBJ-notes.
"""


def test_cited_labels_hold_no_delimiter_a_site_configures(tmp_path):
    project = _project(tmp_path, GUILLEMET_VECTOR, "reports-then-macros")
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("  - macros\n", "  - macros:\n" + GUILLEMETS, 1), encoding="utf-8")
    (project / "docs" / "macros.md").write_text(GUILLEMET_PAGE, encoding="utf-8")
    canary = tmp_path / "pwned"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        root = build_site(project, strict=True)
    assert not canary.exists()
    assert _markup_in(root) == []
    docs = Site(root).page("macros/")
    assert "The site's macro: KEPT." in docs.text
    assert [link.label for link in docs.links_with_text("MEM-OBJ-notes")] == [GUILLEMET_VECTOR]
