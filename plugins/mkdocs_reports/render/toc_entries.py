"""What the table of contents lists of a generated page: a heading with the class
``rpt-toc-omit`` (a record kind a member declares nothing of, which the member type still
heads) is left out, so the contents list what is there to read. Record headings give the
toc their ID alone (``data-toc-label``), so an entry fits one line of the sidebar.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

OMIT = "rpt-toc-omit"
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class _OmitEntries(Treeprocessor):
    """Runs after ``toc`` has collected the headings (``md.toc_tokens``)."""

    def run(self, root: Element) -> None:
        omitted = {
            element.get("id")
            for element in root.iter()
            if element.tag in _HEADINGS and OMIT in (element.get("class") or "").split()
        }
        if omitted:
            self.md.toc_tokens = _without(list(getattr(self.md, "toc_tokens", [])), omitted)


def _without(tokens: list[dict], omitted: set[str | None]) -> list[dict]:
    kept = []
    for token in tokens:
        if token.get("id") in omitted:
            continue
        token["children"] = _without(token.get("children", []), omitted)
        kept.append(token)
    return kept


class TocEntriesExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Markdown's API
        md.treeprocessors.register(_OmitEntries(md), "reports_toc_entries", 4.5)  # toc is 5


def makeExtension(**kwargs) -> TocEntriesExtension:  # noqa: N802 - Markdown loads extensions by this name
    return TocEntriesExtension(**kwargs)
