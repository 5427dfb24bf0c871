"""Markdown-free scanning of the prose an author writes: what it cites, names and nests,
found by patterns over the text (offsets kept), without converting it.

- ``citations``: record IDs, sources and evidence anchors in prose; code masked first.
- ``source_paths``: source paths mentioned in prose (links only where the quote lock knows them).
- ``quote_paths``: the rule for a quote's ``path`` inside the frozen source.
- ``images``: images from another site (tracking pixels), refused where they stand.
- ``link_references``: link references defined in one field and used in another.
- ``nesting``: how deep a text nests lists, block quotes and notes (a bound on recursion).
- ``shared``: one object for each short text a collection repeats (labels, IDs, paths).

Imports only ``method`` (the ID grammar) and ``diagnostics``.
"""

from .citations import mask_code
from .images import is_remote_url
from .nesting import MAX_NESTING

__all__ = ["MAX_NESTING", "is_remote_url", "mask_code"]
