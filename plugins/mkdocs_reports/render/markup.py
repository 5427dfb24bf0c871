"""Author text → Markdown that is safe to put on a page, with every record ID linked.

Report text is Markdown, but it must not inject markup. Every ``<``, ``&`` and ``{`` of
author text (and ``|`` in a table cell), in code or not, goes through Markdown as a
placeholder that becomes its character reference afterwards (``placeholders``): raw HTML,
entities and ``attr_list`` attributes (``{: onclick=…}``) all show as text, and this holds
however Markdown splits the text into code and prose. Fence info strings are cut to a
language name (``{.py onclick=…}`` would set attributes), and a fence a field leaves open
opens nothing on the page.

Citations and sources are found by the core's own finder (``citations.scan``), so what the
checker counts as a citation is what becomes a link: a bare ID, a code span that is one ID
(linked code), a link around an ID (one link, ours); ``SRC-1`` links to the source register
and an evidence anchor's paths to the files at the reviewed revision. A source path written
in the text (``src/app.py``, or inline code that is only the path) links to its file when
the system's quote lock lists it (``render/grounding.py``). Other code stays text. A record
link is inline HTML with a URL (``Paths.href``) that carries its label for the site's
tooltip script in ``data-rpt-label``, every character but letters and digits a character
reference; on a page of the site the HTML is handed to the page's renderer (``inline``),
and Markdown gets a token it reads as plain text (``site.INLINE``). A source link is a
Markdown link whose title ``record_links`` moves there. No label ever stands in a
``title`` a theme could re-insert as HTML.

``Markup.html`` is a label or title as HTML, for the blocks written as HTML that Markdown
never sees (``blocks.py``).

Titles, names and labels (``Markup.text``) show as written: outside code, the characters
Markdown would read as syntax there (a heading's closing ``#``, link brackets, backslash
escapes, a stray backtick) are backslash-escaped too.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from functools import lru_cache

import markdown
from markupsafe import Markup as Html

from ..core.citations import FENCE_LINE, Mention, fences, mask_code, scan
from ..core.graph import CitationGraph
from ..core.model import ExternalRecord, Quote
from ..core.source_paths import path_mentions
from .chrome_text import inert
from .grounding import QuoteOrigin, locked, path_url, quote_origin
from .paths import Paths, relative
from .placeholders import CELL, NOTHING, PROSE, RECORD_LABEL, PlaceholdersExtension
from .safe_links import is_safe_url

#: what titles, names and labels escape outside code, so that they show as written
_TEXT = {char: "\\" + char for char in "#[]\\`"}
#: the text of a link: brackets would end it
_TEXT_IN_LINK = {"[": "\\[", "]": "\\]"}
_ESCAPABLE = re.compile(r"[#\[\]\\`]")
#: a record link's start tag, as inline HTML: a Markdown link would cost a pass over its
#: text and a rewrite by MkDocs, hundreds of times per page. The label is for the site's
#: tooltip script (reports.js), never in a ``title``.
_RECORD_LINK = '<a data-rpt-label="{label}" href="{href}">'
_LANGUAGE = re.compile(r"[\w+#.-]*")
_BACKTICKS = re.compile(r"`+")  # each match is a whole run: `+ is greedy
#: where Markdown would take a URL from author text: an inline link or image ``](url``, a
#: reference definition ``]: url``; and where an image starts (``![``)
_DESTINATION = re.compile(r"\](?:\(|:)\s*(?P<url>[^\s)]*)")
_IMAGE = re.compile(r"!(?=\[)")
#: what Markdown does more with than escape it: code spans, emphasis, backslash escapes
_INLINE_SYNTAX = re.compile(r"[`*_\\]")
#: a line that Markdown would read as a block (list item, quote, heading) if it stood alone
_BLOCK_START = re.compile(r"^(?:(\d+)([.)])|([-+*>]))")
#: the core only (code spans, emphasis, escapes), and the author's characters back from
#: their placeholders
_INLINE_MARKDOWN = markdown.Markdown(extensions=[PlaceholdersExtension()])


def _plain_fence(match: re.Match[str]) -> str:
    indent, fence, info = match.groups()
    if fence[0] == "`" and "`" in info:
        return match.group()  # not a fence but inline code at the start of a line
    return indent + fence + _LANGUAGE.match(info.strip()).group()


def plain_fences(text: str) -> str:
    """Fence info strings reduced to a language: ``{.py onclick=…}`` would set attributes."""
    if "```" not in text and "~~~" not in text:
        return text
    return FENCE_LINE.sub(_plain_fence, text)  # any indent, as the core's code finder


def close_fences_in_place(text: str) -> str:
    """The text with every fence line that opens nothing in it (no line of the text closes
    it) kept from opening a fence on the page, where a later field could close it."""
    if "```" not in text and "~~~" not in text:
        return text
    closed = list(fences(text))
    out, last = [], 0
    for line in FENCE_LINE.finditer(text):
        start = line.start(2)
        index = bisect_right(closed, (start, float("inf"))) - 1
        if index >= 0 and closed[index][0] <= start < closed[index][1]:
            continue  # part of a fence the text closes itself
        out.append(text[last:start])
        out.append(NOTHING)
        last = start
    out.append(text[last:])
    return "".join(out)


def longest_backtick_run(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def code_span(text: str) -> str:
    """Inline code that holds any text, backticks included."""
    ticks = "`" * (longest_backtick_run(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


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


def label_title(text: str) -> str:
    """A record's label as the title of a Markdown link, marked for ``record_links``: every
    character but letters, digits and spaces is a character reference, so no quote,
    parenthesis, backtick or backslash of the label can end the link or the title early.
    It is made inert (``chrome_text``) too, so that it stays text even in a build that
    leaves it in the ``title`` a theme re-inserts as HTML."""
    return RECORD_LABEL + _character_references(inert(" ".join(text.split())))


@lru_cache(maxsize=65536)  # a record's label stands in every link to it, on many pages
def _character_references(text: str) -> str:
    """Every character but letters, digits and spaces as a character reference: in an
    attribute that Markdown reads, no quote, backtick, backslash, pipe or bracket is left
    to end it early or start syntax. (``\\w`` is what ``isalnum`` is, and ``_``.)"""
    return _NOT_ALNUM.sub(_reference, text)


_NOT_ALNUM = re.compile(r"[^\w ]|_")


def _reference(match: re.Match[str]) -> str:
    return f"&#{ord(match[0])};"


def _holds_carried(text: str, carried: dict[int, str]) -> bool:
    """Whether ``text`` holds a character that ``carried`` (``PROSE`` or ``CELL``) carries.
    Most author text holds none, and a few ``in`` scans cost a tenth of what
    ``str.translate`` costs to find nothing to replace. Read from the table itself, so a
    character added to it is carried too. (A loop, not ``any`` over a generator: it runs
    for every text, and the generator costs more than the scans.)"""
    for code in carried:
        if chr(code) in text:
            return True
    return False


def _code_spans(text: str, masked: str) -> Iterator[tuple[int, int, str]]:
    """Code spans of one-line text: (start, end, code). ``masked`` is ``mask_code(text)``,
    where the backticks of a code span are blanked."""
    opening: re.Match[str] | None = None
    for run in _BACKTICKS.finditer(text):
        if masked[run.start()] != " ":  # escaped or unmatched: not code
            continue
        if opening is None:
            opening = run
        elif len(run.group()) == len(opening.group()):
            yield opening.start(), run.end(), text[opening.end() : run.start()].strip()
            opening = None


def _unsafe_targets(masked: str) -> list[tuple[int, int, str]]:
    """Link syntax in author text that would run script or load from elsewhere, broken so
    that it shows as written: the ``]`` before a URL with a scheme outside the safe ones
    (``javascript:``, ``data:``…), and the ``!`` of every image (an author's image would
    load from another origin). Done here, before Markdown, so that the pages are safe as
    Markdown alone; the plugin's ``SafeLinksExtension`` and sanitizer are further layers."""
    if "]" not in masked and "!" not in masked:  # both patterns start with one of these
        return []
    found = [(m.start(), m.start() + 1, "&#93;") for m in _DESTINATION.finditer(masked) if not is_safe_url(m["url"])]
    found += [(m.start(), m.end(), "&#33;") for m in _IMAGE.finditer(masked)]
    return found


def plain_html(text: str | None) -> str:
    """One line of author text as HTML with no Markdown but its code spans: escaped text,
    code as ``code`` (what search results show)."""
    flat = " ".join((text or "").split())
    if "`" not in flat:
        return html.escape(flat, quote=False)
    out, last = [], 0
    for start, end, code in _code_spans(flat, mask_code(flat)):
        out.append(html.escape(flat[last:start], quote=False))
        out.append(f"<code>{html.escape(code, quote=False)}</code>")
        last = end
    out.append(html.escape(flat[last:], quote=False))
    return "".join(out)


@lru_cache(maxsize=65536)  # the same titles and labels stand in many backlinks
def _text_html(text: str) -> Html:
    """``Markup.html``, cached by the text as written: its spaces are made one here, so
    that a label met again costs a lookup, not a split."""
    flat = " ".join(text.split())
    if not _INLINE_SYNTAX.search(flat):
        return Html(html.escape(flat, quote=False))
    escaped = _text_markdown(flat)
    line = _BLOCK_START.sub(lambda m: f"{m[1]}\\{m[2]}" if m[1] else f"\\{m[3]}", escaped, count=1)
    converted = _INLINE_MARKDOWN.reset().convert(line)
    return Html(converted.removeprefix("<p>").removesuffix("</p>"))


class Markup:
    """Renders author text for one page (``page``) of one system: links are page-relative."""

    def __init__(self, graph: CitationGraph, paths: Paths, system: str, page: str, inline: Callable[[str], str] | None = None) -> None:
        self.graph = graph
        #: where the HTML this writes into Markdown goes (record links): a page's renderer
        #: keeps it aside and Markdown gets a token (``site.INLINE``) it reads as plain text
        self.inline = inline or str
        self.paths = paths
        self.system = system
        self.page = page
        self.grammar = graph.collection.types.grammar if graph is not None else None  # None: no links
        self._refs: dict[tuple[str, bool], str | None] = {}
        # bare paths in prose are the default source's; linked only when its lock knows them
        owner = graph.collection.systems.get(system) if graph is not None else None
        default = owner.source_by_id(None) if owner else None
        self._prose_paths = (owner, default) if locked(owner, default) is not None else None

    # -- author text ------------------------------------------------------------------

    def _safe(self, text: str, carried: dict[int, str], *, link: bool = True, escapes: dict[str, str] | None = None) -> str:
        # ``text`` with its code blanked, made only when a character searched for in it is
        # in ``text``: blanking only turns characters into spaces, so it adds none
        masked = None
        replacements = []
        if link:
            for mention in scan(text, self.grammar):
                rendered = self._mention(text, mention)
                if rendered is not None:
                    replacements.append((mention.start, mention.end, rendered))
        starts = [start for start, _, _ in replacements]
        ends = [end for _, end, _ in replacements]

        def replaced(offset: int) -> bool:
            index = bisect_right(starts, offset) - 1
            return index >= 0 and offset < ends[index]

        if link and self._prose_paths is not None and ("/" in text or "." in text):
            paths = [p for p in self._path_links(text) if not replaced(p[0]) and not replaced(p[1] - 1)
                     and bisect_right(starts, p[1] - 1) == bisect_right(starts, p[0])]
            if paths:
                replacements = sorted(replacements + paths)
                starts = [start for start, _, _ in replacements]
                ends = [end for _, end, _ in replacements]

        if escapes and _ESCAPABLE.search(text):
            masked = mask_code(text)
            for match in _ESCAPABLE.finditer(masked):
                escaped = escapes.get(match.group())
                if escaped is not None and not replaced(match.start()):
                    replacements.append((*match.span(), escaped))
        if link and ("]" in text or "!" in text):  # what every unsafe target starts with
            masked = mask_code(text) if masked is None else masked
            replacements += [t for t in _unsafe_targets(masked) if not replaced(t[0])]
        replacements.sort()
        carry = _holds_carried(text, carried)
        out, last = [], 0
        for start, end, replacement in replacements:
            out.append(text[last:start].translate(carried) if carry else text[last:start])
            out.append(replacement)
            last = end
        out.append(text[last:].translate(carried) if carry else text[last:])
        return "".join(out)

    def _mention(self, text: str, mention: Mention) -> str | None:
        """How a citation or source mention shows on the page; ``None`` leaves it as written."""
        if mention.problem:
            return None
        if mention.form == "bare":
            return self.ref(mention.text)
        if mention.form == "code":
            return self.ref(mention.text, code=True)
        if mention.form == "link":
            label = self._safe(mention.label or mention.text, CELL, link=False, escapes=_TEXT_IN_LINK)
            return self.ref(mention.text, label=label) or label
        if mention.form == "source" and not mention.paths:
            return self.source_ref(mention.text)
        return self._evidence(text, mention)

    def _evidence(self, text: str, mention: Mention) -> str:
        """``[SRC-1: `a`; `b`]`` or ``SRC-1 `a`; `b```: the source linked to the register,
        each path to its file at the reviewed revision."""
        bracketed = mention.form == "evidence"
        out, last = [], mention.offset + len(mention.text)
        for path, start, end in mention.paths:
            out.append(self._safe(text[last:start], PROSE, link=False))
            out.append(self.path_link(mention.text, path))
            last = end
        out.append(self._safe(text[last : mention.end - 1 if bracketed else mention.end], PROSE, link=False))
        linked = (self.source_ref(mention.text) or mention.text) + "".join(out)
        return "\\[" + linked + "\\]" if bracketed else linked

    def prose(self, text: str | None) -> str:
        """A Markdown block: paragraphs, lists, code; IDs linked."""
        return self._safe(close_fences_in_place(plain_fences(text or "").strip("\n")), PROSE)

    def cell(self, text: str | None) -> str:
        """One line for a table cell or a list item: IDs linked, pipes kept out of the table."""
        return self._safe(" ".join((text or "").split()), CELL)

    def cells(self, cells: list[str]) -> str:
        """Table cells joined by column separators (the row's outer pipes are the caller's)."""
        return " | ".join(self.cell(cell) for cell in cells)

    def text(self, text: str | None) -> str:
        """A label, title or path for headings, link text and cells: shown as written (code
        spans stay code), with no links."""
        return _text_markdown(text or "")

    def html(self, text: str | None) -> Html:
        """A label, title or path as HTML, for HTML that Markdown never sees (the record
        index's rows): what ``text`` shows as in a cell of a Markdown page, with no links.
        Most labels hold no Markdown, and need no Markdown to be read."""
        return _text_html(text or "")

    def excerpt(self, text: str | None, width: int = 240) -> str:
        return self.cell(shorten(text or "", width))

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

    def ref(self, record_id: str, *, code: bool = False, label: str | None = None) -> str | None:
        """A record ID as a link to its entry, its label as tooltip (shown as inline code, or
        as ``label``, when asked). An unknown ID stays text (``None`` for code or a label)."""
        key = (record_id, code, label)
        if key not in self._refs:
            self._refs[key] = self._ref(record_id, code, label)
        return self._refs[key]

    def _ref(self, record_id: str, code: bool, label: str | None) -> str | None:
        target = self.graph.resolve(self.system, record_id) if self.grammar.is_valid_id(record_id) else None
        if target is None:
            return None if code or label is not None else record_id
        page, anchor = self.paths.record(target)
        href = self.paths.href(self.page, page, anchor)
        tooltip = _character_references(" ".join((self.tooltip(record_id) or "").split()))
        start = _RECORD_LINK.format(href=href, label=tooltip)
        if label is not None:  # the author's link text is Markdown
            return self.inline(start) + label + self.inline("</a>")
        text = f"<code>{html.escape(record_id)}</code>" if code else html.escape(record_id)
        return self.inline(start + text + "</a>")

    def source_ref(self, source_id: str) -> str | None:
        """A registered source as a link to its row of the register on the system page."""
        system = self.graph.collection.systems.get(self.system)
        source = system.source_by_id(source_id) if system else None
        if source is None:
            return None
        title = " at ".join(part for part in (source.identity, source.revision) if part)
        return f'[{source_id}]({self.to(self.paths.system(self.system), source_id.lower())} "{label_title(title or source_id)}")'

    def path_link(self, source_id: str | None, path: str) -> str:
        """A path of an evidence anchor as inline code, linked to the file (or folder) at
        the reviewed revision when the source is on a known forge and the quote lock, if
        there is one, lists the path (``render/grounding.py``)."""
        system = self.graph.collection.systems.get(self.system)
        source = system.source_by_id(source_id) if system else None
        url = path_url(system, source, path)
        return f"[{self.code(path)}]({url})" if url else self.code(path)

    def _path_links(self, text: str) -> list[tuple[int, int, str]]:
        """Paths written in prose that the quote lock knows, linked: (start, end, link)."""
        system, source = self._prose_paths
        out = []
        for mention in path_mentions(text):
            url = path_url(system, source, mention.path, prose=True)
            if url:
                shown = self.code(mention.path) if mention.code else mention.path
                out.append((mention.start, mention.end, f"[{shown}]({url})"))
        return out

    def quote_origin(self, quote: Quote) -> QuoteOrigin:
        """Where a quote is from, linked to its verified lines, and whether it was verified."""
        return quote_origin(self.graph.collection.systems[self.system], quote)

    @staticmethod
    def code(text: str) -> str:
        """Author text as inline code (a path, a run ID, a message)."""
        return code_span(text.translate(CELL))


#: a page's author text with no links needs no page
_UNLINKED = Markup(None, None, "", "")  # type: ignore[arg-type]


@lru_cache(maxsize=65536)  # a field's label stands on every record that has the field
def _text_markdown(text: str) -> str:
    """``Markup.text``, cached by the text as written (as ``_text_html``)."""
    return _UNLINKED._safe(" ".join(text.split()), CELL, link=False, escapes=_TEXT)
