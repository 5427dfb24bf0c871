"""Conform a composed YAML node tree to its declared shape (``language``): one file's
shape, before the rules (``rules/``) look at what it says.

Every problem becomes a diagnostic at the node's line and column; conforming goes on after
an error so that one run reports all of them. Values come back as plain Python, with the
nodes kept beside them for the model builder's locations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from ..diagnostics import NAMES_LIMIT, Diagnostics, listed
from ..method.near_misses import did_you_mean
from ..prose.nesting import MAX_NESTING, too_deep
from ..prose.shared import shared
from ..yamlio.reader import CONTROL, MappingNode, Node, ScalarNode, SequenceNode, YamlFile, control_name
from .language import UNRECORDED, Either, Map, Obj, Seq, Spec, Str, Tagged


class Fields(dict[str, Any]):
    """A conformed mapping: values by key, plus ``nodes`` (key → value node) and ``node``."""

    __slots__ = ("node", "nodes", "key_nodes")  # one per mapping of every file: no __dict__ each

    def __init__(self, node: MappingNode) -> None:
        super().__init__()
        self.node = node
        self.nodes: dict[str, Node] = {}
        self.key_nodes: dict[str, Node] = {}


class Items(list[Any]):
    """A conformed sequence, plus ``nodes`` (one per item) and ``node``."""

    __slots__ = ("node", "nodes")

    def __init__(self, node: SequenceNode) -> None:
        super().__init__()
        self.node = node
        self.nodes: list[Node] = []


_NODE_NAMES = {ScalarNode: "text", SequenceNode: "a list", MappingNode: "a mapping"}
#: what ends a line for YAML, Python or a browser (U+0085 is a control, refused before)
LINE_BREAK = re.compile("[\n\r\u2028\u2029]")


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _suggest(word: str, choices: Iterable[str]) -> str:
    if len(word) > 100:  # no key or enum value is that long; difflib is quadratic in it
        return ""
    return did_you_mean(word, choices)


def quoted(value: str, width: int = 60) -> str:
    """A value as a message quotes it: in Python's quotes, cut to ``width`` characters."""
    return repr(value if len(value) <= width else value[: width - 1] + "…")


#: a comment after a plain value: `` #`` on the same line
_TRAILING_COMMENT = re.compile(r"[ \t]+#")
_COMMENT_LINES = re.compile(r"(?:[ \t]*\r?\n)+([ ]*)#")


class Conformer:
    def __init__(self, yaml_file: YamlFile, diagnostics: Diagnostics) -> None:
        self.yaml_file = yaml_file
        self.diagnostics = diagnostics

    def _error(self, node: Node, message: str, fix: str | None = None) -> None:
        self.diagnostics.error(self.yaml_file.location(node), message, fix)

    def conform(self, node: Node, spec: Spec, name: str) -> Any:
        """The conformed value of ``node``, or ``None`` when unusable.
        The tree is a tree: ``read_yaml`` refused anchors and aliases."""
        if node.tag not in ("tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"):
            self._error(node, f"{name} carries the YAML tag {node.tag!r}", "remove the tag (the '!…' before the value)")
            return None
        if type(spec) is Either:
            chosen = spec.scalar if type(node) is ScalarNode else spec.sequence if type(node) is SequenceNode else spec.mapping
            if chosen is None:
                self._error(node, f"{name} must be {spec.what}, not {_NODE_NAMES[type(node)]}", self._fix(spec, node))
                return None
            spec = chosen
        expected, conform = _CONFORMERS[type(spec)]
        if not isinstance(node, expected):
            self._error(node, f"{name} must be {spec.what}, not {_NODE_NAMES[type(node)]}", self._fix(spec, node))
            return None
        return conform(self, node, spec, name)

    def _fix(self, spec: Spec, node: Node) -> str:
        """How to write what ``spec`` wants, for a node of the wrong kind."""
        if isinstance(spec, Either):
            if isinstance(spec.scalar, Str) and spec.scalar.markdown:
                return "write Markdown text after the colon ('key: |' and indented lines), or a list of blocks ('- text: …')"
            return ", or ".join(self._way(shape) for shape in (spec.scalar, spec.sequence, spec.mapping) if shape is not None)
        if isinstance(spec, Str):
            if isinstance(node, (SequenceNode, MappingNode)) and node.flow_style:
                opener = "[" if isinstance(node, SequenceNode) else "{"
                return f"put the text in quotes: YAML reads a value that starts with '{opener}' as a {_NODE_NAMES[type(node)][2:]}"
            return "write the value as text on the same line, or as a block scalar ('key: |' and indented lines)"
        if isinstance(spec, Seq):
            return "write each item on its own line starting with '- '"
        if isinstance(spec, Tagged):
            return f"write one of: {', '.join(k + ':' for k in spec.variants)}"
        return "write 'key: value' lines indented under it"

    @staticmethod
    def _way(shape: Spec) -> str:
        """How to write one of the shapes an ``Either`` may have."""
        if isinstance(shape, Str):
            return f"write {' or '.join(shape.enum)}" if shape.enum else "write the value as text on the same line"
        if isinstance(shape, Seq):
            return "write each item on its own line starting with '- '"
        return "'key: value' lines indented under it"

    def _scalar(self, node: ScalarNode, spec: Str, name: str) -> str | None:
        value = node.value
        if not value or value.isspace():  # as `not value.strip()`, without copying a long text
            self._error(node, f"{name} is empty", f"write {spec.what} after the colon, or leave the key out")
            return None
        if len(value) > spec.limit:
            self._error(
                node,
                f"{name} is {len(value):,} characters long; {spec.what} may be at most {spec.limit:,}",
                "shorten it" + ("; longer prose belongs in a Markdown field such as text:" if not spec.markdown else
                                ", or split it over several records or sections"),
            )
            return None
        # The file holds no control character (``read_yaml`` refused it otherwise) and libyaml
        # reads a CRLF as LF, so only an escape sequence of a double-quoted scalar can write one
        control = CONTROL.search(value) if node.style == '"' else None
        if control:
            self.diagnostics.error(
                self.yaml_file.control_location(node),
                f"{name} holds the control character {control_name(control.group())}",
                "remove the escape sequence that writes it (such as \\e, \\a or \\x1b); a report holds "
                "text, tabs and line breaks only",
            )
            return None
        if spec.markdown and (deep := too_deep(value)) is not None:
            self.diagnostics.error(
                self.yaml_file.location_of(node, deep.line.strip(" \t")[:60]),
                f"{name} nests lists, block quotes or notes {deep.depth} levels deep; Markdown may nest at most "
                f"{MAX_NESTING} (each list marker, '>' and '!!!' opens a level, and so do four spaces of indentation)",
                "flatten it: fewer lists in lists and quotes in quotes; show an example as fenced code (```)",
            )
            return None
        if spec.unrecorded and value.startswith(UNRECORDED):
            rest = value[len(UNRECORDED):]
            if not (rest.startswith(" — ") and rest[3:].strip()):
                self._error(node, f"{name} is {UNRECORDED!r} but gives no reason", f"write '{UNRECORDED} — <why it was not recorded>'")
                return None
        elif spec.enum is not None and value not in spec.enum:
            self._error(
                node,
                f"{quoted(value)} is not {spec.what}",
                f"{_suggest(value, spec.enum)}use one of: {', '.join(spec.enum)}",
            )
            return None
        elif spec.pattern is not None and not _compiled(spec.pattern).fullmatch(value):
            detail = spec.explain(value) if spec.explain else None
            message = f"{quoted(value)} is not {spec.what}" + (f": {detail}" if detail else "")
            self._error(node, message, f"write it as {spec.example}")
            return None
        if not (spec.markdown or spec.multiline) and (line_break := LINE_BREAK.search(value)):
            self._error(
                node,
                f"{name} holds a line break ({control_name(line_break.group())}); a name, title, label or heading is one line",
                "write it on one line (in a double-quoted value, drop the escape \\n, \\r, \\L or \\P; "
                "a block scalar ('|') ends in a line break: write the value after the colon)",
            )
            return None
        return shared(value)  # labels, statuses, paths: repeated in every record

    def _dash_column(self, item: Node) -> int:
        """The column of the ``-`` that starts a block sequence item (its own column - 1 in
        a flow sequence): a continuation line of the item is indented deeper."""
        text, start = self.yaml_file.text, item.start_mark.index
        dash = text.rfind("-", start - item.start_mark.column, start)
        return item.start_mark.column - (start - dash) if dash >= 0 else item.start_mark.column - 1

    def _cut_by_comment(self, node: Node, name: str, indent: int) -> None:
        """Report a ``#`` comment that ends a plain (unquoted) value early.

        In YAML, `` #`` starts a comment, so ``label: Cache #1 of 2`` is "Cache". That is
        what happened when the comment follows the value on its line, or starts a line
        indented as a continuation of it (deeper than ``indent``, its key's column).
        """
        if not _plain(node):
            return
        text, end = self.yaml_file.text, node.end_mark.index
        comment = _TRAILING_COMMENT.match(text, end)
        if comment is None:
            following = _COMMENT_LINES.match(text, end)
            if following is None or len(following.group(1)) <= indent:
                return
            comment = following
        hash_at = comment.end() - 1
        line_end = text.find("\n", hash_at)
        rest = text[hash_at : line_end if line_end >= 0 else len(text)].rstrip()
        self.diagnostics.error(
            self.yaml_file.offset_location(hash_at),
            f"a YAML comment cuts {name} short: the value is {quoted(node.value)}, and {quoted(rest)} is dropped",
            "quote the whole value (\"…\") or write it as a block scalar ('key: |' and indented lines); "
            "a comment of your own goes on a line of its own",
        )

    def _sequence(self, node: SequenceNode, spec: Seq, name: str) -> Items:
        items = Items(node)
        for index, child in enumerate(node.value, start=1):
            what = f"item {index} of {name}"
            if _plain(child):  # (the test _cut_by_comment makes first, before the dash is looked for)
                self._cut_by_comment(child, what, self._dash_column(child))
            value = self.conform(child, spec.item, what)
            if value is not None:
                items.append(value)
                items.nodes.append(child)
        if len(node.value) < spec.min_items:
            self._error(node, f"{name} needs at least {spec.min_items} item(s)", "add the missing items")
        return items

    def _keys(self, node: MappingNode, name: str) -> Iterator[tuple[ScalarNode, Node]]:
        seen: dict[str, Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self._error(key_node, f"a key in {name} is not plain text", "write keys as plain words")
                continue
            if key_node.value in seen:
                first = self.yaml_file.location(seen[key_node.value])
                self._error(
                    key_node,
                    f"key {quoted(key_node.value)} appears twice in {name} (first at line {first.line})",
                    "keep one of them: YAML would silently drop the first",
                )
                continue
            seen[key_node.value] = key_node
            yield key_node, value_node

    def _map(self, node: MappingNode, spec: Map, name: str) -> Fields:
        fields = Fields(node)
        for key_node, value_node in self._keys(node, name):
            key = self._scalar(key_node, spec.key, f"a key of {name}")
            what = f"{quoted(key_node.value)} in {name}"
            self._cut_by_comment(value_node, what, key_node.start_mark.column)
            value = self.conform(value_node, spec.value, what)
            if key is not None:
                fields.nodes[key] = value_node  # present even when unusable: not "missing" too
                fields.key_nodes[key] = key_node
                if value is not None:
                    fields[key] = value
        if not node.value and spec.min_items:
            self._error(node, f"{name} is empty", f"write at least one '{spec.key.example}: <value>' line")
        return fields

    def _tagged(self, node: MappingNode, spec: Tagged, name: str) -> Fields | None:
        """A one-key mapping: the key says what the value is."""
        keys = list(self._keys(node, name))
        if len(keys) != 1:
            what = "no key" if not keys else f"{len(keys)} keys ({', '.join(k.value for k, _ in keys)})"
            self._error(node, f"{name} has {what}; {spec.what} is one key",
                        f"write one of: {', '.join(k + ':' for k in spec.variants)} (a new '- ' item for each)")
            return None
        key_node, value_node = keys[0]
        variant = spec.variants.get(key_node.value)
        if variant is None:
            self._error(
                key_node,
                f"{quoted(key_node.value)} is not {spec.what}",
                f"{_suggest(key_node.value, spec.variants)}write one of: {', '.join(k + ':' for k in spec.variants)}",
            )
            return None
        what = repr(key_node.value)
        self._cut_by_comment(value_node, what, key_node.start_mark.column)
        value = self.conform(value_node, variant.spec, what)
        if value is None:
            return None
        fields = Fields(node)
        fields[key_node.value] = value
        fields.nodes[key_node.value] = value_node
        fields.key_nodes[key_node.value] = key_node
        return fields

    def _object(self, node: MappingNode, spec: Obj, name: str) -> Fields:
        fields = Fields(node)
        for key_node, value_node in self._keys(node, name):
            key = key_node.value
            field = spec.fields.get(key)
            if field is None:
                self._error(
                    key_node,
                    f"unknown key {quoted(key)} in {spec.what}",
                    f"{_suggest(key, spec.fields)}the keys of {spec.what} are: {listed(spec.fields, NAMES_LIMIT, in_order=True)}",
                )
                continue
            fields.key_nodes[key] = key_node
            what = repr(key)
            self._cut_by_comment(value_node, what, key_node.start_mark.column)
            value = self.conform(value_node, field.spec, what)
            if value is not None:
                fields[key] = value
                fields.nodes[key] = value_node
            else:
                fields.nodes[key] = value_node  # present but unusable: not "missing" too
        for key, field in spec.fields.items():
            if field.required and key not in fields.nodes:
                self._error(node, f"{spec.what} needs the key {key!r}", f"add '{key}:' ({field.description or field.spec.what})")
        return fields


def _plain(node: Node) -> bool:
    """Whether ``node`` is a plain (unquoted) scalar: libyaml's composer says style ``""``,
    PyYAML's own ``None``."""
    return type(node) is ScalarNode and not node.style


#: the node each kind of spec wants, and what checks it (looked up once per node)
#: (each check takes the node and spec of its own kind: the table pairs them, the type cannot)
_CONFORMERS: dict[type[Spec], tuple[type[Node], Callable[[Conformer, Any, Any, str], Any]]] = {
    Str: (ScalarNode, Conformer._scalar),
    Seq: (SequenceNode, Conformer._sequence),
    Map: (MappingNode, Conformer._map),
    Tagged: (MappingNode, Conformer._tagged),
    Obj: (MappingNode, Conformer._object),
}
