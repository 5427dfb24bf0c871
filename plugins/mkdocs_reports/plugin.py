"""The ``reports`` MkDocs plugin: a thin adapter between MkDocs and the core/renderers.

It checks ``reports/`` once per build, logs every problem as ``file:line:col`` (so
``mkdocs build --strict`` aborts on any), hands the rendered pages to MkDocs as generated
files (nothing is written into ``docs/``), builds the navigation from the collection and
links ``system:ID`` citations in hand-written pages.

The HTML of every page it generates is sanitized after Markdown (when the theme is about to
show the page, ``on_page_context``: a page's HTML is made and let go one page at a time), a
second layer behind the escaping of author text: an allowlist (``render/sanitize.py``,
with ``nh3``/ammonia) keeps the tags, classes, ids, titles, ``aria-*``/``data-*``
attributes, table alignment and relative or http(s)/mailto/ftp links that the templates,
Markdown, pymdownx.highlight and Material write, and drops script and style elements,
event handlers, other styles, embedded content (iframe, object, embed…) and
``javascript:``-like URLs. Hand-written docs pages are the maintainers' own and are left
as they wrote them (raw HTML included), except the collection at a glance that the plugin
puts into the home page: it is sanitized alone, between two comments whose names only
this build knows.

While ``mkdocs serve`` runs, the errors of the last build are shown where the author looks:
listed (escaped, capped) above every page, and a report that could not be read at all gets
a page with its errors at its address instead of a 404. The next good build removes both.
"""

from __future__ import annotations

import gc
import logging
import os
import secrets
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import mkdocs
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, file_sort_key
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents
from mkdocs.utils import get_relative_url, nest_paths

from .config import ReportsConfig
from .generated_markdown import GeneratedMarkdown
from .incremental import Builds, CompiledTemplates, GeneratedPage, HeldMarkdown, content_fingerprint
from .navigation import SystemsNavigation
from .preview import Preview, PreviewError, SnapshotError
from . import theme_partials
from .core.bulk import no_cycle_collection
from .core.check import CheckedCollection, check_collection
from .core.diagnostics import PRINT_LIMIT, Diagnostic, Location
from .core.grounding.status import UNVERIFIED
from .core.loader import LoadCache, display_path
from .render import Paths, SiteRenderer, markdown_extensions
from .render import preview_html
from .render.compact_html import compact
from .render.requirements import ASSET_DIR, ASSETS, PUBLISHED_SCHEMAS, REQUIRED_EXTENSIONS, SCRIPTS, STYLESHEETS, is_extension
from .render.plain_text import PlainTextExtension
from .render.label_once import label_once
from .render.landmarks import name_landmarks
from .render.search import merge_into_index, search_entries
from .render.site import GLANCE, PageClash
from .render.docs_citations import link_docs_citations

#: under the generator's own logger ("mkdocs…", or "properdocs…" when ProperDocs runs the
#: plugin), which counts warnings and errors for --strict however the build is started
log = logging.getLogger(f"{mkdocs.__name__}.plugins.reports")



def _has_extension(config: MkDocsConfig, name: str) -> bool:
    return any(is_extension(ext, name) for ext in config.markdown_extensions)


def _render_later(page: Page, config: MkDocsConfig, files: Files) -> None:
    """Stands for ``page.render`` while MkDocs reads a generated page: empty until the
    plugin converts it (``on_page_context``, with MkDocs' own ``render``)."""
    del page.render  # the instance's stand-in: Page.render is back
    page.content = ""


class ReportsPlugin(BasePlugin[ReportsConfig]):
    def __init__(self) -> None:
        super().__init__()
        self.renderer: SiteRenderer | None = None
        self.generated: set[str] = set()
        self.root = Path("reports")
        self.base = Path(".")
        self.preview = Preview()
        self.changes_url: str | None = None  # the Changes page's URL, in a preview that has one
        self.errors_banner = ""  # while serving: the errors of the last build, atop every page
        token = secrets.token_hex(8)  # author text cannot guess where the glance ends
        self.glance_marks = (f"<!-- reports-glance-{token} -->", f"<!-- /reports-glance-{token} -->")
        # kept from build to build while `mkdocs serve` runs (see on_startup)
        self.dirty = False
        self.serving = False
        self.load_cache: LoadCache = {}
        self.builds = Builds()
        self.compiled_templates = CompiledTemplates()
        self.files: Files | None = None
        #: generated pages' Markdown, read but not yet converted (page → Markdown, packed)
        self.deferred: dict[str, HeldMarkdown] = {}
        self.generated_markdown: GeneratedMarkdown | None = None  # their converter, per build

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Having this hook makes MkDocs keep this instance across `mkdocs serve` rebuilds:
        unchanged report files are not read again, unchanged systems' pages not rendered
        again, and with ``--dirty`` unchanged pages not rebuilt (incremental.py)."""
        self.dirty = dirty
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return None
        self.base = Path(config.config_file_path or ".").parent
        self.root = self.base / self.config.reports_dir
        if not self.root.is_dir():  # a mistyped name would otherwise publish an empty site
            config_name = Path(config.config_file_path or "mkdocs.yml").name
            raise PluginError(
                f"reports_dir {self.config.reports_dir!r} of the reports plugin is not a folder next to {config_name} "
                f"({self.root.absolute()}: {'a file' if self.root.exists() else 'not found'}). Create it, or set "
                f"reports_dir in {config_name} to the folder that holds <system>/<member>.yaml"
            )
        self.paths = Paths(
            self.config.index_page, self.config.coverage_page, self.config.systems_page,
            directory_urls=config.use_directory_urls,
        )
        self.user_nav = config.nav
        for name in REQUIRED_EXTENSIONS:
            if not _has_extension(config, name):
                config.markdown_extensions.append(name)
        config.markdown_extensions.extend(markdown_extensions())
        config.markdown_extensions.append(PlainTextExtension())  # the same HTML, sooner
        theme_partials.add_cheaper_partials(config.theme)  # the same pages, sooner
        config.extra_css.extend(STYLESHEETS)
        config.extra_javascript.extend(ExtraScriptValue(script) for script in SCRIPTS)
        try:
            self.preview = Preview.from_settings(
                {key: self.config[key] for key in ("preview_pr", "base_ref", "base_export")}
            )
        except PreviewError as error:
            raise PluginError(str(error)) from None
        return config

    # -- the collection -----------------------------------------------------------------

    def _check(self) -> CheckedCollection:
        # messages name files as from mkdocs.yml. The collection lives until the build ends
        # (see the freeze at the end of on_files) and the check leaves no garbage cycles: it
        # is frozen before the collector is on again, which would scan all of it at once and
        # again at every older generation's turn while the pages are made.
        with no_cycle_collection():
            checked = check_collection(self.root, base=self.base, cache=self.load_cache)
            gc.freeze()
        for diagnostic in checked.diagnostics[:PRINT_LIMIT]:
            log.log(self._level(diagnostic), str(diagnostic))
        for more in checked.messages()[PRINT_LIMIT:]:  # how many more there are, as grave as the worst
            hidden = checked.diagnostics[PRINT_LIMIT:]
            log.log(logging.ERROR if checked.omitted else max(map(self._level, hidden), default=logging.INFO), more)
        log.info(f"Reports: {checked.summary()}")
        return checked

    def _level(self, diagnostic) -> int:
        """How a message is logged: a quote not yet verified is only news when the site
        does not require verified quotes (a strict build fails on warnings)."""
        if diagnostic.severity == "error":
            return logging.ERROR
        if diagnostic.rule == UNVERIFIED and not self.config.require_verified_quotes:
            return logging.INFO
        return logging.WARNING

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return None
        checked = self._check()
        self.deferred = {}
        self.generated_markdown = GeneratedMarkdown(config)
        previous, self.renderer = self.renderer, SiteRenderer(checked.graph, self.paths)
        try:
            pages = self.renderer.pages(previous if self.serving else None)
        except PageClash as clash:
            raise PluginError(f"The reports plugin cannot place its pages: {clash}") from clash
        if not self.serving:  # what is kept for the next build is needed by no other
            self.renderer.by_system.clear()
        docs_pages = [f for f in files.documentation_pages() if not f.generated_by]
        if files.get_file_from_path(self.paths.home_page) is None:
            pages[self.paths.home_page] = self.renderer.home()
        if self.preview.compares:
            pages[self.config.changes_page] = self._changes_page(checked)
        self.errors_banner = ""
        if self.serving and not checked.ok:
            self._show_errors(checked, pages)
        new: list[File] = []
        self.generated = set(pages)
        while pages:  # each page's text let go as it is packed
            uri, text = pages.popitem()
            file = GeneratedPage.generated(config, uri, content="")
            file.pack(text)
            if self.dirty:
                file.fingerprint = content_fingerprint(text, self.renderer.page_parts(uri))
            new.append(file)
        new.reverse()  # in the order the pages were made
        new += [File.generated(config, f"{ASSET_DIR}/{a.name}", abs_src_path=str(a)) for a in sorted(ASSETS.iterdir())]
        # (as generated pages: a dirty build removes the file of a system that is gone)
        previews = self.renderer.previews()  # each made as it is written
        for path in previews:
            file = GeneratedPage.generated(config, path, content="")
            file.make = partial(previews.__getitem__, path)
            new.append(file)
        # at SCHEMA_BASE on the project's site
        new += [File.generated(config, path, abs_src_path=str(file)) for path, file in PUBLISHED_SCHEMAS.items()]
        self._refuse_collisions(files, new)
        self.changes_url = None
        for file in new:
            files.append(file)
            if file.src_uri == self.config.changes_page and self.preview.compares:
                self.changes_url = file.url
        if self.config.nav:
            config.nav = self._nav(docs_pages)
        if self.dirty:  # hand-written pages show the collection: always rebuild them
            for file in docs_pages:
                if os.path.isfile(file.abs_dest_path):
                    os.utime(file.abs_dest_path, (0, 0))
        self.files = files
        # The collection and its pages live until the build ends: the cycle collector need
        # not scan them again and again while MkDocs renders thousands of pages.
        gc.freeze()
        return files

    def _show_errors(self, checked: CheckedCollection, pages: dict[str, str]) -> None:
        """While serving, the errors go where the author looks: above every page, and on
        the page of a report that could not be read at all (instead of a 404)."""
        assert self.renderer is not None
        self.errors_banner = self.renderer.build_errors(checked.messages(), len(checked.errors) + checked.omitted)
        by_file: dict[str, list[str]] = {}
        for diagnostic in checked.diagnostics:
            by_file.setdefault(diagnostic.location.file, []).append(str(diagnostic))
        reports_dir = Path(display_path(self.root, self.base))
        for file, messages in by_file.items():
            path = Path(file)
            if path.suffix != ".yaml" or path.parent.parent != reports_dir or path.stem.startswith("_"):
                continue  # not a report (a set's _set.yaml is listed above every page)
            system, member = path.parent.name, path.stem
            page = self.paths.report(system, member)
            published = system in checked.collection.systems and member in checked.collection.systems[system].reports
            if not published and page not in pages:
                pages[page] = self.renderer.unreadable(page, file, messages)

    def on_env(self, env, /, *, config: MkDocsConfig, files: Files):
        """Theme templates do not change during a build: look each up once, not once per
        include on every page; and compile each once per process (incremental.py). What
        the theme makes the same on every page (translations, the header's search form and
        palette) or twice on one (the table of contents) is made once (theme_partials.py)."""
        env.auto_reload = False
        env.bytecode_cache = self.compiled_templates
        env.globals.update(theme_partials.helpers())
        if self.config.enabled and self.renderer is not None:
            # Every page has been read: what lives now (the pages, their contents and the
            # navigation) lives until the build ends, so the cycle collector need not scan
            # it again at each of its older generations' turns while the pages are written.
            gc.freeze()
        return env

    def _changes_page(self, checked: CheckedCollection) -> str:
        """The Changes page; a base that cannot be had is said on the page and warned about
        (a strict build then fails: a preview should not silently compare with nothing)."""
        assert self.renderer is not None
        try:
            changes = self.preview.changes(checked, self.root)
        except SnapshotError as error:
            log.warning(f"Changes page: {error}")
            return self.renderer.changes_unavailable(self.config.changes_page, str(error))
        log.info(f"Changes page: {changes.summary()}")
        return self.renderer.changes(changes, self.config.changes_page, self.preview.pull_request)

    @staticmethod
    def _refuse_collisions(files: Files, new: list[File]) -> None:
        """A system folder named like a docs page (or the index) would overwrite it."""
        taken = {f.dest_uri: f.src_uri for f in files}
        clashes = []
        for file in new:
            if file.dest_uri in taken:
                clashes.append(f"{file.src_uri} and {taken[file.dest_uri]} would both be {file.url or '/'}")
            taken[file.dest_uri] = file.src_uri
        if clashes:
            raise PluginError(
                "The reports plugin cannot place its pages: " + "; ".join(clashes)
                + ". Rename the docs page or system folder, or set index_page/coverage_page/systems_page."
            )

    def _nav(self, docs_pages: list[File]) -> list:
        """Home first, then the collection, then the other hand-written pages (or the
        author's own ``nav``, followed by the collection)."""
        assert self.renderer is not None
        changes = [{"Changes": self.config.changes_page}] if self.preview.compares else []
        if self.user_nav is not None:
            return [*changes, *self.user_nav, *self.renderer.nav]
        ordered = sorted((f for f in docs_pages if f.inclusion.is_in_nav()), key=file_sort_key)
        hand_written = nest_paths(f.src_uri for f in ordered)
        home = [self.paths.home_page]
        rest = [entry for entry in hand_written if entry != self.paths.home_page]
        return [*home, *changes, *self.renderer.nav, *rest]

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        if self.config.enabled:
            self.navigation = SystemsNavigation(nav, self.paths.systems_page)
            if self.dirty:
                self.builds.mark(files, config.site_dir, self._setting(config, files), self.navigation.for_page)
        return nav

    def _setting(self, config: MkDocsConfig, files: Files) -> str:
        """What every generated page's HTML depends on besides its own: mkdocs.yml, the
        hand-written pages (the navigation shows their titles) and, while serving, the
        errors of the build shown above every page."""
        parts = [Path(config.config_file_path).read_text(encoding="utf-8") if config.config_file_path else "", self.errors_banner]
        for file in files.documentation_pages():
            if file.abs_src_path and not isinstance(file, GeneratedPage):
                stat = os.stat(file.abs_src_path)
                parts.append(f"{file.src_uri}:{stat.st_size}:{stat.st_mtime_ns}")
        return "\n".join(parts)

    @event_priority(50)  # the page's HTML is there before other plugins look at it
    def on_page_context(self, context, /, *, page: Page, config: MkDocsConfig, nav: Navigation):
        """The page's own navigation: the site's entries and its own system (navigation.py);
        a generated page's HTML, made now (see ``on_page_markdown``)."""
        if self.config.enabled:
            context["nav"] = self.navigation.for_page(page)
            markdown = self.deferred.pop(page.file.src_uri, None)
            if markdown is not None and self.files is not None and self.generated_markdown is not None:
                page.markdown = markdown.unpack()
                self.generated_markdown.render(page, self.files)  # as MkDocs' own: toc, anchors, links
                page.markdown = ""
                page.content = self.errors_banner + self._generated_html(page, page.content or "", self.files)
        return context

    def on_template_context(self, context, /, *, template_name: str, config: MkDocsConfig):
        """Theme pages outside the navigation (404.html) list no system either."""
        if self.config.enabled and context.get("nav") is not None:
            context["nav"] = self.navigation.for_page(None)
        return context

    # -- pages --------------------------------------------------------------------------

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if not self.config.enabled or self.renderer is None:
            return None
        if page.file.src_uri in self.generated:
            # Converted when the theme is about to show it (on_page_context), so that a
            # page's HTML lives only while it is written, not while MkDocs reads every other
            # page (at 1,000 reports, about 270 MB less at the peak). Meanwhile the page is
            # empty, and MkDocs' conversion of it is skipped (a Markdown converter made per
            # page costs about 5 % of a build: generated_markdown.py); other plugins'
            # on_page_content sees it empty.
            # The Markdown is held compressed, about a tenth of the text, and the file lets
            # go of its content (MkDocs has read it): at 1,000 reports, 70 MB less.
            file = page.file
            if isinstance(file, GeneratedPage):
                self.deferred[file.src_uri] = file.held(markdown)
            else:  # (every generated page is one)
                self.deferred[file.src_uri] = HeldMarkdown.of(markdown)
                file.content_string = ""
            page.render = partial(_render_later, page)  # once: it removes itself
            return ""
        uri = page.file.src_uri
        linked, problems = link_docs_citations(markdown, uri, self.renderer.graph, self.paths)
        if problems:
            self._log_docs_problems(page, markdown, problems)
        markdown = linked
        if uri == self.paths.home_page:
            start, end = self.glance_marks
            glance = f"{start}\n\n{self.renderer.glance(uri)}\n\n{end}"
            marker = self.config.glance_marker
            markdown = markdown.replace(marker, glance, 1) if marker in markdown else f"{markdown.rstrip()}\n\n{glance}"
        return markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """A generated page's HTML, or the glance in a hand-written home page, through the
        allowlist (see the module docstring)."""
        if not self.config.enabled or self.renderer is None:
            return None
        uri = page.file.src_uri
        if uri in self.generated:
            return None  # converted later (on_page_context)
        if self.glance_marks[0] in html:
            before, rest = html.split(self.glance_marks[0], 1)
            glance, _, after = rest.partition(self.glance_marks[1])
            html = before + self.renderer.page_html(uri, glance, self.renderer.anchors[GLANCE].ids) + after
        return self.errors_banner + html

    def _generated_html(self, page: Page, html: str, files: Files) -> str:
        """A generated page's HTML after Markdown: its parts put in, sanitized keeping the
        ids it declared, its pictures in place."""
        assert self.renderer is not None
        uri = page.file.src_uri
        ids = self.renderer.anchors[uri].ids
        html = self.renderer.page_html(uri, html, ids)
        # for MkDocs' check of links to anchors: those in the HTML put in after Markdown too
        page.present_anchor_ids = (page.present_anchor_ids or set()) | ids
        return self.renderer.pictures.insert(uri, html, self._url_from(page, files))

    @staticmethod
    def _url_from(page: Page, files: Files):
        """The URL of a page of the docs tree relative to ``page`` (as Markdown links get)."""
        def url(path: str) -> str:
            file = files.get_file_from_path(path)
            return get_relative_url(file.url, page.url) if file is not None else "#"
        return url

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        """Every page without the theme's indentation (``render/compact_html.py``), its
        navigation landmarks named apart (``render/landmarks.py``), a link's label said once
        (``render/label_once.py``); a preview says so at the top of every page
        (``render/preview_html.py``)."""
        if not self.config.enabled:
            return None
        if page.file.src_uri in self.generated:
            page.content = ""  # written: the HTML and contents are needed no more
            page.toc = TableOfContents([])
        output = compact(label_once(name_landmarks(output)))
        if not self.preview.pull_request:
            return output
        href = get_relative_url(self.changes_url, page.url) if self.changes_url is not None else None
        return preview_html.at_body_start(output, preview_html.banner(self.preview.pull_request, href))

    def on_post_template(self, output: str, /, *, template_name: str, config: MkDocsConfig) -> str | None:
        """404.html sends readers lost in a preview to its own 404 page, in every build (the
        published site's 404 is the one GitHub Pages serves); a preview's has its banner."""
        if not self.config.enabled or template_name != "404.html":
            return None
        root = urlsplit(config.site_url or "/").path.rstrip("/") + "/"  # as MkDocs makes 404's base_url
        output = preview_html.at_body_end(output, preview_html.not_found_redirect(root))
        if self.preview.pull_request:
            href = root + self.changes_url if self.changes_url is not None else None
            output = preview_html.at_body_start(output, preview_html.banner(self.preview.pull_request, href))
        return output

    def _log_docs_problems(self, page: Page, markdown: str, problems) -> None:
        """Name the docs file and the line in it (front matter counted) like the checker:
        relative to the folder of mkdocs.yml, as report files are."""
        source = page.file.content_string
        skipped = source.count("\n", 0, len(source) - len(markdown)) if source.endswith(markdown) else 0
        path = page.file.abs_src_path
        display = display_path(Path(path), self.base) if path else page.file.src_uri
        for problem in problems:
            line = markdown.count("\n", 0, problem.offset)
            column = problem.offset - (markdown.rfind("\n", 0, problem.offset) + 1)
            location = Location(display, skipped + line + 1, column + 1)
            log.error(str(Diagnostic(location, problem.message, problem.fix)))

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """The generated pages' search entries, made from the collection (render/search.py)."""
        if not self.config.enabled or self.renderer is None:
            return
        gc.unfreeze()  # what this build leaves may be collected, as usual
        self.generated_markdown = None
        if self.files is not None:
            self.builds.built(self.files, config.site_dir)
        index_file = Path(config.site_dir) / "search" / "search_index.json"
        if index_file.is_file():
            merge_into_index(index_file, search_entries(self.renderer))
        for plugin in config.plugins.values():
            # Material's search keeps the last index to patch the next `serve --dirty` build
            # with; every hand-written page is read in each build, so it needs none.
            if hasattr(plugin, "search_index_prev"):
                plugin.search_index_prev = None

    def on_build_error(self, *, error: Exception) -> None:
        self.builds.forget()
        gc.unfreeze()

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder) -> LiveReloadServer | None:
        if self.config.enabled and self.root.is_dir():
            server.watch(str(self.root))
        return server
