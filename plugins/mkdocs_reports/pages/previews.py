"""What a record link previews on hover, focus or tap, and what a record's neighbourhood
picture shows: one JSON file per system, keyed by the record's anchor, read by
assets/data.js (for hover-card.js, neighbourhood.js, same-id.js) when a reader first
points at a record of that system or opens a record's neighbourhood (so a page carries
none of it, and a reader pays for one system at a time).

A record's statuses and corrections are lists of objects: ``{"layer", "value", "tone"}``
(``StatusRow``; the tone is the badge's CSS modifier) and ``{"kind", "summary",
"excerpt"}`` (``CorrectionRow``); the scripts read them by these names alone.

For the neighbourhood each record also has its page (URL from the site's root), the
records it cites and the whole it is part of (by anchor); ``_annotations`` lists the
system's annotations (page, anchor, the record they are on, what they cite). The script
derives the other direction (cited by, parts, annotated in) from these, so no link is
written twice.

Every value is author text or derived from it; the script only ever sets it as text
(``textContent``), never as HTML. Markdown marks of the excerpt (backticks, emphasis,
link brackets) are dropped, since it is shown as plain text.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import NamedTuple, TypedDict

from ..core.model import ExternalRecord, Record, Report, Text
from .assets import ASSET_DIR
from .backlinks import Backlinks
from .corrections import Corrections, summary
from .paths import Paths
from .statuses import status_class
from .views import Overview, SystemView, member_title

#: where the files are published, relative to the site's root: ``<dir>/<system>.json``
PREVIEW_DIR = f"{ASSET_DIR}/previews"
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
    if len(chosen) <= width:  # as textwrap.shorten would leave it, sooner
        return chosen
    return textwrap.shorten(chosen, width, placeholder=" …")


class StatusRow(TypedDict):
    """A status badge of a record's preview: its layer, its value, its tone (CSS modifier)."""

    layer: str
    value: str
    tone: str


class CorrectionRow(TypedDict):
    """What the reconciliation changed of a record: kind, one-line summary, first sentences."""

    kind: str
    summary: str
    excerpt: str


#: the names the scripts read a row by (one home: the TypedDicts above)
STATUS_FIELDS = StatusRow.__required_keys__
CORRECTION_FIELDS = CorrectionRow.__required_keys__

#: how many other systems with the same ID a preview names (the index lists them all)
ALSO_IN = 10


def _cited(report: Report, resolve: Callable[[str, str], Record | ExternalRecord | None]) -> dict[str, list[str]]:
    """Anchor of each record or annotation of ``report`` → the anchors of the records it
    cites (resolved in its system, in the order written, itself left out)."""
    cited: dict[str, list[str]] = {}
    for citation in report.citations:
        owner = citation.place.owner
        target = resolve(report.system, citation.target)
        if target is not None and target.anchor != owner and target.anchor not in cited.setdefault(owner, []):
            cited[owner].append(target.anchor)
    return cited


#: a system's preview file as an earlier build made it: what else it depended on, its JSON
Kept = tuple[tuple[object, ...], str]


class DeclaredIds(NamedTuple):
    """What other systems' preview files say of a system: its name, by each ID its record
    index entries have (``signature``: "also in"), and how many entries have each ID."""

    name: str
    ids: frozenset[str]
    counts: frozenset[tuple[str, int]]

    @classmethod
    def of(cls, view: SystemView) -> DeclaredIds:
        declared = (record.id for records in view.records.values() for record in records)
        counts = Counter(declared)
        counts.update(external.id for records in view.external.values() for external in records)
        return cls(view.system.name, frozenset(counts), frozenset(counts.items()))


def touched_ids(changes: Iterable[tuple[DeclaredIds | None, DeclaredIds | None]]) -> set[str] | None:
    """The IDs whose "also in" an edit may have changed in other systems' files, from each
    changed system's ``DeclaredIds`` then and now (``None``: not there): the IDs it took up
    or gave up (a label edit: none), or all of them when it came, went or was renamed."""
    touched: set[str] = set()
    for then, now in changes:
        if then is None or now is None or then.name != now.name:
            touched.update(*(declared.ids for declared in (then, now) if declared is not None))
        else:
            touched.update(record_id for record_id, _ in then.counts ^ now.counts)
    return touched


class PreviewFiles(Mapping[str, str]):
    """The preview files, each made when it is asked for: a build holds one at a time.

    A system's file depends on its reports and on which other systems declare the same IDs;
    one whose system an earlier build made of the very same reports (``kept``), and whose
    IDs stand in the same other systems, is that build's file again (``is_kept``): while
    ``mkdocs serve`` runs, an edit writes its own system's file, not every system's. Only
    then (``keep``) are the files made held for the next build; a build that has none
    lets each go once it is written. ``unchanged``: the kept files whose other systems are
    known to be the same (none of their IDs is declared by a system that changed), whose
    signature is then not worked out again."""

    def __init__(self, views: Mapping[str, SystemView], make: Callable[[SystemView], str], signature: Callable[[SystemView], tuple[object, ...]],
                 kept: Mapping[str, Kept], keep: bool = True, unchanged: AbstractSet[str] = frozenset()) -> None:  # fmt: skip
        self._views, self._make, self._signature, self._keep = views, make, signature, keep
        self._signatures: dict[str, tuple[object, ...]] = {}
        self._kept: dict[str, str] = {}
        for path, view in views.items():
            if path in kept:
                last, text = kept[path]
                now = self._signatures[path] = last if path in unchanged else signature(view)
                if now == last:
                    self._kept[path] = text
        #: what this build made or kept, for the next one
        self.made: dict[str, Kept] = {path: kept[path] for path in self._kept}

    def is_kept(self, path: str) -> bool:
        return path in self._kept

    def __getitem__(self, path: str) -> str:
        view = self._views[path]
        text = self._kept.get(path)
        if text is None:
            text = self._make(view)
        if self._keep:
            signature = self._signatures.get(path)
            self.made[path] = (signature if signature is not None else self._signature(view), text)
        return text

    def __iter__(self) -> Iterator[str]:
        return iter(self._views)

    def __len__(self) -> int:
        return len(self._views)


def record_previews(overview: Overview, backlinks: Backlinks, paths: Paths, kept: Mapping[str, Kept] | None = None,
                    corrections: Corrections | None = None, keep: bool = True, unchanged: AbstractSet[str] = frozenset()) -> PreviewFiles:  # fmt: skip
    """``<PREVIEW_DIR>/<system>.json`` → its JSON, for every system; ``_index`` in each is
    the record index's URL from the site's root (no record anchor starts with "_").
    ``kept``: files of systems an earlier build made of the very same reports. Each
    record's ``corrections`` say what the reconciliation changed of it (kind, summary,
    the first sentences of the entry). ``keep``: hold the files made for the next build;
    ``unchanged``: kept files whose signature is known to be the same (``PreviewFiles``)."""
    graph = backlinks.graph
    statuses = graph.collection.types.method.status_vocabulary
    corrections = corrections or Corrections(graph)
    index_url = paths.url(paths.index_page)
    systems_of: dict[str, list[str]] = {}
    by_system: dict[str, list] = {}
    for view in overview.systems:  # (in the index's order: by ID, then system)
        by_system[view.system.slug] = view.index
        for entry in view.index:
            systems_of.setdefault(entry.record.id, []).append(view.system.name)

    def also_in(record_id: str, name: str) -> tuple[list[str], int]:
        """The first few other systems that declare ``record_id``, and how many there are: never
        the whole list, which an ID that every system declares would repeat in each of them."""
        return list(islice((other for other in systems_of[record_id] if other != name), ALSO_IN)), len(systems_of[record_id]) - 1

    def signature(view: SystemView) -> tuple[object, ...]:
        """What a system's file holds of other systems: the systems that declare its IDs."""
        name = view.system.name
        shared = (also_in(e.record.id, name) for e in by_system.get(view.system.slug, []))
        return (index_url, name, *((*others, count) for others, count in shared))

    def system_file(view: SystemView) -> str:
        slug = view.system.slug
        cited: dict[tuple[str, str], list[str]] = {}
        annotations = []
        for report in view.reports:
            page = paths.url(paths.report(slug, report.member))
            for owner, targets in _cited(report, graph.resolve).items():
                cited[(report.member, owner)] = targets
            for annotation in report.annotations:
                on = graph.resolve(slug, annotation.on)
                annotations.append({
                    "page": page, "anchor": annotation.anchor, "on": on.anchor if on else None,
                    "where": f"{member_title(report.member)}, annotation {annotation.index}",
                    "cites": cited.get((report.member, annotation.anchor), []),
                })
        entries: dict[str, object] = {"_index": index_url, "_annotations": annotations}
        for entry in by_system.get(slug, []):
            record = entry.record
            external = isinstance(record, ExternalRecord)
            body = "" if external else next((b.text for b in record.body if isinstance(b, Text) and b.text.strip()), "")
            whole = None if external or not record.part_of else graph.resolve(slug, record.part_of)
            others, other_count = also_in(record.id, view.system.name)
            entries[record.anchor] = {
                "id": record.id,
                "kind": overview.kinds.get(record.kind, record.kind),
                "label": entry.label,
                "system": view.system.name,
                "member": member_title(record.member) if external else entry.report.type.noun.capitalize(),
                "published": not external,
                "statuses": [StatusRow(layer=layer, value=value, tone=status_class(value, statuses)) for layer, value in entry.status.items()],
                "excerpt": excerpt(body),
                "cited_by": backlinks.count(slug, record.id),
                # the first few only: the same ID may stand in every system of the collection
                "also_in": others,
                "also_in_count": other_count,
                "page": paths.url(paths.report(slug, record.member)),
                "cites": cited.get((record.member, record.anchor), []),
                "part_of": whole.anchor if whole else None,
                "corrections": [CorrectionRow(kind=c.kind, summary=summary(c), excerpt=excerpt(corrections.excerpt(c.entry)))
                                for c in corrections.of(slug, record.id)],
            }
        return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))

    views = {f"{PREVIEW_DIR}/{view.system.slug}.json": view for view in overview.systems}
    return PreviewFiles(views, system_file, signature, kept or {}, keep, unchanged)
