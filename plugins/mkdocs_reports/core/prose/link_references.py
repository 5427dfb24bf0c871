"""Markdown link references across a report's fields.

Each field's text is converted on its own (a page is written from many fields), so a link
reference defined in one field (``[spec]: https://…``) and used in another (``[the
spec][spec]``) would silently break: the definition line vanishes, as Markdown intends,
and the use shows its brackets. Both halves are refused, where they stand: a definition
that its own field does not use, and a use whose definition is in another field.

Definitions and uses are found as Python-Markdown finds them (its ``ReferenceProcessor``
and reference link patterns), outside code; labels match without regard to case or runs
of white space.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..diagnostics import Diagnostics, Location
from .citations import mask_code

#: where a piece of a fragment's text stands in its file: (what is written, how many of it come before)
Locate = Callable[[str, int], Location]

_DEFINITION = re.compile(r"^[ ]{0,3}\[([^\[\]]*)\]:[ ]*\n?[ ]*[^\s]+", re.MULTILINE)
#: ``[text][label]`` and ``[label][]``
_FULL_USE = re.compile(r"\[([^\[\]]*)\][ ]?\[([^\[\]]*)\]")
#: ``[label]`` alone (not followed by a link's ``(``, ``[`` or a definition's ``:``)
_SHORT_USE = re.compile(r"\[([^\[\]]+)\](?![\[(:])")


def _label(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass
class _Fragment:
    where: str  # how messages name the field ("Write side", "MEM-RTE-x — Later read-back")
    locate: Locate
    defined: dict[str, Location] = field(default_factory=dict)  # label → where
    used: dict[str, Location] = field(default_factory=dict)  # full or collapsed form
    shortcut: set[str] = field(default_factory=set)  # [label] alone


class LinkReferences:
    """The link references of one report file, fragment by fragment."""

    def __init__(self) -> None:
        self.fragments: list[_Fragment] = []

    def add(self, text: str, where: str, locate: Locate) -> None:
        """Note the definitions and uses of one fragment of Markdown; most texts hold none."""
        if "]" not in text or ("]:" not in text and "][" not in text and "] [" not in text):
            return  # no definition and no full or collapsed use: nothing to check
        masked = mask_code(text)
        fragment = _Fragment(where, locate)

        def place(match: re.Match[str]) -> Location:
            written = text[match.start() : match.end()]
            return locate(written, text.count(written, 0, match.start()))

        for match in _DEFINITION.finditer(masked):
            fragment.defined.setdefault(_label(match[1]), place(match))
        for match in _FULL_USE.finditer(masked):
            fragment.used.setdefault(_label(match[2] or match[1]), place(match))
        fragment.shortcut = {_label(match[1]) for match in _SHORT_USE.finditer(masked)}
        if fragment.defined or fragment.used:
            self.fragments.append(fragment)

    def validate(self, diagnostics: Diagnostics) -> None:
        """Refuse each definition its own fragment does not use, and each use defined elsewhere."""
        defined_in = {label: fragment for fragment in self.fragments for label in fragment.defined}
        for fragment in self.fragments:
            for label, location in fragment.defined.items():
                if label not in fragment.used and label not in fragment.shortcut:
                    users = [f.where for f in self.fragments if f is not fragment and (label in f.used or label in f.shortcut)]
                    elsewhere = f", and {users[0]} uses it" if users else ""
                    diagnostics.error(
                        location,
                        f"the link reference [{label}] is defined in {fragment.where} but not used there{elsewhere}: "
                        "each field is converted on its own, so the definition would vanish from the page",
                        "write the link inline, [text](URL), or define it in the field that uses it",
                    )
            for label, location in fragment.used.items():
                owner = defined_in.get(label)
                if label not in fragment.defined and owner is not None and owner is not fragment:
                    diagnostics.error(
                        location,
                        f"[{label}] uses a link reference defined in {owner.where}: each field is converted on its "
                        "own, so the link would show as brackets",
                        "write the link inline, [text](URL), or define it in this field",
                    )

