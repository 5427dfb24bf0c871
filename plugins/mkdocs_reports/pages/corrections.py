"""What the reconciliation changed, as a reader meets it: at each record it amends,
supersedes or names in an unresolved conflict (its entry, its preview, its row of the record
index), and at each entry of the reconciliation (an anchor, the records it names).

The graph links the entries to the records (``CitationGraph.reconciliations``, supersessions
both ways); here each record's entries become corrections of one of four kinds, the words
the record index filters by, and each entry gets the anchor its record links to.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.graph import CitationGraph
from ..core.model import Reconciliation

#: a correction's kind → what it says of the record (the index's filter shows the kind)
KINDS = {
    "amended": "Amended",
    "superseded": "Superseded",
    "supersedes": "Supersedes",
    "conflicted": "Unresolved conflict",
}


@dataclass(frozen=True)
class Correction:
    """One thing the reconciliation says of one record."""

    kind: str  # a key of ``KINDS``
    entry: Reconciliation
    others: tuple[str, ...]  # the records on the other side (what supersedes it, …)
    anchor: str  # the entry's anchor on its report's page

    @property
    def title(self) -> str:
        return KINDS[self.kind]


def entry_anchor(number: int) -> str:
    """The anchor of a report's ``number``-th reconciliation entry (from 1)."""
    return f"correction-{number}"


class Corrections:
    """Every record's corrections, by (system, record ID); built once per build from the
    graph, so a record's entry, preview and index row say the same."""

    def __init__(self, graph: CitationGraph) -> None:
        self.graph = graph
        self._anchors: dict[int, str] = {}
        for report in graph.collection.reports():
            for number, entry in enumerate(report.reconciliations, start=1):
                self._anchors[id(entry)] = entry_anchor(number)

    def anchor(self, entry: Reconciliation) -> str:
        return self._anchors[id(entry)]

    def of(self, system: str, record_id: str) -> list[Correction]:
        """The corrections of one record, in its reconciliation's order."""
        key = (system, record_id)
        if key not in self.graph.reconciliations and key not in self.graph.supersedes:
            return []
        out: list[Correction] = []
        for entry in self.graph.reconciliations.get(key, []):
            if entry.kind == "conflict":
                others = tuple(other for other in entry.concerns if other != record_id)
                out.append(Correction("conflicted", entry, others, self.anchor(entry)))
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


def summary(correction: Correction) -> str:
    """A correction as one line of plain text (what a record's preview says of it)."""
    others = ", ".join(correction.others)
    if correction.kind == "superseded":
        return f"Superseded by {others}"
    if correction.kind == "supersedes":
        return f"Supersedes {others}"
    if correction.kind == "conflicted":
        return f"Unresolved conflict with {others}" if others else "Unresolved conflict"
    return "Amended by the reconciliation"
