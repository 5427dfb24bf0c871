"""The members' front-matter keys, as data (``member_types/method.yaml``, ``front_matter``):
each with the method's name (``run-id``) and the report's YAML key (``run_id``), what it
holds, whether the set shares it, its vocabulary and format.

Read once, when the package is imported: the report schema, the loader, the set rules, the
import and the export all name the same keys."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

BUILTIN_DIR = Path(__file__).resolve().parents[2] / "member_types"
#: the value the method writes for a field not yet established ("target-class: null")
NULL = "null"


@dataclass(frozen=True)
class FrontMatterKey:
    key: str  # the report's YAML key: run_id
    markdown: str  # the method's key: run-id
    what: str  # for messages: "the set's run ID"
    example: str
    #: the set's value: ``_set.yaml`` states it once and every member inherits it
    shared: bool = False
    vocabulary: str | None = None
    #: "null" stands for a value not yet established (a run that stopped early)
    nullable: bool = False
    format: str | None = None  # "date", "commit" or "run-id"
    text: bool = False  # Markdown prose: its IDs are citations
    #: the method's templates quote the value (the export's default spelling)
    quoted: bool = False
    mapping: bool = False  # a YAML mapping (the profile's comparison), not text


@lru_cache(maxsize=1)
def method_data() -> dict:
    """``method.yaml``, the method's shared contracts, as data."""
    return yaml.safe_load((BUILTIN_DIR / "method.yaml").read_text(encoding="utf-8"))


def _keys() -> tuple[FrontMatterKey, ...]:
    return tuple(FrontMatterKey(**entry) for entry in method_data()["front_matter"])


#: every front-matter key a member type may use, in the order the method's templates write them
FRONT_MATTER_KEYS = _keys()
BY_KEY = {entry.key: entry for entry in FRONT_MATTER_KEYS}
BY_MARKDOWN = {entry.markdown: entry for entry in FRONT_MATTER_KEYS}
