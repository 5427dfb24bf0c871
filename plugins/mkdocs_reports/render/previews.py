"""What a record link previews on hover, focus or tap: one JSON file per system, keyed by
the record's anchor, read by assets/reports.js when a reader first points at a record of
that system (so a page carries none of it, and a reader pays for one system at a time).

Every value is author text or derived from it; the script only ever sets it as text
(``textContent``), never as HTML. Markdown marks of the excerpt (backticks, emphasis,
link brackets) are dropped, since it is shown as plain text.
"""

from __future__ import annotations

import json
import re
import textwrap

from ..core.model import ExternalRecord, Text
from .backlinks import Backlinks
from .overview import Overview, member_title

#: where the files are published, relative to the site's root: ``<dir>/<system>.json``
PREVIEW_DIR = "assets/mkdocs-reports/previews"
EXCERPT_WIDTH = 280
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_MARKS = re.compile(r"`+|\*\*|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|\]\([^()\s]*\)|\[")


def excerpt(text: str, width: int = EXCERPT_WIDTH) -> str:
    """The first sentences of ``text`` as plain text, at most ``width`` characters."""
    plain = " ".join(_MARKS.sub(lambda m: "" if m.group(0) != "](" else "", text).split())
    chosen = ""
    for sentence in _SENTENCES.split(plain):
        if chosen and len(chosen) + 1 + len(sentence) > width:
            break
        chosen = f"{chosen} {sentence}".strip()
        if len(chosen) >= width // 2:
            break
    return textwrap.shorten(chosen, width, placeholder=" …")


#: how many other systems with the same ID a preview names (the index lists them all)
ALSO_IN = 10


def record_previews(overview: Overview, backlinks: Backlinks, index_url: str) -> dict[str, str]:
    """``<PREVIEW_DIR>/<system>.json`` → its JSON, for every system; ``_index`` in each is
    the record index's URL from the site's root (no record anchor starts with "_")."""
    from .site import status_class  # the badges' classes, as the pages write them

    systems_of: dict[str, list[str]] = {}
    by_system: dict[str, list] = {}
    for entry in overview.index:
        systems_of.setdefault(entry.record.id, []).append(entry.view.system.name)
        by_system.setdefault(entry.view.system.slug, []).append(entry)
    files: dict[str, str] = {}
    for view in overview.systems:
        slug = view.system.slug
        entries: dict[str, dict] = {"_index": index_url}
        for entry in by_system.get(slug, []):
            record = entry.record
            external = isinstance(record, ExternalRecord)
            body = "" if external else next((b.text for b in record.body if isinstance(b, Text) and b.text.strip()), "")
            entries[record.anchor] = {
                "id": record.id,
                "kind": overview.kinds.get(record.kind, record.kind),
                "label": entry.label,
                "system": view.system.name,
                "member": member_title(record.member) if external else entry.report.type.noun.capitalize(),
                "published": not external,
                "statuses": [[layer, value, status_class(value)] for layer, value in entry.status.items()],
                "excerpt": excerpt(body),
                "cited_by": backlinks.count(slug, record.id),
                "also_in": [name for name in systems_of[record.id] if name != view.system.name][:ALSO_IN],
                "also_in_count": len(systems_of[record.id]) - 1,
            }
        files[f"{PREVIEW_DIR}/{slug}.json"] = json.dumps(entries, ensure_ascii=False, separators=(",", ":"))
    return files
