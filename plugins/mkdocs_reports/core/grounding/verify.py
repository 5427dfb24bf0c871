"""Check the quotes of a system against its sources at the reviewed revision.

For each quote: found at lines a–b (exactly, or after whitespace normalisation, saying
which); ambiguous (every place listed); the file missing at the revision (with a file of
the same name that holds the passage, if one does); the passage not found (with the
nearest line and how close it comes); a binary file, a link, a folder. Evidence anchors
(``[SRC-1: `path`]``) and quote paths that name files absent at the revision are reported
too. What was found becomes the system's quote lock.

Each blob is read once: quotes are grouped by the blob their path names, and the blobs
stream out of one ``git cat-file --batch``; only failures read more (files of the same
name, for a quote whose path is missing).
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from ..diagnostics import Location
from ..model import Block, FieldList, ItemList, Quote, Report, Source, SourceReference, System, Table, Text
from ..prose.source_paths import path_mentions
from .lock import LockedQuote, LockedSource, QuoteLock, passage_hash
from .nearest import LineIndex
from .passage import MAX_PLACES, Place, SourceText, differences, ellipsis_in, parse_lines, places
from .source_tree import MAX_BLOB_BYTES, REGULAR, SUBMODULE, SYMLINK, Entry, SourceTree
from .status import source_id

#: what became of a quote (or of a path of an evidence anchor)
OutcomeState = Literal["exact", "whitespace", "ambiguous", "missing", "not-found", "lines-differ", "binary", "not-a-file",
                       "too-large", "bad-path", "anchor-missing"]
#: outcomes that verify a quote
VERIFIED: tuple[OutcomeState, ...] = ("exact", "whitespace")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_LINE_SUFFIX = re.compile(r"^(?P<path>.+?):(?P<lines>\d+(?:-\d+)?)$")
#: files of the same name tried for a quote whose path is missing
SAME_NAME = 5


@dataclass(frozen=True)
class Outcome:
    """What became of one quote (or one path of an evidence anchor)."""

    location: Location
    state: OutcomeState
    message: str
    fix: str | None = None
    system: str = ""
    source: str | None = None
    quote: Quote | None = None
    path: str | None = None
    lines: str | None = None
    blob: str | None = None
    match: str | None = None

    @property
    def verified(self) -> bool:
        return self.state in VERIFIED

    def to_json(self) -> dict:
        return {
            "file": self.location.file, "line": self.location.line, "column": self.location.column,
            "system": self.system, "source": self.source, "state": self.state, "verified": self.verified,
            "path": self.path, "lines": self.lines, "match": self.match, "message": self.message, "fix": self.fix,
        }


@dataclass
class MatchedSource:
    """The quotes of one source of one system, matched against its tree: outcomes, and what
    exists of the paths mentioned."""

    system: System
    source: str
    revision: str
    outcomes: list[Outcome] = field(default_factory=list)
    existing_paths: set[str] = field(default_factory=set)
    read_from: str = "git"  # how the tree was read (``SourceTree.read_from``)


def _lines_phrase(lines: str) -> str:
    return f"line {lines}" if "-" not in lines else f"lines {lines.replace('-', '–')}"


def _places_phrase(found: list[Place], count: int) -> str:
    listed = ", ".join(p.lines.replace("-", "–") for p in found[:MAX_PLACES])
    return listed + (f" and {count - MAX_PLACES} more" if count > MAX_PLACES else "")


def clean_path(path: str) -> str | None:
    """A quote's path as the tree names it, or ``None`` when it cannot be one."""
    path = path.strip().removeprefix("./")
    if not path or path.startswith("/") or "\\" in path or ".." in path.split("/") or _CONTROL.search(path):
        return None
    return path


class _Matcher:
    """Matches the quotes of one source of one system (``tree`` at ``revision``)."""

    def __init__(self, system: System, source: str, revision: str, tree: SourceTree) -> None:
        self.system = system
        self.source = source
        self.revision = revision
        self.short = revision[:7]
        self.tree = tree
        self.result = MatchedSource(system, source, revision, read_from=tree.read_from)
        self._folders: set[str] | None = None
        self._by_name: dict[str, list[str]] | None = None
        self._index: LineIndex | None = None  # the words of the file whose quotes are being matched
        self._unfound: list[tuple[Quote, str]] = []  # quotes whose path is not in the tree

    # -- what the tree holds ------------------------------------------------------------

    @property
    def folders(self) -> set[str]:
        if self._folders is None:
            self._folders = self.tree.directories()
        return self._folders

    def same_name(self, path: str) -> list[str]:
        """Files with the same file name elsewhere in the tree."""
        if self._by_name is None:
            by_name: dict[str, list[str]] = defaultdict(list)
            for other in self.tree.entries():
                by_name[posixpath.basename(other)].append(other)
            self._by_name = by_name
        return [p for p in self._by_name.get(posixpath.basename(path), []) if p != path]

    def exists(self, path: str) -> str | None:
        """``"file"``, ``"folder"`` or ``None``."""
        clean = clean_path(path)
        if clean is None:
            return None
        if clean in self.tree.entries():
            return "file"
        return "folder" if clean.rstrip("/") in self.folders else None

    # -- outcomes -------------------------------------------------------------------------

    def add(self, quote: Quote | None, location: Location, state: OutcomeState, message: str, fix: str | None = None, **extra: str | None) -> None:
        self.result.outcomes.append(Outcome(location, state, message, fix, self.system.slug, self.source, quote, **extra))

    def match(self, quotes: list[Quote], references: list[SourceReference], texts: Iterable[str]) -> MatchedSource:
        entries = self.tree.entries()
        groups: dict[str, list[tuple[Quote, Entry]]] = defaultdict(list)
        for quote in quotes:
            entry = self._entry(quote, entries)
            if entry is not None:
                groups[entry.blob or entry.path].append((quote, entry))
        self._missing(self._unfound)
        wanted = [pairs[0][1] for pairs in groups.values()]
        for blob in self.tree.read(wanted):
            key = blob.entry.blob or blob.entry.path
            # read, normalised and indexed once for all the quotes of the file, however many
            text, self._index = (SourceText(blob.data) if blob.data is not None else None), None
            for quote, entry in groups.pop(key, []):
                self._match(quote, entry.path, blob.blob, text, blob.size)
        for reference in references:
            for path in reference.paths:
                if self.exists(path) is None:
                    self._absent(reference.location, f"{reference.source} `{path}`", path)
        self._mentioned(quotes, references, texts)
        return self.result

    def _entry(self, quote: Quote, entries: dict[str, Entry]) -> Entry | None:
        """The tree entry a quote's path names, or ``None`` after saying what is wrong."""
        path = clean_path(quote.path)
        if path is None:
            self.add(quote, quote.location, "bad-path", f"{quote.path!r} is not a path inside the repository",
                     "write the path relative to the repository's root, with '/' between folders", path=quote.path)
            return None
        entry = entries.get(path)
        if entry is None:
            if path.rstrip("/") in self.folders:
                self.add(quote, quote.location, "not-a-file", f"{path} is a folder at {self.short}, not a file",
                         "write the path of the file the passage is in", path=path)
            else:
                self._unfound.append((quote, path))
            return None
        if entry.mode == SYMLINK:
            self.add(quote, quote.location, "not-a-file", f"{path} is a symbolic link at {self.short}",
                     "quote the file it points to, under that file's path", path=path)
            return None
        if entry.mode == SUBMODULE or entry.mode not in (*REGULAR, SYMLINK):
            self.add(quote, quote.location, "not-a-file", f"{path} is a submodule at {self.short}, whose files are in another repository",
                     "register that repository as a source of its own and quote it there", path=path)
            return None
        return entry

    def _missing(self, missing: list[tuple[Quote, str]]) -> None:
        """The quotes whose path is not in the tree, each with where its passage is instead
        when one file of that name holds it. Those files are read once for all the quotes
        that name them (each quote reading them again would cost their size per quote)."""
        entries = self.tree.entries()
        by_name: dict[str, list[int]] = defaultdict(list)
        for number, (_, path) in enumerate(missing):
            suffixed = _LINE_SUFFIX.fullmatch(path)
            if not (suffixed and suffixed["path"] in entries):
                by_name[posixpath.basename(path)].append(number)
        holding: dict[int, list[tuple[str, Place]]] = defaultdict(list)
        for numbers in by_name.values():
            candidates = self.same_name(missing[numbers[0]][1])[:SAME_NAME]
            for blob in self.tree.read(entries[c] for c in candidates):
                text = SourceText(blob.data) if blob.data is not None else None
                if text is not None and not text.binary:
                    for number in numbers:
                        found, count, _ = places(text, missing[number][0].passage, 2)
                        if count == 1:
                            holding[number].append((blob.entry.path, found[0]))
        for number, (quote, path) in enumerate(missing):
            self._say_missing(quote, path, holding[number])

    def _say_missing(self, quote: Quote, path: str, holding: list[tuple[str, Place]]) -> None:
        suffixed = _LINE_SUFFIX.fullmatch(path)
        if suffixed and suffixed["path"] in self.tree.entries():
            self.add(quote, quote.location, "missing", f"{path} is not a file at {self.short}",
                     f"write the line range apart: path: {suffixed['path']} and lines: {suffixed['lines']}", path=path)
            return
        fix = "correct the path (as the repository names it at the reviewed revision)"
        candidates = self.same_name(path)[:SAME_NAME]
        if candidates:
            if len(holding) == 1:
                other, place = holding[0]
                fix = f"the passage is in {other} at {_lines_phrase(place.lines)}: write path: {other}"
            else:
                fix = f"correct the path; a file of that name is at {', '.join(candidates)}"
        self.add(quote, quote.location, "missing", f"{path} is not in {self.source} at {self.short}", fix, path=path)

    def _match(self, quote: Quote, path: str, blob: str, text: SourceText | None, size: int) -> None:
        where = f"{path} at {self.short}"
        if text is None:
            self.add(quote, quote.location, "too-large",
                     f"{where} is {size / 1048576:.0f} MiB; files over {MAX_BLOB_BYTES // 1048576} MiB are not read",
                     "quote a smaller file, or check this passage by hand", path=path)
            return
        if text.binary:
            self.add(quote, quote.location, "binary", f"{where} is a binary file: a passage of it cannot be checked",
                     "quote a text file; cite a binary file in an evidence anchor ([SRC-1: `path`]) instead", path=path)
            return
        if not quote.passage.strip():
            self.add(quote, quote.location, "not-found", "the passage is empty", "copy the passage from the source", path=path)
            return
        encoding = "" if text.encoding == "utf-8" else " (the file is not UTF-8; read as Latin-1)"
        found, count, complete = places(text, quote.passage)
        stated = parse_lines(quote.lines)
        scope = f"in {where}"
        if stated is not None and count:
            inside, inside_count, inside_complete = places(text, quote.passage, lines=stated)
            if inside_count:  # the method counts within a stated range
                found, count, complete = inside, inside_count, inside_complete
                scope = f"within the stated {_lines_phrase('-'.join(map(str, dict.fromkeys(stated))))} of {where}"
            elif count == 1:
                self.add(quote, quote.location, "lines-differ",
                         f"the passage is at {_lines_phrase(found[0].lines)} of {where}, not at the stated {_lines_phrase(quote.lines or '')}",
                         f"write lines: {found[0].lines} (or leave lines out)", path=path)
                return
        if count > 1:
            self.add(quote, quote.location, "ambiguous",
                     f"the passage occurs {'' if complete else 'at least '}{count} times {scope}: "
                     f"at lines {_places_phrase(found, count)}",
                     "lengthen the passage until it occurs once, or give lines: <range> of the place you mean", path=path)
            return
        if count == 0:
            self._not_found(quote, path, where, text, encoding)
            return
        place = found[0]
        if quote.passage in text.region(place):
            self.add(quote, quote.location, "exact", f"found at {_lines_phrase(place.lines)} of {where}{encoding}",
                     path=path, lines=place.lines, blob=blob, match="exact")
            return
        kinds = differences(quote.passage, text.written(place))
        self.add(quote, quote.location, "whitespace",
                 f"found at {_lines_phrase(place.lines)} of {where} after whitespace normalisation: {', '.join(kinds)}{encoding}",
                 path=path, lines=place.lines, blob=blob, match="whitespace: " + ", ".join(k.split(" (")[0] for k in kinds))

    def _not_found(self, quote: Quote, path: str, where: str, text: SourceText, encoding: str) -> None:
        if self._index is None or self._index.text is not text:
            self._index = LineIndex(text)
        nearest = self._index.nearest(quote.passage)
        message = f"the passage is not in {where}{encoding}"
        if nearest is not None:
            shown = nearest.text if len(nearest.text) <= 120 else nearest.text[:119] + "…"
            message += f"; the nearest is line {nearest.line} ({nearest.similarity:.0%} similar): {shown}"
        fix = "copy the passage again from the file at the reviewed revision: only whitespace may differ"
        if ellipsis_in(quote.passage):
            fix = "quote contiguous text: an ellipsis is not in the source; write each piece as a quote of its own"
        self.add(quote, quote.location, "not-found", message, fix, path=path)

    def _absent(self, location: Location, what: str, path: str) -> None:
        candidates = self.same_name(clean_path(path) or path)[:SAME_NAME] if clean_path(path) else []
        fix = f"correct the path; a file of that name is at {', '.join(candidates)}" if candidates else \
            "correct the path (as the repository names it at the reviewed revision)"
        self.add(None, location, "anchor-missing", f"{what} is not in the source at {self.short}", fix, path=path)

    def _mentioned(self, quotes: list[Quote], references: list[SourceReference], texts: Iterable[str]) -> None:
        """The paths the reports mention (quotes, anchors, prose) that exist at the revision."""
        candidates = {q.path for q in quotes} | {p for r in references for p in r.paths}
        candidates |= {m.path for text in texts for m in path_mentions(text)}
        for path in candidates:
            kind = self.exists(path)
            clean = clean_path(path)
            if kind is not None and clean is not None:
                self.result.existing_paths.add(clean.rstrip("/") + ("/" if kind == "folder" else ""))


def verify_system(
    system: System, trees: dict[str, SourceTree], members: set[str] | None = None
) -> list[MatchedSource]:
    """Match the quotes of ``system`` (of ``members`` only, when given) against each source
    of ``trees`` (source ID → its tree at the register's revision)."""
    reports = [r for r in system.reports.values() if members is None or r.member in members]
    matched = []
    for source_name, tree in trees.items():
        source = system.source_by_id(source_name)
        if source is None or not source.revision:
            continue
        quotes = [q for r in reports for q in r.quotes() if source_id(system, q) == source_name]
        references = [ref for r in reports for ref in r.source_references if ref.source == source_name and ref.paths]
        default = system.source_by_id(None)
        texts: list[str] = []
        if default is not None and default.id == source_name:  # bare paths in prose are the default source's
            texts = [t for r in reports for t in report_texts(r)] + [t for s in system.sources for t in register_texts(s)]
        matched.append(_Matcher(system, source_name, source.revision, tree).match(quotes, references, texts))
    return matched


def updated_lock(system: System, matched: list[MatchedSource], members: set[str] | None = None) -> QuoteLock:
    """The system's lock after ``matched``: their verified quotes replace the entries of the
    quotes they matched; entries of members and sources not matched stay."""
    old = system.lock
    matched_sources = {c.source for c in matched}
    keep = [
        q for q in (old.quotes if old else [])
        if q.source not in matched_sources or (members is not None and q.at.split("#", 1)[0] not in members)
    ]
    sources = {k: v for k, v in (old.sources.items() if old else []) if k not in matched_sources}
    for one in matched:
        previous = old.sources.get(one.source) if old else None
        paths = set(one.existing_paths)
        if members is not None and previous is not None and previous.revision == one.revision:
            paths |= set(previous.paths)  # other members may mention them
        # quotes kept from a capture stay a capture's: a git check of some members vouches for theirs only
        kept_capture = previous is not None and previous.read_from != "git" and any(q.source == one.source for q in keep)
        read_from = "folder" if one.read_from == "folder" or kept_capture else "git"
        sources[one.source] = LockedSource(one.source, one.revision, tuple(sorted(paths)), read_from)
        for outcome in one.outcomes:
            if outcome.verified and outcome.quote is not None:
                quote = outcome.quote
                keep.append(LockedQuote(quote.key, one.source, outcome.path or quote.path, outcome.blob or "",
                                        outcome.lines or "", passage_hash(quote.passage), outcome.match or "exact"))
    path = old.path if old else ""
    return QuoteLock(path, sources, keep)


def _block_texts(blocks: list[Block]) -> Iterator[str]:
    for block in blocks:
        if isinstance(block, Text):
            yield block.text
        elif isinstance(block, Table):
            for row in block.rows:
                yield from row.cells
        elif isinstance(block, ItemList):
            yield from (item.text for item in block.items)
        elif isinstance(block, FieldList):
            yield from (f.value for f in block.fields)


def report_texts(report: Report) -> Iterator[str]:
    """Every Markdown text of a report: description, sections, records, annotations."""
    if report.description:
        yield report.description
    for section in report.sections.values():
        yield from _block_texts(section.blocks)
    for record in report.records:
        yield from _block_texts(record.body)
    for annotation in report.annotations:
        yield from _block_texts(annotation.body)


def register_texts(source: Source) -> Iterator[str]:
    """The Markdown columns of a row of the source register."""
    yield from (text for text in (source.inspected_scope, source.citation_anchors, source.access_gaps) if text)
