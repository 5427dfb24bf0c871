"""Read one YAML file into a node tree that remembers where every value stands.

PyYAML's libyaml composer does the parsing. Around it this module refuses what a report
never needs and what can hurt a build: oversized files, bytes that are not UTF-8, nesting
deep enough to exhaust the C stack, and anchors/aliases (a few lines can expand into
gigabytes; composing keeps aliases as shared nodes, so refusing them on the walk is cheap).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import Diagnostics, Location

MAX_FILE_BYTES = 10 * 1024 * 1024
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

    def resolve(self, kind, value, implicit):  # noqa: D102 - PyYAML hook
        if kind is ScalarNode:
            return _STR_TAG
        if kind is SequenceNode:
            return _SEQ_TAG
        return _MAP_TAG

    def descend_resolver(self, current_node, current_index):  # noqa: D102 - path resolvers unused
        pass

    def ascend_resolver(self):  # noqa: D102
        pass


@dataclass
class Source:
    """A report file: its display path, its text, and the composed root node."""

    path: str
    text: str
    root: Node | None
    _line_starts: list[int] | None = None

    def location(self, node: Node) -> Location:
        mark = node.start_mark
        return Location(self.path, mark.line + 1, mark.column + 1)

    def location_in(self, node: Node, needle: str, occurrence: int = 0) -> Location:
        """Where the ``occurrence``-th ``needle`` inside a scalar stands in the file.

        A record ID has no spaces or escapes, so it appears verbatim in the raw text of the
        scalar whatever its style (plain, quoted, literal or folded).
        """
        start, end = node.start_mark.index, node.end_mark.index
        index = start
        for _ in range(occurrence + 1):
            found = self.text.find(needle, index, end)
            if found < 0:
                return self.location(node)
            index = found + 1
        return self.offset_location(found)

    def offset_location(self, offset: int) -> Location:
        if self._line_starts is None:  # built once: a report has hundreds of citations
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._line_starts, offset)
        return Location(self.path, line, offset - self._line_starts[line - 1] + 1)


def _decode(path: str, data: bytes, diagnostics: Diagnostics) -> str | None:
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
_COMPACT_RUN = re.compile(rf"^[ ]*(?:[-?][ ]+){{{MAX_DEPTH // 2},}}", re.MULTILINE)
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _nesting_problem(path: str, text: str, diagnostics: Diagnostics) -> bool:
    """Refuse absurd nesting before libyaml's recursive composer can overflow the C stack.

    A few cheap signs (many brackets, deep indentation, a line of many ``- `` entries) pick
    the files worth a second look; those are measured exactly on libyaml's event stream,
    which is produced without recursion.
    """
    deep = _DEEP_INDENT.search(text)
    if deep:
        diagnostics.error(
            Source(path, text, None).offset_location(deep.start()),
            f"indentation of more than {MAX_INDENT} spaces: the nesting is deeper than a report needs",
            "flatten the structure; a report nests a few levels at most",
        )
        return True
    if text.count("[") + text.count("{") <= MAX_DEPTH and not _COMPACT_RUN.search(text):
        return False  # too few brackets and entries per line to nest that deep
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_TextLoader):
            if isinstance(event, _OPEN):
                depth += 1
                if depth > MAX_DEPTH:
                    return _too_deep(path, event.start_mark, diagnostics)
            elif isinstance(event, _CLOSE):
                depth -= 1
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        if mark is not None and "nesting depth" in str(getattr(error, "problem", "")):
            return _too_deep(path, mark, diagnostics)  # libyaml ≥ 0.2.6 stops at its own limit
        return False  # composing reports the syntax error with its place
    return False


def _too_deep(path: str, mark, diagnostics: Diagnostics) -> bool:
    diagnostics.error(
        Location(path, mark.line + 1, mark.column + 1),
        f"the structure nests more than {MAX_DEPTH} levels deep",
        "flatten the structure; a report nests a few levels at most",
    )
    return True


def _yaml_error(path: str, text: str, error: yaml.YAMLError, diagnostics: Diagnostics) -> None:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    location = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path)
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    message = f"YAML syntax: {problem}" + (f" ({context})" if context else "")
    fix = "check the indentation and quoting at this place"
    at_tab = mark is not None and text[mark.index : mark.index + 1] == "\t"
    if at_tab or "tab" in problem.lower():
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


def read_source(path: str, data: bytes, diagnostics: Diagnostics) -> Source | None:
    """Parse ``data`` (the bytes of the file shown as ``path``); ``None`` after an error."""
    if too_large(path, len(data), diagnostics):
        return None
    text = _decode(path, data, diagnostics)
    if text is None:
        return None
    if not text.strip() or all(
        not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()
    ):
        diagnostics.error(
            Location(path),
            "the file is empty",
            "a report is a mapping that starts with 'type:', 'system:' and 'title:' (see the format reference)",
        )
        return None
    if _nesting_problem(path, text, diagnostics):
        return None
    try:
        root = yaml.compose(text, Loader=_TextLoader)
    except yaml.YAMLError as error:
        _yaml_error(path, text, error, diagnostics)
        return None
    return Source(path, text, root)


__all__ = ["MappingNode", "Node", "ScalarNode", "SequenceNode", "Source", "read_source"]
