"""The class of a conclusion status badge, as the pages, the record index and the record
previews write it."""

from __future__ import annotations

from ..core.type_files import builtin_method


def status_class(value: str) -> str:
    """The CSS modifier of a status badge: the value, or "unknown" outside the vocabulary."""
    value = value.strip().strip("`").strip()
    return value.replace(" ", "-") if value in builtin_method().status_vocabulary.values else "unknown"
