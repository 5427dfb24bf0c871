"""The class of a conclusion status badge, as the pages, the record index and the record
previews write it."""

from __future__ import annotations

from ..core.method.types import Vocabulary
from ..core.schemas.type_files import builtin_method


def status_class(value: str, statuses: Vocabulary | None = None) -> str:
    """The CSS modifier of a status badge: the value, or "unknown" outside the vocabulary
    (``statuses``: the collection's; a page's templates are given it bound, and only a
    template rendered without a collection falls back on the method's)."""
    value = value.strip().strip("`").strip()
    return value.replace(" ", "-") if value in (statuses or builtin_method().status_vocabulary).values else "unknown"
