"""How one scalar is spelled in the house style: plain when YAML reads it back as the same
text, quoted otherwise, a literal block (``|``) for prose over lines.

Both writers use it: ``writer`` (a report or set from data) and ``styled`` (values as their
author spelled them), and the method's Markdown front matter (``markdown.spelling``).
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from yaml.nodes import ScalarNode

_STR_TAG = "tag:yaml.org,2002:str"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_RESOLVER = yaml.resolver.Resolver()
#: the first characters of the texts YAML 1.1 reads as something else (true, 12, null, …)
_TYPED_START = frozenset(_RESOLVER.yaml_implicit_resolvers)
#: characters that only a double-quoted scalar can carry: controls, and the characters
#: YAML 1.1 reads as line breaks or a byte-order mark
_NEEDS_ESCAPE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")
_PLAIN_START = set("-?:,[]{}#&*!|>'\"%@` \t")


def plain_safe(text: str, typed: bool = True) -> bool:
    """Whether ``text`` can be written unquoted and read back as the same text. ``typed``:
    also as text by a reader that types values (``12``, ``yes`` and ``null`` are quoted, so
    that an editor checking the schema sees text). Keys are not typed as booleans (``on:``:
    YAML 1.2 editors read it as text, as this project's reader does)."""
    if not text or text != text.strip() or "\n" in text or "\t" in text or text[0] in _PLAIN_START:
        return False
    if text == "..." or text.startswith("... "):  # at a line's start, the end of the document
        return False
    if ": " in text or " #" in text or text.endswith(":") or _NEEDS_ESCAPE.search(text):
        return False
    if text[0] not in _TYPED_START:
        return True  # no implicit type starts with this character (most prose)
    tag = _RESOLVER.resolve(ScalarNode, text, (True, False))
    return tag == _STR_TAG or (not typed and tag == _BOOL_TAG)


def double_quoted(text: str) -> str:
    """A double-quoted scalar: the one form that carries every character (escaped)."""
    out = []
    for char in text:
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif _NEEDS_ESCAPE.match(char):
            out.append(f"\\u{ord(char):04x}" if ord(char) > 0xFF else f"\\x{ord(char):02x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def quoted(text: str) -> str:
    """A one-line quoted form: single quotes when they need no doubling, else double."""
    if _NEEDS_ESCAPE.search(text) or "\n" in text:
        return double_quoted(text)
    if "'" not in text or ('"' in text or "\\" in text):
        return "'" + text.replace("'", "''") + "'"
    return double_quoted(text)


@lru_cache(maxsize=1024)  # a member writes the same few keys thousands of times
def key_text(key: str) -> str:
    return key if plain_safe(key, typed=False) else quoted(key)


def block_lines(text: str) -> tuple[str, list[str]] | None:
    """A literal block scalar: its header (``|``, ``|-``, ``|+``, with an indentation
    indicator when the first line starts with white space) and its lines; ``None`` when the
    text cannot be one."""
    if _NEEDS_ESCAPE.search(text) or "\r" in text:
        return None
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
        chomp = "+" if text.endswith("\n\n") else ""
    else:
        chomp = "-"
    if not lines or all(not line.strip() for line in lines):
        return None
    # libyaml finds the indentation from the first line: one starting with a space or a tab
    # needs it said
    indicator = "2" if lines[0][:1] in (" ", "\t", "") or not lines[0].strip() else ""
    return f"|{indicator}{chomp}", lines
