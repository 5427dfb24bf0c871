"""What the reconciliation changed, as a reader meets it: at each record it amends,
supersedes or names in an unresolved conflict (its entry, its preview, its row of the record
index), and at each entry of the reconciliation (an anchor, the records it names).

The graph links the entries to the records (``CitationGraph.reconciliations``, supersessions
both ways); here each record's entries become corrections of one of four kinds, the words
the record index filters by, and each entry gets the anchor its record links to.

An entry may name every record of a set, so a record never repeats what its entry lists for
all of them: a conflict's record says how many others the conflict names and links to the
entry, which lists them once (else 1,200 records of one conflict would each list the other
1,199). Only what is the record's own is listed at it: what supersedes it, what it supersedes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.model import Reconciliation
from ..core.rules.graph import CitationGraph
from .prose_html import shorten

#: a correction's kind → what it says of the record (the index's filter shows the kind)
KINDS = {
    "amended": "Amended",
    "superseded": "Superseded",
    "supersedes": "Supersedes",
    "conflicted": "Unresolved conflict",
}
#: how much of its entry a record shows (the entry itself, linked, shows it whole)
EXCERPT_WIDTH = 240


@dataclass(frozen=True)
class Correction:
    """One thing the reconciliation says of one record."""

    kind: str  # a key of ``KINDS``
    entry: Reconciliation
    others: tuple[str, ...]  # what supersedes the record, or what it supersedes (none for a conflict)
    anchor: str  # the entry's anchor on its report's page

    @property
    def title(self) -> str:
        return KINDS[self.kind]

    @property
    def conflicting(self) -> int:
        """How many other records the conflict names (its entry lists them)."""
        return len(self.entry.concerns) - 1 if self.kind == "conflicted" else 0


def entry_anchor(number: int) -> str:
    """The anchor of a report's ``number``-th reconciliation entry (from 1)."""
    return f"correction-{number}"


class Corrections:
    """Every record's corrections, by (system, record ID); built once per build from the
    graph, so a record's entry, preview and index row say the same."""

    def __init__(self, graph: CitationGraph) -> None:
        self.graph = graph
        self._anchors: dict[int, str] = {}
        self._excerpts: dict[int, str] = {}
        for report in graph.collection.reports():
            for number, entry in enumerate(report.reconciliations, start=1):
                self._anchors[id(entry)] = entry_anchor(number)

    def anchor(self, entry: Reconciliation) -> str:
        return self._anchors[id(entry)]

    def excerpt(self, entry: Reconciliation) -> str:
        """The first words of an entry, made once for all the records that show them (an
        entry of 20,000 characters read again for each of its 1,200 records took seconds)."""
        key = id(entry)
        if key not in self._excerpts:
            said = shorten(entry.text, EXCERPT_WIDTH)
            # none when code longer than the width opens it: shorten never cuts inside code
            self._excerpts[key] = said if len(said) <= EXCERPT_WIDTH + 2 else ""
        return self._excerpts[key]

    def of(self, system: str, record_id: str) -> list[Correction]:
        """The corrections of one record, in its reconciliation's order."""
        key = (system, record_id)
        if key not in self.graph.reconciliations and key not in self.graph.supersedes:
            return []
        out: list[Correction] = []
        for entry in self.graph.reconciliations.get(key, []):
            if entry.kind == "conflict":
                out.append(Correction("conflicted", entry, (), self.anchor(entry)))
            elif entry.superseded == record_id:
                kind = "superseded" if entry.superseded_by else "amended"
                out.append(Correction(kind, entry, tuple(entry.superseded_by), self.anchor(entry)))
        for old, entry in self.graph.supersedes.get(key, []):
            out.append(Correction("supersedes", entry, (old,), self.anchor(entry)))
        return out

    def kinds(self, system: str, record_id: str) -> list[str]:
        """The kinds of a record's corrections, each once (what the index filters by)."""
        return list(dict.fromkeys(c.kind for c in self.of(system, record_id)))

    def conflicts(self, system: str) -> list[Reconciliation]:
        """The unresolved conflicts of a system's reconciliation, in its order."""
        reports = self.graph.collection.systems[system].reports.values()
        return [entry for report in reports for entry in report.reconciliations if entry.kind == "conflict"]


def conflicting_records(count: int) -> str:
    """``1 other record``, ``1,199 other records``: whom a record's conflict names."""
    return f"{count:,} other record" + ("" if count == 1 else "s")


def summary(correction: Correction) -> str:
    """A correction as one line of plain text (what a record's preview says of it)."""
    others = ", ".join(correction.others)
    if correction.kind == "superseded":
        return f"Superseded by {others}"
    if correction.kind == "supersedes":
        return f"Supersedes {others}"
    if correction.kind == "conflicted":
        count = correction.conflicting
        return f"Unresolved conflict with {conflicting_records(count)}" if count else "Unresolved conflict"
    return "Amended by the reconciliation"
