"""'Did you mean …?': the one way an error suggests what an author most likely meant.

``did_you_mean`` (and ``closest_word``) for a word among a few choices (a key, a value, a
heading, a type name); ``NearMisses`` for record IDs, many declared and many cited, without
comparing an unknown ID with every declared one.

Comparing each unresolved ID with all declared IDs costs (unresolved × declared): 2,000
near-miss citations against 2,000 records took half a minute. Instead the declared IDs are
indexed once by each of their one-character deletions (a SymSpell-style index) and by their
name part: an ID one typo away (a letter added, dropped, changed or two swapped) shares a
deletion with it, and one with the wrong prefix or kind shares the name. Only those
candidates are compared, with the same closeness measure as before.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable

#: how close a candidate ID must be (``difflib.SequenceMatcher.ratio``) to be suggested
CUTOFF = 0.75
#: how close a word must be to a choice (``difflib.get_close_matches``' own default)
WORD_CUTOFF = 0.6
#: the longest part of a word compared: no choice is near that long, and difflib's time is
#: quadratic in it
_LONGEST = 200


def closest_word(word: str, choices: Iterable[str], cutoff: float = WORD_CUTOFF) -> str | None:
    """The choice most like ``word``, if one is close enough."""
    close = difflib.get_close_matches(word[:_LONGEST], list(choices), n=1, cutoff=cutoff)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str], shown: str = "{!r}") -> str:
    """``did you mean 'x'? `` to stand before a fix's list of the choices, or nothing when
    none is close; ``shown`` formats the choice (``'## {}'`` for a heading)."""
    close = closest_word(word, choices)
    return f"did you mean {shown.format(close)}? " if close is not None else ""


def _deletions(word: str) -> set[str]:
    return {word, *(word[:index] + word[index + 1 :] for index in range(len(word)))}


def _name(record_id: str) -> str:
    parts = record_id.split("-", 2)
    return parts[2] if len(parts) == 3 else record_id


class NearMisses:
    """The declared IDs of one system, indexed for near-miss lookups."""

    def __init__(self, declared: Iterable[str]) -> None:
        self._by_variant: dict[str, set[str]] = defaultdict(set)
        for record_id in declared:
            self._by_variant["name:" + _name(record_id)].add(record_id)
            for variant in _deletions(record_id):
                self._by_variant[variant].add(record_id)
        self._answers: dict[str, str | None] = {}

    def closest(self, record_id: str) -> str | None:
        """The declared ID most like ``record_id``, if one is close enough."""
        if record_id not in self._answers:
            candidates: set[str] = set(self._by_variant.get("name:" + _name(record_id), ()))
            for variant in _deletions(record_id):
                candidates |= self._by_variant.get(variant, set())
            scored = [
                (difflib.SequenceMatcher(None, record_id, candidate).ratio(), candidate)
                for candidate in sorted(candidates)
                if candidate != record_id
            ]
            best = max(scored, key=lambda pair: pair[0], default=(0.0, None))
            self._answers[record_id] = best[1] if best[0] >= CUTOFF else None
        return self._answers[record_id]
