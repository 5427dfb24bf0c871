"""Where a quoted passage stands in a source file, as the method's source contract counts it.

"Under whitespace normalization, the quote occurs exactly once in the frozen blob, or
exactly once within a supplied line range that contains the whole quote." So the file's
text is normalised once (its words joined by single spaces, ``str.split`` and ``join`` in
C), the passage likewise, and the one is found in the other with ``str.find``: linear in
the file's size, with nothing compiled per passage. A place is turned into lines by
counting the words before it (each line's first word number is kept). A place where the
passage stands as written, character for character, is *exact*; otherwise what differs
(indentation, line breaks, …) is said.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

#: what git itself takes for a binary file: a NUL byte in the first 8000
_BINARY_PROBE = 8000
#: places listed for an ambiguous passage; more are counted
MAX_PLACES = 20
_WORD = re.compile(r"\S+")
_ELLIPSIS = re.compile(r"…|\.\.\.(?![\w$({\[])")


@dataclass(frozen=True)
class Place:
    """Lines ``first``–``last`` (from 1) and the words ``word``–``last_word`` (from 0) of the
    text, counted as ``str.split`` counts them."""

    first: int
    last: int
    word: int
    last_word: int

    @property
    def lines(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


class SourceText:
    """A file's bytes as text to search: line breaks as ``\\n``, a BOM dropped.

    ``encoding`` says how it was read: ``utf-8``, or ``latin-1`` for a file that is not
    UTF-8 (every byte is then one character, so ASCII passages are still found).
    ``binary`` is set for files git would call binary; they have no text.
    """

    def __init__(self, data: bytes) -> None:
        self.binary = b"\0" in data[:_BINARY_PROBE]
        self.encoding = "utf-8"
        self.text = ""
        self._line_starts: list[int] | None = None
        if self.binary:
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text, self.encoding = data.decode("latin-1"), "latin-1"
        text = text.removeprefix("\ufeff")
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        self.text = text
        self._normal: str | None = None
        self._first_words: list[int] | None = None
        self._first_chars: list[int] | None = None

    @property
    def normal(self) -> str:
        """The text's words joined by single spaces."""
        if self._normal is None:
            self._normal = " ".join(self.text.split())
        return self._normal

    @property
    def first_words(self) -> list[int]:
        """For each line, how many words stand before it."""
        if self._first_words is None:
            self._count_lines()
        return self._first_words  # type: ignore[return-value]

    @property
    def first_chars(self) -> list[int]:
        """For each line, where its first word starts in ``normal`` (or would: after the
        words before it and a space)."""
        if self._first_chars is None:
            self._count_lines()
        return self._first_chars  # type: ignore[return-value]

    def _count_lines(self) -> None:
        words, chars, total, length = [], [], 0, 0
        for line in self.text.split("\n"):
            words.append(total)
            chars.append(length)
            split = line.split()
            total += len(split)
            length += sum(map(len, split)) + len(split)  # each word and the space after it
        self._first_words, self._first_chars = words, chars

    def line_of_word(self, word: int) -> int:
        return bisect_right(self.first_words, word)

    def written(self, place: Place) -> str:
        """The text of a place as the file writes it, from its first word to its last."""
        region = self.region(place)
        skip = place.word - self.first_words[place.first - 1]
        words = list(_WORD.finditer(region))
        start = words[skip].start() if skip < len(words) else 0
        end = words[min(place.last_word - place.word + skip, len(words) - 1)].end() if words else len(region)
        return region[start:end]

    def region(self, place: Place) -> str:
        """The whole lines of a place."""
        starts = self.line_starts
        return self.text[starts[place.first - 1] : starts[place.last] if place.last < len(starts) else len(self.text)]

    @property
    def line_starts(self) -> list[int]:
        if self._line_starts is None:
            starts, text, index = [0], self.text, self.text.find("\n")
            while index >= 0:
                starts.append(index + 1)
                index = text.find("\n", index + 1)
            self._line_starts = starts
        return self._line_starts


def normalised(text: str) -> str:
    return " ".join(text.split())


def places(
    text: SourceText, passage: str, limit: int = MAX_PLACES + 1, lines: tuple[int, int] | None = None
) -> tuple[list[Place], int, bool]:
    """Up to ``limit`` places of the passage (whitespace normalised), how many there are, and
    whether that is all of them; with ``lines`` (first, last), only places within them.

    Places that do not overlap cost the file's length to find, however many; a passage that
    overlaps itself can stand at every word, each place costing the passage's length again.
    So counting stops once the places found have cost four times the text searched: the
    count is then a lower bound (``complete`` is false). A line range is searched alone,
    so a place in it is found however often the passage stands elsewhere."""
    wanted = normalised(passage)
    if not wanted:
        return [], 0, True
    normal, spaces = text.normal, wanted.count(" ")
    start, end, words_before = 0, len(normal), 0
    if lines is not None:
        starts = text.first_chars
        if lines[0] > len(starts):
            return [], 0, True
        start, words_before = starts[lines[0] - 1], text.first_words[lines[0] - 1]
        end = min(starts[lines[1]] if lines[1] < len(starts) else len(normal), len(normal))
    budget = max(limit, 4 * (end - start) // len(wanted))
    found: list[Place] = []
    count, counted_to = 0, start
    index = normal.find(wanted, start, end)
    while index >= 0:
        if count == budget:
            return found, count, False
        count += 1
        if len(found) < limit:
            words_before += normal.count(" ", counted_to, index)  # the word the place starts in
            counted_to = index
            first_word, last_word = words_before, words_before + spaces
            found.append(Place(text.line_of_word(first_word), text.line_of_word(last_word), first_word, last_word))
        index = normal.find(wanted, index + 1, end)
    return found, count, True


def parse_lines(lines: str | None) -> tuple[int, int] | None:
    """``"12"`` → (12, 12), ``"12-14"`` → (12, 14); ``None`` for anything else."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*", lines or "")
    if not match:
        return None
    first = int(match.group(1))
    last = int(match.group(2) or first)
    return (first, last) if 0 < first <= last else None


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _line_end(line: str) -> str:
    return line[len(line.rstrip()) :]


def differences(passage: str, written: str) -> list[str]:
    """How the source's text (``written``, first word to last) differs from the passage,
    in whitespace only, in words: tabs, line breaks, indentation, spaces at line ends,
    spaces between words."""
    passage = passage.strip()
    said = []
    if "\t" in written and "\t" not in passage:
        said.append("tabs")
    source_lines, passage_lines = written.split("\n"), passage.split("\n")
    if len(source_lines) != len(passage_lines):
        def count(n: int) -> str:
            return f"{n} lines" if n > 1 else "one line"
        said.append(f"line breaks (the source has {count(len(source_lines))}, the passage {count(len(passage_lines))})")
        return said
    pairs = [(a, b) for a, b in zip(source_lines, passage_lines, strict=True) if a != b]
    if any(_indent(a) != _indent(b) for a, b in pairs):
        said.append("indentation")
    if any(_line_end(a) != _line_end(b) for a, b in pairs):
        said.append("spaces at line ends")
    if any(a.strip() != b.strip() for a, b in pairs):
        said.append("spaces between words")
    return [kind for kind in dict.fromkeys(said)] or ["whitespace"]


def ellipsis_in(passage: str) -> bool:
    """An elision mark (``…`` or a ``...`` not followed by code): the method forbids them."""
    return bool(_ELLIPSIS.search(passage))
