"""Errors an author can act on: where (file:line:col), what is wrong, and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Location:
    """A place in a report file; line and column count from 1."""

    file: str
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    location: Location
    message: str
    fix: str | None = None
    severity: str = "error"
    #: what kind of problem a warning is, for settings that decide how much it weighs
    rule: str | None = None

    def __str__(self) -> str:
        text = f"{self.location}: {self.severity}: {self.message}"
        return f"{text} — {self.fix}" if self.fix else text

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
    """The errors of one run, gathered so that an author sees all of them at once."""

    def error(self, location: Location, message: str, fix: str | None = None) -> None:
        self.append(Diagnostic(location, message, fix))

    def sorted(self) -> list[Diagnostic]:
        return sorted(self, key=lambda d: (d.location, d.message))
