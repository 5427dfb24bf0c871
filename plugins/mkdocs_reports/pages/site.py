"""The collection as pages: a checked collection and its citation graph → one ``PageSpec``
per generated page (its HTML, title and table of contents), and the navigation listing them.

Nothing here knows a generator: the adapter hands the specs to MkDocs or ProperDocs, and
``mkdocs-reports pages`` writes the very same HTML into Markdown files for a generator that
runs without the plugin.

Each page is written by a template (``templates/reports/``) with a ``PageBuilder`` (ids,
headings, the table of contents, slots) and a ``PageText`` (author text as HTML, linked),
every other value escaped; then the page goes through the sanitizer, which keeps only the
ids it declared (``safety.sanitize``): the second layer, whatever made the HTML. What must
not go through that sanitizer (the pictures, cleaned by their own allowlist; the rows of
the tables that list every system — the record index, the systems page, the coverage
overview — sanitized one system at a time by the same allowlist) fills the page's slots
afterwards.

What one build makes of a system for the next (``mkdocs serve``) is kept in
``kept_pages.py``: this module only renders, and asks it for a system's pieces.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import operator
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar

from markupsafe import Markup

from ..core.changes import Changes
from ..core.model import Record, Report
from ..core.rules.graph import CitationGraph
from ..safety.chrome import chrome_html
from ..safety.sanitize import sanitize, sanitize_rows
from ..safety.template_plugins import NOT_A_TEMPLATE
from .backlinks import Backlinks
from .comparison import (
    Comparison,
    axis_chart,
    download_paths,
    file_href,
)
from .corrections import Corrections
from .fragments import FragmentConverter
from .kept_pages import KeptPages, SystemPieces
from .page import Headings, PageBuilder, PageSpec, PlannedPage
from .paths import Paths
from .pictures import Web, citation_web, picture_html, status_chart
from .previews import PREVIEW_DIR, DeclaredIds, Kept, PreviewFiles, record_previews, touched_ids
from .prose_html import PageText, label_html, shorten
from .record_lookup import Part, lookup_files, system_part
from .search import encoded, listing_entries, system_entries
from .statuses import status_class
from .templates import environment, site_markup_of
from .views import Overview, StatusLayer, SystemView, member_title, role_title

#: what a generated page's front matter would say: its table of contents shown (or not),
#: and the theme's search kept out (the plugin writes the search entries: ``search.py``)
_REPORT_META = {"search": {"exclude": True}}
_LISTING_META = {"hide": ["toc"], "search": {"exclude": True}}
#: the systems the home page's glance shows, the first in the systems page's order: the
#: home page is every reader's first visit, so it must not grow with the collection (the
#: systems page lists every one, with a filter box)
GLANCE_SYSTEMS = 12

T = TypeVar("T")


def _member_nav_title(report: Report) -> str:
    """A member in the navigation: its type's noun, or its role where the type fills
    several (three verifications are not three entries called "Verification")."""
    return report.type.noun.capitalize() if report.member == report.type.member else role_title(report.member)


def _external_nav_title(member: str) -> str:
    return f"{member_title(member)} (not published)"


def _same(value: T) -> T:
    return value


class PageClash(ValueError):
    """Two things of the collection would have the same page."""


def _depends(value: object) -> Hashable:
    """What a row macro's argument stands for in the key its rows are kept under: a
    layer's name and columns (its counts are of each system's own records), a list's items."""
    if isinstance(value, StatusLayer):
        return (value.name, tuple(value.values))
    if isinstance(value, list):
        return tuple(value)
    assert isinstance(value, Hashable)
    return value


@dataclass(frozen=True)
class PageSettings:
    """What a site decides about its generated pages: where they live, how its headings
    look, which Markdown extensions author text is read with, and where its own templates
    are (a theme's ``custom_dir``, whose ``reports/`` folder overrides the package's)."""

    paths: Paths = Paths()
    headings: Headings = Headings()
    markdown_extensions: tuple[object, ...] = ()
    markdown_configs: Mapping[str, Any] = field(default_factory=dict)
    templates: Path | None = None


class SitePages:
    def __init__(self, graph: CitationGraph, settings: PageSettings | None = None, kept: KeptPages | None = None) -> None:
        """``kept``: what earlier builds made (``mkdocs serve``: ``kept_pages.py``), taken for
        the systems whose reports are the same, and this build's kept for the next."""
        self.graph = graph
        self.settings = settings or PageSettings()
        self.paths = self.settings.paths
        self.kept = kept if kept is not None else KeptPages(keep=False)
        self.backlinks: Backlinks = Backlinks(graph, self.kept.backlinks)
        if self.kept.keep:
            self.kept.backlinks = self.backlinks
        self.overview = Overview(graph, self.backlinks, self._piece, self.kept.view)
        self.corrections = Corrections(graph)
        self.env = environment(self.settings.templates)
        self.site_markup = site_markup_of(self.settings.templates)
        self.converter = FragmentConverter(self.settings.markdown_extensions, self.settings.markdown_configs, self.site_markup)
        self._previews: PreviewFiles | None = None
        self._row_macros: dict[str, Any] = {}

    # -- one page -------------------------------------------------------------------------

    def text(self, system: str | None, page: str) -> PageText:
        return PageText(self.graph, self.paths, system or "", page, self.converter)

    def _builder_context(self, page: str, system: str | None) -> tuple[PageBuilder, dict[str, Any]]:
        builder = PageBuilder(page, self.settings.headings)
        paths = self.paths

        def href(to_page: str, anchor: str | None = None) -> str:
            return paths.href(page, to_page, anchor)

        pictures = itertools.count(1)

        def picture(name: str, svg: str) -> Markup:
            return builder.slot(picture_html(name, svg, builder.anchor(f"picture-{next(pictures)}-name")))

        context: dict[str, Any] = dict(
            p=builder,
            t=self.text(system, page),
            href=href,
            link=lambda target, inner: Markup(f'<a href="{html.escape(target)}">{inner}</a>'),
            page=page,
            paths=paths,
            graph=self.graph,
            backlinks=self.backlinks,
            corrections=self.corrections,
            overview=self.overview,
            shorten=shorten,
            picture=picture,
            citation_web=lambda view: self._citation_web(view, href),
            status_chart=lambda view, layer: self._status_chart(view, layer, href),
            comparison=self.comparison,
            axis_title=self.comparison.axis_title,
            # (the environment's own, for a template rendered without a collection, is the method's)
            status_class=partial(status_class, statuses=self.graph.collection.types.method.status_vocabulary),
        )
        return builder, context

    def _citation_web(self, view: SystemView, href: Any) -> Web:
        return citation_web(self.env, view, self.graph, self.overview, self.paths, href)

    def _status_chart(self, view: SystemView, layer: StatusLayer, href: Any) -> str:
        return status_chart(self.env, view, layer, href(self.paths.index_page))

    def _page(self, template: str, page: str, title: str, meta: dict[str, Any], system: str | None = None,
              nav_title: str | None = None, listing: bool = False, source: str | None = None, **context: Any) -> PageSpec:  # fmt: skip
        builder, base = self._builder_context(page, system)
        written = self.env.get_template(f"reports/{template}").render(**base, **context)
        clean = builder.filled(sanitize(written, builder.anchors.ids, self.site_markup))
        # no template plugin renders a generated page (safety.template_plugins)
        meta = {**meta, **NOT_A_TEMPLATE}
        return PageSpec(page, title, clean, builder.toc(), frozenset(builder.anchors.ids), meta, nav_title, listing, source)

    def _plan(self, version: str, template: str, page: str, title: str, meta: dict[str, Any], system: str | None = None,
              nav_title: str | None = None, listing: bool = False, source: str | None = None, **context: Any) -> PlannedPage:  # fmt: skip
        """A page as ``_page`` makes it, made only when asked for."""
        make = partial(self._page, template, page, title, meta, system, nav_title, listing, source, **context)
        return PlannedPage(page, title, {**meta, **NOT_A_TEMPLATE}, nav_title, listing, source, version, make)

    # -- every page -----------------------------------------------------------------------

    def pages(self) -> dict[str, PageSpec]:
        """Every generated page, made: path in the docs tree → page."""
        return {uri: planned.make() for uri, planned in self.planned().items()}

    def planned(self) -> dict[str, PlannedPage]:
        """Every generated page, each made when asked for: path in the docs tree → page.

        A system's pages show its own reports and nothing else (IDs resolve within their
        system), so the pages of a system whose report objects are those of an earlier build
        keep their version, and its pieces of the pages that list every system are taken
        from that build (``kept_pages.py``)."""
        pages: dict[str, PlannedPage] = {}
        for made in self._systems.values():
            pages.update(made.pages)
        # the pages that list every system: made of every system's reports
        every = hashlib.blake2b("\n".join(f"{slug}:{made.version}" for slug, made in self._systems.items()).encode(), digest_size=16).hexdigest()
        paths = self.paths
        pages[paths.systems_page] = self._plan(every, "systems.html.j2", paths.systems_page, "Systems", _LISTING_META, listing=True,
                                               rows=partial(self.system_rows, paths.systems_page))  # fmt: skip
        pages[paths.index_page] = PlannedPage(paths.index_page, "Record index", {**_LISTING_META, **NOT_A_TEMPLATE}, None, True, None, every,
                                              self._records_page)  # fmt: skip
        pages[paths.coverage_page] = self._plan(every, "coverage.html.j2", paths.coverage_page, "Coverage overview", _LISTING_META, listing=True,
                                                rows=partial(self.system_rows, paths.coverage_page))  # fmt: skip
        pages[paths.comparison_page] = self._comparison_page(every)
        return pages

    @cached_property
    def _systems(self) -> dict[str, SystemPieces]:
        """Each system's pages and pieces, planned once a build: the last build's where its
        reports are the same."""
        last = self.kept.start(self.settings)
        views = {view.system.slug: view for view in self.overview.systems}
        self.kept.plan([(slug, view.reports) for slug, view in views.items()], last,
                       lambda slug, version: self._system_pages(views[slug], version))  # fmt: skip
        for slug, view in views.items():  # (the next build's Overview takes it: ``KeptPages.view``)
            self.kept.piece(slug, "view", partial(_same, view))
        return self.kept.systems

    def _piece(self, view: SystemView, key: Hashable, make: Callable[[], T]) -> T:
        """A system's piece of a page or file that lists every system (``KeptPages.piece``)."""
        self._systems  # noqa: B018  (planned first)
        return self.kept.piece(view.system.slug, key, make)

    def _records_page(self) -> PageSpec:
        """The record index, its rows made one system at a time (or kept from the last build)."""
        page = self.paths.index_page
        return self._page("records.html.j2", page, "Record index", _LISTING_META, listing=True, rows=self._index_rows_html())

    @cached_property
    def comparison(self) -> Comparison:
        return Comparison(self.overview, self.graph.collection.types.method.comparison)

    def _comparison_page(self, version: str) -> PlannedPage:
        """The memory profiles side by side: the whole width (no navigation or contents)."""
        page, comparison = self.paths.comparison_page, self.comparison
        csv_path, json_path = download_paths(self.paths)
        chart_href = self.paths.href(page, page)
        return self._plan(version, "comparison.html.j2", page, "Memory profiles compared", {**_LISTING_META, "hide": ["navigation", "toc"]}, listing=True,
                          basis_legend=comparison.basis_legend(),
                          csv_href=file_href(self.paths, page, csv_path), json_href=file_href(self.paths, page, json_path),
                          axis_chart=lambda axis: axis_chart(self.env, comparison, axis, chart_href))  # fmt: skip

    def downloads(self) -> dict[str, str]:
        """The comparison as files (CSV, JSON): site path → text."""
        return self.comparison.downloads(self.paths)

    def _system_pages(self, view: SystemView, version: str) -> dict[str, PlannedPage]:
        """The system's page, its reports, and a page per member it cites unpublished."""
        slug, paths = view.system.slug, self.paths
        front = "front.html.j2" if view.system.entry is not None else "system.html.j2"
        folder = str(Path(next(iter(view.system.reports.values())).path).parent) if view.system.reports else None
        pages = {paths.system(slug): self._plan(version, front, paths.system(slug), view.system.name, _REPORT_META, slug, source=folder, view=view)}
        for report in view.reports:
            page = paths.report(slug, report.member)
            pages[page] = self._plan(version, "report.html.j2", page, report.title, _REPORT_META, slug, _member_nav_title(report),
                                     source=report.path, report=report, view=view)  # fmt: skip
        for member, records in view.external.items():
            page = paths.report(slug, member)
            if page in pages:
                raise PageClash(
                    f"{slug}/{member}.yaml is published as a {view.system.reports[member].type.noun}, but its "
                    f"name is that of the unpublished {member} report whose records ({records[0].id}, …) "
                    f"it cites; rename the file after its member type"
                )
            by_kind = defaultdict(list)
            for record in records:
                by_kind[record.kind].append(record)
            title = f"{view.system.name} {member} report (not published)"
            pages[page] = self._plan(version, "external.html.j2", page, title, _REPORT_META, slug, _external_nav_title(member), source=folder,
                                     member=member, records=records, by_kind=by_kind, view=view)  # fmt: skip
        return pages

    def _index_rows(self, view: SystemView) -> list[tuple[tuple[str, str], str]]:
        """The record index's rows of one system, as sanitized HTML, with their place in the index."""
        page, slug, paths = self.paths.index_page, view.system.slug, self.paths
        row = self.env.get_template("reports/tables.html.j2").module.index_row  # type: ignore[attr-defined]
        system_href = paths.href(page, paths.system(slug))
        system = label_html(view.system.name)
        rows = []
        for entry in view.index:
            record = entry.record
            report_page = paths.report(slug, record.member)
            tooltip = entry.label if entry.report else f"declared in the {record.member} report of {view.system.name}, not published"
            # a namespace, not a dict: Jinja reads ``r.id`` as an attribute first
            html_row = row(SimpleNamespace(
                id=record.id,
                href=paths.href(page, report_page, record.anchor),
                system=system,
                system_href=system_href,
                report=entry.report.type.noun if entry.report else f"{record.member} report",
                report_href=paths.href(page, report_page),
                unpublished=entry.report is None,
                kind=self.overview.kinds[record.kind],
                label=label_html(entry.label),
                tooltip=" ".join(tooltip.split()),
                statuses=[(label.strip(), value.strip(), status_class(value, self.graph.collection.types.method.status_vocabulary))
                          for label, value in entry.status.items()],
                citations=entry.citations,
                corrections=self.corrections.kinds(slug, record.id),
                # the files its quotes come from: the filter finds the record by them
                files=" ".join(dict.fromkeys(q.path for q in record.quotes)) if isinstance(record, Record) else "",
            ))  # fmt: skip
            rows.append(((record.id, slug), sanitize_rows(str(html_row), site=self.site_markup)))  # rows declare no ids
        return rows

    def _index_rows_html(self) -> Iterator[str]:
        """Every row of the index, in its order (by ID, then system; a system's rows of the
        same ID in its own order): each system's rows, in that order already, listed in
        the systems' order and sorted by their place alone, which the sort (stable, in C)
        does in a pass over the runs, where merging them one row at a time in Python took
        most of the page's time."""
        rows = list(itertools.chain.from_iterable(self._piece(view, "index-rows", partial(self._index_rows, view)) for view in self.overview.systems))
        rows.sort(key=operator.itemgetter(0))
        return (html_row for _, html_row in rows)

    def system_rows(self, page: str, macro: str, *args: Any) -> str:
        """The rows of a table of ``page`` that has a row (or rows) per system: each
        system's made by the macro of ``tables.html.j2`` (with the page's context) and
        sanitized on its own, or kept from the last build when made of the same reports and
        the same other arguments (a table's columns)."""
        key = (page, macro, *map(_depends, args))
        rows = (self._piece(view, key, partial(self._system_row, page, macro, view, *args)) for view in self.overview.systems)
        return "\n".join(row for row in rows if row)

    def _system_row(self, page: str, macro: str, view: SystemView, *args: Any) -> str:
        module = self._row_macros.get(page)
        if module is None:
            _, context = self._builder_context(page, None)
            module = self._row_macros[page] = self.env.get_template("reports/tables.html.j2").make_module(vars=context)
        return sanitize_rows(str(getattr(module, macro)(view, *args)).strip(), site=self.site_markup)  # rows declare no ids

    def search_parts(self) -> Iterator[str]:
        """The search entries of every generated page (``search.py``), one system at a time,
        as JSON (``search.encoded``); a system's kept from the last build when its reports
        are the same."""
        for view in self.overview.systems:
            yield self._piece(view, "search", partial(self._search_part, view))
        yield encoded(listing_entries(self.paths))

    def _search_part(self, view: SystemView) -> str:
        return encoded(system_entries(view, self.paths))

    # -- other pages ----------------------------------------------------------------------

    def lookup_files(self) -> dict[str, str]:
        """Where each record ID leads, for the search box (``record_lookup.py``): site path →
        JSON; a file the last build made of the same systems' parts is kept."""
        kept = self.kept
        parts: list[tuple[object, Part]] = []
        for view in self.overview.systems:
            slug = view.system.slug
            parts.append((self._systems[slug].version, self._piece(view, "lookup", partial(system_part, view, self.paths))))
        files, made = lookup_files(parts, kept.last("lookup"))
        kept.hold("lookup", made)
        return files

    def previews(self) -> PreviewFiles:
        """The record previews' data files: site path → JSON, each made when it is read
        (``previews.py``); those of systems the last build made of the same reports kept."""
        kept = self.kept
        ids = {view.system.slug: self._piece(view, "declared-ids", partial(DeclaredIds.of, view)) for view in self.overview.systems}
        # the IDs an edit gave to or took from other systems (``touched_ids``); all, when
        # what a changed system declared in the last build is not known
        then = {slug: made.pieces.get("declared-ids") for slug, made in kept.replaced.items()}
        touched = None if None in then.values() else touched_ids((then.get(slug), ids.get(slug)) for slug in then.keys() | (ids.keys() - kept.same))
        same = {f"{PREVIEW_DIR}/{slug}.json": slug for slug in kept.same}
        last = {path: made for path, made in kept.previews.items() if path in same}
        unchanged = {path for path in last if touched is not None and touched.isdisjoint(ids[same[path]].ids)}
        self._previews = record_previews(self.overview, self.backlinks, self.paths, last, self.corrections, kept.keep, unchanged)
        if kept.keep:
            kept.previews = self._previews.made
        return self._previews

    @property
    def made_previews(self) -> Mapping[str, Kept]:
        """The preview files this build made or kept (for the next build to keep)."""
        return self._previews.made if self._previews is not None else {}

    def changes(self, changes: Changes, page: str, preview_pr: int | None = None) -> PageSpec:
        """The Changes page of a preview: this build against its base."""
        return self._page("changes.html.j2", page, "Changes", {}, changes=changes, preview_pr=preview_pr)

    def changes_unavailable(self, page: str, reason: str) -> PageSpec:
        """The Changes page of a preview whose base cannot be had, saying why."""
        return self._page("changes_unavailable.html.j2", page, "Changes", {}, reason=reason)

    def unreadable(self, page: str, path: str, messages: list[str]) -> PageSpec:
        """The page of a report that could not be read, with its errors (``mkdocs serve``)."""
        return self._page("unreadable.html.j2", page, path, {}, path=path, messages=messages)

    def build_errors(self, messages: list[str], count: int) -> str:
        """The errors of the last build as HTML, for the top of every page (``mkdocs serve``)."""
        return self.env.get_template("reports/build_errors.html.j2").render(messages=messages, count=count)

    def glance(self, page: str) -> PageSpec:
        """The collection at a glance, for a hand-written home page (``page``)."""
        return self._page("glance.html.j2", page, "", {}, glanced=self.overview.systems[:GLANCE_SYSTEMS])

    def home(self) -> PageSpec:
        """A whole home page, for a site whose docs folder has none."""
        glanced = self.overview.systems[:GLANCE_SYSTEMS]
        return self._page("home.html.j2", self.paths.home_page, "Agentic system analyses", {}, listing=True, glanced=glanced)

    def template(self, name: str, **context: Any) -> str:
        """One of the package's other templates (``reports/<name>``), e.g. the preview banner."""
        return self.env.get_template(f"reports/{name}").render(**context)

    # -- the navigation -------------------------------------------------------------------

    @cached_property
    def nav(self) -> list[Any]:
        """Navigation entries in ``mkdocs.yml`` form: a Systems section (the systems page,
        then one section per system, its page first, then its members), the index and the
        coverage overview. Every entry has its title here, so a page's navigation is known
        without reading the pages it lists (an incremental build reads only what changed).
        Themes print titles as HTML, and other plugins may render them as templates, so a
        system's name and the member types' nouns (a collection can declare its own types)
        are made inert and escaped, with no template syntax left (``safety.chrome``).

        The plugin shows each page only its own system's section (``adapter/navigation.py``):
        the whole list is there for the generator (order, breadcrumbs, previous and next page)."""
        systems: list[Any] = [{"Systems": self.paths.systems_page}]
        for view in self.overview.systems:
            slug = view.system.slug
            name = chrome_html(view.system.name)
            members = [(r.member, _member_nav_title(r)) for r in view.reports]
            members += [(member, _external_nav_title(member)) for member in view.external]
            children: list[Any] = [{name: self.paths.system(slug)}]
            for member, title in sorted(members, key=lambda m: self.graph.collection.types.order(m[0])):
                children.append({chrome_html(title): self.paths.report(slug, member)})
            systems.append({name: children})
        return [{"Systems": systems}, *self.site_nav[1:]]

    @property
    def site_nav(self) -> list[Any]:
        """The navigation without the systems (for a generator that shows every page the
        whole navigation): the systems page, the index and the coverage overview. The
        systems' pages are reached from the systems page and the home page."""
        return [
            {"Systems": self.paths.systems_page},
            {"Memory profiles compared": self.paths.comparison_page},
            {"Record index": self.paths.index_page},
            {"Coverage overview": self.paths.coverage_page},
        ]
