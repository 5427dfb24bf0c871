"""A record's preview (previews/<system>.json, read by the scripts) says its statuses and
corrections as objects with named fields, as the rest of the record is: rows read by
position broke silently whenever a field was added or moved. The preview files are made in
memory (``SitePages``), as the site builds them."""

from __future__ import annotations

import json

from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.previews import CORRECTION_FIELDS, STATUS_FIELDS

ROUTE = """\
records:
  - id: MEM-RTE-note-write
    label: Note write
    body:
      - text: Writes a note. It is superseded.
      - fields:
          Immediate return: the stored note.
          Later read-back: the next turn.
          Delegated visibility: uninspected — child agents were not traced.
          Selection predicate: every note.
          Invalidation or expiry: none.
          Activation or effect: notes guide later turns.
          Evidence limits: no run observed.
          implementation conclusion status: wired
          operation conclusion status: uninspected
      - quote:
          passage: "const note = write(tx)"
          path: src/notes.ts
  - id: MEM-OBJ-notes
    label: Note store
    body: A table of notes, written by MEM-RTE-note-write.
"""
RECONCILIATION = (
    "type: agentic-system-reconciliation-report\ntitle: Reconciliation\ndescription: The reconciliation.\n"
    "run_id: AAS-2026-01-01-alpha-01\nreviewed_boundary: 0123456789abcdef0123456789abcdef01234567\n"
    "reconciliation: |\n  Amendment: MEM-RTE-note-write is superseded by MEM-OBJ-notes: the store writes itself.\n"
)


def test_preview_statuses_and_corrections_are_objects_with_named_fields(reports):
    reports.report("alpha", ROUTE)
    reports.write("alpha/reconciliation.yaml", RECONCILIATION)
    checked = reports.check()
    assert checked.errors == [], checked.errors[:3]
    previews = SitePages(checked.graph).previews()
    record = json.loads(previews["assets/mkdocs-reports/previews/alpha.json"])["mem-rte-note-write"]
    assert record["statuses"] == [
        {"layer": "implementation", "value": "wired", "tone": "wired"},
        {"layer": "operation", "value": "uninspected", "tone": "uninspected"},
    ]
    assert [sorted(row) for row in record["statuses"]] == [sorted(STATUS_FIELDS)] * 2
    assert [(c["kind"], c["summary"]) for c in record["corrections"]] == [("superseded", "Superseded by MEM-OBJ-notes")]
    assert [sorted(c) for c in record["corrections"]] == [sorted(CORRECTION_FIELDS)]
    assert "the store writes itself" in record["corrections"][0]["excerpt"]
