"""What the plugin does to hand-written pages: their ``system:ID`` citations' problems named
at the docs file's own line, and the collection at a glance in the home page."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from ..core.diagnostics import Diagnostic, Location
from ..core.loading.loader import display_path
from ..pages import PageSpec
from ..pages.docs_citations import DocsProblem
from .page import toc_tokens


def log_citation_problems(log: logging.Logger, page: Page, markdown: str, problems: list[DocsProblem], base: Path) -> None:
    """Name the docs file and the line in it (front matter counted) like the checker:
    relative to the folder of mkdocs.yml, as report files are."""
    source = page.file.content_string
    skipped = source.count("\n", 0, len(source) - len(markdown)) if source.endswith(markdown) else 0
    path = page.file.abs_src_path
    display = display_path(Path(path), base) if path else page.file.src_uri
    for problem in problems:
        line = markdown.count("\n", 0, problem.offset)
        column = problem.offset - (markdown.rfind("\n", 0, problem.offset) + 1)
        location = Location(display, skipped + line + 1, column + 1)
        log.error(str(Diagnostic(location, problem.message, problem.fix)))


_ID = re.compile(r'\sid="([^"]+)"')


def with_glance(html: str, page: Page, glance: PageSpec, marker: str) -> str:
    """A hand-written home page's HTML with the glance at ``marker`` (or at its end), and
    the glance's headings in the page's table of contents where the glance stands: under
    the page's title, before the first heading that comes after it."""
    before, found, after = html.partition(marker)
    if not found:
        before, after = html + "\n", ""
    ids_after = set(_ID.findall(after))
    entries = page.toc.items
    host = entries[0].children if len(entries) == 1 and entries[0].level == 1 else entries
    position = next((i for i, item in enumerate(host) if item.id in ids_after), len(host))
    host[position:position] = list(get_toc(toc_tokens(glance.toc)))
    page.present_anchor_ids = (page.present_anchor_ids or set()) | glance.ids
    return before + glance.html + after
