"""Report text beside a template plugin: mkdocs-macros renders every page's Markdown and
title as Jinja, unsandboxed (``lipsum.__globals__`` reaches ``os``). A system's name
(``_set.yaml``) and a member type's noun (``_types/``) are titles of generated pages, and a
record's label goes into a hand-written page's Markdown with its ``system:ID`` citation
(when the plugin runs before macros): none of them may be template syntax for it, in either
order of the plugins, and hand-written pages keep their macros.

One collection carries every vector at once, each in its own system: the system's name, its
own member type's noun and its cited record's label, cited from a hand-written page of its
own (``macros-<vector>.md``); so one build per plugin order or engine serves them all, and
the tests about what the reader sees are parametrized per vector, each reading its own
vector's pages. Sharing the build is sound: a vector that ran would create the one canary
file (which fails every test of that build), or write ``<img … onerror=alert(n)>`` from
characters no escaping sees (``'%c'|format(60)`` is ``<``), which the whole site is searched
for, naming ``alert(n)`` and so its vector; a vector that broke rendering fails the strict
build, so it cannot hide another; and where vectors stand side by side (the navigation, the
systems and records pages, the search index) a page rendered as a template would run or
break each one it holds. The reader must see the braces as the author wrote them.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from functools import cached_property
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

#: a member type of the vector's own: its noun is the vector (``{vector}`` and ``{prefix}``
#: filled in by ``_collection``)
TYPE = """\
name: evil-{vector}-report
noun: {noun}
member: evil-{vector}
prefix: {prefix}
sections:
  - key: notes
    heading: Notes
    shape: blocks
"""
REPORT = """\
type: evil-{vector}-report
title: Evil member
notes:
  - text: A note.
"""
#: a hand-written page: a macro of the site's own (main.py) and a cited record (of the
#: system ``alpha``, which ``_page`` replaces with the vector's own)
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


def system_of(vector: str) -> str:
    """The folder of the system that carries ``vector`` (not a name the site keeps, such as
    the docs page ``format.md``)."""
    return f"vector-{vector}"


def page_of(vector: str) -> str:
    """The hand-written page that cites the record labelled with ``vector``."""
    return f"macros-{vector}"


def _page(template: str, vector: str) -> str:
    assert "alpha:MEM-OBJ-notes" in template
    return template.replace("alpha:MEM-OBJ-notes", f"{system_of(vector)}:MEM-OBJ-notes")


def _collection(reports: Path, vectors: dict[str, str]) -> None:
    """Each vector in a system of its own, made from the sample's ``alpha``: the system's
    name, the label of its record ``MEM-OBJ-notes`` and the noun of its own member type."""
    (reports / "_types").mkdir(parents=True)
    set_text = (SAMPLE / "alpha" / "_set.yaml").read_text(encoding="utf-8")
    memory = (SAMPLE / "alpha" / "memory.yaml").read_text(encoding="utf-8")
    assert memory.count("label: Note store") == 1 and set_text.count("system: Alpha") == 1
    for index, (vector, text) in enumerate(vectors.items()):
        folder = reports / system_of(vector)
        folder.mkdir()
        named = set_text.replace("system: Alpha", f"system: {json.dumps(text)}").replace("-alpha-", f"-{system_of(vector)}-")
        (folder / "_set.yaml").write_text(named, encoding="utf-8")
        (folder / "memory.yaml").write_text(memory.replace("label: Note store", f"label: {json.dumps(text)}"), encoding="utf-8")
        prefix = "EV" + "ABCDEFGHIJ"[index]
        (reports / "_types" / f"evil-{vector}.yaml").write_text(TYPE.format(vector=vector, noun=json.dumps(text), prefix=prefix), encoding="utf-8")
        (folder / f"evil-{vector}.yaml").write_text(REPORT.format(vector=vector), encoding="utf-8")


def _project(root: Path, vectors: dict[str, str], order: str, docs_page: str = DOCS_PAGE) -> Path:
    """This repository's site around a collection of ``vectors`` (``_collection``), each
    cited from its own hand-written page, beside mkdocs-macros in ``order``."""
    project = make_project(root / "project", reports=None, docs={f"{page_of(v)}.md": _page(docs_page, v) for v in vectors})
    (project / "main.py").write_text(MAIN, encoding="utf-8")
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    first_old, first_new, second_old, second_new = ORDERS[order]
    assert first_old in config and second_old in config
    config = config.replace(first_old, first_new, 1).replace(second_old, second_new, 1)
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    _collection(project / "reports", vectors)
    return project


class _Markup(HTMLParser):
    """Every ``img`` tag and event handler attribute an HTML parser finds (a handler with
    its value, which names the vector: ``alert(n)``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.found.append(f"<{tag}>")
        self.found += [f"<{tag} {name}={value}>" for name, value in attrs if name.lower().startswith("on")]


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
                if match := re.search(r"<img", text, re.IGNORECASE):  # the words alone are the author's text
                    found.append(f"{path.relative_to(site)}: {text[match.start():][:120]!r}")
    return found


def _shown(text: str) -> str:
    return " ".join(text.replace("\u2060", "").split())


@dataclass
class Built:
    """A site built from the collection of every vector: where, its pages, and the canary
    file a vector that ran would have created."""

    root: Path
    site: Site
    canary: Path

    @cached_property
    def markup(self) -> list[str]:
        """``_markup_in`` the site, searched once for every test of the build."""
        return _markup_in(self.root)


def _build(project: Path, canary: Path) -> Built:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        root = build_site(project, strict=True)  # --strict: a macro's error is a warning, which fails it
    return Built(root, Site(root), canary)


@pytest.fixture(scope="module", params=list(ORDERS))
def built(request, tmp_path_factory) -> Built:
    """One build per order of the plugins, of every vector at once."""
    root = tmp_path_factory.mktemp(request.param)
    return _build(_project(root, VECTORS, request.param), root / "pwned")


def test_report_text_runs_no_template_code_beside_macros(built):
    assert CANARY in VECTORS["expression"] + VECTORS["statement"] and not built.canary.exists()


def test_report_text_makes_no_markup_beside_macros(built):
    assert built.markup == []


@pytest.mark.parametrize("vector", list(VECTORS))
def test_the_reader_sees_the_braces_as_written(built, vector):
    site, text = built.site, VECTORS[vector]
    system = site.page(f"{system_of(vector)}/")
    assert _shown(system.title).startswith(_shown(text))
    nav = [_shown(link.text) for link in system.links if link.in_nav]
    assert _shown(text) in nav
    member = site.page(f"{system_of(vector)}/evil-{vector}/")
    assert _shown(text).capitalize() in [_shown(link.text) for link in member.links if link.in_nav]
    docs = site.page(f"{page_of(vector)}/")
    assert [link.label for link in docs.links_with_text("MEM-OBJ-notes")] == [text]


@pytest.mark.parametrize("vector", list(VECTORS))
def test_hand_written_pages_keep_their_macros(built, vector):
    assert "The site's macro: KEPT." in built.site.page(f"{page_of(vector)}/").text


#: plugins that render pages as Jinja: mkdocs-macros (which honours ``render_macros:
#: false``) and mkdocs-markdownextradata-plugin (which renders every page's Markdown and
#: title, and reads no front matter to be told otherwise)
ENGINES = ("macros", "markdownextradata")


@pytest.fixture(scope="module")
def exported_pages(tmp_path_factory) -> Path:
    """The collection of every vector as ``mkdocs-reports pages`` writes it (``pages/``),
    with the site's macros (``main.py``): the folder each engine's site is built in."""
    root = tmp_path_factory.mktemp("export")
    project = _project(root, VECTORS, "macros-then-reports")
    result = run_cli("pages", str(project / "reports"), "--out", str(root / "pages"))
    assert result.returncode == 0, result.stderr
    (root / "main.py").write_text(MAIN, encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=ENGINES)
def exported(request, exported_pages) -> Built:
    """The exported pages built without the plugin but with a template plugin: author text
    stands in the exported pages' HTML. Each engine's site has a configuration and a site
    folder of its own beside the one export."""
    engine, root = request.param, exported_pages
    config = root / f"mkdocs-{engine}.yml"
    config.write_text(
        "site_name: Without the plugin\nINHERIT: pages/mkdocs-reports.yml\ndocs_dir: pages\n"
        f"theme: material\nplugins: [search, {engine}]\n",
        encoding="utf-8",
    )
    canary = root / f"pwned-{engine}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        site = build_site(root, strict=True, config_file=config, site_dir=root / f"site-{engine}")
    return Built(site, Site(site), canary)


def test_exported_pages_tell_macros_not_to_render_them(exported):
    assert not exported.canary.exists()
    assert exported.markup == []
    pages = sorted((exported.root.parent / "pages").rglob("*.md"))
    assert pages and all("\nrender_macros: false\n" in page.read_text(encoding="utf-8") for page in pages)


@pytest.mark.parametrize("vector", list(VECTORS))
def test_exported_pages_hold_no_template_syntax_for_any_engine(exported, vector):
    """A plugin that renders every page as a template whatever its front matter says
    (markdownextradata) finds no delimiter in author text: the exported HTML's text and
    attribute values carry their punctuation as character references (``safety.template_plugins``),
    and the reader sees the author's characters."""
    site, canary, text = exported.site, exported.canary, VECTORS[vector]
    assert not canary.exists()
    assert _shown(site.page(f"{system_of(vector)}/").title).startswith(_shown(text))
    assert [link.label for link in site.page(f"{system_of(vector)}/memory/").links_with_text("MEM-OBJ-notes")][:1] == [text]


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


@pytest.fixture(scope="module")
def site_pages(tmp_path_factory) -> SitePages:
    """The page layer's pages of the collection of every vector (no site built)."""
    project = _project(tmp_path_factory.mktemp("titles"), VECTORS, "reports-then-macros")
    return SitePages(check_collection(project / "reports").graph)


@pytest.mark.parametrize("vector", list(VECTORS))
def test_titles_given_to_the_generator_hold_no_template_syntax(vector, site_pages):
    """What the generator and other plugins get as titles (a page's title and front-matter
    title, each navigation and contents entry) is HTML whose punctuation is all character
    references, in any configuration of a template plugin's delimiters; the reader sees the
    author's characters."""
    site = site_pages
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


@pytest.fixture(scope="module", params=list(EXTRADATA_ORDERS))
def built_beside_extradata(request, tmp_path_factory) -> Built:
    """One build per order of the plugins, of every vector at once."""
    order = request.param
    root = tmp_path_factory.mktemp(f"extradata-{order}")
    project = _project(root, VECTORS, "macros-then-reports", docs_page=EXTRADATA_PAGE)
    old, new = EXTRADATA_ORDERS[order]
    config = (project / "mkdocs.yml").read_text(encoding="utf-8").replace("  - macros\n", "", 1)
    assert old in config
    config = config.replace(old, new, 1) + "extra:\n  kept: KEPT\n"
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    return _build(project, root / "pwned")


@pytest.mark.parametrize("vector", list(VECTORS))
def test_report_text_runs_no_template_code_beside_markdownextradata(built_beside_extradata, vector):
    canary, text = built_beside_extradata.canary, VECTORS[vector]
    assert not canary.exists()
    assert built_beside_extradata.markup == []
    site = built_beside_extradata.site
    assert _shown(site.page(f"{system_of(vector)}/").title).startswith(_shown(text))
    docs = site.page(f"{page_of(vector)}/")
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
    project = _project(tmp_path, {"guillemets": GUILLEMET_VECTOR}, "reports-then-macros", docs_page=GUILLEMET_PAGE)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(config.replace("  - macros\n", "  - macros:\n" + GUILLEMETS, 1), encoding="utf-8")
    canary = tmp_path / "pwned"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CANARY, str(canary))
        root = build_site(project, strict=True)
    assert not canary.exists()
    assert _markup_in(root) == []
    docs = Site(root).page(f"{page_of('guillemets')}/")
    assert "The site's macro: KEPT." in docs.text
    assert [link.label for link in docs.links_with_text("MEM-OBJ-notes")] == [GUILLEMET_VECTOR]
