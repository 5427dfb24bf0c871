"""The method's rules over a loaded collection (what the YAML shape cannot say), and the one
call every front end runs.

- ``graph``: who cites whom; every reference resolved inside its system.
- ``record_rules``: the record contract's rules on each report (sections, records,
  annotations, vocabularies, the profile's comparison).
- ``set_rules``: the rules across a set's members, as the set type declares them.
- ``collection_check``: load, link and validate: ``check_collection``.
"""

from .collection_check import CheckedCollection, check_collection
from .graph import CitationGraph

__all__ = ["CheckedCollection", "CitationGraph", "check_collection"]
