"""Page renderers: a checked collection and its citation graph → Markdown page texts.

MkDocs-free (Jinja2 templates in ``mkdocs_reports/templates``); the plugin only hands the
texts to MkDocs. ``SafeLinksExtension`` is the one Markdown extension the pages rely on.
"""

from .markup import Markup
from .paths import Paths
from .safe_links import SafeLinksExtension
from .site import SiteRenderer

__all__ = ["Markup", "Paths", "SafeLinksExtension", "SiteRenderer"]
