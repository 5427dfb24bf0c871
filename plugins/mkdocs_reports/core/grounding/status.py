"""Measure every quote of a collection against its system's quote lock, without the source.

A quote is verified when the lock has an entry for the same source, path and passage (its
place may have moved), the lock's revision of that source is the register's, the lock
read that revision from git, and the source is one CI fetches to verify the lock again (a
public https repository at a full commit: ``fetch_url``). The lock comes with a pull
request like any report, so it is a claim until the Quotes workflow has read the source
itself; a lock CI cannot check vouches for nothing, and one made from a plain folder says
only that its quotes were checked against a capture. Otherwise the check warns — the quote
is new, or changed since it was verified, or the register's revision moved, or it was
checked against a capture or a source CI cannot fetch — with rule ``UNVERIFIED`` so that a
collection can opt out of failing a strict build on them. Quotes of a source without a
recorded revision cannot be verified; their pages say so, and no warning repeats what the
register already states.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from ..diagnostics import Diagnostic, Diagnostics
from ..model import Collection, Grounding, GroundingState, Quote, Source, System, system_folder
from .lock import LOCK_FILE, passage_hash

#: the rule of the warnings about quotes the lock does not vouch for
UNVERIFIED = "unverified-quote"
_REVISION = set("0123456789abcdef")
#: a repository URL CI fetches: https, a host, and at least owner and name (what
#: .github/scripts/check-quotes.sh accepts), matched whole
_FETCHABLE = re.compile(r"https://[A-Za-z0-9.-]+(?:/[A-Za-z0-9._~-]+){2,}")
#: the states of a quote that the lock does not vouch for, which the check warns about
WAITING: tuple[GroundingState, ...] = ("unverified", "changed", "stale", "captured", "unfetchable")


def verifiable(source: Source | None) -> bool:
    """A git source with a full commit: the only kind ``mkdocs-reports quotes`` checks."""
    revision = source.revision if source else None
    return bool(
        source is not None and (source.kind or "git") == "git" and revision
        and len(revision) in (40, 64) and set(revision) <= _REVISION
    )


def fetch_url(source: Source | None) -> str | None:
    """The URL CI fetches ``source`` from to verify its quotes again (its identity, without
    a final ``/`` or ``.git``), or ``None`` when CI cannot: no full commit, or no public
    https repository as its identity."""
    if source is None or not verifiable(source) or not source.identity:
        return None
    url = source.identity.removesuffix("/").removesuffix(".git")
    return url if _FETCHABLE.fullmatch(url) else None


def source_id(system: System, quote: Quote) -> str | None:
    """The registered source a quote is of: the one it names, else the default one."""
    source = system.source_by_id(quote.source)
    return source.id if source else None


#: what most quotes of a collection are told (a grounding is frozen: one object serves every quote it is said of)
_UNREGISTERED = Grounding("unverifiable", "not verified: its source is not registered")
_OF_A_CAPTURE = Grounding("unverifiable", "not verified: a capture")
_NO_REVISION = Grounding("unverifiable", "not verified: the reviewed revision is not recorded")
_NO_LOCK = Grounding("unverified", "not verified: no usable quote lock")
_UNFETCHABLE = Grounding("unfetchable", "not verified: its source is no public https repository that CI can fetch to verify it")
_CHANGED = Grounding("changed", "not verified: changed since it was verified")
_NOT_LOCKED = Grounding("unverified", "not verified: not in the quote lock")


def grounding(system: System, quote: Quote) -> Grounding:
    source = system.source_by_id(quote.source)
    if not verifiable(source):
        if source is None:
            return _UNREGISTERED
        return _OF_A_CAPTURE if source.kind == "capture" else _NO_REVISION
    assert source is not None and source.id is not None and source.revision is not None  # verifiable() says so
    lock = system.lock
    if lock is None:
        return _NO_LOCK
    locked_source = lock.sources.get(source.id)
    entry = lock.by_key.get((source.id, quote.path.strip(), passage_hash(quote.passage)))
    if entry is not None and locked_source is not None:
        if locked_source.revision != source.revision:
            return Grounding("stale", f"not verified: verified at {locked_source.revision[:7]}, not the reviewed {source.revision[:7]}")
        if locked_source.read_from != "git":
            return Grounding("captured", f"checked against a capture of {source.revision[:7]}, not verified",
                             entry.lines, entry.match, source.revision)
        if fetch_url(source) is None:
            return _UNFETCHABLE
        return Grounding("verified", f"verified at {source.revision[:7]}", entry.lines, entry.match, source.revision)
    if quote.key in lock.by_place:
        return _CHANGED
    return _NOT_LOCKED


def _command(system: System, quote: Quote) -> str:
    """The command that verifies ``quote`` and writes the lock of ``system``."""
    return (f"mkdocs-reports quotes --source {system.slug}:{source_id(system, quote)}=<checkout of the source> "
            f"{system_folder(system)}")


#: each system's groundings as a run worked them out: slug → (the objects they were worked
#: out of: its reports, set and lock, and whether its lock was unusable; the warnings)
KeptGroundings = dict[str, tuple[tuple[object, ...], Diagnostics]]


def apply_locks(collection: Collection, unusable: AbstractSet[str] = frozenset(), kept: KeptGroundings | None = None) -> Diagnostics:
    """Set ``quote.grounding`` everywhere; warn about each quote the lock does not vouch for
    (one warning for a system that has no lock at all, or whose lock — ``unusable`` —
    has errors). ``kept`` (``mkdocs serve``): a system whose reports, set and lock are the
    very objects of the last run has its quotes' groundings set already, and its warnings."""
    diagnostics = Diagnostics()
    for system in collection.systems.values():
        made_of = (*system.reports.values(), system.set, system.lock, system.slug in unusable)
        last = kept.get(system.slug) if kept is not None else None
        if last is not None and len(last[0]) == len(made_of) and all(a is b for a, b in zip(last[0], made_of, strict=True)):
            diagnostics.merge(last[1])
            continue
        own = _groundings(system, system.slug in unusable)
        if kept is not None:
            kept[system.slug] = (made_of, own)
        diagnostics.merge(own)
    if kept is not None:
        for gone in set(kept) - set(collection.systems):
            del kept[gone]
    return diagnostics


def _groundings(system: System, unusable: bool) -> Diagnostics:
    """Set the groundings of one system's quotes; its warnings."""
    diagnostics = Diagnostics()
    quotes = [q for report in system.reports.values() for q in report.quotes()]
    for quote in quotes:
        quote.grounding = grounding(system, quote)
    waiting = [q for q in quotes if q.grounding and q.grounding.state in WAITING]
    if waiting and system.lock is None:
        why = "has errors" if unusable else "does not exist"
        diagnostics.append(Diagnostic(
            waiting[0].location,
            f"{len(waiting)} quote{'s' if len(waiting) != 1 else ''} of {system.slug} {'are' if len(waiting) != 1 else 'is'} "
            f"not verified against the source: {system_folder(system)}{LOCK_FILE} {why}",
            f"verify them and write the lock: {_command(system, waiting[0])}", "warning", UNVERIFIED,
        ))
        return diagnostics
    for quote in waiting:
        assert quote.grounding is not None and system.lock is not None
        state, fix = quote.grounding.state, f"verify it again: {_command(system, quote)}"
        if state == "unverified":
            message = f"the quote of {quote.path} is not in {system.lock.path}"
        elif state == "captured":
            message = f"the quote of {quote.path} was {quote.grounding.reason}: the lock was made from a plain folder"
            fix = f"verify it against a git checkout of the source: {_command(system, quote)}"
        elif state == "unfetchable":
            message = (f"the quote of {quote.path} is not verified: {source_id(system, quote)} of {system.slug} is no "
                       "public https repository that CI can fetch to verify the lock again")
            fix = "register the repository's https URL as the source's identity (https://<host>/<owner>/<name>)"
        else:
            message = f"the quote of {quote.path} is {quote.grounding.reason.removeprefix('not verified: ')}"
        diagnostics.append(Diagnostic(quote.location, message, fix, "warning", UNVERIFIED))
    return diagnostics

