"""Write reports and sets as YAML in the project's house style, for people to edit afterwards.

The house style: the ``$schema`` line first; keys in the order they are given; lists as
block sequences indented under their key; prose that spans lines as a literal block scalar
(``|``); a single line plain when YAML reads it back as the same text, quoted otherwise.
The same data always gives the same bytes.

Values may be ``Sourced`` (text that remembers where it stood in another file, such as the
Markdown a report was imported from); the writer returns, for every line it writes, where
that line's value came from, so that a message about the YAML can point at the source.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .scalars import block_lines, key_text, plain_safe, quoted
from .styled import StyledMapping, entry_lines

#: a single line longer than this that needs quoting is written as a ``|-`` block instead
_QUOTE_WIDTH = 80


class Sourced(str):
    """Text with its place in the file it was read from: ``line`` and ``column`` of its first
    character, ``indent``, the column where each of its later lines starts there, and
    ``file`` when it is not the file the whole document comes from."""

    line: int
    column: int
    indent: int
    file: str | None

    def __new__(cls, text: str, line: int, column: int = 1, indent: int = 1, file: str | None = None) -> Sourced:
        value = super().__new__(cls, text)
        value.line, value.column, value.indent, value.file = line, column, indent, file
        return value

    def of(self, file: str) -> Sourced:
        """The same text, naming the file it comes from."""
        return Sourced(str(self), self.line, self.column, self.indent, file)


class SourcedDict(dict[str, Any]):
    """A mapping with the place of what it was read from (a heading, a list item)."""

    def __init__(self, *args: Any, origin: tuple[int, int] | None = None, file: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.origin = origin
        self.file = file


@dataclass(frozen=True)
class Origin:
    """Where a written YAML line's value came from: ``line`` and ``column`` there, and the
    YAML column at which that value starts (to carry a column inside it across); ``file``
    when not the document's own source."""

    line: int
    column: int
    yaml_column: int
    file: str | None = None


def _origin_of(value: object, yaml_column: int, offset: int = 0) -> Origin | None:
    if isinstance(value, Sourced):
        return Origin(value.line + offset, value.column if offset == 0 else value.indent, yaml_column, value.file)
    if isinstance(value, SourcedDict) and value.origin:
        return Origin(value.origin[0], value.origin[1], yaml_column, value.file)
    return None


class _Writer:
    def __init__(self, blank_before: frozenset[str], spaced_items: frozenset[str]) -> None:
        self.lines: list[str] = []
        self.origins: list[Origin | None] = []
        self.blank_before = blank_before
        self.spaced_items = spaced_items

    def put(self, text: str, origin: Origin | None) -> None:
        self.lines.append(text)
        self.origins.append(origin)

    def scalar(self, prefix: str, value: str, indent: int) -> None:
        """``prefix`` (``key:`` or ``-``) and a text value; block lines at ``indent`` + 2."""
        column = len(prefix) + 2
        if plain_safe(value):
            self.put(f"{prefix} {value}", _origin_of(value, column))
            return
        block = None if ("\n" not in value and len(value) <= _QUOTE_WIDTH) else block_lines(value)
        if block is None:
            self.put(f"{prefix} {quoted(value)}", _origin_of(value, column + 1))
            return
        header, lines = block
        self.put(f"{prefix} {header}", _origin_of(value, column))
        pad = " " * (indent + 2)
        for number, line in enumerate(lines):
            self.put(pad + line if line else "", _origin_of(value, indent + 3, number) if line else None)

    def mapping(self, data: dict, indent: int, first_prefix: str | None = None, top: bool = False) -> None:
        """``first_prefix`` is the ``- `` that the first key shares its line with."""
        pad = " " * indent
        for number, (key, value) in enumerate(data.items()):
            lead = first_prefix if number == 0 and first_prefix is not None else pad
            if top and key in self.blank_before and self.lines and self.lines[-1] != "":
                self.put("", None)
            self.value(lead + key_text(key) + ":", value, indent, spaced_items=top and key in self.spaced_items)

    def value(self, prefix: str, value: Any, indent: int, spaced_items: bool = False) -> None:
        """``prefix`` ends in ``:`` (a key) or ``-`` (an item); ``indent`` is its column."""
        if isinstance(value, StyledMapping):  # written as its author spelled it, line for line
            for number, line in enumerate(entry_lines(prefix, value, indent)):
                self.put(line, Origin(value.line + number, 1, 1, value.file) if value.line else None)
            return
        if isinstance(value, str):
            self.scalar(prefix, value, indent)
        elif isinstance(value, dict):
            if prefix.endswith("-"):
                self.mapping(value, indent + 2, first_prefix=prefix + " ")
            else:
                self.put(prefix, _origin_of(value, indent + 1))
                self.mapping(value, indent + 2)
        else:
            if prefix.endswith("-"):
                self.sequence(value, indent + 2, first_prefix=prefix + " ")
            else:
                self.put(prefix, None)
                self.sequence(value, indent + 2, spaced=spaced_items)

    def sequence(self, items: list, indent: int, first_prefix: str | None = None, spaced: bool = False) -> None:
        pad = " " * indent
        for number, item in enumerate(items):
            if spaced and number:
                self.put("", None)
            lead = (first_prefix if number == 0 and first_prefix is not None else pad) + "-"
            self.value(lead, item, indent)


@dataclass
class Written:
    """A written YAML document and, per line (from 1), where its value came from."""

    text: str
    origins: list[Origin | None]

    def origin(self, line: int) -> Origin | None:
        """The origin of ``line``, or of the next line that has one (a key such as
        ``body:`` stands for what follows it)."""
        for index in range(max(line - 1, 0), len(self.origins)):
            if self.origins[index] is not None:
                return self.origins[index]
        return None


def dump(data: dict[str, Any], schema_url: str, blank_before: Iterable[str] = frozenset(), spaced_items: Iterable[str] = frozenset()) -> Written:
    """``data`` (mappings, lists and text) as a YAML document. Top-level keys in
    ``blank_before`` get a blank line before them; the items of the lists of those in
    ``spaced_items`` one between each other."""
    writer = _Writer(frozenset(blank_before), frozenset(spaced_items))
    writer.put(f"# yaml-language-server: $schema={schema_url}", None)
    writer.mapping(data, 0, top=True)
    return Written("\n".join(writer.lines) + "\n", writer.origins)
