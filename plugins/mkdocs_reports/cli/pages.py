"""``mkdocs-reports pages --out DIR``: the collection as plain Markdown files, for a
generator that runs without the ``reports`` plugin (MkDocs or ProperDocs without it,
Zensical, …).

    mkdocs-reports pages --out site-pages        # reports_dir from mkdocs.yml, or reports/

It checks the collection first and writes nothing when there is an error (exit 1). DIR
then holds every page the plugin would generate (home, systems, reports, unpublished
members, record index, coverage overview), the assets, and ``mkdocs-reports.yml``: the
navigation, the Markdown extensions, stylesheet and script, for a configuration to
``INHERIT`` with DIR as its ``docs_dir``.

The pages are safe as Markdown on their own: author text is escaped before it is written
(raw HTML, attribute lists, links and images to scripts or other origins become text), so
no sanitizer has to run after Markdown — as long as the build uses the listed extensions,
which find code where the escaping found it.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

import yaml

from ..core.rules.collection_check import CheckedCollection, check_collection
from ..pages import PageClash, PageSettings, SitePages
from ..pages.assets import ASSET_DIR, ASSETS, PUBLISHED_SCHEMAS, SCRIPTS, STYLESHEETS, script_bundle
from ..pages.plain_markdown import page_markdown
from .command import Commands
from .output import say
from .site_config import DEFAULT_EXTENSIONS, add_location_arguments, locate

CONFIG = "mkdocs-reports.yml"
HEADER = f"""\
# Written by `mkdocs-reports pages`, with the pages beside it; paths are relative to this
# folder. Build with this folder as docs_dir, e.g. in mkdocs.yml (or properdocs.yml):
#   INHERIT: <this folder>/{CONFIG}
#   docs_dir: <this folder>
# The pages need these two stock extensions (headings keep their ids and classes).
"""
#: what the pages need of a build: headings' attributes, and a table of contents
PAGE_EXTENSIONS = ("toc", "attr_list")


class OutputFolderError(ValueError):
    """DIR holds files this command did not write."""


def site_config(nav: list, not_in_nav: list[str] | None = None) -> str:
    """``mkdocs-reports.yml``: what a configuration needs to build the pages as the plugin
    would. A generator without the plugin prints the whole navigation on every page, so it
    lists no system (``not_in_nav``): the systems page and the home page list them all.
    The pages link to each other by directory URLs (``a/b/``)."""
    config = {
        "nav": nav,
        "not_in_nav": "".join(f"/{folder}/\n" for folder in not_in_nav or []),
        "use_directory_urls": True,
        "markdown_extensions": list(PAGE_EXTENSIONS),
        "extra_css": list(STYLESHEETS),
        "extra_javascript": list(SCRIPTS),
        "exclude_docs": f"/{CONFIG}",
    }
    return HEADER + yaml.safe_dump(config, sort_keys=False, allow_unicode=True)


def _prepare(out: Path) -> None:
    """An empty DIR, or one this command wrote before (replaced whole); never anything else."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise OutputFolderError(f"{out} is not a folder")
    if out.is_dir() and any(out.iterdir()):
        if not (out / CONFIG).is_file():
            raise OutputFolderError(
                f"{out} is not empty and holds no {CONFIG}, so this command did not write it; "
                "name an empty or new folder"
            )
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)


def _url(uri: str) -> str:
    """The address a generator gives a page with directory URLs: ``a/index.md`` and ``a.md`` are both ``a/``."""
    stem = uri.removesuffix(".md")
    return stem.removesuffix("index") if stem == "index" or stem.endswith("/index") else stem + "/"


def page_file(uri: str) -> str:
    """The file a page is written to: the ``index.md`` of its address's folder (``a/b.md``
    as ``a/b/index.md``). The pages' links are raw HTML relative to the page's address;
    Zensical reads a raw HTML link as relative to the page's file and rewrites it for the
    address, which changes nothing only when the file stands in its address's folder."""
    return uri if uri == "index.md" or uri.endswith("/index.md") else uri.removesuffix(".md") + "/index.md"


def _nav_files(nav: list) -> list:
    """The navigation with each page named by its file (``page_file``)."""
    return [page_file(entry) if isinstance(entry, str)
            else {title: page_file(value) if isinstance(value, str) else _nav_files(value) for title, value in entry.items()}
            for entry in nav]


def _refuse_clashes(pages: Mapping[str, object]) -> None:
    """A system folder named like a site page (``records/``) would share its address."""
    seen: dict[str, str] = {}
    for uri in pages:
        if (other := seen.setdefault(_url(uri), uri)) != uri:
            raise PageClash(f"{other} and {uri} would both be {_url(uri) or '/'}; rename the system folder")


def write_pages(checked: CheckedCollection, out: Path, settings: PageSettings | None = None) -> int:
    """Write the collection's pages, assets and ``mkdocs-reports.yml`` into ``out``; the number of pages."""
    settings = settings or PageSettings(markdown_extensions=DEFAULT_EXTENSIONS)
    paths = settings.paths
    site = SitePages(checked.graph, settings)
    pages = {paths.home_page: site.home(), **site.pages()}
    _refuse_clashes(pages)
    _prepare(out)
    for uri, spec in pages.items():
        target = out / page_file(uri)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page_markdown(spec), encoding="utf-8")
    (out / ASSET_DIR).mkdir(parents=True, exist_ok=True)
    for asset in sorted(ASSETS.iterdir()):
        shutil.copyfile(asset, out / ASSET_DIR / asset.name)
    for script in SCRIPTS:
        (out / script).write_text(script_bundle(), encoding="utf-8")
    for path, text in site.previews().items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_text(text, encoding="utf-8")
    for path, text in site.downloads().items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_text(text, encoding="utf-8")
    for path, file in PUBLISHED_SCHEMAS.items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, out / path)
    systems = sorted(checked.graph.collection.systems)
    (out / CONFIG).write_text(site_config(_nav_files([paths.home_page, *site.site_nav]), systems), encoding="utf-8")
    return len(pages)


def run(args: argparse.Namespace) -> int:
    site = locate(args)
    checked = check_collection(site.reports, base=site.base, names=site.names)
    for diagnostic in checked.diagnostics:
        say(diagnostic, file=sys.stderr)
    if not checked.ok:
        say(f"no pages written: {checked.summary()}", file=sys.stderr)
        return 1
    try:
        settings = PageSettings(markdown_extensions=site.markdown_extensions, markdown_configs=site.markdown_configs or {})
        count = write_pages(checked, Path(args.out), settings)
    except PageClash as clash:
        say(f"mkdocs-reports pages: error: {clash}", file=sys.stderr)
        return 1
    except (OutputFolderError, OSError) as error:
        say(f"mkdocs-reports pages: error: {error}", file=sys.stderr)
        return 2
    say(f"{count} pages, the assets and {CONFIG} written to {args.out} ({checked.summary()})")
    return 0


def add_parser(subparsers: Commands) -> argparse.ArgumentParser:
    """Add ``pages`` to the ``mkdocs-reports`` command line."""
    parser = subparsers.add_parser(
        "pages", help="write the collection's pages as plain Markdown, for a generator without the plugin"
    )
    add_location_arguments(parser, "the reports folder")
    parser.add_argument("--out", required=True, metavar="DIR", help=f"an empty or new folder (or one it wrote: it has {CONFIG})")
    parser.set_defaults(run=run)
    return parser
