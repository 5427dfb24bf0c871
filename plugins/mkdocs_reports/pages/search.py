"""What the theme's search finds on the generated pages: each page by its title (a
system, each of its reports, the pages that list the collection) — a bounded set that
grows with the systems, not with their records.

A theme's search plugin would index every word of every page, and Material fetches its
index whole as every page loads, search or no search (41 MB at 1,000 reports with every
word; 439 KB compressed with an entry per record, annotation and page). The generated
pages therefore say ``search: exclude`` in their front matter (Material's search then does
not even read them), and the plugin puts these entries into the index instead: one per
generated page, about 25 bytes compressed. Hand-written pages keep their full text.

A record is found by its ID through ``record_lookup.py`` instead: the site's script looks
a full ID typed into the search box up in one small file, fetched only then, and offers
the record (Enter opens it); any other words lead to the record index, filtered by them
(label, path, status), which holds every record.

Entries are in the shape both Material's and MkDocs' own search read: ``location`` (URL
from the site's root), ``title`` and ``text``, as HTML (escaped text, code spans as
``code``).
"""

from __future__ import annotations

import html
import itertools
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from .paths import Paths
from .prose_html import plain_html
from .views import Overview, SystemView, member_title


def _entry(location: str, title: str, text: str = "") -> dict[str, str]:
    return {"location": location, "title": title, "text": text}


def _where(system_name: str, noun: str) -> str:
    """``Signet memory report``, escaped: a collection's own member types name their noun."""
    return html.escape(f"{system_name} {noun}", quote=False)


def system_entries(view: SystemView, paths: Paths) -> Iterator[dict[str, str]]:
    """The search entries of one system's pages, in page order, one a page: made of its
    reports alone."""
    slug, name = view.system.slug, view.system.name
    yield _entry(paths.url(paths.system(slug)), plain_html(name), "system")
    for report in view.reports:
        yield _entry(paths.url(paths.report(report.system, report.member)), plain_html(report.title), _where(name, report.type.noun))
    for member in view.external:
        yield _entry(paths.url(paths.report(slug, member)), f"{_where(name, member_title(member).lower())} (not published)")


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
