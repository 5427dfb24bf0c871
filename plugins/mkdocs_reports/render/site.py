"""The collection as Markdown pages (one text per page path) and the navigation listing them.

Nothing here knows MkDocs: the plugin hands these texts to MkDocs as generated files, and
the benchmark writes the very same texts to disk to compare with a plain MkDocs build.
"""

from __future__ import annotations

import html
import json
from functools import cached_property

import jinja2

from ..core.changes import Changes
from ..core.graph import CitationGraph
from ..core.loader import section_anchor
from ..core.model import FieldList, Heading, ItemList, Quote, Table, Text
from ..core.report_types import Shape
from ..core.type_files import builtin_method
from .anchors import Anchors
from .backlinks import Backlinks
from .changes import changes_context
from .chrome_text import inert
from .forge import file_url, repository_url, tree_url
from .markup import Markup
from .overview import Overview, kind_anchor, member_title
from .paths import Paths


#: a table with more columns than this shows each row as a card of labelled fields, so that
#: no row needs the page to scroll sideways at 390 px (nor the 17-column ledger at 1440 px)
CARD_COLUMNS = 4

_BLOCK_KINDS = {Text: "text", Heading: "heading", Quote: "quote", Table: "table", ItemList: "list", FieldList: "fields"}


def block_kind(block) -> str:
    """What a block is, for the templates: text, heading, quote, table, list or fields."""
    return _BLOCK_KINDS[type(block)]


def status_class(value: str) -> str:
    """The CSS modifier of a status badge: the value, or "unknown" outside the vocabulary."""
    value = value.strip().strip("`").strip()
    return value.replace(" ", "-") if value in builtin_method().status_vocabulary.values else "unknown"


def _environment() -> jinja2.Environment:
    """Templates write Markdown, so nothing is HTML-escaped by default: ``Markup`` escapes
    author text; ``|e`` is for the few HTML attributes the templates write. Jinja comments
    are ``{## … ##}`` because ``{#id}`` is how a Markdown heading gets its anchor."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("mkdocs_reports", "templates"),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        comment_start_string="{##",
        comment_end_string="##}",
    )
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


class PageClash(ValueError):
    """Two things of the collection would have the same page."""


class SiteRenderer:
    def __init__(self, graph: CitationGraph, paths: Paths | None = None) -> None:
        self.graph = graph
        self.paths = paths or Paths()
        self.backlinks = Backlinks(graph)
        self.overview = Overview(graph, self.backlinks)
        self.env = _environment()
        #: the ids each page declared (page path → anchors); the sanitizer keeps only these
        self.anchors: dict[str, Anchors] = {}

    def _render(self, template: str, page: str, system: str | None = None, *, declared_as: str | None = None, **context) -> str:
        anchors = self.anchors.setdefault(declared_as or page, Anchors())
        return self.env.get_template(template).render(
            page=page,
            anchor=anchors,
            m=self.markup(system, page),
            markup=lambda slug: self.markup(slug, page),
            paths=self.paths,
            graph=self.graph,
            backlinks=self.backlinks,
            overview=self.overview,
            **context,
        )

    def markup(self, system: str | None, page: str) -> Markup:
        return Markup(self.graph, self.paths, system or "", page)

    def pages(self) -> dict[str, str]:
        """Every generated page: path in the docs tree → Markdown."""
        pages: dict[str, str] = {}
        for view in self.overview.systems:
            slug = view.system.slug
            page = self.paths.system(slug)
            pages[page] = self._render("system.md.j2", page, slug, view=view)
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
                pages[page] = self._render("external.md.j2", page, slug, member=member, records=records, view=view)
        pages[self.paths.systems_page] = self._render("systems.md.j2", self.paths.systems_page)
        pages[self.paths.index_page] = self._render("records.md.j2", self.paths.index_page)
        pages[self.paths.coverage_page] = self._render("coverage.md.j2", self.paths.coverage_page)
        return pages

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
        return [
            {"Systems": systems},
            {"Record index": self.paths.index_page},
            {"Coverage overview": self.paths.coverage_page},
        ]
