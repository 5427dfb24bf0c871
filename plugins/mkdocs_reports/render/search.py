"""What the site's search finds on the generated pages: every page by its title, every
record by its ID, its label and the files its quotes come from, every annotation.

A theme's search plugin would index every word of every page, and its index is fetched
whole on a reader's first visit: 41 MB at 1,000 reports. The generated pages therefore say
``search: exclude`` in their front matter (Material's search then does not even read
them), and the plugin puts these entries into the search index instead, made from the
collection: about 150 bytes a record. Prose stays out; hand-written pages keep their
full text.

Entries are in the shape both Material's and MkDocs' own search read: ``location`` (URL
from the site's root, with the anchor), ``title`` and ``text``, as HTML (escaped text,
code spans as ``code``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path

from ..core.model import ExternalRecord, Record, Report
from .markup import plain_html
from .overview import member_title
from .site import SiteRenderer


def _entry(location: str, title: str, text: str = "") -> dict[str, str]:
    return {"location": location, "title": title, "text": text}


def _record_entry(url: str, record: Record | ExternalRecord, where: str) -> dict[str, str]:
    if isinstance(record, ExternalRecord):
        return _entry(f"{url}#{record.anchor}", record.id, f"{where} · not published")
    title = f"{record.id} — {plain_html(record.label)}"
    files = " ".join(f"<code>{html.escape(quote.path, quote=False)}</code>" for quote in record.quotes)
    return _entry(f"{url}#{record.anchor}", title, f"{where}{' · ' + files if files else ''}")


def _report_entries(renderer: SiteRenderer, report: Report, system_name: str) -> Iterator[dict[str, str]]:
    url = renderer.paths.url(renderer.paths.report(report.system, report.member))
    where = html.escape(f"{system_name} {report.type.noun}", quote=False)  # a collection's own type names its noun
    yield _entry(url, plain_html(report.title), where)
    for record in report.records:
        yield _record_entry(url, record, where)
    for annotation in report.annotations:
        title = f"On {html.escape(annotation.on, quote=False)}" + (f" — {plain_html(annotation.label)}" if annotation.label else "")
        yield _entry(f"{url}#{annotation.anchor}", title, f"{where} · annotation {annotation.index}")


def search_entries(renderer: SiteRenderer) -> list[dict[str, str]]:
    """The search entries of every generated page, in page order."""
    paths = renderer.paths
    entries = []
    for view in renderer.overview.systems:
        slug, name = view.system.slug, view.system.name
        entries.append(_entry(paths.url(paths.system(slug)), plain_html(name), "system"))
        for report in view.reports:
            entries.extend(_report_entries(renderer, report, name))
        for member, records in view.external.items():
            url = paths.url(paths.report(slug, member))
            where = f"{html.escape(name, quote=False)} {member_title(member).lower()}"
            entries.append(_entry(url, f"{where} (not published)"))
            entries.extend(_record_entry(url, record, where) for record in records)
    for page, title in ((paths.systems_page, "Systems"), (paths.index_page, "Record index"), (paths.coverage_page, "Coverage overview")):
        entries.append(_entry(paths.url(page), title))
    return entries


def merge_into_index(index_file: Path, entries: list[dict[str, str]]) -> int:
    """Put ``entries`` into a search index that a theme's search plugin wrote, in place of
    whatever it has for the same pages (MkDocs' own search ignores ``search: exclude``);
    returns the bytes written. A prebuilt lunr index would not know the new entries, so it
    is dropped and the browser builds one, as it does without ``prebuild_index``."""
    data = json.loads(index_file.read_text(encoding="utf-8"))
    ours = {entry["location"].partition("#")[0] for entry in entries}
    kept = [entry for entry in data.get("docs", []) if entry.get("location", "").partition("#")[0] not in ours]
    data["docs"] = kept + entries
    data.pop("index", None)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    index_file.write_text(text, encoding="utf-8")
    return len(text.encode())
