"""Author characters that Markdown must never read as markup, carried through it unread.

Escaping ``<`` as ``&lt;`` outside code and leaving it inside depends on telling code from
prose exactly as Python-Markdown does; wherever the two disagree (a code span across a list
item, a heading, a rule, an admonition line…), a raw tag got through. Instead, every ``<``,
``&``, ``{`` (attribute lists) and, in table cells, ``|`` of author text — in code or not —
is replaced before Markdown by a control character that no report can hold (the loader
refuses them) and that Markdown, its extensions and Pygments pass through as plain text.
After Markdown, ``restore`` (run by ``PlaceholdersExtension`` as Markdown's last step, so
any build with the extension gets it) turns each into its character reference: the reader
sees the character, in code or prose alike, and no parser on the way ever saw a tag, an
entity or an attribute list that the author wrote. A build without the extension shows
the control characters instead: wrong, but never markup.

``NOTHING`` stands before a fence line that the author's field never closes: superfences
would otherwise look for its closing line in the rest of the page and turn the fields
after it into code. ``RECORD_LABEL`` marks the title of a source link (``Markup.source_ref``);
``record_links`` moves such a title into a ``data-rpt-label`` attribute.
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

LT, AMP, BRACE, PIPE = "\x0e", "\x0f", "\x10", "\x11"
RECORD_LABEL = "\x12"
#: stands before a run of backticks or tildes that must not open a fence: it is no space,
#: so the line opens nothing, and it is removed after Markdown
NOTHING = "\x13"

#: author characters → placeholders, for prose and for one-line text in a table cell
PROSE = str.maketrans({"<": LT, "&": AMP, "{": BRACE})
CELL = str.maketrans({"<": LT, "&": AMP, "{": BRACE, "|": PIPE})

#: placeholder → what it becomes in HTML (``str.replace`` per character: ``str.translate``
#: looks up every character of a page in a dict, over 30 times slower)
_RESTORE = ((LT, "&lt;"), (AMP, "&amp;"), (BRACE, "&#123;"), (PIPE, "&#124;"), (RECORD_LABEL, ""), (NOTHING, ""))


def restore(html: str) -> str:
    """HTML after Markdown, with every placeholder made the character reference it stands for."""
    for placeholder, reference in _RESTORE:
        if placeholder in html:
            html = html.replace(placeholder, reference)
    return html


def restore_text(text: str) -> str:
    """Plain text (a link title before it becomes an attribute) with the characters back."""
    return text.translate(
        {ord(LT): "<", ord(AMP): "&", ord(BRACE): "{", ord(PIPE): "|", ord(RECORD_LABEL): None, ord(NOTHING): None}
    )


class _Restore(Postprocessor):
    def run(self, text: str) -> str:
        return restore(text)


class PlaceholdersExtension(Extension):
    """Restores the placeholders in the HTML Markdown makes (after its own postprocessors)."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Markdown's API
        md.postprocessors.register(_Restore(md), "reports_placeholders", 1)


def makeExtension(**kwargs) -> PlaceholdersExtension:  # noqa: N802 - Markdown loads extensions by this name
    return PlaceholdersExtension(**kwargs)
