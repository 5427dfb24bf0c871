"""What a command prints: one line at a time, through ``printable``.

A name the command line prints comes from contributors (a set's file names, a folder, a
ref): a line break in it would start a line of its own, which in a CI log can be a
workflow command (``::error file=README.md::…``), and an ESC sequence would command the
terminal. So every line goes out through ``say``, which shows such characters escaped.
"""

from __future__ import annotations

import sys
from typing import TextIO

from ..core.diagnostics import printable


def say(text: object = "", *, file: TextIO | None = None) -> None:
    """Print ``text`` as one line (standard output unless ``file``), escaped by ``printable``."""
    print(printable(str(text)), file=file or sys.stdout)
