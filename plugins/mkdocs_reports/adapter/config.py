"""Settings of the ``reports`` plugin in ``mkdocs.yml``."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig

from ..pages import Headings, PageSettings, Paths
from ..pages.fragments import extension_name


class ReportsConfig(Config):
    enabled = c.Type(bool, default=True)
    #: the collection folder (``<system>/<member>.yaml``), relative to ``mkdocs.yml``
    reports_dir = c.Type(str, default="reports")
    #: site-wide pages the plugin adds; a system folder must not have these names
    index_page = c.Type(str, default="records.md")
    coverage_page = c.Type(str, default="coverage.md")
    systems_page = c.Type(str, default="systems/index.md")
    comparison_page = c.Type(str, default="comparison.md")
    #: build the navigation: home, the collection (Systems, the record index, the coverage
    #: overview), then the other hand-written pages (with an explicit ``nav:`` in
    #: mkdocs.yml, the collection comes after it); each page lists only its own system
    #: under Systems, so a page does not grow with the collection
    nav = c.Type(bool, default=True)
    #: where the home page shows the collection at a glance (appended when absent)
    glance_marker = c.Type(str, default="<!-- reports:glance -->")
    #: pull-request previews (each falls back to an environment variable, which the
    #: workflows set): the pull request's number shows a banner on every page
    #: (``REPORTS_PREVIEW_PR``); a base to compare with adds a Changes page — a git ref
    #: (``REPORTS_BASE_REF``, e.g. ``origin/main``) or a saved ``mkdocs-reports export
    #: --format json`` of the base build (``REPORTS_BASE_EXPORT``)
    preview_pr = c.Optional(c.Type(str))
    base_ref = c.Optional(c.Type(str))
    base_export = c.Optional(c.Type(str))
    changes_page = c.Type(str, default="changes.md")
    #: a quote that the system's quote lock does not vouch for (not verified, or changed
    #: since it was verified) is a warning, so ``--strict`` fails on it; ``false`` logs it
    #: as information instead (the pages still say "not verified")
    require_verified_quotes = c.Type(bool, default=True)


def settings_of(config: MkDocsConfig, paths: Paths) -> PageSettings:
    """What the site's configuration decides about the generated pages: its ``toc``
    settings for headings, its Markdown extensions for author text, its theme's
    ``custom_dir`` for templates of its own."""
    toc = next((config.mdx_configs.get(e) for e in config.markdown_extensions if extension_name(e) == "toc"), None)
    custom_dir = config.theme.custom_dir
    return PageSettings(
        paths=paths,
        headings=Headings.from_toc_config(toc or {}),
        markdown_extensions=tuple(config.markdown_extensions),
        markdown_configs=dict(config.mdx_configs),
        templates=Path(custom_dir) if custom_dir else None,
    )
