"""Read one YAML file into a node tree that remembers where every value stands.

PyYAML's libyaml composer does the parsing. Around it this module refuses what a report
never needs and what can hurt a build: oversized files, bytes that are not UTF-8, control
characters (invisible in an editor, harmful in a terminal or a page), nesting deep enough
to exhaust the C stack, and anchors and aliases (a few hundred bytes of aliases name a
million values, and every walk of the composed tree would follow them). The last two are
refused on libyaml's event stream, before a node is composed: it is made without recursion
and holds an alias as one event, so refusing costs time linear in the file's size.

``read_yaml`` is every YAML reader's way in (reports, set files, member types, quote
locks, manifests, imported front matter); ``tests/test_yaml_aliases.py`` finds any other.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..diagnostics import Diagnostics, Location

MAX_FILE_BYTES = 10 * 1024 * 1024
#: a report of 10 MiB has a few tens of thousands of lines; a file of millions of tiny
#: entries would compose into gigabytes of nodes, so the lines are counted first
MAX_LINES = 200_000
#: characters no report text may hold: C0 and C1 controls but tab and line feed (a CR is
#: read as part of a line break), DEL, and the two noncharacters YAML refuses
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")
#: in the file: the same, and line breaks other than LF and CRLF (libyaml counts a lone CR
#: or U+2028 as a line break, editors and this tool's messages may not)
CONTROL_IN_FILE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff\u2028\u2029]|\r(?!\n)")
#: the same with every CR: one character class, which a search runs through three times as
#: fast as the alternative above, so a file without any is passed at that speed
_CONTROL_OR_CR = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff\u2028\u2029]")
#: an escape sequence of a double-quoted YAML scalar
_ESCAPE = re.compile(r"\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)", re.DOTALL)
_NAMED_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "v": "\v", "f": "\f", "r": "\r", "e": "\x1b", "N": "\x85"}
MAX_DEPTH = 64
MAX_INDENT = 256

_STR_TAG = "tag:yaml.org,2002:str"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _TextLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Every scalar is text: ``yes``, ``1.0`` or ``null`` stay what the author typed.

    The model decides what a value means, so the implicit YAML 1.1 typing (and its cost,
    a third of the parse time) is skipped.
    """

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:  # noqa: D102 - PyYAML hook
        if kind is ScalarNode:
            return _STR_TAG
        if kind is SequenceNode:
            return _SEQ_TAG
        return _MAP_TAG

    def descend_resolver(self, current_node: Node | None, current_index: Any) -> None:  # noqa: D102 - path resolvers unused
        pass

    def ascend_resolver(self) -> None:  # noqa: D102
        pass


@dataclass
class FileText:
    """A file's display path and text: places by offset, also before (or without) a node tree."""

    path: str
    text: str
    _line_starts: list[int] | None = field(default=None, init=False)

    def offset_location(self, offset: int) -> Location:
        if self._line_starts is None:  # built once: a report has hundreds of citations
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._line_starts, offset)
        return Location(self.path, line, offset - self._line_starts[line - 1] + 1)


@dataclass
class YamlFile(FileText):
    """A report file: its display path, its text, and the composed root node."""

    root: Node
    _places: dict[tuple[int, str], list[int]] | None = field(default=None, init=False)

    def location(self, node: Node) -> Location:
        mark = node.start_mark
        return Location(self.path, mark.line + 1, mark.column + 1)

    def location_in(self, node: Node, needle: str, occurrence: int = 0) -> Location:
        """Where the ``occurrence``-th ``needle`` inside a scalar stands in the file.

        A record ID has no spaces or escapes, so it appears verbatim in the raw text of the
        scalar whatever its style (plain, quoted, literal or folded). Its places in a scalar
        are found once, so placing every mention of a text costs linear time (the citation
        finder counts occurrences the same way: every start of the string, overlapping).
        """
        if occurrence < 0:
            return self.location(node)
        start, end = node.start_mark.index, node.end_mark.index
        if self._places is None:
            self._places = {}
        places = self._places.get((start, needle))
        if places is None:
            places, index = [], self.text.find(needle, start, end)
            while index >= 0:
                places.append(index)
                index = self.text.find(needle, index + 1, end)
            self._places[(start, needle)] = places
        return self.offset_location(places[occurrence]) if occurrence < len(places) else self.location(node)

    def location_of(self, node: Node, needle: str) -> Location:
        """Where ``needle`` first stands inside a scalar (the scalar's start if nowhere)."""
        found = self.text.find(needle, node.start_mark.index, node.end_mark.index)
        return self.offset_location(found) if found >= 0 else self.location(node)

    def control_location(self, node: Node) -> Location:
        """Where a scalar's first control character was written: in a double-quoted
        scalar, the escape sequence that makes it (``"\\e"``, ``"\\x07"``)."""
        start, end = node.start_mark.index, node.end_mark.index
        for escape in _ESCAPE.finditer(self.text, start, end):
            code = escape.group()[1:]
            char = chr(int(code[1:], 16)) if code[0] in "xuU" and len(code) > 1 else _NAMED_ESCAPES.get(code, "")
            if CONTROL.match(char):
                return self.offset_location(escape.start())
        return self.location(node)


def control_name(char: str) -> str:
    """How a message names an invisible character: ``U+001B (ESC)``."""
    names = {0: "NUL", 7: "BEL", 8: "BS", 10: "LF", 11: "VT", 12: "FF", 13: "CR", 27: "ESC", 127: "DEL",
             0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR"}
    code = ord(char)
    return f"U+{code:04X}" + (f" ({names[code]})" if code in names else "")


def _control_characters(path: str, text: str, diagnostics: Diagnostics) -> bool:
    """Refuse control characters where they stand (libyaml would say only 'position N')."""
    if not _CONTROL_OR_CR.search(text):
        return False
    found = False
    source = FileText(path, text)
    for match in CONTROL_IN_FILE.finditer(text):
        found = True
        diagnostics.error(
            source.offset_location(match.start()),
            f"the control character {control_name(match.group())} is not allowed in a report",
            "delete it (most editors do not show it; it often comes from copying out of a terminal)",
        )
    return found


def decode_text(path: str, data: bytes, diagnostics: Diagnostics) -> str | None:
    """The file's text, without a byte-order mark; ``None`` after naming the first byte that is not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        diagnostics.error(
            Location(path, line, column),
            f"byte 0x{data[error.start]:02x} is not UTF-8 text",
            "save the file as UTF-8 (most editors: 'Save with encoding' → UTF-8)",
        )
        return None
    return text.removeprefix("\ufeff")


_DEEP_INDENT = re.compile(rf"^ {{{MAX_INDENT},}}\S", re.MULTILINE)
#: a line that starts with many ``- `` entries, searched for in the text after a line break:
#: a pattern that starts with a literal character is looked for at that character only,
#: where ``^`` (multiline) would be tried at every character, three times slower
_COMPACT_RUN = re.compile(rf"\n[ ]*(?:[-?][ ]+){{{MAX_DEPTH // 2},}}")
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _event_problem(path: str, text: str, diagnostics: Diagnostics) -> bool:
    """Refuse what composing would pay for: nesting deep enough to overflow libyaml's
    recursive composer (the C stack), and the first anchor or alias.

    Cheap signs pick the files worth a look: deep indentation, many brackets or a line of
    many ``- `` entries for nesting; a ``&`` or ``*`` for anchors and aliases. Those files
    are read once as libyaml's event stream, which is produced without recursion and
    without following an alias.
    """
    deep = _DEEP_INDENT.search(text) if " " * MAX_INDENT in text else None  # a substring search first: faster
    if deep:
        diagnostics.error(
            FileText(path, text).offset_location(deep.start()),
            f"indentation of more than {MAX_INDENT} spaces: the nesting is deeper than a report needs",
            "flatten the structure; a report nests a few levels at most",
        )
        return True
    may_share = "&" in text or "*" in text
    if not may_share and text.count("[") + text.count("{") <= MAX_DEPTH and not _COMPACT_RUN.search("\n" + text):
        return False  # no anchor or alias, and too few brackets and entries per line to nest that deep
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_TextLoader):
            if isinstance(event, _OPEN):
                depth += 1
                if depth > MAX_DEPTH:
                    return _too_deep(path, event.start_mark, diagnostics)
            elif isinstance(event, _CLOSE):
                depth -= 1
            if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
                mark = event.start_mark
                _shared(path, text, event.anchor, mark.index if mark else 0, isinstance(event, yaml.AliasEvent), diagnostics)
                return True
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        if mark is not None and "nesting depth" in str(getattr(error, "problem", "")):
            return _too_deep(path, mark, diagnostics)  # libyaml ≥ 0.2.6 stops at its own limit
        return False  # composing reports the syntax error with its place
    return False


def _shared(path: str, text: str, anchor: str, index: int, alias: bool, diagnostics: Diagnostics) -> None:
    """The error for the anchor (``&name``) or alias (``*name``) whose node starts at
    ``index``: an anchor where it is written, after a tag if one stands first."""
    name = anchor if len(anchor) <= 40 else anchor[:39] + "…"
    why = "anchors and aliases are not allowed (a few aliases can repeat a value millions of times)"
    if alias:
        message, fix = f"YAML alias '*{name}': {why}", f"write the value out in place of '*{name}'"
    else:
        if text[index : index + 1] != "&":
            index = max(index, text.find("&" + anchor, index))
        message, fix = f"YAML anchor '&{name}': {why}", f"delete '&{name}' and write the value out wherever '*{name}' repeats it"
    diagnostics.error(FileText(path, text).offset_location(index), message, fix)


class _Mark(Protocol):
    """A place in the text as PyYAML and libyaml mark it (each has a class of its own)."""

    line: int
    column: int


def _too_deep(path: str, mark: _Mark | None, diagnostics: Diagnostics) -> bool:
    diagnostics.error(
        Location(path, mark.line + 1, mark.column + 1) if mark is not None else Location(path),
        f"the structure nests more than {MAX_DEPTH} levels deep",
        "flatten the structure; a report nests a few levels at most",
    )
    return True


def _yaml_error(path: str, text: str, error: yaml.YAMLError, diagnostics: Diagnostics) -> None:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    position = getattr(error, "position", None)  # a reader error names only an offset
    if mark is not None:
        location, index = Location(path, mark.line + 1, mark.column + 1), mark.index
    elif isinstance(position, int):
        location, index = FileText(path, text).offset_location(position), position
    else:
        location, index = Location(path), None
    problem = getattr(error, "problem", None) or getattr(error, "reason", None) or str(error)
    problem = " ".join(str(problem).split())  # one line, whatever libyaml wrote
    context = getattr(error, "context", None)
    message = f"YAML syntax: {problem}" + (f" ({context})" if context else "")
    fix = "check the indentation and quoting at this place"
    at_tab = index is not None and text[index : index + 1] == "\t"
    if at_tab or re.search(r"\btabs?\b", problem.lower()):
        fix = "YAML does not allow tabs for indentation: indent with spaces"
    elif "mapping values are not allowed" in problem:
        fix = "a value containing ': ' must be quoted or written as a block scalar (key: |)"
    elif "found character" in problem and "cannot start any token" in problem:
        fix = "quote the value, or write it as a block scalar (key: |)"
    diagnostics.error(location, message, fix)


def too_large(path: str, size: int, diagnostics: Diagnostics, what: str = "a report") -> bool:
    """Refuse an oversized file by its size alone, before reading or parsing it."""
    if size <= MAX_FILE_BYTES:
        return False
    diagnostics.error(
        Location(path),
        f"the file is {size / 1048576:.1f} MiB; {what} may be at most {MAX_FILE_BYTES // 1048576} MiB",
        "split the analysis into several members, or move bulk evidence out of the report",
    )
    return True


def read_yaml(path: str, data: bytes, diagnostics: Diagnostics) -> YamlFile | None:
    """Parse ``data`` (the bytes of the file shown as ``path``); ``None`` after an error."""
    if too_large(path, len(data), diagnostics):
        return None
    text = decode_text(path, data, diagnostics)
    if text is None:
        return None
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#") for line in text.split("\n")):
        _empty(path, diagnostics)
        return None
    lines = text.count("\n")
    if lines > MAX_LINES:
        diagnostics.error(
            Location(path),
            f"the file has {lines:,} lines; a report may have at most {MAX_LINES:,}",
            "split the analysis into several members, or write long text as fewer, longer lines",
        )
        return None
    if _control_characters(path, text, diagnostics) or _event_problem(path, text, diagnostics):
        return None
    try:
        root = yaml.compose(text, Loader=_TextLoader)
    except yaml.YAMLError as error:
        _yaml_error(path, text, error, diagnostics)
        return None
    if root is None:  # comments, a byte order mark, '---' and nothing else
        _empty(path, diagnostics)
        return None
    return YamlFile(path, text, root)


def _empty(path: str, diagnostics: Diagnostics) -> None:
    diagnostics.error(
        Location(path),
        "the file is empty",
        "a report is a mapping that starts with 'type:', 'system:' and 'title:' (see the format reference)",
    )


__all__ = ["CONTROL", "CONTROL_IN_FILE", "MappingNode", "Node", "ScalarNode", "SequenceNode", "YamlFile", "control_name", "decode_text", "read_yaml"]
