"""What the site tests share: build a real site in a temporary folder, then read its HTML
with the standard library's parser as a reader's browser would (links, anchors, tables).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from mkdocs.commands.build import build
from mkdocs.config import load_config

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "tests" / "fixtures" / "sample"
#: the generator of this test session (conftest's --generator) and its command line
GENERATOR = os.environ.get("REPORTS_TEST_GENERATOR") or "mkdocs"
GENERATOR_COMMAND = [sys.executable, "-m", GENERATOR]


def make_project(root: Path, reports: Path | None = SAMPLE, docs: dict[str, str] | None = None) -> Path:
    """A copy of this repository's site setup (mkdocs.yml, docs) around ``reports``."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides")  # the site's own templates (theme.custom_dir)
    shutil.copytree(REPO / "docs", root / "docs")
    for name, text in (docs or {}).items():
        (root / "docs" / name).write_text(text, encoding="utf-8")
    if reports is not None:
        shutil.copytree(reports, root / "reports")
    return root


def add_theme_features(project: Path, *features: str) -> None:
    """Switch on more of the theme's features in a project ``make_project`` made."""
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    marker = "  features:\n"
    assert marker in config
    more = "".join(f"    - {feature}\n" for feature in features)
    (project / "mkdocs.yml").write_text(config.replace(marker, marker + more, 1), encoding="utf-8")


def build_site(project: Path, *, strict: bool = True, config_file: Path | None = None, site_dir: Path | None = None) -> Path:
    site = site_dir or project / "site"
    config = load_config(str(config_file or project / "mkdocs.yml"), strict=strict, site_dir=str(site))
    build(config)
    return site


def imported_site(tmp_path_factory, sets: list[Path], types: list[Path] = ()) -> tuple[Site, object]:
    """Sets in the method's Markdown imported (with a collection's own type files), checked
    clean and built into a real site: the site and the checked collection."""
    from mkdocs_reports.core.markdown.reader import import_markdown
    from mkdocs_reports.core.rules.collection_check import check_collection

    reports = tmp_path_factory.mktemp("imported") / "reports"
    (reports / "_types").mkdir(parents=True)
    for type_file in types:
        shutil.copy(type_file, reports / "_types")
    result = import_markdown(sets, reports)
    assert result.ok, [str(d) for d in result.diagnostics]
    checked = check_collection(reports)
    assert checked.ok, checked.messages()
    return Site(build_site(make_project(tmp_path_factory.mktemp("site"), reports))), checked


@dataclass
class Link:
    href: str
    title: str | None
    text: str
    section: str | None  # id of the nearest heading above the link
    in_code: bool
    label: str | None = None  # a record link's label (data-rpt-label), which its tooltip shows
    in_nav: bool = False  # in a <nav>: the navigation or the table of contents


@dataclass
class Page:
    url: str  # page URL relative to the site root, e.g. "alpha/memory/"
    ids: set[str] = field(default_factory=set)
    links: list[Link] = field(default_factory=list)
    headings: dict[str, str] = field(default_factory=dict)  # id → text
    heading_order: list[tuple[str, str]] = field(default_factory=list)  # (tag, id)
    section_text: dict[str, str] = field(default_factory=dict)  # heading id → text below it
    tables: list[list[list[str]]] = field(default_factory=list)  # rows of cell texts, header first
    code: list[str] = field(default_factory=list)  # text of every <code>
    event_attributes: list[tuple[str, str]] = field(default_factory=list)  # (tag, on* attribute)
    images: list[str] = field(default_factory=list)  # src of every <img>
    script_texts: list[str] = field(default_factory=list)
    script_srcs: list[str] = field(default_factory=list)
    stylesheets: list[str] = field(default_factory=list)
    title: str = ""
    text: str = ""

    def links_in(self, section: str) -> list[Link]:
        return [link for link in self.links if link.section == section]

    def links_with_text(self, text: str) -> list[Link]:
        """The links with this text in the page itself (not its navigation or contents)."""
        return [link for link in self.links if link.text == text and not link.in_nav]


class _Parser(HTMLParser):
    _HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}

    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.section: str | None = None
        self.heading: tuple[str, list[str]] | None = None
        self.link: tuple[dict, list[str]] | None = None
        self.code_depth = 0
        self.code_text: list[str] = []
        self.table: list[list[str]] | None = None
        self.cell: list[str] | None = None
        self.in_script = False
        self.in_title = False
        self.in_article = 0
        self.in_nav = 0
        self.in_headerlink = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "a" and "xlink:href" in attributes:  # an SVG link (the pictures)
            attributes.setdefault("href", attributes["xlink:href"])
        if attributes.get("id"):
            self.page.ids.add(attributes["id"])
        if attributes.get("name") and tag == "a":
            self.page.ids.add(attributes["name"])
        for name, _ in attrs:
            if name.lower().startswith("on"):
                self.page.event_attributes.append((tag, name))
        if tag == "article":
            self.in_article += 1
        elif tag == "nav":
            self.in_nav += 1
        if tag in self._HEADINGS and attributes.get("id"):
            self.heading = (attributes["id"], [])
            self.section = attributes["id"]
            self.page.heading_order.append((tag, attributes["id"]))
        elif tag == "a" and "headerlink" in (attributes.get("class") or ""):
            self.in_headerlink = True  # the ¶ permalink: not part of the heading or the text
        elif tag == "a" and "href" in attributes:
            self.link = (attributes, [])
        elif tag == "code":
            self.code_depth += 1
            if self.code_depth == 1:
                self.code_text = []
        elif tag == "table":
            self.table = []
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None:
            self.cell = []
        elif tag == "script":
            self.in_script = True
            if attributes.get("src"):
                self.page.script_srcs.append(attributes["src"])
        elif tag == "img":
            self.page.images.append(attributes.get("src") or "")
        elif tag == "link" and attributes.get("rel") == "stylesheet":
            self.page.stylesheets.append(attributes.get("href") or "")
        elif tag == "title":
            self.in_title = True

    #: elements a browser lays out apart: their text never runs into the next one's
    _APART = {"p", "li", "td", "th", "tr", "div", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote"}

    def handle_endtag(self, tag: str) -> None:
        if tag in self._APART and not self.in_script:
            self.handle_data(" ")  # as a browser shows it (the page may have no white space there)
        if tag == "article":
            self.in_article -= 1
        elif tag == "nav" and self.in_nav:
            self.in_nav -= 1
        if tag in self._HEADINGS and self.heading:
            self.page.headings[self.heading[0]] = "".join(self.heading[1]).strip()
            self.heading = None
        elif tag == "a" and self.in_headerlink:
            self.in_headerlink = False
        elif tag == "a" and self.link:
            attributes, text = self.link
            self.page.links.append(
                Link(attributes["href"], attributes.get("title"), "".join(text).strip(), self.section,
                     self.code_depth > 0, attributes.get("data-rpt-label") or ("" if "data-rpt-label" in attributes else None),
                     self.in_nav > 0)
            )
            self.link = None
        elif tag == "code" and self.code_depth:
            self.code_depth -= 1
            if not self.code_depth:
                self.page.code.append("".join(self.code_text))
        elif tag in ("td", "th") and self.cell is not None and self.table is not None:
            self.table[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table" and self.table is not None:
            self.page.tables.append(self.table)
            self.table = None
        elif tag == "script":
            self.in_script = False
        elif tag == "title":
            self.in_title = False

    def handle_data(self, data: str) -> None:
        if self.in_script:
            self.page.script_texts.append(data)
            return
        if self.in_headerlink:
            return
        if self.in_title:
            self.page.title += data
        if self.heading:
            self.heading[1].append(data)
        if self.link:
            self.link[1].append(data)
        if self.code_depth:
            self.code_text.append(data)
        if self.cell is not None:
            self.cell.append(data)
        if self.in_article:
            self.text.append(data)
            if self.section:
                self.page.section_text[self.section] = self.page.section_text.get(self.section, "") + data


def _labels_said_once(page: Page) -> None:
    """A link whose label the page says once (render/label_once.py) gets it from the first
    link to the same place, as reports.js shows it."""
    first: dict[str, str] = {}
    for link in page.links:
        if link.label:
            first.setdefault(link.href, link.label)
    for link in page.links:
        if link.label == "" and link.href in first:
            link.label = first[link.href]


def read_page(url: str, html: str) -> Page:
    """A page's HTML read as a reader's browser shows it (its text: what stands in ``article``)."""
    page = Page(url)
    parser = _Parser(page)
    parser.feed(html)
    page.text = " ".join("".join(parser.text).split())
    _labels_said_once(page)
    return page


class Site:
    """A built site: its pages by URL, and link resolution the way a browser does it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.pages: dict[str, Page] = {}
        for path in sorted(root.rglob("*.html")):
            relative = path.relative_to(root).as_posix()
            url = relative[: -len("index.html")] if relative.endswith("index.html") else relative
            self.pages[url] = read_page(url, path.read_text(encoding="utf-8"))

    def page(self, url: str) -> Page:
        return self.pages[url]

    def html(self, url: str) -> str:
        """The page's HTML as written: ``alpha/memory/`` or ``404.html``."""
        return (self.root / url / "index.html" if not url.endswith(".html") else self.root / url).read_text(encoding="utf-8")

    def exists(self, path: str) -> bool:
        """Whether the site has the file ``path`` (relative to its root)."""
        return (self.root / path).exists()

    def file_text(self, path: str) -> str:
        """The text of the site's file ``path`` (relative to its root)."""
        return (self.root / path).read_text(encoding="utf-8")

    def resolve(self, page: Page, href: str) -> tuple[str, str] | None:
        """(target URL, fragment) of a link within the site; None for external links."""
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:
            return None
        target = urlsplit(urljoin("http://site/" + page.url, href))
        return target.path.lstrip("/"), target.fragment

    def broken_links(self) -> list[str]:
        """Every internal link whose file or anchor does not exist, as 'page: href (why)'."""
        broken = []
        for page in self.pages.values():
            for href in [link.href for link in page.links] + page.script_srcs + page.stylesheets:
                resolved = self.resolve(page, href)
                if resolved is None:
                    continue
                path, fragment = resolved
                if path == "" or path.endswith("/"):
                    target = self.pages.get(path)
                    if target is None:
                        broken.append(f"{page.url}: {href} (no page {path!r})")
                    elif fragment and fragment not in target.ids:
                        broken.append(f"{page.url}: {href} (no anchor #{fragment} on {path!r})")
                elif not self.exists(path):
                    broken.append(f"{page.url}: {href} (no file {path!r})")
        return broken

    def search_index(self) -> list[dict]:
        return json.loads((self.root / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def record_problems(site: Site, graph) -> list[str]:
    """What a reader would find missing: a record without its anchored entry, a record the
    index does not list (or lists with a link elsewhere), a record entry without backlinks
    to each place that cites it."""
    problems = []
    expected_rows = []
    for (system, record_id), record in list(graph.declared.items()) + list(graph.external.items()):
        url = f"{system}/{record.member}/"
        page = site.pages.get(url)
        if page is None or record.anchor not in page.ids:
            problems.append(f"{system}:{record_id} has no entry #{record.anchor} on {url}")
            continue
        cited = {(c.member, c.place.anchor) for c in graph.cited_by.get((system, record_id), [])}
        cited.discard((record.member, record.anchor))  # a record naming itself
        linked = set()
        for link in page.links_in(record.anchor):
            resolved = site.resolve(page, link.href)
            if resolved:
                path, fragment = resolved
                linked.add((path.rstrip("/").rsplit("/", 1)[-1], fragment))
        for member, anchor in sorted(cited - linked):
            problems.append(f"{system}:{record_id} on {url} lacks the backlink to {member}#{anchor}")
        expected_rows.append((record_id, system, url, record.anchor))
    index = site.pages["records/"]
    rows = []
    for link in index.links:
        resolved = site.resolve(index, link.href)
        if resolved and link.text and link.label is not None and resolved[1] == link.text.lower():
            system = resolved[0].split("/")[0]
            rows.append((link.text, system, resolved[0], resolved[1]))
    if sorted(rows) != sorted(expected_rows):
        missing = sorted(set(expected_rows) - set(rows))
        extra = sorted(set(rows) - set(expected_rows))
        problems.append(f"record index differs: missing {missing[:5]}, unexpected {extra[:5]}, {len(rows)} vs {len(expected_rows)} rows")
    return problems


def report_pieces(report) -> list[str]:
    """Everything an author wrote in a report, piece by piece: each text, field, list item,
    table cell and column header, quote passage and path (a page may lay them out in any
    order around their labels, but no piece may be missing)."""
    from mkdocs_reports.core.export.plain_text import blocks_text
    from mkdocs_reports.core.model import FieldList, ItemList, Quote, Table

    def of(blocks) -> list[str]:
        pieces: list[str] = []
        for block in blocks:
            if isinstance(block, Quote):
                pieces += [block.passage, block.path]
            elif isinstance(block, Table):
                pieces += block.columns + [cell for row in block.rows for cell in row.cells]
            elif isinstance(block, ItemList):
                pieces += [item.text for item in block.items]
            elif isinstance(block, FieldList):
                pieces += [f"{f.label}: {f.value}" for f in block.fields]
            else:
                pieces += blocks_text([block])
        return pieces

    pieces = [report.title, report.description or ""]
    for section in report.sections.values():
        pieces += of(section.blocks)
    for record in report.records:
        pieces += [record.id, record.label, record.part_of or "", *of(record.body)]
    for annotation in report.annotations:
        pieces += [annotation.on, annotation.label or "", *of(annotation.body)]
    return pieces


def _words(text: str) -> str:
    """Letters and digits only: what survives any rendering of a sentence."""
    return " ".join(re.findall(r"[^\W_]+", text))


_LINK_DESTINATION = re.compile(r"\]\([^()\s]*\)")


def missing_sentences(site: Site, collection) -> list[str]:
    """Every sentence of every report that is not on its page: nothing may be lost between
    the YAML and what a reader sees."""
    missing = []
    for report in collection.reports():
        page = _words(site.page(f"{report.system}/{report.member}/").text)
        for piece in report_pieces(report):
            piece = _LINK_DESTINATION.sub("]", piece)  # a link shows its text, not its address
            for sentence in re.split(r"(?<=[.;:])\s+|\n", piece):
                words = _words(sentence)
                if words and words not in page:
                    missing.append(f"{report.path}: {sentence.strip()[:100]}")
    return missing
