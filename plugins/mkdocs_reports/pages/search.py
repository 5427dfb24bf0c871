"""What the site's search finds on the generated pages: every page by its title, every
record by its ID, its label, its statuses and the files its quotes come from, every
annotation.

A theme's search plugin would index every word of every page, and its index is fetched
whole on a reader's first visit: 41 MB at 1,000 reports. The generated pages therefore say
``search: exclude`` in their front matter (Material's search then does not even read
them), and the plugin puts these entries into the search index instead, made from the
collection: about 190 bytes a record. Prose stays out; hand-written pages keep their
full text.

Entries are in the shape both Material's and MkDocs' own search read: ``location`` (URL
from the site's root, with the anchor), ``title`` and ``text``, as HTML (escaped text,
code spans as ``code``); a record's also have ``id`` and ``boost``, which MkDocs' own
search ignores.

**Ranking.** Material's query splits an ID at its dashes and looks for every part as a
prefix (``RT-RTE-direct-remember`` → ``rt* rte* direct* remember*``), so the record, the
annotations on it and any record whose ID or label holds the same words match alike. So:

* the index gets a field of its own for a record's ID (``ID_FIELD``, weighing ten times a
  title; Material indexes every field its config names), so the words of an ID count
  over those of a label (``MEM-BAP-memory-guidance`` before ``MEM-BAP-procedural-guidance
  — Procedural guidance``);
* a record's entry is boosted (``boost``, lunr's document boost) over annotations and
  pages, less for each character of its ID: of two IDs that both match, the shorter is
  the one asked for (``RT-CMP-model`` before ``RT-CMP-provider-models``; the longer still
  wins its own ID, having one more matching word).

Material groups results by page, the page first, and opens the best-scored link of the
first group on Enter, so the ID asked for opens its record: all 113 IDs of the real
collection do (measured in Chromium).

**Snippets.** A record's text says where it stands, then its conclusion statuses as
``layer: value`` joined by ``; `` (``implementation: wired; operation: uninspected``),
then the files its quotes come from, the parts set apart by `` · ``: text that reads as
text in a result, never cells run together. A route's prose fields stay out like all
prose: even cut to 60 characters each they made the index 6× larger (48 → 294 KB
compressed at 200 reports), and a reader fetches it whole on the first visit; statuses,
ID field and boosts together add a third.
"""

from __future__ import annotations

import html
import itertools
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..core.model import ExternalRecord, Record, Report
from .paths import Paths
from .prose_html import plain_html
from .views import Overview, SystemView, member_title

#: the field a record's ID is also given in, and its weight (Material's title weighs 1000)
ID_FIELD = {"id": {"boost": 10000.0}}
#: a record's own entry against an annotation's or a page's (1)
RECORD_BOOST = 2.0
#: how much less a record's entry weighs for each character of its ID
PER_CHARACTER = 0.97


def _entry(location: str, title: str, text: str = "", record_id: str | None = None) -> dict:
    entry: dict = {"location": location, "title": title, "text": text}
    if record_id is not None:
        entry |= {"id": record_id, "boost": _boost(record_id)}
    return entry


def _boost(record_id: str) -> float:
    """``RECORD_BOOST``, less 3 % for each character of the ID: of two IDs that match
    the words asked for, the shorter is the one asked for (``RT-CMP-model``, not
    ``RT-CMP-provider-models``, whose rarer word would otherwise weigh more)."""
    return round(RECORD_BOOST * PER_CHARACTER ** len(record_id), 3)


def _statuses_text(record: Record) -> str:
    """``implementation: wired; operation: uninspected``"""
    return "; ".join(f"{html.escape(layer, quote=False)}: {html.escape(value, quote=False)}" for layer, value in record.status.items())


def _where(system_name: str, noun: str) -> str:
    """``Signet memory report``, escaped: a collection's own member types name their noun."""
    return html.escape(f"{system_name} {noun}", quote=False)


def _record_entry(url: str, record: Record | ExternalRecord, where: str) -> dict:
    location = f"{url}#{record.anchor}"
    if isinstance(record, ExternalRecord):
        return _entry(location, record.id, f"{where} · not published", record.id)
    title = f"{record.id} — {plain_html(record.label)}"
    files = " ".join(f"<code>{html.escape(path, quote=False)}</code>" for path in dict.fromkeys(q.path for q in record.quotes))
    text = " · ".join(part for part in (where, _statuses_text(record), files) if part)
    return _entry(location, title, text, record.id)


def _report_entries(paths: Paths, report: Report, system_name: str) -> Iterator[dict[str, str]]:
    url = paths.url(paths.report(report.system, report.member))
    where = _where(system_name, report.type.noun)
    yield _entry(url, plain_html(report.title), where)
    for record in report.records:
        yield _record_entry(url, record, where)
    for annotation in report.annotations:
        title = f"On {html.escape(annotation.on, quote=False)}" + (f" — {plain_html(annotation.label)}" if annotation.label else "")
        yield _entry(f"{url}#{annotation.anchor}", title, f"{where} · annotation {annotation.index}")


def system_entries(view: SystemView, paths: Paths) -> Iterator[dict[str, str]]:
    """The search entries of one system's pages, in page order: made of its reports alone."""
    slug, name = view.system.slug, view.system.name
    yield _entry(paths.url(paths.system(slug)), plain_html(name), "system")
    for report in view.reports:
        yield from _report_entries(paths, report, name)
    for member, records in view.external.items():
        url = paths.url(paths.report(slug, member))
        where = _where(name, member_title(member).lower())
        yield _entry(url, f"{where} (not published)")
        yield from (_record_entry(url, record, where) for record in records)


def listing_entries(paths: Paths) -> Iterator[dict[str, str]]:
    """The search entries of the pages that list the collection: their titles."""
    for page, title in ((paths.systems_page, "Systems"), (paths.comparison_page, "Memory profiles compared"),
                        (paths.index_page, "Record index"), (paths.coverage_page, "Coverage overview")):
        yield _entry(paths.url(page), title)


def search_entries(overview: Overview, paths: Paths) -> Iterator[dict[str, str]]:
    """The search entries of every generated page, in page order, one at a time."""
    for view in overview.systems:
        yield from system_entries(view, paths)
    yield from listing_entries(paths)


def encoded(entries: Iterable[dict[str, str]]) -> str:
    """Entries as the JSON of a part of the index's ``docs`` list (no brackets)."""
    return ",".join(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in entries)


def merge_into_index(index_file: Path, parts: Iterable[str], pages: set[str]) -> int:
    """Put the entries of ``parts`` (each ``encoded``) into a search index that a theme's
    search plugin wrote, in place of whatever it has for the same ``pages`` (URLs; MkDocs'
    own search ignores ``search: exclude``); returns the bytes written. The parts are
    written as they come, never held together. A prebuilt lunr index would not know the
    new entries, so it is dropped and the browser builds one, as it does without
    ``prebuild_index``."""
    data = json.loads(index_file.read_text(encoding="utf-8"))
    kept = [entry for entry in data.pop("docs", []) if entry.get("location", "").partition("#")[0] not in pages]
    if isinstance(data.get("config"), dict) and isinstance(data["config"].get("fields"), dict):
        data["config"]["fields"] |= ID_FIELD  # Material's search indexes every field named here
    data.pop("index", None)
    written = 0
    part = index_file.with_name(index_file.name + ".part")
    with open(part, "w", encoding="utf-8") as out:
        def write(text: str) -> None:
            nonlocal written
            out.write(text)
            written += len(text.encode())

        head = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        write(head[:-1] + ("," if data else "") + '"docs":[')
        for number, text in enumerate(text for text in itertools.chain([encoded(kept)], parts) if text):
            write(("," if number else "") + text)
        write("]}")
    os.replace(part, index_file)  # all or nothing: no half-written index
    return written
