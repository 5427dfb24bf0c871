"""The analysis method's Markdown, as the importer reads it and the Markdown export writes
it: one place for the spellings both directions must agree on, so that a member exported
and imported again is the same report.

- Front matter keys (``run-id``) and the YAML keys they become (``run_id``).
- ``#### <ID> — <label>`` declarations, ``#### On <ID> — <label>`` annotations,
  ``Part of: <ID>``, ``none declared in this member``.
- Lists: ``- Label: value`` bullets are labelled fields when every item of the list reads
  so; a bulleted list whose items all would is written with ``*``; ``+`` items are
  paragraphs (``paragraphs:``, each its own citing place); ``1.`` items are numbered.
- Quotes: ``> passage`` lines, then ``> --- `path``` (optionally ``SRC-2`` before the path
  and ``lines 12-14`` after it).
- Tables: ``|`` rows, a literal pipe in a cell escaped as ``\\|``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ..method.front_matter import BY_MARKDOWN, FRONT_MATTER_KEYS, NULL
from ..method.types import TypeRegistry
from ..yamlio.scalars import double_quoted, plain_safe

#: front-matter keys of the method's members → report keys, in the order export writes them
FRONT_MATTER = {"type": "type", **{entry.markdown: entry.key for entry in FRONT_MATTER_KEYS}}
NONE_DECLARED = "none declared in this member"
DASH = " — "
PART_OF = "Part of:"
ANNOTATION_PREFIX = "On "

FIELD_MARKER = "-"
BULLET_MARKER = "*"
PARAGRAPH_MARKER = "+"

#: a field label: no code, links or emphasis, no sentence end, at most a long line
_LABEL = re.compile(r"[^\s`\[\]*_][^`\[\]\n]{0,199}")
_SENTENCE_END = re.compile(r"[.!?]\s")


def colon_labels(registry: TypeRegistry) -> tuple[str, ...]:
    """Labels that hold ``": "`` themselves (the epistemic ledger's "Operational authority:
    behavior permitted, blocked, or changed"), longest first: a line starting with one of
    them splits after it, not at its first colon."""
    return _colon_labels(registry)


@lru_cache(maxsize=8)
def _colon_labels(registry: TypeRegistry) -> tuple[str, ...]:
    labels = {rule.label for rule in registry.method.fields}
    for report_type in registry.types.values():
        for section in report_type.sections:
            labels.update(section.fields)
            if section.table is not None:
                labels.update(section.table.columns)
    return tuple(sorted((label for label in labels if ": " in label), key=len, reverse=True))


def split_field(line: str, labels_with_colon: tuple[str, ...]) -> tuple[str, str] | None:
    """``(label, value)`` when ``line`` (a list item's first line) reads ``Label: value``."""
    folded = line.casefold()
    for label in labels_with_colon:
        if folded.startswith(label.casefold() + ": ") and line[len(label) + 2 :].strip():
            return line[: len(label)], line[len(label) + 2 :]
    cut = line.find(": ")
    if cut <= 0 or not line[cut + 2 :].strip():
        return None
    label = line[:cut]
    if not _LABEL.fullmatch(label) or _SENTENCE_END.search(label) or label != label.strip():
        return None
    return label, line[cut + 2 :]


def reads_as_field(text: str, labels_with_colon: tuple[str, ...]) -> bool:
    return split_field(text.split("\n", 1)[0], labels_with_colon) is not None


# --- quotes ---------------------------------------------------------------------------

def code_span(text: str) -> str:
    """``text`` as one inline code span, with enough backticks around it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or (text.startswith(" ") and text.endswith(" ") and text.strip()) else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def read_code_span(text: str) -> tuple[str, str] | None:
    """The content of the code span ``text`` starts with, and what follows it."""
    opening = len(text) - len(text.lstrip("`"))
    if opening == 0:
        return None
    fence = "`" * opening
    at = opening
    while True:
        end = text.find(fence, at)
        if end < 0:
            return None
        after = end + opening
        if after < len(text) and text[after] == "`":  # a longer run is not the closing one
            while after < len(text) and text[after] == "`":
                after += 1
            at = after
            continue
        content = text[opening:end]
        if len(content) >= 2 and content[0] == " " and content[-1] == " " and content.strip():
            content = content[1:-1]
        return content, text[after:]


def attribution(path: str, lines: str | None, source: str | None) -> str:
    """The line that ends a quote: ``--- SRC-2 `path` lines 12-14``."""
    where = f" {'line' if lines.isdigit() else 'lines'} {lines}" if lines else ""
    return f"--- {source + ' ' if source else ''}{code_span(path)}{where}"


_SOURCE_BEFORE = re.compile(r"(SRC-[1-9][0-9]*) ")
_LINES_AFTER = re.compile(r"\s*(?:lines?|L)\s*([1-9][0-9]*(?:\s*[-–]\s*[1-9][0-9]*)?)\s*$")
# A link into a forge at a commit, read in steps: the link, then its first ``/blob/<commit>/``
# (one pattern over the whole would read the rest of the URL again from every such segment)
_LINK = re.compile(r"\[[^\]\n]*\]\((https?://)([^)\s]*)\)\s*")
_AT_COMMIT = re.compile(r"/(?:blob|src|tree)/[0-9a-fA-F]{7,64}/")
_LINE_ANCHOR = re.compile(r"L([0-9]+)(?:-L([0-9]+))?")


def _blob_link(text: str) -> tuple[str, str | None, str | None] | None:
    """``(path, first line, last line)`` of ``[name](https://forge/…/blob/<commit>/path#L1-L2)``."""
    link = _LINK.fullmatch(text)
    if link is None:
        return None
    url = link.group(2)
    last = url.rfind("#")  # the path runs to a '#', after which only a line anchor may follow
    lines = _LINE_ANCHOR.fullmatch(url, last + 1) if last >= 0 else None
    if lines is not None:
        at = _AT_COMMIT.search(url, url.rfind("#", 0, last) + 1, last)
        if at is not None and at.end() < last:
            return url[at.end() : last], lines.group(1), lines.group(2)
    at = _AT_COMMIT.search(url, last + 1)
    return (url[at.end() :], None, None) if at is not None and at.end() < len(url) else None


def read_attribution(text: str) -> tuple[str, str | None, str | None, bool] | None:
    """``(path, lines, source, from_link)`` of what follows ``--- `` on an attribution line;
    ``None`` when it names no path."""
    text = text.strip()
    source = None
    match = _SOURCE_BEFORE.match(text)
    if match:
        source, text = match.group(1), text[match.end() :]
    link = _blob_link(text)
    if link:
        path, first, last = link
        return path, (f"{first}-{last}" if last else first), source, True
    span = read_code_span(text)
    if span is None or not span[0].strip():
        return None
    path, rest = span
    if not rest.strip():
        return path, None, source, False
    lines = _LINES_AFTER.fullmatch(rest)
    if lines is None:
        return None
    return path, re.sub(r"\s*[-–]\s*", "-", lines.group(1)), source, False


# --- tables ---------------------------------------------------------------------------

def escape_cell(text: str) -> str:
    return text.replace("|", "\\|")


def split_row(line: str) -> list[str]:
    """The cells of a table row: split at pipes that no backslash escapes (in code too, as
    the method writes them), ``\\|`` read as ``|``."""
    return [cell for cell, _ in row_cells(line)]


def row_cells(line: str) -> list[tuple[str, int]]:
    """The cells of a table row and the column (from 1) each starts at in the line."""
    end = len(line.rstrip())
    start = len(line) - len(line.lstrip())
    if line.startswith("|", start):
        start += 1
    if end > start and line[end - 1] == "|" and not line[:end].endswith("\\|"):
        end -= 1
    cells: list[tuple[str, int]] = []
    current: list[str] = []
    begin = index = start
    while index < end:
        char = line[index]
        if char == "\\" and index + 1 < end and line[index + 1] == "|":
            current.append("|")
            index += 2
            continue
        if char == "|":
            cells.append(_cell(current, begin))
            current, begin = [], index + 1
        else:
            current.append(char)
        index += 1
    cells.append(_cell(current, begin))
    return cells


def _cell(chars: list[str], begin: int) -> tuple[str, int]:
    text = "".join(chars)
    return text.strip(), begin + (len(text) - len(text.lstrip()) if text.strip() else 0) + 1


def is_separator_row(line: str) -> bool:
    cells = split_row(line)
    return bool(cells) and all(re.fullmatch(r":?-+:?", cell) for cell in cells)


# --- front matter -------------------------------------------------------------------------

#: how an annotation heading writes the ID when the member says nothing else
DEFAULT_HEADING_FORM = "linked"


def default_quoting(markdown_key: str, value: str) -> str:
    """How the export quotes a front-matter value without the member's own spelling: as the
    method's templates do (``quoted`` keys in double quotes, ``null`` plain), and any value
    that would not read back as the same text in double quotes."""
    entry = BY_MARKDOWN.get(markdown_key)
    if markdown_key == "type" or (entry is not None and entry.mapping):
        return "plain"
    if entry is not None and entry.nullable and value == NULL:
        return "plain"
    if (entry is not None and entry.quoted) or not plain_safe(value):
        return "double"
    return "plain"


def quoted_value(value: str, quoting: str) -> str:
    """A front-matter value as ``quoting`` (plain, single, double) writes it; a value that
    plain YAML would read as other text is double-quoted. A plain value that a typing reader
    takes for a date or a number stays plain: it is text to the method's reader, as here."""
    if quoting == "plain" and (plain_safe(value, typed=False) or _reads_back_plain(value)):
        return value
    if quoting == "single" and "\n" not in value:
        return "'" + value.replace("'", "''") + "'"
    return double_quoted(value)


def _reads_back_plain(value: str) -> bool:
    return bool(value) and value == value.strip() and "\n" not in value and ": " not in value and " #" not in value \
        and not value.endswith(":") and value[0] not in "-?:,[]{}#&*!|>'\"%@` \t"


def front_matter_order(markdown_keys: Iterable[str]) -> list[str]:
    """The keys in the order the method's templates write them (``type`` first)."""
    rank = {key: number for number, key in enumerate(FRONT_MATTER)}
    return sorted(markdown_keys, key=lambda key: rank.get(key, len(rank)))
