"""The ``reports`` plugin: the thin adapter between MkDocs (or ProperDocs) and the core and
page layers.

It checks ``reports/`` once per build and logs every problem as ``file:line:col`` (so
``mkdocs build --strict`` aborts on any), gives MkDocs the generated pages (``page.py``:
each page's HTML, title and table of contents, made by the page layer; nothing is written
into ``docs/``), builds the navigation from the collection, links ``system:ID`` citations in
hand-written pages and puts the collection at a glance into the home page. The plugin adds
no Markdown extension: hand-written pages are converted exactly as the site configures.

While ``mkdocs serve`` runs, the errors of the last build are shown where the author looks:
listed (escaped, capped) above every page, and a report that could not be read at all gets
a page with its errors at its address instead of a 404. The next good build removes both.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import mkdocs
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from ..core.method.site_names import PAGE_SETTINGS, SiteNames
from ..core.rules.collection_check import CheckedCollection
from ..pages import PageClash, PageSpec, Paths, PlannedPage, SitePages
from ..pages.assets import ASSET_DIR, ASSETS, PUBLISHED_SCHEMAS, SCRIPTS, STYLESHEETS, script_bundle
from ..pages.data_scripts import as_script, script_path
from ..pages.docs_citations import link_docs_citations
from ..pages.previews import PreviewFiles
from . import pr_preview_html
from .config import ReportsConfig, settings_of
from .docs_pages import log_citation_problems, with_glance
from .incremental import build_setting, content_digest, content_fingerprint, made_now
from .kept import Kept
from .messages import errors_banner, log_checked, unreadable_pages
from .navigation import SystemsNavigation, refuse_collisions, site_nav
from .page import GeneratedFile, ReportPage
from .page_edits import edited_page
from .pr_preview import PullRequestPreview, PullRequestPreviewError, SnapshotError
from .refused import refusal
from .site_root import with_site_root

#: under the generator's own logger ("mkdocs…", or "properdocs…" when ProperDocs runs the
#: plugin), which counts warnings and errors for --strict however the build is started
log = logging.getLogger(f"{mkdocs.__name__}.plugins.reports")


class ReportsPlugin(BasePlugin[ReportsConfig]):
    def __init__(self) -> None:
        super().__init__()
        self.site: SitePages | None = None
        self.generated: set[str] = set()
        self.root = Path("reports")
        self.base = Path(".")
        self.pr_preview = PullRequestPreview()
        self.changes_url: str | None = None  # the Changes page's URL, in a preview that has one
        self.errors_banner = ""  # while serving: the errors of the last build, atop every page
        self.glance: PageSpec | None = None
        # kept from build to build while `mkdocs serve` runs (see on_startup)
        self.dirty = False
        self.serving = False
        self.kept = Kept()
        self.files: Files | None = None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Having this hook makes MkDocs keep this instance across `mkdocs serve` rebuilds,
        and with it what one build keeps for the next (``kept.py``): unchanged report files
        are not read again, unchanged systems not checked again, their pages not made
        again, and with ``--dirty`` unchanged pages not rebuilt (``incremental.py``)."""
        self.dirty = dirty
        self.serving = command == "serve"

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if self.config.enabled and self.serving:
            self.kept.rebuild_starts()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        refused = refusal(config, self.config.nav)
        if refused is not None:
            raise PluginError(refused)
        self.base = Path(config.config_file_path or ".").parent
        self.root = self.base / self.config.reports_dir
        if not self.root.is_dir():  # a mistyped name would otherwise publish an empty site
            config_name = Path(config.config_file_path or "mkdocs.yml").name
            raise PluginError(
                f"reports_dir {self.config.reports_dir!r} of the reports plugin is not a folder next to {config_name} "
                f"({self.root.absolute()}: {'a file' if self.root.exists() else 'not found'}). Create it, or set "
                f"reports_dir in {config_name} to the folder that holds <system>/<member>.yaml"
            )
        self.names = SiteNames.of({key: self.config[key] for key in PAGE_SETTINGS}, Path(config.docs_dir))
        config.extra_css.extend(STYLESHEETS)
        config.extra_javascript.extend(ExtraScriptValue(script) for script in SCRIPTS)
        try:
            self.pr_preview = PullRequestPreview.from_settings(
                {key: self.config[key] for key in ("preview_pr", "base_ref", "base_export")}
            )
        except PullRequestPreviewError as error:
            raise PluginError(str(error)) from None
        return config

    # -- the collection -----------------------------------------------------------------

    @event_priority(100)  # first: other plugins' on_files (redirects, llmstxt) see the generated pages
    def _add_pages(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        """The generated pages, added before any other plugin looks at the files; the site's
        settings read here, after every plugin's ``on_config`` has set them (Material's
        ``offline`` turns ``use_directory_urls`` off), whatever the order of ``plugins:``."""
        if not self.config.enabled:
            return None
        self.paths = Paths(
            self.config.index_page, self.config.coverage_page, self.config.systems_page,
            directory_urls=config.use_directory_urls, comparison_page=self.config.comparison_page,
        )  # fmt: skip
        checked = self.kept.check(self.root, self.base, self.names)
        log_checked(log, checked, self.config.require_verified_quotes)
        try:  # each page made as MkDocs renders it (page.py)
            self.site, pages = self.kept.pages(checked.graph, settings_of(config, self.paths), self.serving)
        except PageClash as clash:
            raise PluginError(f"The reports plugin cannot place its pages: {clash}") from clash
        home = files.get_file_from_path(self.paths.home_page)
        self.glance = self.site.glance(self.paths.home_page) if home is not None else None
        if home is None:
            pages[self.paths.home_page] = PlannedPage.made(self.site.home())
        if self.pr_preview.compares:
            pages[self.config.changes_page] = PlannedPage.made(self._changes_page(checked))
        self.errors_banner = ""
        if self.serving and not checked.ok:  # the errors go where the author looks (messages.py)
            self.errors_banner = errors_banner(self.site, checked)
            unreadable_pages(self.site, checked, self.paths, self.root, self.base, pages)
        new: list[File] = []
        self.generated = set(pages)
        for uri, planned in pages.items():
            if self.dirty and planned.listing:  # rebuilt only when its HTML changed
                planned = made_now(planned)
            made = GeneratedFile.in_memory(config, uri, "", self.base / planned.source if planned.source else self.root)
            made.as_page_of_source()
            ReportPage(planned, made, config)  # the page the navigation finds for the file
            if self.dirty:
                made.fingerprint = content_fingerprint(planned)
            new.append(made)
        del pages
        # (assets as generated files: a dirty build removes the file of a system that is gone)
        new += [GeneratedFile.copied(config, f"{ASSET_DIR}/{a.name}", str(a)) for a in sorted(ASSETS.iterdir())]
        new += [GeneratedFile.in_memory(config, script, script_bundle(), self.root) for script in SCRIPTS]
        previews = self.site.previews()  # each made as it is written
        for path in previews:
            made = GeneratedFile.in_memory(config, path, "", self.root)
            made.make = (lambda path=path: previews[path])
            # (while serving --dirty, a kept file is not written again: the same JSON)
            made.unchanged = self.dirty and previews.is_kept(path) and os.path.isfile(made.abs_dest_path)
            new.append(made)
        downloads = self.site.downloads()
        new += [GeneratedFile.in_memory(config, path, text, self.root) for path, text in downloads.items()]
        lookup = self.site.lookup_files()
        for path, text in lookup.items():
            made = GeneratedFile.in_memory(config, path, text, self.root)
            if self.dirty:  # (written again only when its content changed: incremental.py)
                made.fingerprint = content_digest(text)
            new.append(made)
        if not self.paths.directory_urls:  # a site that works from file://, where no page may fetch a local file
            data = {path: text for path, text in downloads.items() if path.endswith(".json")} | lookup
            new += self._data_scripts(config, previews, data)
        # at SCHEMA_BASE on the project's site
        new += [GeneratedFile.copied(config, path, str(file)) for path, file in PUBLISHED_SCHEMAS.items()]
        refuse_collisions(files, new)
        self.changes_url = None
        for file in new:
            files.append(file)
            if file.src_uri == self.config.changes_page and self.pr_preview.compares:
                self.changes_url = file.url
        self.files = files
        return files

    # after every other plugin's on_files, literate-nav's "last" (-100) too: it sets the
    # site's navigation there (from SUMMARY.md), which the collection then joins
    @event_priority(-110)
    def _add_navigation(self, files: Files, /, *, config: MkDocsConfig) -> None:
        """The collection in the site's navigation, as it stands once every plugin has set it."""
        if not self.config.enabled or self.site is None:
            return
        docs_pages = [f for f in files.documentation_pages() if not f.generated_by and not isinstance(f, GeneratedFile)]
        if self.config.nav:
            changes: list[Any] = [{"Changes": self.config.changes_page}] if self.pr_preview.compares else []
            config.nav = site_nav(docs_pages, self.paths.home_page, config.nav, changes, self.site.nav)

    on_files = CombinedEvent(_add_pages, _add_navigation)

    def _data_scripts(self, config: MkDocsConfig, previews: PreviewFiles, data: dict[str, str]) -> list[File]:
        """Each data file the scripts read (previews, the comparison's JSON) as a script too
        (``pages/data_scripts.py``); a preview's made as it is written, from the text its
        JSON file was written with."""
        made: list[File] = []
        for path, text in data.items():
            made.append(GeneratedFile.in_memory(config, script_path(path), as_script(text), self.root))
        for path in previews:
            script = GeneratedFile.in_memory(config, script_path(path), "", self.root)
            script.make = (lambda path=path: as_script(previews.made[path][1] if path in previews.made else previews[path]))
            made.append(script)
        return made

    def on_env(self, env: Any, /, *, config: MkDocsConfig, files: Files) -> Any:
        """Theme templates do not change during a build: compile each once per process
        (``pages.templates.CompiledTemplates``), not again on every save while serving."""
        env.bytecode_cache = self.kept.templates
        return env

    def _changes_page(self, checked: CheckedCollection) -> PageSpec:
        """The Changes page; a base that cannot be had is said on the page and warned about
        (a strict build then fails: a preview should not silently compare with nothing)."""
        assert self.site is not None
        try:
            changes = self.pr_preview.changes(checked, self.root)
        except SnapshotError as error:
            log.warning(f"Changes page: {error}")
            return self.site.changes_unavailable(self.config.changes_page, str(error))
        log.info(f"Changes page: {changes.summary()}")
        return self.site.changes(changes, self.config.changes_page, self.pr_preview.pull_request)

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        if self.config.enabled:
            self.navigation = SystemsNavigation(nav, self.paths.systems_page)
            if self.dirty:
                setting = build_setting(config, files, self.errors_banner)
                self.kept.builds.mark(files, config.site_dir, setting, self.navigation.for_page)
                hand_written = [f for f in files.documentation_pages() if not isinstance(f, GeneratedFile)]
                self.kept.builds.mark_hand_written(hand_written, config.site_dir, setting, self.navigation.for_page, self._shown_on)
        return nav

    def _shown_on(self, file: File) -> str | None:
        """What a hand-written page shows of the collection: its record citations, linked,
        and on the home page the glance; ``None`` (rebuild it) when a citation has a
        problem, so that it is logged again."""
        assert self.site is not None
        try:
            markdown = file.content_string
        except (OSError, UnicodeDecodeError):
            return None
        linked, problems = link_docs_citations(markdown, file.src_uri, file.url, self.site.graph, self.paths)
        if problems:
            return None
        glance = self.glance.html if self.glance is not None and file.src_uri == self.paths.home_page else ""
        return linked + "\0" + glance

    # -- pages --------------------------------------------------------------------------

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """A hand-written page's ``system:ID`` citations, linked (generated pages have no Markdown)."""
        if not self.config.enabled or self.site is None or isinstance(page, ReportPage):
            return None
        linked, problems = link_docs_citations(markdown, page.file.src_uri, page.url, self.site.graph, self.paths)
        if problems:
            log_citation_problems(log, page, markdown, problems, self.base)
        return linked

    @event_priority(100)  # before other plugins look at the page's HTML
    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """The collection at a glance in a hand-written home page (at the glance marker,
        else at its end); while serving, the errors of the build above every page."""
        if not self.config.enabled:
            return None
        if self.glance is not None and page.file.src_uri == self.paths.home_page and not isinstance(page, ReportPage):
            html = with_glance(html, page, self.glance, self.config.glance_marker)
        return self.errors_banner + html if self.errors_banner else html

    def on_page_context(self, context: Any, /, *, page: Page, config: MkDocsConfig, nav: Navigation) -> Any:
        """The page's own navigation: the site's entries and its own system (navigation.py)."""
        if self.config.enabled:
            context["nav"] = self.navigation.for_page(page)
        return context

    def on_template_context(self, context: Any, /, *, template_name: str, config: MkDocsConfig) -> Any:
        """Theme pages outside the navigation (404.html) list no system either."""
        if self.config.enabled and context.get("nav") is not None:
            context["nav"] = self.navigation.for_page(None)
        return context

    @event_priority(100)  # first: on the theme's HTML as written, before a minifier rewrites it
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        """Every page with its navigation landmarks named apart, a link's label said once
        and the site's root said for the scripts; a preview says so at the top of every
        page (``page_edits.py``)."""
        if not self.config.enabled or self.site is None:
            return None
        content = page.content
        if isinstance(page, ReportPage):
            page.release()
        banner = None
        if self.pr_preview.pull_request:
            href = get_relative_url(self.changes_url, page.url) if self.changes_url is not None else None
            banner = pr_preview_html.banner(self.site.env, self.pr_preview.pull_request, href)
        return edited_page(output, content, get_relative_url(".", page.url) + "/", self.paths.url(self.paths.index_page), banner)

    @event_priority(100)  # first, as on_post_page
    def on_post_template(self, output: str, /, *, template_name: str, config: MkDocsConfig) -> str | None:
        """404.html sends readers lost in a preview to its own 404 page, in every build (the
        published site's 404 is the one GitHub Pages serves); a preview's has its banner."""
        if not self.config.enabled or template_name != "404.html" or self.site is None:
            return None
        root = urlsplit(config.site_url or "/").path.rstrip("/") + "/"  # as MkDocs makes 404's base_url
        output = pr_preview_html.at_body_end(output, pr_preview_html.not_found_redirect(self.site.env, root))
        output = with_site_root(output, root, self.paths.url(self.paths.index_page))
        if self.pr_preview.pull_request:
            href = root + self.changes_url if self.changes_url is not None else None
            output = pr_preview_html.at_body_start(output, pr_preview_html.banner(self.site.env, self.pr_preview.pull_request, href))
        return output

    # after the search plugin has written its index (0), before Material's offline plugin
    # inlines it into a script (-100)
    @event_priority(-50)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """The generated pages' search entries, made from the collection (pages/search.py)."""
        self.kept.rebuild_ends()
        if not self.config.enabled or self.site is None:
            return
        if self.files is not None:
            self.kept.builds.built(self.files, config.site_dir)
        from ..pages.search import merge_into_index

        index_file = Path(config.site_dir) / "search" / "search_index.json"
        if index_file.is_file():
            pages = {f.url for f in self.files or () if isinstance(f, GeneratedFile) and isinstance(f.page, ReportPage) and f.page.planned.meta.get("search")}
            merge_into_index(index_file, self.site.search_parts(), pages)

    def on_build_error(self, *, error: Exception) -> None:
        self.kept.builds.forget()
        self.kept.rebuild_ends()

    def on_shutdown(self) -> None:
        self.kept.rebuild_ends()

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Any) -> LiveReloadServer | None:
        if self.config.enabled and self.root.is_dir():
            server.watch(str(self.root))
        return server


