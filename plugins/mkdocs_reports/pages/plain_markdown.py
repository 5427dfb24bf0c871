"""A generated page as a Markdown file that a generator without the plugin builds with
stock extensions only (``toc`` and ``attr_list``): MkDocs, ProperDocs, Zensical.

The page's HTML is the one the plugin gives MkDocs, sanitized. Its headings become Markdown
headings, so the generator's table of contents lists them: each keeps its id, class and
``data-rpt-id`` through ``attr_list``, its contents entry comes from ``data-toc-label``, and
its text is plain, made inert (``safety.chrome``: the theme re-inserts contents entries as
HTML in tooltips) and written with every character but letters, digits and spaces as a
character reference, which Markdown passes through as it is: no text of it can be read as
Markdown. Everything between two headings is one raw HTML block (a ``div``), which Markdown
leaves alone; every line in it starts with ``<`` or a character reference, so that no
extension that reads lines before Markdown's own HTML handling (fences, snippets) finds a
line of author text to act on, and with its text and attribute values written so that no
template plugin's delimiter starts in them (``safety.template_plugins``).
"""

from __future__ import annotations

import html
import re

import yaml

from ..safety.chrome import chrome_html, inert
from ..safety.template_plugins import template_inert_html
from .page import PageSpec

_HEADING = re.compile(r'<h([1-6]) id="([a-z][a-z0-9-]*)"([^>]*)>(.*?)</h\1>', re.DOTALL)
_PERMALINK = re.compile(r'<a class="[^"]*" href="#[a-z][a-z0-9-]*"(?: title="[^"]*")?>[^<]*</a>')
_ATTRIBUTE = re.compile(r'\s(class|data-rpt-id)="([^"]*)"')
_TAG = re.compile(r"<[^>]*>")
_NOT_ALNUM = re.compile(r"[^\w ]|_")
_LINE_START = re.compile(r"^(?=[^<\n])(.)", re.MULTILINE)


def _references(text: str) -> str:
    """Plain text with every character but letters, digits and spaces a character reference."""
    return _NOT_ALNUM.sub(lambda match: f"&#{ord(match[0])};", text)


def _heading(level: str, anchor: str, attributes: str, inner: str) -> str:
    text = html.unescape(_TAG.sub("", _PERMALINK.sub("", inner)))
    parts = [f"#{anchor}"]
    found = dict(_ATTRIBUTE.findall(attributes))
    parts += [f".{name}" for name in found.get("class", "").split() if re.fullmatch(r"[a-z][a-z0-9-]*", name)]
    record = found.get("data-rpt-id")
    if record and re.fullmatch(r"[A-Za-z0-9-]+", record):
        parts += [f'data-rpt-id="{record}"', f'data-toc-label="{record}"']
    return f"{'#' * int(level)} {_references(inert(' '.join(text.split())))} {{: {' '.join(parts)} }}"


def _raw(block: str) -> str:
    """HTML between two headings as one raw block whose every line starts with a tag or a
    character reference, and in which no template syntax starts (``template_inert_html``:
    a template plugin may render the page)."""
    block = block.strip("\n")
    if not block:
        return ""
    block = template_inert_html(block)
    lines = _LINE_START.sub(lambda match: f"&#{ord(match[1])};", block)
    return f'<div class="rpt-part">\n{lines}\n</div>'


def page_markdown(spec: PageSpec) -> str:
    """``spec`` as a Markdown file: front matter (its title, what the theme should hide),
    then its headings and HTML."""
    # the generator's search indexes a page, but for a listing of the collection: each of its
    # entries is on a page of its own, and the whole would pass Zensical's limits on a field
    meta = {key: value for key, value in spec.meta.items() if key != "search"}
    if spec.listing:
        meta["search"] = {"exclude": True}
    meta["title"] = chrome_html(spec.title) if spec.title else spec.uri
    out = ["---", yaml.safe_dump(meta, allow_unicode=True, sort_keys=False).rstrip("\n"), "---", ""]
    last = 0
    for match in _HEADING.finditer(spec.html):
        raw = _raw(spec.html[last : match.start()])
        if raw:
            out += [raw, ""]
        out += [_heading(*match.groups()), ""]
        last = match.end()
    raw = _raw(spec.html[last:])
    if raw:
        out += [raw, ""]
    return "\n".join(out)
