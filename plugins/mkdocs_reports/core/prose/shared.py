"""One object for each short text a collection repeats.

A collection writes the same short values again and again: every record's field labels
(``Later read-back``), statuses (``wired``), source paths and IDs (``SRC-1``), and each
cited record's ID at every place that cites it. Read from YAML or found in prose, each
would be a string of its own; shared, each is held once (at 1,000 reports of 20 records,
tens of megabytes). Prose, longer than ``SHORT``, rarely repeats and is not looked up.
"""

from __future__ import annotations

import sys

#: the longest text worth looking up: labels, IDs, paths and statuses are shorter
SHORT = 100


def shared(text: str) -> str:
    """``text``, as the one object held for every equal short text (``sys.intern``: let go
    once nothing holds it)."""
    return sys.intern(text) if len(text) <= SHORT else text
