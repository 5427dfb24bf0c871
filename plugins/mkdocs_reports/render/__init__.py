"""Page renderers: a checked collection and its citation graph → Markdown page texts.

MkDocs-free (Jinja2 templates in ``mkdocs_reports/templates``); the plugin only hands the
texts to MkDocs. ``markdown_extensions()`` are the Markdown extensions the pages rely on
(``requirements.SAFETY_EXTENSIONS`` names the same for builds without the plugin); after
Markdown, the plugin's ``sanitize`` is a further layer.
"""

from markdown import Extension

from .chrome_text import InertTableOfContentsExtension
from .markup import Markup
from .paths import Paths
from .placeholders import PlaceholdersExtension
from .record_links import RecordLabelsExtension
from .safe_links import SafeLinksExtension
from .site import SiteRenderer
from .toc_entries import TocEntriesExtension


def markdown_extensions() -> list[Extension]:
    """What every page is converted with: safe URLs, record labels out of ``title``, a
    table of contents whose author text the theme cannot turn into tags (and that leaves
    out kinds a member declares nothing of), and the author's characters back from their
    placeholders."""
    return [SafeLinksExtension(), RecordLabelsExtension(), InertTableOfContentsExtension(), TocEntriesExtension(), PlaceholdersExtension()]


__all__ = ["Markup", "Paths", "SafeLinksExtension", "SiteRenderer", "markdown_extensions"]
