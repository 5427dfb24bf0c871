"""Author text beside another plugin's template engine: mkdocs-macros (and plugins like
it) renders every page's Markdown and title as Jinja, unsandboxed, so a system name like
``{{ lipsum.__globals__['os'].system(…) }}`` would run on the build machine.

Three rules keep report text from every such engine:

1. A generated page says in its front matter that it is not a template (``NOT_A_TEMPLATE``:
   mkdocs-macros honours ``render_macros: false`` for the page's Markdown and its title,
   before it looks at either). Hand-written pages say nothing, and keep their macros.
2. Author text that leaves the plugin as HTML another plugin may render — a page title, a
   navigation or contents title, a record's label in a hand-written page's Markdown — has
   every character but letters, digits and white space written as a character reference
   (``template_inert``). A template engine's delimiters are punctuation or symbols
   (``{{``, ``{%``, ``{#`` by default, any other that a site configures, such as ``[[`` or
   ``«``), so none can start in author text, while a browser shows the very characters
   the author wrote: in the page, the ``<title>``, the navigation, an attribute a script
   reads.
3. A page written for a generator without the plugin (the ``pages`` export) is Markdown
   that every template plugin may render, and not all read front matter (mkdocs-
   markdownextradata-plugin renders every page): its HTML is written with its text and
   attribute values template-inert as well (``template_inert_html``), and its URLs with
   the delimiters' brackets percent-encoded (``{``, ``[``, ``<``: no URL needs one raw).
"""

from __future__ import annotations

import html
import re
from types import MappingProxyType

#: front matter of every generated page: no template plugin renders it
NOT_A_TEMPLATE = MappingProxyType({"render_macros": False})

#: every character but letters, digits and white space: ASCII punctuation, and the
#: symbols and punctuation of other scripts (a site may make ``«`` and ``»`` its delimiters)
_NOT_A_WORD = re.compile(r"[^\w\s]|_")


def _reference(match: re.Match[str]) -> str:
    return f"&#{ord(match[0])};"


def template_inert(text: str) -> str:
    """Plain text as HTML in which no template syntax can start: every character but
    letters, digits and white space a character reference (``<`` and ``&`` among them, so
    it is escaped too)."""
    return _NOT_A_WORD.sub(_reference, text)


#: serialized HTML as comments, tags (attribute values double- or single-quoted, as the
#: sanitizer and the templates write them) and the text between them
_TOKEN = re.compile(r"(<!--.*?-->|<[A-Za-z/!?][^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*>)", re.DOTALL)
_ATTRIBUTE = re.compile(r"""(\s[^\s=/>"']+\s*=\s*)(?:"([^"]*)"|'([^']*)')""")
#: a value no delimiter can be made of: a class, an id, a record ID, a number (kept as it
#: is, for whatever reads the page's HTML as text)
_IDENTIFIER = re.compile(r"[A-Za-z0-9 _-]*")
_URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "poster", "cite"})
#: in a URL: what a template's delimiter may start with and no URL needs raw (brackets
#: only outside the host, where an IPv6 address keeps them)
_URL_BRACKETS = re.compile(r"""[{}<>\\^`|"']""")
_URL_SQUARE = re.compile(r"[\[\]]")
_AUTHORITY = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*:)?//[^/?#]*")


def _percent(match: re.Match[str]) -> str:
    return f"%{ord(match[0]):02X}"


def _url_inert(url: str) -> str:
    host = _AUTHORITY.match(url)
    start = host.end() if host else 0
    url = _URL_BRACKETS.sub(_percent, url)
    return url[:start] + _URL_SQUARE.sub(_percent, url[start:])


def _attribute(match: re.Match[str]) -> str:
    lead, value = match[1], html.unescape(match[2] if match[2] is not None else match[3])
    name = lead.strip().rstrip("=").strip().lower()
    if name in _URL_ATTRIBUTES:
        return f'{lead}"{html.escape(_url_inert(value))}"'
    if _IDENTIFIER.fullmatch(value):
        return f'{lead}"{value}"'
    return f'{lead}"{template_inert(value)}"'


def template_inert_html(markup: str) -> str:
    """Serialized HTML (the page layer's, sanitized) as the same page in which no template
    syntax can start: every text and attribute value ``template_inert`` (identifiers such
    as classes and ids as they are), every URL with the delimiters' brackets
    percent-encoded, tags as they are, comments left out. The sanitizer lets no
    ``script`` or ``style`` element through: all text is HTML text."""
    out = []
    for index, part in enumerate(_TOKEN.split(markup)):
        if index % 2 == 0:
            out.append(template_inert(html.unescape(part)))
        elif part.startswith("<!--"):
            out.append("")  # a comment is not shown: none is kept
        else:
            out.append(_ATTRIBUTE.sub(_attribute, part))
    return "".join(out)
