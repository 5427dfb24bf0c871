"""Links into the source that the quote lock vouches for.

A verified quote links to its exact lines at the reviewed revision and says it was
verified; any other quote says it was not, and why. A file path in prose, a field or a
table cell links to the file (or folder) at the revision only when the lock lists it as
existing there: a path the lock does not know stays text, so no link is dead. Without a
lock for the source at that revision nothing is known; quotes and evidence anchors then
link as the author wrote them, unverified, and bare paths in prose stay text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.grounding.lock import LockedSource
from ..core.model import Quote, Source, System
from .forge import file_url, folder_url


@dataclass(frozen=True)
class QuoteOrigin:
    """What a quote's header shows: where it is from (linked or not) and whether it was verified."""

    url: str | None
    lines: str | None  # the verified lines, else the author's
    verified: bool
    status: str  # "verified at cecf234", "not verified: changed since it was verified"
    title: str  # the same, longer, for a tooltip


def locked(system: System | None, source: Source | None) -> LockedSource | None:
    """The lock's entry for ``source``, when it was written at the register's revision."""
    if system is None or source is None or system.lock is None or source.id is None:
        return None
    entry = system.lock.sources.get(source.id)
    return entry if entry is not None and entry.revision == source.revision else None


def known(system: System | None, source: Source | None, path: str) -> str | None:
    """``"file"``/``"folder"`` when the lock lists ``path`` for ``source``; ``"unknown"``
    when there is no lock to ask; ``None`` when the lock says it is not there."""
    entry = locked(system, source)
    return "unknown" if entry is None else entry.holds(path)


def path_url(system: System | None, source: Source | None, path: str, *, prose: bool = False) -> str | None:
    """A path's link at the revision; ``prose``: a bare path, linked only when the lock knows it."""
    if source is None:
        return None
    kind = known(system, source, path)
    if kind == "folder":
        return folder_url(source, path)
    if kind == "file" or (kind == "unknown" and not prose):
        return file_url(source, path)
    return None


def quote_origin(system: System, quote: Quote) -> QuoteOrigin:
    source = system.source_by_id(quote.source)
    grounding = quote.grounding
    if grounding is not None and grounding.verified and source is not None:
        how = "exactly" if grounding.match == "exact" else f"after whitespace normalisation ({(grounding.match or '').removeprefix('whitespace: ')})"
        where = f"line {grounding.lines}" if "-" not in (grounding.lines or "-") else f"lines {grounding.lines}"
        title = f"found {how} at {where} of the file at {source.revision} by mkdocs-reports quotes"  # no author text
        return QuoteOrigin(file_url(source, quote.path, grounding.lines), grounding.lines, True, grounding.reason, title)
    status = grounding.reason if grounding is not None else "not verified"
    url = None
    if source is not None and known(system, source, quote.path) in ("file", "unknown"):
        url = file_url(source, quote.path, quote.lines)
    return QuoteOrigin(url, quote.lines, False, status, status)
