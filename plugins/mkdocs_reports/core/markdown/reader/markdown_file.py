"""One Markdown member as lines, and its front matter.

The file is refused as a report file is (too large, not UTF-8); characters that no report
may hold (controls, a lone carriage return, U+2028/U+2029) are errors at their line and
column. The front matter is read with the same hardened YAML reader as reports, line numbers
kept, and must be a flat mapping of the method's keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...diagnostics import Diagnostics, Location, echoed
from ...method.front_matter import BY_MARKDOWN
from ...method.near_misses import did_you_mean
from ...yamlio.reader import CONTROL_IN_FILE, MappingNode, ScalarNode, control_name, decode_text, read_yaml, too_large
from ...yamlio.scalars import double_quoted
from ...yamlio.styled import StyledMapping, styled_mapping
from ...yamlio.writer import Sourced
from ..spelling import FRONT_MATTER

#: how a front-matter value is quoted, by the YAML style of its node
QUOTING = {"": "plain", "'": "single", '"': "double"}


class FrontMatter(dict[str, Sourced]):
    """The front matter's text values by report key (``run_id``), with ``order``: every key
    as the method wrote it, in order, with the quoting of its value; ``mappings``: the
    values that are mappings (the profile's ``memory-comparison``), as written, and the line
    of their key."""

    def __init__(self) -> None:
        super().__init__()
        self.order: list[tuple[str, str]] = []
        self.mappings: dict[str, tuple[StyledMapping, int]] = {}
        #: double-quoted values as written (``"a\u0020b"``), by Markdown key, where that is not
        #: how the export writes the value: the method's digests pin the escapes as well
        self.escaped: dict[str, str] = {}

#: how many forbidden characters of one file are named before the rest are counted
_FORBIDDEN_SHOWN = 5


@dataclass
class MarkdownFile:
    """The lines of a member (without their line ends) and what each became: ``account``
    names, per line, the construct that placed it (``None`` until one has)."""

    path: str
    lines: list[str]
    account: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.account = [None] * len(self.lines)

    def at(self, index: int, column: int = 1) -> Location:
        """The location of the line with 0-based ``index``."""
        return Location(self.path, index + 1, column)

    def mark(self, start: int, end: int, what: str) -> None:
        for index in range(start, end):
            if self.account[index] is None:
                self.account[index] = what if self.lines[index].strip() else "blank"

    def unplaced(self) -> list[int]:
        """Indexes of non-blank lines no construct placed (an import with none left is complete)."""
        return [i for i, what in enumerate(self.account) if what is None and self.lines[i].strip()]


def _name(char: str) -> str:
    return "a carriage return without a line feed" if char == "\r" else f"the control character {control_name(char)}"


def read_markdown(path: str, data: bytes, diagnostics: Diagnostics) -> MarkdownFile | None:
    """The file's lines; ``None`` after saying why it cannot be read."""
    if too_large(path, len(data), diagnostics):
        return None
    text = decode_text(path, data, diagnostics)
    if text is None:
        return None
    bad = 0
    for match in CONTROL_IN_FILE.finditer(text):
        bad += 1
        if bad <= _FORBIDDEN_SHOWN:
            line = text.count("\n", 0, match.start()) + 1
            column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
            diagnostics.error(Location(path, line, column), f"the file holds {_name(match.group())}",
                              "remove it: a report holds text, tabs and line breaks only")
    if bad > _FORBIDDEN_SHOWN:
        diagnostics.error(Location(path), f"… and {bad - _FORBIDDEN_SHOWN} more such characters", "remove them")
    if bad:
        return None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return MarkdownFile(path, [line[:-1] if line.endswith("\r") else line for line in lines])


def read_front_matter(file: MarkdownFile, diagnostics: Diagnostics) -> tuple[FrontMatter, int] | None:
    """The front matter by report key (``run-id`` → ``run_id``) and the index of the first
    line after it; ``None`` after an error that leaves nothing to read."""
    lines = file.lines
    if not lines or lines[0].rstrip() != "---":
        diagnostics.error(file.at(0), "the member has no front matter",
                          "start the file with '---', the lines 'type: …', 'description: …', 'run-id: …', "
                          "'reviewed-boundary: …', and '---'")
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        diagnostics.error(file.at(0), "the front matter never ends", "close it with a line '---'")
        return None
    file.mark(0, end + 1, "front matter")
    # a leading line keeps the YAML's line numbers those of the file
    text = "\n" + "\n".join(lines[1:end]) + "\n"
    values = FrontMatter()
    if not text.strip():
        diagnostics.error(file.at(0), "the front matter is empty", "write 'type: …' and the method's other keys in it")
        return values, end + 1
    local = Diagnostics()
    yaml_file = read_yaml(file.path, text.encode("utf-8"), local)
    diagnostics.extend(local)
    if yaml_file is None:  # its error is said; without the type, the body cannot be read
        return None
    root = yaml_file.root
    if not isinstance(root, MappingNode):
        diagnostics.error(yaml_file.location(root), "the front matter is not a list of 'key: value' lines",
                          "write one 'key: value' line per key")
        return values, end + 1
    for key_node, value_node in root.value:
        where = yaml_file.location(key_node)
        key = key_node.value if isinstance(key_node, ScalarNode) else None
        if key not in FRONT_MATTER:
            diagnostics.error(where, f"{echoed(str(key))} is not a front-matter key of the method's members",
                              f"{did_you_mean(str(key), FRONT_MATTER)}the keys are: {', '.join(FRONT_MATTER)}")
            continue
        if FRONT_MATTER[key] in values or FRONT_MATTER[key] in values.mappings:
            diagnostics.error(where, f"the front matter states {key!r} twice", "keep one of them")
            continue
        entry = BY_MARKDOWN.get(key)
        if entry is not None and entry.mapping and not (entry.nullable and _is_null(value_node)):
            if not isinstance(value_node, MappingNode):
                diagnostics.error(yaml_file.location(value_node), f"{key!r} needs a mapping", f"write its keys indented under '{key}:'")
                continue
            values.mappings[FRONT_MATTER[key]] = (styled_mapping(value_node), key_node.start_mark.line + 1)
            values.order.append((key, "plain"))
            continue
        if not isinstance(value_node, ScalarNode) or value_node.tag != "tag:yaml.org,2002:str" or not value_node.value.strip():
            diagnostics.error(yaml_file.location(value_node), f"{key!r} needs a text value",
                              f"write '{key}: <value>' on one line (quote it when it holds ': ')")
            continue
        mark = value_node.start_mark
        quote = 1 if value_node.style in ("'", '"') else 0
        values[FRONT_MATTER[key]] = Sourced(value_node.value, mark.line + 1, mark.column + 1 + quote)
        values.order.append((key, QUOTING.get(value_node.style or "", "block")))
        written = yaml_file.text[mark.index:value_node.end_mark.index]
        if value_node.style == '"' and "\n" not in written and written != double_quoted(value_node.value):
            values.escaped[key] = written
        elif not value_node.style and "\n" in written:  # folded over lines, as PyYAML's dump writes a long value
            values.escaped[key] = written
    return values, end + 1


def reads_as(written: str, value: str) -> bool:
    """Whether ``written`` is one double-quoted YAML scalar on one line, or one plain scalar
    folded over indented lines, that reads as ``value`` (a spelling kept in a report is
    author text: the export writes it into the front matter only when it can add nothing but
    that value)."""
    double = "\n" not in written and written.startswith('"') and written.endswith('"')
    if "\r" in written or not (double or (written[:1].isalnum() and "\n" in written)):
        return False
    text = f"k: {written}"
    yaml_file = read_yaml("front matter", text.encode("utf-8"), Diagnostics())
    if yaml_file is None or not isinstance(yaml_file.root, MappingNode) or len(yaml_file.root.value) != 1:
        return False
    node = yaml_file.root.value[0][1]
    return (isinstance(node, ScalarNode) and (node.style or "") == ('"' if double else "") and node.value == value
            and node.end_mark.index == len(text))


def _is_null(node: object) -> bool:
    """``null`` written plain: a value the method has not established (``source: null``)."""
    return isinstance(node, ScalarNode) and not node.style and node.value == "null"
