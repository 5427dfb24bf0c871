"""Settings of the ``reports`` plugin in ``mkdocs.yml``."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class ReportsConfig(Config):
    enabled = c.Type(bool, default=True)
    #: the collection folder (``<system>/<member>.yaml``), relative to ``mkdocs.yml``
    reports_dir = c.Type(str, default="reports")
    #: site-wide pages the plugin adds; a system folder must not have these names
    index_page = c.Type(str, default="records.md")
    coverage_page = c.Type(str, default="coverage.md")
    #: build the navigation: home, the collection, then the other hand-written pages
    #: (with an explicit ``nav:`` in mkdocs.yml, the collection comes after it)
    nav = c.Type(bool, default=True)
    #: where the home page shows the collection at a glance (appended when absent)
    glance_marker = c.Type(str, default="<!-- reports:glance -->")
