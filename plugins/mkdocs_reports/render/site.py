"""The collection as Markdown pages (one text per page path) and the navigation listing them.

Nothing here knows MkDocs: the plugin hands these texts to MkDocs as generated files, and
the benchmark writes the very same texts to disk to compare with a plain MkDocs build.

A page may hold parts written as HTML, where Markdown would cost much and add nothing (the
record index's table, a record's backlinks): the Markdown has a placeholder line (``PART``)
and the HTML is put in its place after Markdown (``page_html``), or into the Markdown as a
raw HTML block for a plain MkDocs build (``inline_parts``). Inline HTML (record links,
anchors, the tags around a field's label) is a part too, with a token (``INLINE``) in the
text: Markdown then finds no markup in most paragraphs and skips them (``plain_text``).

A part is sanitized with its page, or, when it is ``Sanitized`` already (the record index's
rows, sanitized one by one as they are made), put in after the page is: the sanitizer then
never holds a 20,000-row table at once.
"""

from __future__ import annotations

import functools
import html
import json
import re
import secrets
from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import SimpleNamespace

import jinja2

from ..core.changes import Changes
from ..core.graph import CitationGraph
from ..core.loader import section_anchor
from ..core.model import FieldList, Heading, ItemList, Quote, Report, Table, Text
from ..core.report_types import Shape
from .anchors import Anchors
from .backlinks import Backlinks
from .blocks import Blocks
from .changes import changes_context
from .chrome_text import inert
from .forge import file_url, repository_url, tree_url
from .html_escape import use_escape_output
from .markup import Markup
from .overview import Overview, SystemView, kind_anchor, member_title
from .paths import Paths
from .packed import PackedList
from .pictures import Pictures, citation_web, status_chart
from .previews import record_previews
from .sanitize import sanitize, sanitize_rows
from .statuses import status_class
from .template_calls import DirectCallContext


#: a table with more columns than this shows each row as a card of labelled fields, so that
#: no row needs the page to scroll sideways at 390 px (nor the 17-column ledger at 1440 px)
CARD_COLUMNS = 4

_BLOCK_KINDS = {Text: "text", Heading: "heading", Quote: "quote", Table: "table", ItemList: "list", FieldList: "fields"}


def block_kind(block) -> str:
    """What a block is, for the templates: text, heading, quote, table, list or fields."""
    return _BLOCK_KINDS[type(block)]


_PLAIN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


def plain_id(text: str) -> bool:
    """Whether a record ID is letters, digits and hyphens only (as every valid one is), so
    it can stand in an attribute as written (a non-strict build renders invalid ones too)."""
    return _PLAIN_ID.fullmatch(text) is not None


@functools.cache  # one per process: templates are compiled once, not once per build
def _environment() -> jinja2.Environment:
    """Templates write Markdown, so nothing is HTML-escaped by default: ``Markup`` escapes
    author text; ``|e`` is for the few HTML attributes the templates write. Jinja comments
    are ``{## … ##}`` because ``{#id}`` is how a Markdown heading gets its anchor."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("mkdocs_reports", "templates"),
        auto_reload=False,  # the package's templates do not change while it runs
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        comment_start_string="{##",
        comment_end_string="##}",
    )
    env.context_class = DirectCallContext
    env.tests["plain_id"] = plain_id
    env.globals.update(
        section_anchor=section_anchor,
        kind_anchor=kind_anchor,
        member_title=member_title,
        shapes=Shape,
        block_kind=block_kind,
        card_columns=CARD_COLUMNS,
        file_url=file_url,
        tree_url=tree_url,
        repository_url=repository_url,
        status_class=status_class,
        page_title=page_title,
    )
    return env


#: where the anchors of the glance are declared (it stands inside a hand-written page)
GLANCE = "<glance>"


def page_title(text: str) -> str:
    """A front-matter title: themes print it as HTML in the header, the navigation and the
    browser tab, and Material may re-insert it as HTML in a tooltip (``chrome_text``)."""
    return json.dumps(html.escape(inert(text)), ensure_ascii=False)


@functools.cache
def _html_environment() -> jinja2.Environment:
    """For the parts written as HTML: everything is escaped unless marked as HTML."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("mkdocs_reports", "templates"),
        auto_reload=False,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.context_class = DirectCallContext
    use_escape_output(env)
    env.globals.update(status_class=status_class, file_url=file_url)
    return env


#: where a part written as HTML goes; Markdown keeps an HTML comment on its own line as it
#: is, and author text cannot write one (its every ``<`` is a placeholder: ``placeholders``)
PART = "<!-- reports-part {} -->"
#: where a bit of inline HTML goes (a record link, an anchor, a tag around author text):
#: Markdown reads the token as plain text, so a paragraph that holds nothing else needs no
#: inline pattern and no HTML parser (``plain_text``); author text cannot hold the control
#: characters (the loader refuses them)
INLINE = "\x14{}\x15"
#: where a field, a table row or a list item can be linked to (its id is declared: ``anchors``)
ANCHOR_SPAN = '<span id="{}"></span>'
_PART_RE = re.compile(r"<!-- reports-part (\d+) -->|\x14(\d+)\x15")
#: where a ``Sanitized`` part goes: a word that passes the sanitizer (a comment would not)
#: and that author text cannot guess (it changes with every process)
_SANITIZED_TOKEN = f"reports-sanitized-part-{secrets.token_hex(8)}"
SANITIZED_PART = _SANITIZED_TOKEN + "-{}"
_SANITIZED_MARKDOWN_RE = re.compile(re.escape(_SANITIZED_TOKEN) + r"-(\d+)")


def _put_sanitized(html_text: str, parts: list[str]) -> str:
    """``html_text`` with each ``Sanitized`` part in place of its token, and of the
    paragraph tags Markdown put around the token. The token is searched for as the literal
    it starts with: a pattern that may start with ``<p>`` is tried at every character of
    the page (about 3 % of a build)."""
    out, last = [], 0
    for match in _SANITIZED_MARKDOWN_RE.finditer(html_text):
        start, end = match.span()
        if start - 3 >= last and html_text.startswith("<p>", start - 3):
            start -= 3
        if html_text.startswith("</p>", end):
            end += 4
        out += (html_text[last:start], parts[int(match[1])])
        last = end
    out.append(html_text[last:])
    return "".join(out)


class Sanitized(str):
    """HTML that has been through the sanitizer with the allowlist of the page it goes on."""


@dataclass
class _SystemPages:
    """What a build made of one system, for the next build to take when its reports are
    the very same objects."""

    reports: tuple[Report, ...]
    pages: dict[str, str] = field(default_factory=dict)  # page → Markdown
    parts: dict[str, list[str] | PackedList] = field(default_factory=dict)  # page → its HTML parts
    anchors: dict[str, Anchors] = field(default_factory=dict)  # page → the ids it declared
    index_rows: list[tuple[tuple[str, str], str]] = field(default_factory=list)  # (order, row HTML)
    pictures: dict[str, dict[str, bytes]] = field(default_factory=dict)  # page → its pictures (pictures.py)

    def same(self, reports: list[Report]) -> bool:
        return len(self.reports) == len(reports) and all(a is b for a, b in zip(self.reports, reports))


class PageClash(ValueError):
    """Two things of the collection would have the same page."""


class SiteRenderer:
    def __init__(self, graph: CitationGraph, paths: Paths | None = None) -> None:
        self.graph = graph
        self.paths = paths or Paths()
        self.backlinks = Backlinks(graph)
        self.overview = Overview(graph, self.backlinks)
        self.env = _environment()
        self.html_env = _html_environment()
        #: the ids each page declared (page path → anchors); the sanitizer keeps only these
        self.anchors: dict[str, Anchors] = {}
        #: page → its parts written as HTML, in placeholder order (packed once the page is
        #: made: they wait until it is written; ``page_parts``)
        self.parts: dict[str, list[str] | PackedList] = {}
        #: what was made of each system, for the next build
        self.by_system: dict[str, _SystemPages] = {}
        #: the SVG pictures of each page, put in after the page is sanitized (``pictures.py``)
        self.pictures = Pictures()

    def _render(self, template: str, page: str, system: str | None = None, *, declared_as: str | None = None, **context) -> str:
        anchors = self.anchors.setdefault(declared_as or page, Anchors())
        parts = self.parts.setdefault(page, [])  # the glance adds to its page's parts
        inlined: dict[str, str] = {}  # HTML → its token: a record is linked many times

        def part(html_text: str) -> str:
            parts.append(html_text)
            return (SANITIZED_PART if isinstance(html_text, Sanitized) else PART).format(len(parts) - 1)

        def inline(html_text: str) -> str:
            token = inlined.get(html_text)
            if token is None:
                parts.append(html_text)
                token = inlined[html_text] = INLINE.format(len(parts) - 1)
            return token

        def anchor_span(name: str) -> str:
            """An empty span that carries a declared id, for a field, row or item."""
            return inline(ANCHOR_SPAN.format(anchors(name)))

        def strong(text: str) -> str:
            """``text`` (Markdown) in bold, the tags kept out of Markdown's way."""
            return inline("<strong>") + text + inline("</strong>")

        def open_div(css_class: str) -> str:
            """A div around the Markdown that follows (up to ``close_div``). ``markdown`` is
            for a build without the plugin, which gets the part as raw HTML in the Markdown
            (md_in_html then reads what follows as Markdown); the sanitizer drops it."""
            return part(f'<div class="{css_class}" markdown>')

        def close_div() -> str:
            return part("</div>")

        m = self.markup(system, page, inline)
        text = self.env.get_template(template).render(
            page=page,
            anchor=anchors.declare,
            part=part,
            inline=inline,
            anchor_span=anchor_span,
            strong=strong,
            open_div=open_div,
            close_div=close_div,
            html_blocks=Blocks(self, page, m, anchors.declare),
            m=m,
            markup=lambda slug: self.markup(slug, page, inline),
            paths=self.paths,
            graph=self.graph,
            backlinks=self.backlinks,
            overview=self.overview,
            picture=lambda name, svg: part(self.pictures.slot(page, name, svg)),  # no HTML in the Markdown
            citation_web=lambda view: citation_web(view, self.graph, self.overview, self.paths),
            status_chart=lambda view, layer: status_chart(view, layer, self.paths.index_page),
            **context,
        )
        if not parts:
            del self.parts[page]
        return text

    def page_html(self, page: str, html_text: str, ids: Collection[str]) -> str:
        """A page's HTML after Markdown with its parts in place of their placeholders,
        sanitized keeping ``ids`` (the anchors it declared); ``Sanitized`` parts go in after
        the rest is sanitized. Once per page: the parts are let go."""
        parts = self._unpacked(self.parts.pop(page, None))
        if not parts:
            return sanitize(html_text, ids)
        clean = sanitize(_PART_RE.sub(lambda match: parts[int(match[1] or match[2])], html_text), ids)
        return _put_sanitized(clean, parts)

    def inline_parts(self, page: str, markdown: str) -> str:
        """A page's Markdown with its parts as raw HTML blocks (for MkDocs alone)."""
        parts = self.page_parts(page)
        if not parts:
            return markdown
        markdown = _PART_RE.sub(lambda match: parts[int(match[1] or match[2])], markdown)
        return _SANITIZED_MARKDOWN_RE.sub(lambda match: parts[int(match[1])], markdown)

    def page_parts(self, page: str) -> list[str] | None:
        """The parts of ``page`` (kept: ``page_html`` lets them go)."""
        return self._unpacked(self.parts.get(page))

    @staticmethod
    def _unpacked(parts: list[str] | PackedList | None) -> list[str] | None:
        return parts.unpack() if isinstance(parts, PackedList) else parts

    def _pack_parts(self, pages: Collection[str]) -> None:
        for page in pages:
            parts = self.parts.get(page)
            if isinstance(parts, list):
                self.parts[page] = PackedList(parts)

    @cached_property
    def blocks_macros(self):
        """The macros of ``_blocks.html.j2``, for every page's ``Blocks`` (looked up once,
        not once per page)."""
        return self.html_env.get_template("_blocks.html.j2").module

    def markup(self, system: str | None, page: str, inline=None) -> Markup:
        return Markup(self.graph, self.paths, system or "", page, inline)

    def pages(self, previous: SiteRenderer | None = None) -> dict[str, str]:
        """Every generated page: path in the docs tree → Markdown.

        A system's pages show its own reports and nothing else (IDs resolve within their
        system), so with the renderer of an earlier build (``previous``) the pages of a
        system whose report objects are the very same (the loader's cache keeps unchanged
        files' reports) are taken from it instead of being rendered again."""
        pages: dict[str, str] = {}
        reuse = previous.by_system if previous is not None and previous.paths == self.paths else {}
        if reuse:
            self.pictures.token = previous.pictures.token  # the slots of the pages taken over
        for view in self.overview.systems:
            made = reuse.get(view.system.slug)
            if made is not None and made.same(view.reports):
                self.parts.update(made.parts)
                self.anchors.update(made.anchors)
                self.pictures.by_page.update(made.pictures)
            else:
                made = _SystemPages(tuple(view.reports), self._system_pages(view))
                self._pack_parts(made.pages)
                made.parts = {page: self.parts[page] for page in made.pages if page in self.parts}
                made.anchors = {page: self.anchors[page] for page in made.pages}
                made.pictures = {page: self.pictures.by_page[page] for page in made.pages if page in self.pictures.by_page}
                made.index_rows = self._index_rows(view)
            self.by_system[view.system.slug] = made
            pages.update(made.pages)
        pages[self.paths.systems_page] = self._render("systems.md.j2", self.paths.systems_page)
        pages[self.paths.index_page] = self._render("records.md.j2", self.paths.index_page, table=self._index_table())
        pages[self.paths.coverage_page] = self._render("coverage.md.j2", self.paths.coverage_page)
        self._pack_parts((self.paths.systems_page, self.paths.index_page, self.paths.coverage_page))
        return pages

    def _system_pages(self, view: SystemView) -> dict[str, str]:
        """The system's page, its reports, and a page per member it cites unpublished."""
        slug = view.system.slug
        pages = {self.paths.system(slug): self._render("system.md.j2", self.paths.system(slug), slug, view=view)}
        for report in view.reports:
            page = self.paths.report(slug, report.member)
            pages[page] = self._render("report.md.j2", page, slug, report=report, view=view)
        for member, records in view.external.items():
            page = self.paths.report(slug, member)
            if page in pages:
                raise PageClash(
                    f"{slug}/{member}.yaml is published as a {view.system.reports[member].type.noun}, but its "
                    f"name is that of the unpublished {member} report whose records ({records[0].id}, …) "
                    f"it cites; rename the file after its member type"
                )
            by_kind = defaultdict(list)
            for record in records:
                by_kind[record.kind].append(record)
            pages[page] = self._render("external.md.j2", page, slug, member=member, records=records, by_kind=by_kind, view=view)
        return pages

    @cached_property
    def _index_entries(self) -> dict[str, list]:
        by_system = defaultdict(list)
        for entry in self.overview.index:
            by_system[entry.view.system.slug].append(entry)
        return by_system

    def _index_rows(self, view: SystemView) -> list[tuple[tuple[str, str], str]]:
        """The record index's rows of one system, as HTML, with their place in the index."""
        page, slug = self.paths.index_page, view.system.slug
        href, row = self.paths.href, self.html_env.get_template("records_table.html.j2").module.row
        m = self.markup(slug, page)
        system, system_href = m.html(view.system.name), href(page, self.paths.system(slug))
        rows = []
        for entry in self._index_entries.get(slug, []):
            record = entry.record
            report_page = self.paths.report(slug, record.member)
            # a namespace, not a dict: Jinja reads ``r.id`` as an attribute first, and on a
            # dict that raises (and catches) an AttributeError, a dozen times a row
            html_row = row(SimpleNamespace(
                id=record.id,
                href=href(page, report_page, record.anchor),
                system=system,
                system_href=system_href,
                report=entry.report.type.noun if entry.report else f"{record.member} report",
                report_href=href(page, report_page),
                unpublished=entry.report is None,
                kind=self.overview.kinds[record.kind],
                label=m.html(entry.label),
                tooltip=" ".join((m.tooltip(record.id) or "").split()),
                statuses=[(label.strip(), value.strip(), status_class(value)) for label, value in entry.status.items()],
                citations=entry.citations,
            ))  # fmt: skip
            rows.append(((record.id, slug), sanitize_rows(str(html_row))))  # rows declare no ids
        return rows

    def _index_table(self) -> Sanitized:
        """The record index's table (records_table.html.j2), its rows in ID order: the
        table without rows, sanitized, with the rows (sanitized as they were made) put in."""
        rows = sorted(row for made in self.by_system.values() for row in made.index_rows)
        empty = sanitize(str(self.html_env.get_template("records_table.html.j2").module.table()))
        head, body_end, tail = empty.rpartition("</tbody>")
        if not body_end:
            raise ValueError("records_table.html.j2 writes a table without a body")
        return Sanitized(head + "\n".join(html_row for _, html_row in rows) + "\n" + body_end + tail)

    def previews(self) -> Mapping[str, str]:
        """The record previews' data files: site path → JSON, each made when it is read
        (``previews.py``)."""
        return record_previews(self.overview, self.backlinks, self.paths)

    def changes(self, changes: Changes, page: str, preview_pr: int | None = None) -> str:
        """The Changes page of a preview: this build against its base."""
        return self._render("changes.md.j2", page, preview_pr=preview_pr, **changes_context(changes))

    def unreadable(self, page: str, path: str, messages: list[str]) -> str:
        """The page of a report that could not be read, with its errors (``mkdocs serve``)."""
        return self._render("unreadable.md.j2", page, path=path, messages=messages)

    def build_errors(self, messages: list[str], count: int) -> str:
        """The errors of the last build as HTML, for the top of every page (``mkdocs serve``)."""
        return self.env.get_template("build_errors.html.j2").render(messages=messages, count=count)

    def changes_unavailable(self, page: str, reason: str) -> str:
        """The Changes page of a preview whose base cannot be had, saying why."""
        return self._render("changes_unavailable.md.j2", page, reason=reason)

    def glance(self, page: str | None = None, declared_as: str = GLANCE) -> str:
        """The collection at a glance, for the home page (``page`` is where it is shown).
        In a hand-written page it is sanitized apart, with its anchors declared as ``GLANCE``."""
        return self._render("glance.md.j2", page or self.paths.home_page, declared_as=declared_as)

    def home(self) -> str:
        """A whole home page, for a site whose docs folder has none."""
        home = self.paths.home_page
        return self._render("home.md.j2", home, glance=self.glance(home, declared_as=home))

    @cached_property
    def nav(self) -> list:
        """Navigation entries in ``mkdocs.yml`` form: a Systems section (the systems page,
        then one section per system, its page first, then its members), the index and the
        coverage overview. Every entry has its title here, so a page's navigation is known
        without reading the pages it lists (an incremental build reads only what changed).
        Themes print titles as HTML, so a system's name and the member types' nouns (a
        collection can declare its own types) are escaped, and made inert (``chrome_text``).

        The plugin shows each page only its own system's section (``navigation.py``): the
        whole list is there for MkDocs (order, breadcrumbs, previous and next page)."""
        systems: list = [{"Systems": self.paths.systems_page}]
        for view in self.overview.systems:
            slug = view.system.slug
            name = html.escape(inert(view.system.name))
            members = [(r.member, r.type.noun.capitalize()) for r in view.reports]
            members += [(member, f"{member_title(member)} (not published)") for member in view.external]
            children: list = [{name: self.paths.system(slug)}]
            for member, title in sorted(members, key=lambda m: self.graph.collection.types.order(m[0])):
                children.append({html.escape(inert(title)): self.paths.report(slug, member)})
            systems.append({name: children})
        return [{"Systems": systems}, *self.site_nav[1:]]

    @property
    def site_nav(self) -> list:
        """The navigation without the systems (for a generator that shows every page the
        whole navigation): the systems page, the index and the coverage overview. The
        systems' pages are reached from the systems page and the home page."""
        return [
            {"Systems": self.paths.systems_page},
            {"Record index": self.paths.index_page},
            {"Coverage overview": self.paths.coverage_page},
        ]
