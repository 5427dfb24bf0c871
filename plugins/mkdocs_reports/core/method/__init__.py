"""The analysis method as data: what every other part of ``core`` reads, and nothing it reads.

- ``types``: member types, set types and the method's vocabularies as classes
  (``TypeRegistry``, ``ReportType``, ``SetType``, ``Method``); the YAML that declares them
  is read by ``schemas.type_files``.
- ``front_matter``: the members' front-matter keys, read from ``member_types/method.yaml``.
- ``ids``: the record ID grammar (``<PREFIX>-<KIND>-<name>``), the one place that knows it.
- ``site_names``: the names a system folder or member may take (each a URL slug).
- ``near_misses``: "did you mean …?" for words and record IDs.

Imports nothing of ``core`` but ``diagnostics``.
"""

from .front_matter import FRONT_MATTER_KEYS, FrontMatterKey
from .ids import IdGrammar
from .near_misses import NearMisses, did_you_mean
from .site_names import SLUG, SiteNames
from .types import Method, ReportType, SectionSpec, SetType, Shape, TypeRegistry, Vocabulary

__all__ = [
    "FRONT_MATTER_KEYS", "SLUG", "FrontMatterKey", "IdGrammar", "Method", "NearMisses", "ReportType", "SectionSpec",
    "SetType", "Shape", "SiteNames", "TypeRegistry", "Vocabulary", "did_you_mean",
]
