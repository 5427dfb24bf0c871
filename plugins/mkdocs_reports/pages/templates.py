"""The Jinja environment the pages are written with: ``templates/reports/*.j2`` of the
package, after those of a site's own folder (its theme's ``custom_dir``), so that a site can
replace any of them: ``overrides/reports/record.html.j2`` is used instead of the package's
``reports/record.html.j2``.

Everything a template prints is HTML-escaped unless it is ``Markup`` (author text comes as
``Markup`` from ``text.PageText``, already made safe); an undefined name is an error.
"""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2
import jinja2.bccache
from jinja2.runtime import Context
from markupsafe import Markup

from ..core.loading.loader import section_anchor
from ..core.method.types import Shape
from ..core.schemas.language import UNRECORDED
from ..safety.site_markup import SiteMarkup, site_markup
from .corrections import conflicting_records
from .forge import file_url, repository_url, tree_url
from .prose_html import code_html, label_html
from .statuses import status_class
from .views import kind_anchor, member_title, role_title

#: a table with more columns than this shows each row as a card of labelled fields, so that
#: no row needs the page to scroll sideways at 390 px (nor the 17-column ledger at 1440 px)
CARD_COLUMNS = 4

_PACKAGE = jinja2.PackageLoader("mkdocs_reports", "templates")


# Filters for what templates do on every line: a filter is called as a function (a
# method call in a template goes through the runtime's checks each time). They act for the
# page being written: its ``t`` (``text.PageText``) and ``p`` (``page.PageBuilder``).


@jinja2.pass_context
def _prose(context: Context, text: str | None) -> Markup:
    """Prose (paragraphs, lists, code) as HTML, IDs linked."""
    return context["t"].prose(text)


@jinja2.pass_context
def _cell(context: Context, text: str | None) -> Markup:
    """One line as inline HTML, IDs linked."""
    return context["t"].cell(text)


@jinja2.pass_context
def _value(context: Context, text: str) -> Markup:
    """A labelled field's value: prose when it spans lines, else one line after a space."""
    t = context["t"]
    return t.prose(text) if "\n" in text.strip() else Markup(" ") + t.cell(text)


@jinja2.pass_context
def _anchor(context: Context, name: str) -> str:
    """Declare an id of the page and write it."""
    return context["p"].anchor(name)


@jinja2.pass_context
def _ref(context: Context, record_id: str) -> Markup:
    """A record ID linked to its entry (as text when it resolves to none)."""
    return context["t"].ref_or_text(record_id)


@jinja2.pass_context
def _href(context: Context, page: str, anchor: str | None = None) -> str:
    """A link from the page being written to ``page`` (and ``anchor`` on it)."""
    return context["href"](page, anchor)


def _label(text: str | None) -> Markup:
    """A label, title or name as written (code spans kept), no links."""
    return label_html(text or "")


def _unrecorded(value: object) -> bool:
    """A value an author could not record ("not recorded — <why>"): shown quietly, never as a lead."""
    return isinstance(value, str) and value.strip().startswith(UNRECORDED)


def _quiet_label(text: str | None) -> Markup:
    """A label as written, or said quietly when it is a value the author could not record:
    such a value is never the loudest text of a table or a card."""
    if _unrecorded(text):
        return Markup('<span class="rpt-unrecorded">{}</span>').format(label_html(text or ""))
    return label_html(text or "")


FILTERS = {"prose": _prose, "cell": _cell, "value": _value, "label": _label, "quiet_label": _quiet_label, "code": code_html,
           "anchor": _anchor, "ref": _ref, "href": _href}  # fmt: skip


class CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled once per process, in memory (Jinja's public bytecode cache): a
    new environment, or a new build's, would compile them all again. Jinja checks each
    template's source against what was compiled, so an edited template is compiled anew.
    One cache serves environments made alike only: its key is a template's name and file."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


#: the package's templates as compiled by every ``environment`` of the process (all made
#: alike): a site with a folder of its own templates, or another site, compiles only those
_COMPILED = CompiledTemplates()


@functools.cache  # one per process and folder
def environment(overrides: Path | None = None) -> jinja2.Environment:
    """The environment for a site whose own templates are in ``overrides`` (or none). A
    template is read again when its file changes (``mkdocs serve``)."""
    loaders: list[jinja2.BaseLoader] = [_PACKAGE]
    if overrides is not None:
        loaders.insert(0, jinja2.FileSystemLoader(str(overrides)))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        bytecode_cache=_COMPILED,
    )
    env.filters.update(FILTERS)
    env.tests["unrecorded"] = _unrecorded
    env.globals.update(
        section_anchor=section_anchor,
        kind_anchor=kind_anchor,
        member_title=member_title,
        role_title=role_title,
        shapes=Shape,
        card_columns=CARD_COLUMNS,
        file_url=file_url,
        tree_url=tree_url,
        repository_url=repository_url,
        status_class=status_class,
        conflicting_records=conflicting_records,
    )
    return env


def site_markup_of(overrides: Path | None) -> SiteMarkup:
    """What the site's own templates (``<custom_dir>/reports/*.j2``) write, which their pages
    keep (``safety/site_markup.py``); read at every build, as the templates are."""
    if overrides is None or not (overrides / "reports").is_dir():
        return SiteMarkup()
    return site_markup(path.read_text(encoding="utf-8") for path in sorted((overrides / "reports").glob("*.j2")))
