"""The quote lock: what ``mkdocs-reports quotes`` found, kept next to a system's reports so
that a build can show it without the source (``reports/<system>/_quotes.lock.yaml``).

    # Written by mkdocs-reports quotes …
    format: mkdocs-reports/quotes-lock
    version: 1
    sources:
      - id: SRC-1
        revision: cecf234f10397b1e21dec2ff65ded864982f3564
        # read_from: folder    # a plain folder was taken as the revision (--plain-folder)
        paths:                 # the source paths the reports mention that exist there
          - packages/brain/src/memory/memory.ts
          - packages/brain/src/memory/       # a folder
    quotes:
      - at: memory#mem-obj-memory--quote-1   # member#anchor of the quote on its page
        source: SRC-1
        path: packages/brain/src/memory/memory.ts
        blob: 9c1f…                          # the file's git blob id at the revision
        lines: 120-122
        passage: sha256:5e88…                # of the passage as written in the report
        match: exact                         # or "whitespace: indentation, line breaks"

The file comes with a pull request like any report, so it is read as untrusted input: the
same hardened YAML reader as reports (size, nesting, aliases, encoding), every value checked
against its shape, every problem a ``file:line:col`` error. A lock with errors is not used.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import cached_property

import yaml

from ..diagnostics import Diagnostic, Diagnostics
from ..method.ids import SOURCE_ID_RE
from ..method.site_names import SLUG
from ..schemas.conform import Conformer
from ..schemas.language import Field, Obj, Seq, Str
from ..yamlio.reader import MappingNode, read_yaml

LOCK_FILE = "_quotes.lock.yaml"
FORMAT = "mkdocs-reports/quotes-lock"
VERSION = "1"
_HEX = r"[0-9a-f]{40}(?:[0-9a-f]{24})?"
#: a path inside the repository: relative, no "..", no control characters or backslashes
SAFE_PATH = r"^(?![/.]/?$)(?!/)(?!.*(?:^|/)\.\.(?:/|$))[^\x00-\x1f\x7f\\]+$"
#: how a source's revision was read: ``git``, the commit itself (the default, and what CI
#: reads again), or ``folder``, a plain folder taken as the revision (``--plain-folder``)
READ_FROM = ("git", "folder")
_FIX = "the lock is written by 'mkdocs-reports quotes': run it again rather than editing the file"

_SOURCE = Obj(
    "a locked source",
    {
        "id": Field(Str("a source ID", pattern=SOURCE_ID_RE.pattern, example="SRC-1"), True),
        "revision": Field(Str("a full commit", pattern=f"^{_HEX}$", example="a 40-digit commit"), True),
        "read_from": Field(Str("how the revision was read", enum=READ_FROM), False),
        "paths": Field(Seq("a list of paths", Str("a path in the repository", pattern=SAFE_PATH, example="src/app.py")), False),
    },
)
_QUOTE = Obj(
    "a locked quote",
    {
        "at": Field(Str("a quote's place", pattern=rf"^{SLUG.pattern}#{SLUG.pattern}$", example="memory#mem-obj-x--quote-1"), True),
        "source": Field(Str("a source ID", pattern=SOURCE_ID_RE.pattern, example="SRC-1"), True),
        "path": Field(Str("a path in the repository", pattern=SAFE_PATH, example="src/app.py"), True),
        "blob": Field(Str("a blob id", pattern=f"^{_HEX}$", example="a 40-digit blob id"), True),
        "lines": Field(Str("a line range", pattern=r"^[1-9][0-9]{0,8}(-[1-9][0-9]{0,8})?$", example="120-122"), True),
        "passage": Field(Str("a passage hash", pattern=r"^sha256:[0-9a-f]{64}$", example="sha256:<64 hex digits>"), True),
        "match": Field(Str("how it matched", pattern=r"^(exact|whitespace: [a-z ,()0-9]+)$", example="exact"), True),
    },
)
LOCK = Obj(
    "a quote lock",
    {
        "format": Field(Str("the lock's format", enum=(FORMAT,)), True),
        "version": Field(Str("the lock's version", enum=(VERSION,)), True),
        "sources": Field(Seq("a list of sources", _SOURCE), False),
        "quotes": Field(Seq("a list of quotes", _QUOTE), False),
    },
)


def passage_hash(passage: str) -> str:
    """The passage as the report writes it (its final line break aside), hashed."""
    return "sha256:" + hashlib.sha256(passage.rstrip("\n").encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class LockedQuote:
    """One verified quote: where it stands (``at``), where it was found, and its passage's hash."""

    at: str
    source: str
    path: str
    blob: str
    lines: str
    passage: str
    match: str

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes a quote the same: its source, path and passage."""
        return (self.source, self.path, self.passage)


@dataclass(frozen=True, eq=False)
class LockedSource:
    """A source as it was read: its revision then, and the mentioned paths that exist there."""

    id: str
    revision: str
    paths: tuple[str, ...] = ()
    #: ``git`` or ``folder`` (``READ_FROM``): only what was read from git is verified
    read_from: str = "git"

    @cached_property
    def files(self) -> frozenset[str]:
        return frozenset(p for p in self.paths if not p.endswith("/"))

    @cached_property
    def folders(self) -> frozenset[str]:
        return frozenset(p.rstrip("/") for p in self.paths if p.endswith("/"))

    def holds(self, path: str) -> str | None:
        """``"file"`` or ``"folder"`` when ``path`` exists at the locked revision, else ``None``."""
        clean = path.strip().removeprefix("./")
        if clean in self.files:
            return "file"
        return "folder" if clean.rstrip("/") in self.folders else None


@dataclass
class QuoteLock:
    """A system's lock, with its quotes found by content (``by_key``) and by place (``by_place``)."""

    path: str  # as messages name the file
    sources: dict[str, LockedSource] = field(default_factory=dict)
    quotes: list[LockedQuote] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.by_key = {q.key: q for q in self.quotes}
        self.by_place = {q.at: q for q in self.quotes}


def load_lock_file(path: str, data: bytes) -> tuple[QuoteLock | None, Diagnostics]:
    """Read and check a lock; ``None`` (and the errors) when any part of it is unusable."""
    diagnostics = Diagnostics()
    yaml_file = read_yaml(path, data, diagnostics)
    if yaml_file is not None and not isinstance(yaml_file.root, MappingNode):
        diagnostics.error(yaml_file.location(yaml_file.root), "a quote lock is a mapping (format:, version:, sources:, quotes:)")
    if yaml_file is None or diagnostics:
        return None, lock_problems(diagnostics)
    conformed = Conformer(yaml_file, diagnostics).conform(yaml_file.root, LOCK, "the quote lock")
    if conformed is None:  # a tagged root: the conformer said so
        return None, lock_problems(diagnostics)
    sources: dict[str, LockedSource] = {}
    for entry, node in zip(conformed.get("sources") or [], getattr(conformed.get("sources"), "nodes", []), strict=True):
        if "id" in entry and "revision" in entry:
            if entry["id"] in sources:
                diagnostics.error(yaml_file.location(node), f"{entry['id']} is locked twice")
            sources[entry["id"]] = LockedSource(entry["id"], entry["revision"], tuple(entry.get("paths") or ()),
                                                entry.get("read_from") or "git")
    quotes: list[LockedQuote] = []
    places: set[str] = set()
    for entry, node in zip(conformed.get("quotes") or [], getattr(conformed.get("quotes"), "nodes", []), strict=True):
        if len(entry) != len(_QUOTE.fields):
            continue  # the structure check said what is missing or wrong
        if entry["source"] not in sources:
            diagnostics.error(yaml_file.location(node), f"the quote at {entry['at']} names {entry['source']}, which the lock's sources lack")
        if entry["at"] in places:
            diagnostics.error(yaml_file.location(node), f"two entries are for the quote at {entry['at']}")
        places.add(entry["at"])
        first, _, last = entry["lines"].partition("-")
        if last and int(last) < int(first):
            diagnostics.error(yaml_file.location(node), f"the line range {entry['lines']} ends before it starts")
        quotes.append(LockedQuote(**{key: entry[key] for key in _QUOTE.fields}))
    if diagnostics:
        return None, lock_problems(diagnostics)
    return QuoteLock(path, sources, quotes), diagnostics


def lock_problems(diagnostics: Diagnostics) -> Diagnostics:
    """Every problem of a lock has one remedy, whatever the reader would advise for a
    report: writing the lock again."""
    out = Diagnostics()
    for d in diagnostics:
        out.append(Diagnostic(d.location, f"quote lock: {d.message}", _FIX, d.severity))
    return out


# --- writing -----------------------------------------------------------------------------

_HEADER = """\
# Written by 'mkdocs-reports quotes': where each quote of {system} was found in its source
# at the reviewed revision, and which source paths its reports mention exist there. Pages
# show quotes as verified from this file; do not edit it: run the command again.
"""
# a plain scalar: no character YAML reads as syntax where it stands (": ", " #", a leading
# indicator), no trailing space or colon
_PLAIN = re.compile(r"[A-Za-z0-9_./](?:[A-Za-z0-9_./@+ -]|:(?! ))*(?<![ :])")  # matched whole
_NOT_IN_COMMENT = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")


def _scalar(value: str) -> str:
    """A YAML scalar that reads back as exactly ``value``: plain when it can be, else a
    double-quoted string (JSON's escapes are YAML's, for ASCII)."""
    if _PLAIN.fullmatch(value):
        return value
    if value.isascii():
        return json.dumps(value)
    return yaml.safe_dump(value, default_style='"', width=1 << 30, allow_unicode=True).rstrip("\n").removesuffix("\n...")


def _comment_text(text: str) -> str:
    """``text`` as it can stand in a comment that the reader accepts: every character that
    ends a line for YAML or that a report file may not hold (controls, U+2028, U+2029, a
    byte-order mark) a space. The name is shown there only; the reader never uses it."""
    return _NOT_IN_COMMENT.sub(" ", text)


def lock_text(lock: QuoteLock, system_name: str) -> str:
    """The lock as its file: sources by ID, quotes by place, so that a diff shows what moved."""
    lines = [_HEADER.format(system=_comment_text(system_name)).rstrip("\n"), f"format: {FORMAT}", f"version: {VERSION}"]
    lines.append("sources:" if lock.sources else "sources: []")
    for locked in sorted(lock.sources.values(), key=lambda s: _source_number(s.id)):
        lines += [f"  - id: {locked.id}", f"    revision: {locked.revision}"]
        if locked.read_from != "git":  # a lock read from git is written as it always was
            lines.append(f"    read_from: {locked.read_from}")
        if locked.paths:
            lines.append("    paths:")
            lines += [f"      - {_scalar(path)}" for path in sorted(set(locked.paths))]
    lines.append("quotes:" if lock.quotes else "quotes: []")
    for quote in sorted(lock.quotes, key=lambda q: _place_order(q.at)):
        lines.append(f"  - at: {quote.at}")
        lines += [f"    {key}: {_scalar(getattr(quote, key))}" for key in ("source", "path", "blob", "lines", "passage", "match")]
    return "\n".join(lines) + "\n"


def _source_number(source_id: str) -> tuple[int, str]:
    digits = source_id.rsplit("-", 1)[-1]
    return (int(digits) if digits.isdigit() else 0, source_id)


def _place_order(at: str) -> tuple:
    """memory#x--quote-10 after memory#x--quote-2."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", at))
