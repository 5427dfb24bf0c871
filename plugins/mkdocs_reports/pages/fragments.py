"""Authors' Markdown → HTML, one fragment at a time: a field's prose, a table cell, a label.

The pages themselves are written as HTML by the templates; Markdown runs only on what
authors wrote, with one converter per build made from the site's own extensions (author
text may use any of them), ``reset()`` between fragments, and each result kept by its text
(the same "none", "uninspected — …" or coverage cell stands in many places).

Most fragments hold no Markdown at all: a text made only of letters, digits, spaces and
some punctuation, with no line that starts a block, is a paragraph per run of lines, and
it is written as such without the converter (``plain_paragraphs``). Which characters count
as plain depends on the site's extensions (``smarty`` makes quotes curly, ``emoji`` reads
``:name:``…): ``TRIGGERS`` says, per extension, which further characters it acts on, and a
site with an extension not listed there gets no shortcut at all. A randomized test checks
the shortcut against the converter, extension by extension.

Some extensions act on a whole page, or read files, and are not used on fragments
(``NOT_FOR_FRAGMENTS``): a fragment is a piece of a page whose headings, contents and ids
are the template's. Markdown that spans fragments stops working: a link reference defined
in one field and used in another (``mkdocs-reports check`` refuses both halves), footnotes.

Nor are the extensions plugins add to the build (``from_the_site``): a site's
``markdown_extensions`` names its extensions, and what a plugin appends at ``on_config``
is an object of its own (mkdocs-autorefs' turns ``[text][ref]`` that no field defines into
an element only it reads, which the sanitizer drops with the author's brackets;
mkdocstrings' reads code). Report text is the author's, written as the site's Markdown.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

import markdown

from ..safety.author_text import restore
from ..safety.sanitize import sanitize_author_markup
from ..safety.site_markup import SiteMarkup

#: the site's extensions that fragments are not converted with, and why
NOT_FOR_FRAGMENTS: Mapping[str, str] = {
    "toc": "a page's headings, their ids and its contents are its template's",
    "meta": "front matter is the report file's, and it would take a field's first lines",
    "footnotes": "a note's ids would be those of every other field's notes on the page",
    "md_in_html": "author text holds no raw HTML",
    "pymdownx.snippets": "it reads files",
    "pymdownx.b64": "it reads files",
    "pymdownx.pathconverter": "links in author text are not paths of the docs tree",
}

#: per extension, the characters besides the core's that it may act on in text that is
#: otherwise plain; ``None``: it may act on plain words, so no text is plain to it
TRIGGERS: Mapping[str, str | None] = {
    "abbr": "",
    "admonition": "!",
    "attr_list": "",
    "codehilite": "",
    "def_list": ":",
    "extra": ":",
    "fenced_code": "",
    "legacy_attrs": "",
    "legacy_em": "",
    "nl2br": None,  # every line break is one
    "sane_lists": "",
    "smarty": "'\"-.",
    "tables": "",
    "wikilinks": "",
    "pymdownx.arithmatex": "$",
    "pymdownx.betterem": "",
    "pymdownx.blocks.admonition": "/",
    "pymdownx.blocks.details": "/",
    "pymdownx.blocks.html": "/",
    "pymdownx.blocks.tab": "/",
    "pymdownx.blocks.caption": "/",
    "pymdownx.blocks.definition": "/",
    "pymdownx.caret": "",
    "pymdownx.critic": "",
    "pymdownx.details": "?",
    "pymdownx.emoji": ":",
    "pymdownx.escapeall": "",
    "pymdownx.highlight": "",
    "pymdownx.inlinehilite": "",
    "pymdownx.keys": "+",
    "pymdownx.mark": "=",
    "pymdownx.progressbar": "",
    "pymdownx.saneheaders": "",
    "pymdownx.striphtml": "",
    "pymdownx.superfences": "",
    "pymdownx.tabbed": "",
    "pymdownx.tasklist": "",
    "pymdownx.tilde": "",
    "pymdownx.magiclink": None,  # www.example.org and user@example.org are plain words
    "pymdownx.smartsymbols": None,  # 1st, 1/2, (c)
    "pymdownx.fancylists": None,  # a. and i. start lists
}

#: the ASCII punctuation the core of Markdown leaves alone inside a line (letters, digits
#: and every character beyond ASCII aside: Markdown's syntax is ASCII)
_PLAIN_PUNCTUATION = " ,.;:?!'\"()%/-=+$}@#"


@functools.cache
def _beyond_ascii() -> str:
    """Every character beyond ASCII but white space (Python-Markdown strips Unicode white
    space from a paragraph's ends, as ``str.strip`` does), as ranges of a character class:
    made once, when a converter first needs it, not whenever the package is imported."""
    spaces = [c for c in range(0x80, 0x110000) if chr(c).isspace()]
    starts, ends = [0x80, *(c + 1 for c in spaces)], [*(c - 1 for c in spaces), 0x10FFFF]
    return "".join(f"\\U{start:08x}-\\U{end:08x}" for start, end in zip(starts, ends, strict=True) if start <= end)


#: a line that the core would read as more than text: a list item, a heading, a rule or
#: setext line, an indented line; or a line break (two spaces at its end)
_BLOCK_LINE = re.compile(r"^(?:[ \t]|[-+*=#]|\d+\.)|[ \t]$", re.MULTILINE)
#: what a one-line fragment starts with so that no block (a heading, a list, a quote, an
#: admonition…) starts there: a character no report holds (the loader refuses control
#: characters), taken out again after Markdown
NOT_A_BLOCK = "\x16"


def extension_name(entry: object) -> str | None:
    """An entry of ``markdown_extensions`` by the name this module knows it by
    (``markdown.extensions.toc`` → ``toc``); None for an extension given as an object."""
    return entry.removeprefix("markdown.extensions.") if isinstance(entry, str) else None


def from_the_site(extensions: Iterable[object]) -> list[str]:
    """The extensions a site names in ``markdown_extensions``, without the objects plugins
    append to it for the pages they know (cross-references, API docs), whose markup author
    text must not make and the page's sanitizer would drop."""
    return [entry for entry in extensions if isinstance(entry, str)]


def _not_plain(extensions: Iterable[object]) -> re.Pattern[str] | None:
    """What makes a text more than plain for these extensions: a character other than a
    letter, a digit, plain punctuation, a line break or a placeholder (``author_text``,
    ``text``); None when an extension may act on any text."""
    allowed = set(_PLAIN_PUNCTUATION)
    for entry in extensions:
        name = extension_name(entry)
        triggers = TRIGGERS.get(name, None) if name is not None else None
        if triggers is None:
            return None
        allowed -= set(triggers)
    punctuation = "".join(sorted(allowed))
    return re.compile(rf"[^\w\n\x0e-\x15{_beyond_ascii()}{re.escape(punctuation)}]|_")


class FragmentConverter:
    """The site's Markdown for authors' fragments: ``block`` for prose, ``inline`` for one
    line (a cell, a list item's text, a label), a line cached by its text (the same labels
    stand in many places; prose stands in one, and keeping it would hold the collection's
    prose a second time as HTML). What they give is HTML with the author's characters back
    from their placeholders (``safety.author_text``) and, where the converter made it, none
    of the markup the site keeps for itself (the extensions make elements, classes and
    attributes of author words: ``sanitize_author_markup``, given what the site's templates
    write, ``site``); the page it goes into is sanitized whole (``safety.sanitize``)."""

    def __init__(self, extensions: Iterable[object] = (), configs: Mapping[str, Any] | None = None, site: SiteMarkup | None = None) -> None:
        kept = [entry for entry in from_the_site(extensions) if extension_name(entry) not in NOT_FOR_FRAGMENTS]
        names = {extension_name(entry) for entry in kept} - {None}
        self.md = markdown.Markdown(
            extensions=kept,
            # (keyed as the site names the extension: ``toc`` or ``markdown.extensions.toc``)
            extension_configs={name: config for name, config in (configs or {}).items() if extension_name(name) in names},
        )
        #: what makes a text more than plain for these extensions (None: no shortcut)
        self.not_plain = _not_plain(kept)
        self.site = site
        self._inlines: dict[str, str] = {}

    def forget(self) -> None:
        """Let go of the lines kept."""
        self._inlines.clear()

    def is_plain(self, text: str) -> bool:
        """Whether ``text`` holds nothing the converter would read as Markdown: only
        letters, digits, plain punctuation and line breaks, and no line that starts a block
        or ends in a line break."""
        return self.not_plain is not None and self.not_plain.search(text) is None and _BLOCK_LINE.search(text) is None

    def block(self, text: str) -> str:
        """Prose (paragraphs, lists, code…) as HTML."""
        return restore(plain_paragraphs(text)) if self.is_plain(text) else restore(self._converted(text))

    def inline(self, text: str) -> str:
        """One line as inline HTML: no block starts in it, and no paragraph wraps it."""
        html = self._inlines.get(text)
        if html is None:
            if self.is_plain(text):
                html = restore(text)
            else:
                html = self._converted(NOT_A_BLOCK + text)
                html = restore(html.removeprefix("<p>").removesuffix("</p>").replace(NOT_A_BLOCK, ""))
            self._inlines[text] = html
        return html

    def _converted(self, text: str) -> str:
        """What the converter makes of ``text``, with no markup the site keeps for itself;
        its placeholders still in it (the sanitizer would write ``&#123;`` back as ``{``)."""
        return sanitize_author_markup(self.md.reset().convert(text), self.site)


def plain_paragraphs(text: str) -> str:
    """A plain text (``FragmentConverter.is_plain``) as the paragraphs Markdown makes of it:
    it holds no ``<`` or ``&`` (they are placeholders), so no tag but these paragraphs'."""
    paragraphs = [part.strip("\n") for part in text.split("\n\n")]
    return "\n".join(f"<p>{part}</p>" for part in paragraphs if part)
