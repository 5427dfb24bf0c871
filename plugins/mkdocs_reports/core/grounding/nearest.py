"""The line of a file nearest to a passage that is not in it, and how close it comes.

Comparing the passage with every line would cost the passage's length times the file's
(SequenceMatcher is quadratic). Instead an index of the words of each line (built once per
file, linear in its size) picks a few candidate lines that share the passage's rarer
words (a bounded number of index entries is visited, rarest words first); only those
candidates are compared character by character, each with as many lines from it as the
passage is long, the passage cut to a few hundred characters.
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
#: words of the passage looked up in the index, and how many line numbers they may add up
#: to (so that a passage of common words costs no more than a bounded walk of the index)
LOOKED_UP = 200
VISITED = 100_000


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
        words = [w for w in dict.fromkeys(_WORD.findall(wanted)) if w in self.postings][:LOOKED_UP]
        total, budget = len(self.lines) + 1, VISITED
        for word in sorted(words, key=lambda w: len(self.postings[w])):  # rare words first: they say more
            lines = self.postings[word]
            if len(lines) > budget:
                if not scores:  # only common words: their first lines stand for them
                    scores.update((number, 0.1) for number in lines[:budget])
                break  # a word on so many lines cannot single one out; the rarer ones have spoken
            budget -= len(lines)
            weight = math.log(total / len(lines)) + 0.1
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
