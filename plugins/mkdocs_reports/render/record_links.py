"""Record links carry their record's label in ``data-rpt-label``, never in ``title``.

A ``title`` is text the theme may re-insert as HTML (Material's ``content.tooltips`` does),
so no author text may stand in one. ``Markup.ref`` writes a record link as inline HTML with
``data-rpt-label`` already; ``Markup.source_ref`` writes a source link as a Markdown link
whose title is its label marked with ``placeholders.RECORD_LABEL``; this treeprocessor
moves such a title into ``data-rpt-label``, which only the site's own script reads, with
``textContent`` (assets/reports.js shows it as the link's tooltip). Without this extension
the title stays, made inert (``chrome_text``), so a theme that re-inserts it still shows text.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from .placeholders import RECORD_LABEL

LABEL_ATTRIBUTE = "data-rpt-label"
_INERT_OPENING = "&#60;&#8288;"  # "<" and a word joiner, as label_title writes them


class _RecordLabels(Treeprocessor):
    def run(self, root: Element) -> None:
        for element in root.iter("a"):
            title = element.get("title")
            if title is not None and title.startswith(RECORD_LABEL):
                del element.attrib["title"]
                # read with textContent, the label needs no word joiner after its '<'
                element.set(LABEL_ATTRIBUTE, title[1:].replace(_INERT_OPENING, "&#60;"))


class RecordLabelsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Markdown's API
        md.treeprocessors.register(_RecordLabels(md), "reports_record_labels", 2)  # after inline (20)


def makeExtension(**kwargs) -> RecordLabelsExtension:  # noqa: N802 - Markdown loads extensions by this name
    return RecordLabelsExtension(**kwargs)
