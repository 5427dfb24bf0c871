"""Changes between two builds of the collection, for pull-request previews.

    base = load_base(ref="origin/main")              # or load_base(export="base.json")
    head = snapshot_of(check_collection("reports"), "this pull request")
    changes = compare(base, head)                    # a ``Changes``, ready to render

Both sides are collection exports (``mkdocs-reports export --format json``), so a base can
come from git or from the saved export of another build. No MkDocs here.
"""

from .compare import compare
from .model import Changes, CitationChange, FieldChange, ItemChange, QuoteChange, ReportChanges, Span
from .snapshot import (
    Snapshot,
    SnapshotError,
    load_base,
    snapshot_from_export,
    snapshot_from_folder,
    snapshot_from_git,
    snapshot_of,
)

__all__ = [
    "Changes",
    "CitationChange",
    "FieldChange",
    "ItemChange",
    "QuoteChange",
    "ReportChanges",
    "Snapshot",
    "SnapshotError",
    "Span",
    "compare",
    "load_base",
    "snapshot_from_export",
    "snapshot_from_folder",
    "snapshot_from_git",
    "snapshot_of",
]
