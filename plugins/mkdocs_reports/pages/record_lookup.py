"""Where a record ID leads: the data a reader's full record ID typed into the site's search
box is looked up in (scripts/record-search.js), kept out of the theme's search index.

The theme's index is fetched whole on every first visit (Material fetches it as the page
loads), so it holds a bounded set of entries for the generated pages (``search.py``) and
no record. The records are here instead, in ``BUCKETS`` files of ``<ID_DIR>/<bb>.json``:
a record goes to the file its ID's hash names (``bucket``, FNV-1a of the lower-case ID,
the same function in the script), so a reader who types an ID fetches one small file
(about 1/256 of the collection's IDs), and a reader who never does fetches none.

Each file maps a lower-case ID to the records that declare it (IDs are unique within a
system, not across systems), in the collection's order: ``{"location", "title", "where"}``
— the record's URL from the site's root with its anchor, ``ID — label`` as plain text,
and the system and report it is in. Every value is author text or derived from it; the
script reads keys through own-property checks and sets values as text only.
"""

from __future__ import annotations

import json

from ..core.model import ExternalRecord, Record
from .assets import ASSET_DIR
from .paths import Paths
from .prose_html import label_text
from .views import SystemView, member_title

#: where the files are published, relative to the site's root: ``<dir>/<bb>.json``
ID_DIR = f"{ASSET_DIR}/ids"
#: how many files the IDs are spread over (two hex digits name one)
BUCKETS = 256


def bucket(record_id: str) -> str:
    """The file (two hex digits) of an ID: 32-bit FNV-1a of its lower-case UTF-16 code
    units, modulo ``BUCKETS`` — what record-search.js computes from what a reader typed."""
    value = 0x811C9DC5
    units = record_id.lower().encode("utf-16-le")
    for low, high in zip(units[::2], units[1::2], strict=True):
        value = ((value ^ (low | high << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{value % BUCKETS:02x}"


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _entry(url: str, record: Record | ExternalRecord, where: str) -> str:
    """A record's entry, as its JSON: encoded once with its system's part, so that a file
    is put together of its entries' text, not encoded whole again on every edit."""
    title = record.id if isinstance(record, ExternalRecord) else f"{record.id} — {label_text(record.label)}"
    return _json({"location": f"{url}#{record.anchor}", "title": title, "where": where})


#: one system's part of the files: bucket → (lower-case ID, entry's JSON) in the collection's order
Part = dict[str, list[tuple[str, str]]]
#: the files as a build made them: bucket → (the parts it was made of, its JSON)
Made = dict[str, tuple[tuple[object, ...], str]]


def system_part(view: SystemView, paths: Paths) -> Part:
    """The entries of every record of one system, published or not, by bucket: made of its
    reports alone, so kept while they are the same (``kept_pages.py``)."""
    part: Part = {}

    def add(record: Record | ExternalRecord, url: str, where: str) -> None:
        key = record.id.lower()
        part.setdefault(bucket(key), []).append((key, _entry(url, record, where)))

    name = view.system.name
    for report in view.reports:
        url = paths.url(paths.report(report.system, report.member))
        for record in report.records:
            add(record, url, f"{name} {report.type.noun}")
    for member, records in view.external.items():
        url = paths.url(paths.report(view.system.slug, member))
        for external in records:
            add(external, url, f"{name} {member_title(member).lower()} (not published)")
    return part


def lookup_files(parts: list[tuple[object, Part]], made: Made | None = None) -> tuple[dict[str, str], Made]:
    """``<ID_DIR>/<bb>.json`` → its JSON, for every bucket that holds an ID, from each
    system's part in the collection's order, and what each file was made of. ``parts``:
    (what stands for the part: the same for the very same part, never for another, the
    part). A file an earlier build (``made``) made of the same parts is its JSON again:
    an edit writes anew only the files its system's IDs are in."""
    made = made or {}
    by_bucket: dict[str, list[tuple[object, list[tuple[str, str]]]]] = {}
    for stands_for, part in parts:
        for name, entries in part.items():
            by_bucket.setdefault(name, []).append((stands_for, entries))
    now: Made = {}
    for name in sorted(by_bucket):
        of = tuple(stands_for for stands_for, _ in by_bucket[name])
        last = made.get(name)
        if last is not None and last[0] == of:
            now[name] = last
            continue
        ids: dict[str, list[str]] = {}
        for _, entries in by_bucket[name]:
            for key, entry in entries:
                ids.setdefault(key, []).append(entry)
        # (what json.dumps makes of {ID: [entry, …]} with the same separators)
        now[name] = (of, "{" + ",".join(f"{_json(key)}:[{','.join(entries)}]" for key, entries in ids.items()) + "}")
    return {f"{ID_DIR}/{name}.json": text for name, (_, text) in now.items()}, now
