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
from collections.abc import Iterator

from ..core.model import ExternalRecord, Record
from .assets import ASSET_DIR
from .paths import Paths
from .prose_html import label_text
from .views import Overview, member_title

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


def _entry(url: str, record: Record | ExternalRecord, where: str) -> dict[str, str]:
    title = record.id if isinstance(record, ExternalRecord) else f"{record.id} — {label_text(record.label)}"
    return {"location": f"{url}#{record.anchor}", "title": title, "where": where}


def _records(overview: Overview, paths: Paths) -> Iterator[tuple[str, dict[str, str]]]:
    """(ID, entry) of every record, published or not, in the collection's order."""
    for view in overview.systems:
        name = view.system.name
        for report in view.reports:
            url = paths.url(paths.report(report.system, report.member))
            for record in report.records:
                yield record.id, _entry(url, record, f"{name} {report.type.noun}")
        for member, records in view.external.items():
            url = paths.url(paths.report(view.system.slug, member))
            for external in records:
                yield external.id, _entry(url, external, f"{name} {member_title(member).lower()} (not published)")


def lookup_files(overview: Overview, paths: Paths) -> dict[str, str]:
    """``<ID_DIR>/<bb>.json`` → its JSON, for every bucket that holds an ID."""
    buckets: dict[str, dict[str, list[dict[str, str]]]] = {}
    for record_id, entry in _records(overview, paths):
        key = record_id.lower()
        buckets.setdefault(bucket(key), {}).setdefault(key, []).append(entry)
    return {f"{ID_DIR}/{name}.json": json.dumps(ids, ensure_ascii=False, separators=(",", ":")) for name, ids in sorted(buckets.items())}
