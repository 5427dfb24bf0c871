"""The method's rules over a loaded collection (what the YAML shape cannot say), and the one
call every front end runs. Find a check by what it checks:

- ``graph``: who cites whom; every reference resolved inside its system.
- ``record_rules``: the record contract's rules on each report (sections, records,
  annotations, labelled fields and their vocabularies, member names); duplicate and
  unresolved IDs.
- ``profile_rules``: the memory profile's comparison against the method's axes and
  vocabularies.
- ``set_members``: each system's members against their set: required front matter,
  registered sources and source identities, the members the manifest pins and the result
  disposition requires, the named member's status.
- ``set_rules``: the rules across a set's members, as the set type declares them
  (amendment index, conflicts carried, canonical profile, closed citations, …).
- ``collection_check``: load, then the rules above in that order: ``check_collection``.
- ``kept_findings``: what one check keeps for the next (``mkdocs serve``): each system's
  findings, while its reports are the same.

Checks that live with what they read, because they need the reading's places or stop it:
a file's YAML and whether it may be read (``yamlio.reader``, ``yamlio.files``); one file's
shape (``schemas.conform``); a report's sections and keys (``loading.loader``), its blocks
and link references (``loading.block_builder``, ``prose.link_references``), the record
citations of its comparison (``loading.profile_comparison``); what a set's members inherit
and must agree on, and its source register (``loading.sets``); the quote lock
(``grounding.lock``); the collection's type files and their clashes
(``schemas.type_files``); the import's Markdown (``markdown.reader.markdown_file``,
``markdown.reader.constructs``, ``markdown.reader.member``), its set file
(``markdown.reader.set_file``), the published set's manifest (``markdown.reader.manifest``,
which states missing members with ``set_members.membership_problems``) and its paths
(``markdown.reader.run``). ``tests/test_rule_homes.py`` keeps this list whole.
"""

from .collection_check import CheckedCollection, check_collection
from .graph import CitationGraph

__all__ = ["CheckedCollection", "CitationGraph", "check_collection"]
