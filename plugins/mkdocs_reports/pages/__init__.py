"""The page layer: a checked collection → its generated pages as HTML (``PageSpec``), with
their titles and tables of contents, through Jinja templates (``templates/reports/``).

No generator here: the adapter (``adapter/``) gives the pages to MkDocs or ProperDocs, and
``mkdocs-reports pages`` writes them for a generator that runs without the plugin. Markdown
runs only on what authors wrote (``fragments.py``), and every page's HTML goes through the
safety layer (``safety/``) before it leaves.
"""

from .page import Headings, PageSpec, PlannedPage, TocEntry
from .paths import Paths
from .site import PageClash, PageSettings, SitePages

__all__ = ["Headings", "PageClash", "PageSettings", "PageSpec", "Paths", "PlannedPage", "SitePages", "TocEntry"]
