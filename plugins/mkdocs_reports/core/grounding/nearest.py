"""The line of a file nearest to a passage that is not in it, and how close it comes.

Comparing the passage with every line would cost the passage's length times the file's
(SequenceMatcher is quadratic). Instead an index of the words of each line (built once per
file, linear in its size) picks a few candidate lines that share the passage's rarer
words; only those are compared character by character, each with as many lines from it
as the passage is long.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass
from difflib import SequenceMatcher

from .passage import SourceText, normalised

_WORD = re.compile(r"\w{2,}")
CANDIDATES = 8
#: at most this much of the passage is compared, so one comparison stays cheap
COMPARED = 600
#: words of the passage looked up in the index
LOOKED_UP = 200


@dataclass(frozen=True)
class Nearest:
    line: int  # from 1
    text: str  # the line, whitespace normalised
    similarity: float  # 0–1, difflib's ratio of the passage and the text from that line on


class LineIndex:
    """Which lines each word stands on, for one file."""

    def __init__(self, text: SourceText) -> None:
        self.text = text
        self.lines = text.text.split("\n")
        postings: dict[str, list[int]] = defaultdict(list)
        for number, line in enumerate(self.lines):
            for word in set(_WORD.findall(line)):
                postings[word].append(number)
        self.postings = postings

    def nearest(self, passage: str) -> Nearest | None:
        wanted = normalised(passage)[:COMPARED]
        if not wanted:
            return None
        scores: dict[int, float] = defaultdict(float)
        words = list(dict.fromkeys(_WORD.findall(wanted)))[:LOOKED_UP]
        total = len(self.lines) + 1
        for word in words:
            lines = self.postings.get(word)
            if not lines:
                continue
            weight = math.log(total / len(lines)) + 0.1  # rare words say more
            for number in lines:
                scores[number] += weight
        if not scores:
            return None
        candidates = sorted(scores, key=lambda n: (-scores[n], n))[:CANDIDATES]
        best: Nearest | None = None
        for number in sorted(candidates):
            window = self._window(number, len(wanted))
            ratio = SequenceMatcher(None, wanted, window, autojunk=False).ratio()
            if best is None or ratio > best.similarity:
                best = Nearest(number + 1, normalised(self.lines[number]), ratio)
        return best

    def _window(self, start: int, length: int) -> str:
        """Normalised text from line ``start`` on, about ``length`` characters long."""
        pieces, size, number = [], 0, start
        while number < len(self.lines) and size < length and number - start < 200:
            piece = normalised(self.lines[number])
            if piece:
                pieces.append(piece)
                size += len(piece) + 1
            number += 1
        return " ".join(pieces)[: length + 40]
