"""Errors an author can act on: where (file:line:col), what is wrong, and how to fix it.

A hostile file can hold millions of errors (a 10 MiB file of malformed IDs). Each file
keeps at most ``KEEP_PER_FILE`` of them and counts the rest, so memory stays bounded; a
front end prints at most ``PRINT_LIMIT`` (``shown``) and says how many more there are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

#: errors kept per file (and per cross-file rule pass); the rest are only counted
KEEP_PER_FILE = 1000
#: errors a front end prints (``mkdocs-reports check``, the plugin's log)
PRINT_LIMIT = 200


#: characters that would end a message's line, command a terminal or a CI log (a file named
#: ``x<LF>::error::…``, an ESC sequence), or turn the text around it (bidirectional
#: controls): a printed message shows them escaped, as Python writes them
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
#: how a CI workflow command starts a line (GitHub's ``::error …::`` and ``##[error]``)
_COMMAND_START = re.compile(r"^(\s*)([:#])(?=:|#\[)")
#: characters of a value a message echoes, before the rest are only counted
ECHO_LIMIT = 120
#: choices a fix lists, before the rest are only counted
LIST_LIMIT = 8
#: the names a collection's type files declare (roles, sections, members): the method's
#: own are named whole
NAMES_LIMIT = 64


def printable(text: str) -> str:
    """``text`` on one line that starts no CI workflow command: its control characters,
    line breaks and bidirectional controls escaped (``\\n``), and a leading ``::`` or
    ``##[`` with its first character escaped. Every name and message a command prints goes
    through here."""
    if _UNPRINTABLE.search(text):
        text = _UNPRINTABLE.sub(lambda match: match.group().encode("unicode_escape").decode("ascii"), text)
    return _COMMAND_START.sub(lambda match: match.group(1) + f"\\x{ord(match.group(2)):02x}", text)


def echoed(value: object, limit: int = ECHO_LIMIT) -> str:
    """A user's value as a message quotes it (``repr``), cut after ``limit`` characters with
    a count of the rest: a 100,000-character argument is not printed whole."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


def listed(values: Iterable[str], limit: int = LIST_LIMIT, *, in_order: bool = False, separator: str = ", ") -> str:
    """Choices as a fix names them, sorted (or ``in_order`` as given: a layout's roles, a
    type's sections), the first ``limit`` and a count of the rest: a register of 24,000
    sources, or a collection's set type of 8,000 roles, does not make one message of them all."""
    ordered = list(values) if in_order else sorted(values)
    shown = separator.join(ordered[:limit])
    return shown if len(ordered) <= limit else f"{shown}{separator}… ({len(ordered) - limit:,} more)"


@dataclass(frozen=True, order=True, slots=True)  # one per value of every file: no __dict__ each
class Location:
    """A place in a report file; line and column count from 1."""

    file: str
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{printable(self.file)}:{self.line}:{self.column}"


#: what a diagnostic weighs: an error fails ``check``, a warning is shown
Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Diagnostic:
    location: Location
    message: str
    fix: str | None = None
    severity: Severity = "error"
    #: what kind of problem a warning is, for settings that decide how much it weighs
    rule: str | None = None

    def __str__(self) -> str:
        text = f"{self.location}: {self.severity}: {self.message}"
        return printable(f"{text} — {self.fix}" if self.fix else text)

    def to_json(self) -> dict:
        return {
            "file": self.location.file,
            "line": self.location.line,
            "column": self.location.column,
            "severity": self.severity,
            "message": self.message,
            "fix": self.fix,
            **({"rule": self.rule} if self.rule else {}),
        }


class Diagnostics(list[Diagnostic]):
    """The errors of one run, gathered so that an author sees all of them at once.

    ``omitted`` counts the errors beyond ``limit`` that were not kept.
    """

    def __init__(self, items: Iterable[Diagnostic] = (), *, limit: int | None = KEEP_PER_FILE) -> None:
        super().__init__()
        self.limit = limit
        self.omitted = 0
        self.merge(items)

    def error(self, location: Location, message: str, fix: str | None = None) -> None:
        if self.limit is not None and len(self) >= self.limit:
            self.omitted += 1
        else:
            self.append(Diagnostic(location, message, fix))

    def merge(self, other: Iterable[Diagnostic]) -> None:
        """Take another run's errors (and its count of omitted ones) into this one."""
        self.extend(other)
        self.omitted += getattr(other, "omitted", 0)

    def sorted(self) -> Diagnostics:
        ordered = Diagnostics(sorted(self, key=lambda d: (d.location, d.message)), limit=None)
        ordered.omitted = self.omitted
        return ordered


def shown(diagnostics: list[Diagnostic], omitted: int = 0, limit: int = PRINT_LIMIT) -> list[str]:
    """The messages to print: the first ``limit``, then one line counting the rest."""
    lines = [str(d) for d in diagnostics[:limit]]
    hidden = diagnostics[limit:]
    rest = len(hidden) + omitted
    if rest > 0:
        # (those left out by a file's cap are counted, not kept: they may be errors)
        noun = "error" if omitted or any(d.severity == "error" for d in hidden) else "warning"
        lines.append(
            f"… and {rest} more {noun}{'s' if rest != 1 else ''} not shown: fix the ones above "
            "first, or check one file at a time"
        )
    return lines
