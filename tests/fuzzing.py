"""Mutated report files, as a fuzzer would make them: the inputs of test_fuzz.py (a few
hundred per run) and of benchmarks/fuzz_reports.py (ten thousand and more).

Each input starts from a valid report (the sample collection's) and gets a few mutations:
bytes that YAML or Markdown read as syntax, tags, anchors, deep nesting, comments, control
characters, invalid UTF-8, long runs, lines duplicated, cut or swapped. Everything is drawn
from one ``random.Random(seed)``, so a failing input can be made again from its number.
"""

from __future__ import annotations

import random
from pathlib import Path

#: the sample's reports (not its set files, which never load as a report)
SEEDS = sorted(p for p in (Path(__file__).parent / "fixtures" / "sample").glob("*/*.yaml") if not p.name.startswith("_"))

SNIPPETS = [
    b": ", b"- ", b"? ", b"[", b"]", b"{", b"}", b"&a ", b"*a", b"!foo ", b"!!python/object ", b"--- !foo\n",
    b"|", b">", b"#", b" #", b"'", b'"', b"%YAML 1.1\n", b"---\n", b"...\n", b"\t", b"\r\n", b"\\",
    b"`", b"```", b"~~~", b"    ", b"<", b"<img src=x onerror=alert(1)>", b"&lt;", b"{: onclick=x }",
    b"[x](javascript:alert(1))", b"![x](https://tracker.example/p.png)", b"MEM-OBJ-", b"MEM-OBJ-notes",
    b"RT-RTE-x", b"MEM-XYZ-Bad_1", b"\x00", b"\x07", b"\x1b[31m", b"\xc2\x85", b"\xef\xbf\xbe", b"\xff\xfe",
    b"\xe2\x80\xae", b"\xf0\x9f\x98\x80", b"\xc3", b"\\e", b"\\x07", b"\\u0000", b"- - - - - - - - ",
    b"!!! note\n", b"# ", b"***\n", b"---\n", b"|---|\n", b"id: MEM-OBJ-notes\n", b"label: 'x'\n",
]


#: what a file can start with before its first key
STARTS = [b"--- !foo\n", b"--- !!map\n", b"!foo\n", b"%YAML 1.1\n---\n", b"\xef\xbb\xbf", b"---\n", b"--- &a\n", b"- ", b"? "]


def seeds() -> list[bytes]:
    return [path.read_bytes() for path in SEEDS]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """``data`` with one to eight mutations."""
    for _ in range(rng.randint(1, 8)):
        kind = rng.randrange(10)
        at = rng.randrange(len(data) + 1)
        if kind <= 2:
            data = data[:at] + rng.choice(SNIPPETS) + data[at:]
        elif kind == 3:
            data = data[:at] + data[at + rng.randint(1, 40) :]
        elif kind == 4:
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        elif kind == 5:
            lines = data.split(b"\n")
            index = rng.randrange(len(lines))
            lines.insert(index, lines[rng.randrange(len(lines))])
            data = b"\n".join(lines)
        elif kind == 6:
            lines = data.split(b"\n")
            first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[first], lines[second] = lines[second], lines[first]
            data = b"\n".join(lines)
        elif kind == 7:
            data = data[:at] + rng.choice([b"[", b"{", b"- ", b"`", b"#", b" ", b"a"]) * rng.choice([10, 100, 1000]) + data[at:]
        elif kind == 8:
            data = rng.choice(STARTS) + data
        else:
            data = data[:at]  # cut short
    return data


def inputs(count: int, seed: int = 8) -> list[tuple[int, bytes]]:
    """``count`` mutated reports, numbered."""
    rng = random.Random(seed)
    originals = seeds()
    return [(number, mutate(rng.choice(originals), rng)) for number in range(count)]
