"""Author text → Markdown that is safe to put on a page, with every record ID linked.

Report text is Markdown, but it must not inject markup: outside code, ``<`` and ``&`` are
escaped (raw HTML shows as text) and ``{`` too (no ``attr_list`` attributes such as
``onclick``); fence info strings are cut to a language name for the same reason. Code is
found exactly as the core finds it (``mask_code``), so what the checker counts as a
citation is what becomes a link, and IDs in code stay text.

Titles, names and labels (``Markup.text``) show as written: outside code, the characters
Markdown would read as syntax there (a heading's closing ``#``, link brackets, backslash
escapes, a stray backtick) are backslash-escaped too.

One-line text (labels, cells, excerpts) often stands inside a ``<div markdown>`` (tables,
Cited by, the record index), whose tags md_in_html reads before Markdown finds code spans:
there, inline code that holds a ``<`` is written as an HTML ``code`` element with its text
as character references, so a ``</div>`` in it cannot close the block.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.citations import mask_code
from ..core.graph import CitationGraph
from ..core.ids import CANDIDATE_RE, is_valid_id
from ..core.model import ExternalRecord
from .paths import Paths, relative
from .safe_links import is_safe_url

#: what each kind of author text escapes outside code
_PROSE = {"<": "&lt;", "&": "&amp;", "{": "&#123;"}
_CELL = {**_PROSE, "|": "&#124;"}  # a pipe would end the table cell
_TEXT = {**_CELL, **{char: "\\" + char for char in "#[]\\`"}}
#: a link title is read by Markdown too: code spans and backslash escapes work there
_ATTRIBUTE = str.maketrans({**_CELL, '"': "&quot;", "`": "&#96;", "\\": "&#92;"})
_TOKEN = re.compile(rf"(?P<id>{CANDIDATE_RE.pattern})|(?P<esc>[<&{{|#\[\]\\`])")
# any indent, as the core's code finder (superfences nests fences in list items)
_FENCE_LINE = re.compile(r"^([ ]*)(`{3,}|~{3,})([^\n]*)$", re.MULTILINE)
_LANGUAGE = re.compile(r"[\w+#.-]*")
_BACKTICKS = re.compile(r"`+")  # each match is a whole run: `+ is greedy
#: where Markdown would take a URL from author text: an inline link or image ``](url``, a
#: reference definition ``]: url``; and where an image starts (``![``)
_DESTINATION = re.compile(r"\](?:\(|:)\s*(?P<url>[^\s)]*)")
_IMAGE = re.compile(r"!(?=\[)")


def _plain_fence(match: re.Match[str]) -> str:
    indent, fence, info = match.groups()
    if fence[0] == "`" and "`" in info:
        return match.group()  # not a fence but inline code at the start of a line
    return indent + fence + _LANGUAGE.match(info.strip()).group()


def plain_fences(text: str) -> str:
    """Fence info strings reduced to a language: ``{.py onclick=…}`` would set attributes."""
    if "```" not in text and "~~~" not in text:
        return text
    return _FENCE_LINE.sub(_plain_fence, text)


def longest_backtick_run(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def code_span(text: str) -> str:
    """Inline code that holds any text, backticks included."""
    ticks = "`" * (longest_backtick_run(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def fence(passage: str) -> str:
    """A code fence longer than any backtick run in the passage, so nothing closes it early."""
    return "`" * max(3, longest_backtick_run(passage) + 1)


def shorten(text: str, width: int = 240) -> str:
    """One line of at most ``width`` characters, cut between words and never inside code."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    masked = mask_code(flat)
    cut = flat.rfind(" ", 0, width)
    while cut > 0 and masked[cut - 1] != flat[cut - 1]:
        cut = flat.rfind(" ", 0, cut)
    return flat if cut <= 0 else flat[:cut] + " …"


def _character_references(text: str) -> str:
    return "".join(char if char.isalnum() or char == " " else f"&#{ord(char)};" for char in text)


def _tagged_code_spans(text: str, masked: str) -> Iterator[tuple[int, int, str]]:
    """Code spans of one-line text that hold a tag, as HTML: (start, end, replacement).
    ``masked`` is ``mask_code(text)``, where the backticks of a code span are blanked."""
    opening: re.Match[str] | None = None
    for run in _BACKTICKS.finditer(text):
        if masked[run.start()] != " ":  # escaped or unmatched: not code
            continue
        if opening is None:
            opening = run
        elif len(run.group()) == len(opening.group()):
            code = text[opening.end() : run.start()].strip()
            if "<" in code:
                yield opening.start(), run.end(), f"<code>{_character_references(code)}</code>"
            opening = None


def _unsafe_targets(masked: str) -> list[tuple[int, int, str]]:
    """Link syntax in author text that would run script or load from elsewhere, broken so
    that it shows as written: the ``]`` before a URL with a scheme outside the safe ones
    (``javascript:``, ``data:``…), and the ``!`` of every image (an author's image would
    load from another origin). Done here, before Markdown, so that the pages are safe as
    Markdown alone; the plugin's ``SafeLinksExtension`` and sanitizer are further layers."""
    found = [(m.start(), m.start() + 1, "&#93;") for m in _DESTINATION.finditer(masked) if not is_safe_url(m["url"])]
    found += [(m.start(), m.end(), "&#33;") for m in _IMAGE.finditer(masked)]
    return found


class Markup:
    """Renders author text for one page (``page``) of one system: links are page-relative."""

    def __init__(self, graph: CitationGraph, paths: Paths, system: str, page: str) -> None:
        self.graph = graph
        self.paths = paths
        self.system = system
        self.page = page
        self._refs: dict[str, str] = {}

    # -- author text ------------------------------------------------------------------

    def _safe(self, text: str, escapes: dict[str, str], *, link: bool = True, line: bool = False) -> str:
        masked = mask_code(text)
        replacements = []
        for match in _TOKEN.finditer(masked):
            if match.group("id") is not None:
                if link:
                    replacements.append((*match.span(), self.ref(match.group())))
            elif (escaped := escapes.get(match.group())) is not None:
                replacements.append((*match.span(), escaped))
        if link:
            replacements += _unsafe_targets(masked)
        if line and "<" in text and masked != text:
            replacements += _tagged_code_spans(text, masked)
        replacements.sort()
        out, last = [], 0
        for start, end, replacement in replacements:
            out.append(text[last:start])
            out.append(replacement)
            last = end
        out.append(text[last:])
        return "".join(out)

    def prose(self, text: str | None) -> str:
        """A Markdown block: paragraphs, lists, code; IDs linked."""
        return self._safe(plain_fences(text or "").strip("\n"), _PROSE)

    def cell(self, text: str | None) -> str:
        """One line for a table cell or a list item: IDs linked, pipes kept out of the table."""
        return self._safe(" ".join((text or "").split()), _CELL, line=True)

    def cells(self, cells: list[str]) -> str:
        """Table cells joined by column separators (the row's outer pipes are the caller's)."""
        return " | ".join(self.cell(cell) for cell in cells)

    def text(self, text: str | None) -> str:
        """A label, title or path for headings, link text and cells: shown as written (code
        spans stay code), with no links."""
        return self._safe(" ".join((text or "").split()), _TEXT, link=False, line=True)

    def excerpt(self, text: str | None, width: int = 240) -> str:
        return self.cell(shorten(text or "", width))

    @staticmethod
    def attr(text: str | None) -> str:
        """Text for a link title (tooltip) in quotes."""
        return " ".join((text or "").split()).translate(_ATTRIBUTE)

    # -- links ------------------------------------------------------------------------

    def to(self, page: str, anchor: str | None = None) -> str:
        return relative(self.page, page, anchor)

    def tooltip(self, record_id: str) -> str | None:
        target = self.graph.resolve(self.system, record_id)
        if target is None:
            return None
        if isinstance(target, ExternalRecord):
            system = self.graph.collection.systems[self.system].name
            return f"declared in the {target.member} report of {system}, not published"
        return target.label

    def ref(self, record_id: str) -> str:
        """A record ID as a link to its entry, its label as tooltip; unknown IDs stay text."""
        if record_id not in self._refs:
            self._refs[record_id] = self._ref(record_id)
        return self._refs[record_id]

    def _ref(self, record_id: str) -> str:
        target = self.graph.resolve(self.system, record_id) if is_valid_id(record_id) else None
        if target is None:
            return record_id
        page, anchor = self.paths.record(target)
        return f'[{record_id}]({self.to(page, anchor)} "{self.attr(self.tooltip(record_id))}")'

    @staticmethod
    def code(text: str) -> str:
        return code_span(text)

    @staticmethod
    def fence(passage: str) -> str:
        return fence(passage)
