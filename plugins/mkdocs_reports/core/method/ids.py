"""Record ID grammar: ``<PREFIX>-<KIND>-<name>``, the one place that knows it.

Prefixes come from the member types (``member_types/*.yaml`` and a collection's own),
kinds from the method's record contract, so a grammar is built per set of types.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from .site_names import SLUG

#: the parts of an ID: a prefix (``MEM``), a kind code (``RTE``), a name of one to three
#: lowercase words (``update-path``)
PREFIX = r"[A-Z]{2,5}"
KIND = r"[A-Z]{2,4}"
_WORD = r"[a-z][a-z0-9]*"
_NAME = rf"{_WORD}(?:-{_WORD}){{0,2}}"
#: a name as an author may mistype it: judged afterwards, so that a typo is reported
_LOOSE_NAME = r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*"
#: anything shaped like a record ID, whatever a collection's prefixes (a pattern to embed)
ID_SHAPE = rf"{PREFIX}-{KIND}-{_LOOSE_NAME}"
#: a record cited by its link destination, ``memory.md#mem-rte-update-path``: the member
#: and the record's anchor (its ID in lower case, see ``anchor_of``)
DESTINATION_RE = re.compile(rf"({SLUG.pattern})\.md#({PREFIX.lower()}-{KIND.lower()}-{_WORD}(?:-{_WORD})*)")
#: a source of the source register: SRC-1, SRC-2, …
SOURCE_ID_RE = re.compile(r"^SRC-[1-9][0-9]*$")


@dataclass(frozen=True, eq=False)
class IdGrammar:
    """The IDs a collection can declare: ``prefixes`` maps each prefix to the member (file
    name) that declares it, ``kinds`` each kind code to its heading, in page order."""

    prefixes: dict[str, str]
    kinds: dict[str, str]
    #: only a link cites a record (the method's current sets, ADR 115): a bare ID, or one in
    #: inline code, is text
    links_only: bool = False

    @cached_property
    def links_only_twin(self) -> IdGrammar:
        """The same IDs, cited by link only."""
        return IdGrammar(self.prefixes, self.kinds, links_only=True)

    @cached_property
    def id_re(self) -> re.Pattern[str]:
        return re.compile(rf"^({self._alternatives(self.prefixes)})-({self._alternatives(self.kinds)})-({_NAME})$")

    @cached_property
    def candidate_re(self) -> re.Pattern[str]:
        """Anything in prose that looks like an attempt at a record ID, well formed or not.
        Well-formedness is judged afterwards, so that a typo is reported instead of ignored."""
        return re.compile(
            rf"(?<![\w-])({self._alternatives(self.prefixes)})-({KIND})-({_LOOSE_NAME})(?![\w])"
        )

    def candidates(self, text: str) -> list[re.Match[str]]:
        """``candidate_re.finditer(text)``, found twice as fast in prose.

        A candidate starts where a prefix and its dash stand, so the pattern is tried only
        at those places (found by plain substring searches), in order, each after the end of
        the last match: what ``finditer`` does, less its attempt at every other character
        (its lookbehind comes first, so the regex engine cannot skip ahead by itself).
        """
        starts = set()
        for needle in self._prefix_needles:
            index = text.find(needle)
            while index >= 0:
                starts.add(index)
                index = text.find(needle, index + 1)
        found, end = [], 0
        for start in sorted(starts):
            if start >= end and (match := self.candidate_re.match(text, start)):
                found.append(match)
                end = match.end()
        return found

    @cached_property
    def _prefix_needles(self) -> tuple[str, ...]:
        return tuple(f"{prefix}-" for prefix in self.prefixes)

    @cached_property
    def _mention_needles(self) -> tuple[str, ...]:
        return (*(f"{prefix}-" for prefix in self.prefixes), "SRC-", ".md#")

    def might_mention(self, text: str) -> bool:
        """Whether a text can hold a citation or source mention at all: a quick test (plain
        substring searches) before the full scan."""
        for needle in self._mention_needles:  # (a loop, not any(): no generator per text)
            if needle in text:
                return True
        return False

    @staticmethod
    def _alternatives(words: Iterable[str]) -> str:
        return "|".join(sorted((re.escape(word) for word in words), key=len, reverse=True)) or "(?!)"

    def is_valid_id(self, value: str) -> bool:
        return self.id_re.fullmatch(value) is not None

    def is_candidate(self, value: str) -> bool:
        """Whether the whole of ``value`` looks like a record ID (well formed or not)."""
        match = self.candidate_re.match(value)
        return match is not None and match.end() == len(value)

    def id_problem(self, value: str) -> str | None:
        """Say what is wrong with a would-be record ID, or ``None`` when it is well formed."""
        if self.is_valid_id(value):
            return None
        parts = value.split("-", 2)
        if len(parts) < 3 or not parts[2]:
            return "a record ID has three parts, <PREFIX>-<KIND>-<name>, e.g. MEM-RTE-memory-edit"
        prefix, kind, name = parts
        if prefix not in self.prefixes:
            return f"unknown prefix {prefix!r}; use one of {', '.join(self.prefixes)}"
        if kind not in self.kinds:
            return f"unknown kind {kind!r}; use one of {', '.join(self.kinds)}"
        words = name.split("-")
        if len(words) > 3:
            return f"the name {name!r} has {len(words)} words; use one to three words joined by '-'"
        return (
            f"the name {name!r} must be lowercase words joined by '-', each starting with a letter "
            "(e.g. bge-m3, memory-addresses)"
        )

    def id_of_anchor(self, anchor: str) -> str | None:
        """The record ID whose page anchor is ``anchor`` (``rt-obj-store`` → ``RT-OBJ-store``)."""
        candidate = id_spelled_by(anchor)
        return candidate if self.is_valid_id(candidate) else None

    def member_of(self, record_id: str) -> str | None:
        """The member (file name) that declares ``record_id``, by its prefix."""
        return self.prefixes.get(prefix_of(record_id))


def prefix_of(record_id: str) -> str:
    return record_id.split("-", 1)[0]


def kind_of(record_id: str) -> str:
    return record_id.split("-", 2)[1]


def anchor_of(record_id: str) -> str:
    """The HTML anchor of a record: its ID in lower case."""
    return record_id.lower()


def id_spelled_by(anchor: str) -> str:
    """The ID an anchor spells, declared or not: its first two parts in upper case
    (``rt-obj-store`` → ``RT-OBJ-store``)."""
    parts = anchor.split("-", 2)
    return "-".join([*(part.upper() for part in parts[:2]), *parts[2:]])
