"""Text held compressed while it waits to be used.

A build makes every generated page's Markdown, HTML parts and pictures before MkDocs
converts the first page, and each waits until its page is written: at 1,000 reports that
is a large share of the peak memory. Compressed with LZ4 it takes about a quarter. (zlib
at its fastest level holds it in a fifth, but compressing and expanding took about 2 % of
a build; LZ4 does both about four times faster.)
"""

from __future__ import annotations

from array import array

import lz4.block


def pack(text: str) -> bytes:
    return lz4.block.compress(text.encode())


def unpack(packed: bytes) -> str:
    return lz4.block.decompress(packed).decode()


class PackedList:
    """A list of strings, compressed as one text with each string's length."""

    __slots__ = ("_packed", "_lengths")

    def __init__(self, texts: list[str]) -> None:
        self._packed = pack("".join(texts))
        self._lengths = array("I", map(len, texts))

    def unpack(self) -> list[str]:
        text, start, texts = unpack(self._packed), 0, []
        for length in self._lengths:
            texts.append(text[start : start + length])
            start += length
        return texts
