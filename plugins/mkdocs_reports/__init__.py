"""Publish agentic system analyses — YAML reports of cross-cited records — as a MkDocs site.

The ``core`` package knows nothing of MkDocs; ``plugin`` is the thin adapter on top.
"""

__version__ = "0.1.0"
