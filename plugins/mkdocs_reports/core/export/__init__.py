"""Whole-collection exports that do not need MkDocs.

- ``plain_text``: a report as plain text (for reading and fidelity checks).
- ``json``: the collection as one JSON document (for tools and for comparing two builds).

The method's Markdown export is ``markdown.writer``, beside its reader.
"""
