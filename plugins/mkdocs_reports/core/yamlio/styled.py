"""YAML as its author spelled it: each value with its style (plain, quoted, a flow list
``[a, b]``, an empty ``{}``), so that what the method wrote as YAML (a memory profile's
comparison, a set's manifest) is written back the same, line for line.

``styled`` takes a composed node (from ``reader``); ``emit`` writes a mapping's entries
at an indentation, block mappings and lists indented by two as the method's templates do.
The report files hold such values in the same spelling, so one writer serves both: the
report YAML and the method's Markdown front matter (or manifest) it is exported to.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .scalars import block_lines, double_quoted


@dataclass(frozen=True)
class StyledScalar:
    text: str
    #: "" plain, "'" single-quoted, '"' double-quoted, "|" literal block, ">" folded block
    style: str = ""


@dataclass(frozen=True)
class StyledSequence:
    items: tuple[Styled, ...]
    flow: bool = False


@dataclass(frozen=True)
class StyledMapping:
    items: tuple[tuple[StyledScalar, Styled], ...]
    flow: bool = False
    #: where its key stood in the Markdown it was read from (1-based; 0: unknown), so that a
    #: message about the YAML written from it can point there
    line: int = field(default=0, compare=False)
    file: str | None = field(default=None, compare=False)

    def get(self, key: str) -> Styled | None:
        return next((value for k, value in self.items if k.text == key), None)


Styled = StyledScalar | StyledSequence | StyledMapping


def styled(node: Node) -> Styled:
    """The value of a composed node, with its spelling. The node tree is one that
    ``read_yaml`` accepted: no aliases, bounded depth."""
    if isinstance(node, ScalarNode):
        return StyledScalar(node.value, node.style or "")
    if isinstance(node, SequenceNode):
        return StyledSequence(tuple(styled(item) for item in node.value), bool(node.flow_style))
    if isinstance(node, MappingNode):
        return styled_mapping(node)
    raise TypeError(node)


def styled_mapping(node: MappingNode) -> StyledMapping:
    """The value of a composed mapping, with its spelling (as ``styled``)."""
    return StyledMapping(tuple((StyledScalar(k.value, k.style or ""), styled(v)) for k, v in node.value
                               if isinstance(k, ScalarNode)), bool(node.flow_style))


def data(value: Styled) -> Any:
    """Plain Python data: text, lists and dicts (every scalar text, as reports read them)."""
    if isinstance(value, StyledScalar):
        return value.text
    if isinstance(value, StyledSequence):
        return [data(item) for item in value.items]
    return {key.text: data(item) for key, item in value.items}


def _scalar(value: StyledScalar) -> str:
    if value.style == '"':
        return double_quoted(value.text)
    if value.style == "'":
        return "'" + value.text.replace("'", "''") + "'"
    return value.text


def _inline(value: Styled) -> str:
    """A value on one line: a scalar, or a flow list or mapping."""
    if isinstance(value, StyledScalar):
        return _scalar(value)
    if isinstance(value, StyledSequence):
        return "[" + ", ".join(_inline(item) for item in value.items) + "]"
    return "{" + ", ".join(f"{_scalar(key)}: {_inline(item)}" for key, item in value.items) + "}"


def _one_line(value: Styled) -> bool:
    if isinstance(value, StyledScalar):
        return value.style not in ("|", ">")
    return value.flow or not value.items


def _entry(prefix: str, value: Styled, indent: int, out: list[str]) -> None:
    """``prefix`` (``key:`` or ``-`` at column ``indent``) and its value."""
    if _one_line(value):
        out.append(f"{prefix} {_inline(value)}")
    elif isinstance(value, StyledScalar):  # a block scalar (a folded one is written literal)
        block = block_lines(value.text)
        if block is None:
            out.append(f"{prefix} {double_quoted(value.text)}")
            return
        header, lines = block
        out.append(f"{prefix} {header}")
        out.extend(" " * (indent + 2) + line if line else "" for line in lines)
    elif isinstance(value, StyledMapping):
        if prefix.endswith("-"):
            _mapping(value, indent + 2, out, first=prefix + " ")
        else:
            out.append(prefix)
            _mapping(value, indent + 2, out)
    else:  # a block sequence: items two deeper than their key, or after the dash of an item
        item_lead = " " * (indent + 2) + "-"
        if prefix.endswith("-"):
            leads = [prefix + " -"] + [item_lead] * (len(value.items) - 1)
        else:
            out.append(prefix)
            leads = [item_lead] * len(value.items)
        for lead, item in zip(leads, value.items, strict=False):
            _entry(lead, item, indent + 2, out)


def _mapping(value: StyledMapping, indent: int, out: list[str], first: str | None = None) -> None:
    pad = " " * indent
    for number, (key, item) in enumerate(value.items):
        lead = first if number == 0 and first is not None else pad
        _entry(f"{lead}{_scalar(key)}:", item, indent, out)


def emit(value: StyledMapping, indent: int = 0) -> list[str]:
    """The lines of a mapping's entries at ``indent`` (``key: value`` each)."""
    out: list[str] = []
    _mapping(value, indent, out)
    return out


def emit_entry(key: str, value: Styled, indent: int = 0) -> list[str]:
    """The lines of one entry, ``key: value``, at ``indent``."""
    return entry_lines(" " * indent + key + ":", value, indent)


def entry_lines(prefix: str, value: Styled, indent: int) -> list[str]:
    """The lines of ``prefix`` (``key:`` or ``-`` at column ``indent``) and its value."""
    out: list[str] = []
    _entry(prefix, value, indent, out)
    return out


def placed(value: StyledMapping, line: int, file: str | None = None) -> StyledMapping:
    """The same mapping, remembering the line of its key in the file it was read from."""
    return replace(value, line=line, file=file)
