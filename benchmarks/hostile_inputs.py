"""Hostile inputs against clean twins of the same size, measured in the same run.

Each case writes a hostile collection and a clean one of (nearly) the same bytes, then
times, each in a fresh process, ``check`` (load + validate) and a whole ``mkdocs build``
(not strict, so that what can be built is), and reads the process's peak memory. The
figure to watch is the ratio hostile / clean: the goal is at most 3×, which says the
hostile input costs time linear in its size like any other.

    python benchmarks/hostile_inputs.py [--cases near-miss …] [--big-mb 10] [--no-build]

Cases (the reproducers of issue 8):

* near-miss: 2,000 records each citing an ID one letter off a declared one ("did you mean")
* repeated-id: one ID written 32,000 times across the texts of one report
* distinct-ids: not hostile — as many citations of different IDs, to tell the cost of
  link density (every link is Markdown, link-check and search-index work) from that of
  repetition
* unclosed-fences: 32,000 lines that open a fence and never close it
* backtick-runs: 2 MB of backtick runs of every length, in fields at the length limit
* long-labels: every title, label and name at the one-line limit, linked thousands of times
* title-300kb: a 300 KB title (refused by its length)
* big-file: one report at the size limit against the same bytes in ten reports
* many-errors: a file at the size limit whose every line is an error (printed, capped),
  as many lines as a report may have (a file of millions of lines is refused by their number)
* word-diff (issue 22): a build with a Changes page whose base holds ``a b`` repeated to the
  text limit in every field where the head holds ``a c`` (difflib took 22 s for 1,000 pairs
  of one field); the clean twin edits a few words of prose fields of the same size
* Markdown read ahead of itself (issue 22): three fields at the text limit, each made of one
  unit repeated: link brackets ``[`` (Python-Markdown scanned to the paragraph's end from
  each: 20,000 took 40 s), image openings ``![``, ``[x ``, open addresses ``[a](``, open
  references ``[a][``, brackets or links nested 10,000 or 5,000 deep; and their neighbours
  that a linear reader already handles: emphasis and strong runs, code spans, ``<a``,
  backslashes, lists and quotes nested 15 deep, fence lines
* YAML aliases (issue 29): the "billion laughs", ten aliases per level six levels deep (a
  million values from a few hundred bytes), in a report, under a set file's ``manifest:``,
  under a profile's ``memory_comparison:``, in a quote lock and a member type file (checked),
  and in a published set's ``ARTIFACT.yaml`` and a member's front matter (imported, with
  ``--check``); each clean twin is the same file with the anchors dropped and every alias
  written as a plain word
* shared corrections (issue 29): one reconciliation entry naming 1,200 records, an
  ``Unresolved conflict:`` (wide-conflict) or an ``Amendment:`` superseded by 1,199 of them
  (wide-supersession), which every record it names repeated whole; the clean twin cites the
  same records in the same bytes of prose beside an entry that names two
* many-sources (issue 29): a register of 24,000 sources, each cited by its ``SRC-n`` in the
  records (every mention looked the source up by a scan of the register); the clean twin has
  the same register and records that cite records instead
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from mkdocs_reports.core.yamlio.reader import MAX_LINES  # noqa: E402
from synthetic import _sentences  # noqa: E402

HEADER = (
    "type: agentic-system-memory-report\nsystem: {name}\ntitle: {title}\nboundary: The boundary.\n"
    "description: A benchmark report.\nrun_id: AAS-2026-01-01-bench-01\n"
    "reviewed_boundary: 0123456789abcdef0123456789abcdef01234567\nsource_identity: https://github.com/example/bench\n"
    "core_ideas: Ideas.\nwrite_side: Writes.\nread_back: Reads.\nintegration_issues: None.\nlimitations: None.\n"
)
#: every system's set file: the source register that the seed sentences cite (SRC-1)
SET_FILE = (
    "sources:\n  - id: SRC-1\n    kind: git\n    identity: https://github.com/example/bench\n"
    "    revision: 0123456789abcdef0123456789abcdef01234567\n"
)
TEXT_LIMIT = 20_000
#: the published set the import cases read (as benchmarks/import_sets.py does)
INKWELL = REPO / "tests" / "fixtures" / "sets" / "retained" / "inkwell"

#: run in a fresh process: one measurement, printed as JSON (seconds, peak memory)
CHILD = r"""
import json, sys, time, io, contextlib
mode, target, benchmarks = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, benchmarks)
from own_peak import own_peak  # not ru_maxrss: it counts the parent's memory at the fork
start = time.perf_counter()
if mode == "check":
    from mkdocs_reports.core.rules.collection_check import check_collection
    result = check_collection(target)
    errors = len(result.errors) + result.omitted
elif mode == "cli":
    from mkdocs_reports import cli
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli.main(["check", target])
    errors = out.getvalue().count(": error: ")
elif mode == "import":  # a set folder or one member, checked against an empty collection
    from pathlib import Path
    from mkdocs_reports.core.markdown.reader import import_markdown
    result = import_markdown([Path(target)], Path(target).parent / "out", system="inkwell", dry_run=True)
    errors = sum(d.severity == "error" for d in result.diagnostics)
else:
    import logging, os
    if len(sys.argv) > 4:  # the base of the Changes page
        os.environ["REPORTS_BASE_EXPORT"] = sys.argv[4]
    logging.disable(logging.CRITICAL)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    config = load_config(target + "/mkdocs.yml", strict=False)
    build(config)
    errors = None
seconds = time.perf_counter() - start
site = None
if mode == "build":  # what readers download: the built site's bytes
    from pathlib import Path
    site = sum(p.stat().st_size for p in Path(config["site_dir"]).rglob("*") if p.is_file()) / 1e6
print(json.dumps({"seconds": seconds, "peak_mb": own_peak() / 2**20, "errors": errors, "site_mb": site}))
"""


def block(text: str, indent: int) -> str:
    """``text`` as a YAML literal block scalar at ``indent``."""
    pad = " " * indent
    return "|\n" + "".join(pad + line + "\n" if line else "\n" for line in text.split("\n"))


def record(record_id: str, label: str, text: str, notes: str = "") -> str:
    out = f"  - id: {record_id}\n    label: {json.dumps(label)}\n    body:\n      - text: {block(text, 10)}"
    return out + (f"      - text: {block(notes, 10)}" if notes else "")


class Prose:
    """Realistic prose (the seed reports' sentences), cut to the length asked for."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.sentences = _sentences()

    def __call__(self, length: int, cite: list[str] = ()) -> str:
        parts, size = [], 0
        while size < length:
            sentence = self.rng.choice(self.sentences)
            if cite and self.rng.random() < 0.2:
                sentence += f" See {self.rng.choice(cite)}."
            parts.append(sentence)
            size += len(sentence) + 1
        text = " ".join(parts)
        return text if len(text) <= length else text[: text.rfind(" ", 0, length + 1)].rstrip()


def pad_to(clean: str, size: int, prose: Prose) -> str:
    """The clean report (whose records come last), with records of prose added so that it
    has ``size`` bytes."""
    out, number = clean, 0
    while size - len(out.encode()) > 200:
        missing = size - len(out.encode())
        out += record(f"MEM-OBJ-pad-n{number}", "Padding", prose(min(missing - 120, TEXT_LIMIT - 1000)))
        number += 1
    return out


def near_miss(prose: Prose, count: int = 2000) -> tuple[dict, dict]:
    ids = [f"MEM-OBJ-item-n{i}" for i in range(count)]

    def report(cited) -> str:
        body = "records:\n" + "".join(record(ids[i], f"Item {i}", f"Reads {cited(i)} first.") for i in range(count))
        return HEADER.format(name="Alpha", title="Near misses") + body

    return {"alpha/memory.yaml": report(lambda i: f"MEM-OBJ-itme-n{i}")}, {"alpha/memory.yaml": report(lambda i: ids[(i + 1) % count])}


def repeated_id(prose: Prose, times: int = 32_000, *, distinct: bool = False) -> tuple[dict, dict]:
    per_text = TEXT_LIMIT // len("MEM-OBJ-item-n0 ")
    texts = -(-times // per_text)

    def cited(text: int) -> str:
        if not distinct:
            return ("MEM-OBJ-item-n0 " * per_text).strip()
        return " ".join(f"MEM-OBJ-item-n{(text + k) % (texts + 1)}" for k in range(per_text))[: per_text * 16].rsplit(" ", 1)[0]

    hostile = "records:\n" + record("MEM-OBJ-item-n0", "Item", "x") + "".join(
        record(f"MEM-OBJ-item-n{i + 1}", f"Item {i}", cited(i)) for i in range(texts)
    )
    ids = ["MEM-OBJ-item-n0", *(f"MEM-OBJ-item-n{i + 1}" for i in range(texts))]
    clean = "records:\n" + record("MEM-OBJ-item-n0", "Item", "x") + "".join(
        record(f"MEM-OBJ-item-n{i + 1}", f"Item {i}", prose(per_text * 16 - 1, ids)) for i in range(texts)
    )
    head = HEADER.format(name="Alpha", title="Repeated")
    return {"alpha/memory.yaml": head + hostile}, {"alpha/memory.yaml": head + clean}


def distinct_ids(prose: Prose) -> tuple[dict, dict]:
    """Not hostile: as many citations as repeated-id, of different IDs, against prose; what
    link density alone costs (each link is Markdown, link-check and search work)."""
    return repeated_id(prose, distinct=True)


def _fielded(prose: Prose, make, total: int, name: str) -> tuple[dict, dict]:
    """Records whose texts (at most the limit each) hold ``total`` bytes made by ``make``;
    the clean twin has records of prose of the same bytes of YAML."""
    texts, left, number = [], total, 0
    while left > 100:
        text = make(min(left, TEXT_LIMIT - 100), number)
        texts.append(text)
        left -= len(text)
        number += 1
    head = HEADER.format(name="Alpha", title=name)
    hostile = head + "records:\n" + "".join(record(f"MEM-OBJ-item-n{i}", f"Item {i}", t) for i, t in enumerate(texts))
    return {"alpha/memory.yaml": hostile}, {"alpha/memory.yaml": pad_to(head + "records:\n", len(hostile.encode()), prose)}


def unclosed_fences(prose: Prose, lines: int = 32_000) -> tuple[dict, dict]:
    def make(length: int, number: int) -> str:
        return "\n".join(["```x"] * (length // 5))

    return _fielded(prose, make, lines * 5, "Unclosed fences")


def backtick_runs(prose: Prose, total: int = 2_000_000) -> tuple[dict, dict]:
    def make(length: int, number: int) -> str:
        rng = random.Random(number)
        parts, size = [], 0
        while size < length - 40:
            part = "`" * rng.randint(1, 12) + rng.choice([" ", "a", "\\", " x "])
            parts.append(part)
            size += len(part)
        return "".join(parts).replace("\n", " ")

    return _fielded(prose, make, total, "Backtick runs")


def long_labels(prose: Prose, count: int = 2000) -> tuple[dict, dict]:
    ids = [f"MEM-OBJ-item-n{i}" for i in range(count)]
    long = lambda i: (f"Label {i} " + "lengthy " * 40)[:300].rstrip()  # noqa: E731
    hostile = HEADER.format(name=long(-1)[:300], title=long(-2)) + "records:\n" + "".join(
        record(ids[i], long(i), f"Reads {ids[(i + 1) % count]} and {ids[(i + 7) % count]}.") for i in range(count)
    )
    clean = HEADER.format(name="Alpha", title="Short labels") + "records:\n" + "".join(
        record(ids[i], f"Item {i}", f"Reads {ids[(i + 1) % count]} and {ids[(i + 7) % count]}.", prose(len(long(i)) - 10))
        for i in range(count)
    )
    return {"alpha/memory.yaml": hostile}, {"alpha/memory.yaml": pad_to(clean, len(hostile.encode()), prose)}


def title_300kb(prose: Prose) -> tuple[dict, dict]:
    body = "records:\n" + "".join(record(f"MEM-OBJ-item-n{i}", f"Item {i}", prose(1000)) for i in range(200))
    hostile = HEADER.format(name="Alpha", title="T" * 300_000) + body
    clean = HEADER.format(name="Alpha", title="Title") + body
    return {"alpha/memory.yaml": hostile}, {"alpha/memory.yaml": pad_to(clean, len(hostile.encode()), prose)}


def big_file(prose: Prose, megabytes: int = 10) -> tuple[dict, dict]:
    def records(start: int, size: int) -> str:
        out, number = [], start
        total = 0
        while total < size:
            text = record(f"MEM-OBJ-item-n{number}", f"Item {number}", prose(1200, [f"MEM-OBJ-item-n{max(start, number - 1)}"]))
            out.append(text)
            total += len(text.encode())
            number += 1
        return "".join(out)

    limit = megabytes * 1024 * 1024 - 4096
    one = HEADER.format(name="Alpha", title="Big") + "records:\n" + records(0, limit - 200)
    ten = {f"s{n}/memory.yaml": HEADER.format(name=f"S{n}", title="Part") + "records:\n" + records(0, limit // 10 - 200)
           for n in range(10)}
    return {"alpha/memory.yaml": one}, ten


def many_errors(prose: Prose, megabytes: int = 10) -> tuple[dict, dict]:
    """Every line an error (and as many lines as a report may have: MAX_LINES), padded to
    the size limit with one long line; the clean twin is big-file's report."""
    limit = megabytes * 1024 * 1024 - 4096
    line = "MEM-X-1: x\n"
    head = HEADER.format(name="Alpha", title="Errors")
    errors = line * min((limit - 200) // len(line), MAX_LINES - 100)
    hostile = head + errors + "limitations: " + "x" * max(0, limit - 200 - len(head) - len(errors)) + "\n"
    clean = big_file(prose, megabytes)[0]["alpha/memory.yaml"]
    return {"alpha/memory.yaml": hostile}, {"alpha/memory.yaml": clean}


def word_diff(prose: Prose, total: int = 1_000_000) -> tuple[dict, dict, dict, dict]:
    """Heads and bases (hostile, clean, hostile base, clean base) for a Changes page."""
    head = HEADER.format(name="Alpha", title="Word diff") + "records:\n"
    count = total // TEXT_LIMIT
    pairs = TEXT_LIMIT // 4 - 10

    def report(text) -> dict:
        return {"alpha/memory.yaml": head + "".join(record(f"MEM-OBJ-item-n{i}", f"Item {i}", text(i)) for i in range(count))}

    texts = [prose(TEXT_LIMIT - 100) for _ in range(count)]
    edited = [" ".join(w if n % 97 else "edited" for n, w in enumerate(t.split(" "))) for t in texts]
    return (report(lambda i: ("a c " * pairs).strip()), report(lambda i: edited[i]),
            report(lambda i: ("a b " * pairs).strip()), report(lambda i: texts[i]))


RECONCILIATION_HEADER = (
    "type: agentic-system-reconciliation-report\ntitle: Reconciliation\ndescription: A benchmark reconciliation.\n"
    "reconciliation: "
)


def _shared_entry(entry: str):
    """A case: a memory member of 1,200 records and a reconciliation whose one entry names
    them all (``entry`` starts it: its records follow, joined by commas); the clean twin's
    entry names two of them and a paragraph before it cites all 1,200, in the same bytes."""

    def case(prose: Prose, count: int = 1200) -> tuple[dict, dict]:
        ids = [f"MEM-OBJ-n{i}" for i in range(count)]
        memory = HEADER.format(name="Alpha", title="Records") + "records:\n" + "".join(
            record(ids[i], f"Item {i}", prose(400)) for i in range(count))
        named = ", ".join(i for i in ids if i not in entry)  # a record supersedes no record by itself
        hostile = f"{entry} {named}: they disagree on the store."
        clean = f"The members cite {named}.\n\nUnresolved conflict: {ids[0]} and {ids[1]} disagree on the store."
        clean += " " * max(0, len(hostile) - len(clean) - 1) + "."

        def files(text: str) -> dict:
            return {"alpha/memory.yaml": memory, "alpha/reconciliation.yaml": RECONCILIATION_HEADER + block(text, 2)}

        return files(hostile), files(clean)

    return case


def many_sources(prose: Prose, count: int = 24_000, per_record: int = 10) -> tuple[dict, dict]:
    """A register of ``count`` sources, each cited once in the records' texts; the clean
    twin has the same register and records that cite records instead, in the same bytes."""
    register = "sources:\n" + "".join(
        f"  - id: SRC-{n}\n    kind: git\n    identity: https://github.com/example/bench{n if n > 1 else ''}\n"
        "    revision: 0123456789abcdef0123456789abcdef01234567\n" for n in range(1, count + 1))
    records = count // per_record
    ids = [f"MEM-OBJ-n{i}" for i in range(records)]
    head = HEADER.format(name="Alpha", title="Sources") + "records:\n"

    def text(i: int, cited) -> str:
        return " ".join(f"Reads {cited(i * per_record + k)} first." for k in range(per_record))

    hostile = head + "".join(record(ids[i], f"Item {i}", text(i, lambda n: f"SRC-{n + 1}")) for i in range(records))
    clean = head + "".join(record(ids[i], f"Item {i}", text(i, lambda n: ids[n % records])) for i in range(records))
    return {"alpha/_set.yaml": register, "alpha/memory.yaml": hostile}, {"alpha/_set.yaml": register, "alpha/memory.yaml": clean}


def _markdown_runs(unit: str, name: str, end: str = "", fields: int = 3):
    """A case of ``fields`` texts at the text limit made of ``unit`` repeated (then ``end``)."""

    def case(prose: Prose) -> tuple[dict, dict]:
        def make(length: int, number: int) -> str:
            body = unit * ((length - len(end)) // len(unit))
            return body + end[: length - len(body)]

        return _fielded(prose, make, fields * (TEXT_LIMIT - 100), name)

    return case


def _nested(prefix: str, name: str):
    """Lines nested as deep as the check allows (15 levels), then out again, to the limit."""

    def case(prose: Prose) -> tuple[dict, dict]:
        def make(length: int, number: int) -> str:
            lines, size, depth = [], 0, 0
            while size < length - 100:
                line = prefix(depth % 15) + "x"
                lines.append(line)
                size += len(line) + 1
                depth += 1
            return "\n".join(lines)

        return _fielded(prose, make, 3 * (TEXT_LIMIT - 100), name)

    return case


def alias_bomb(indent: int, levels: int = 6, width: int = 10) -> str:
    """Keys at ``indent`` whose last value repeats ``width ** levels`` words through aliases."""
    pad = " " * indent
    lines = [f"{pad}l0: &a0 [{', '.join(['lol'] * width)}]"]
    lines += [f"{pad}l{n}: &a{n} [{', '.join([f'*a{n - 1}'] * width)}]" for n in range(1, levels)]
    return "\n".join(lines) + "\n"


def spelled_out(text: str) -> str:
    """``text`` without anchors, each alias a plain word of its length: the clean twin."""
    return re.sub(r"\*a(\d)", r"wa\1", re.sub(r"&a\d ", "", text))


def _inserted(text: str, line: str, insert: str) -> str:
    """``text`` with ``insert`` after its line ``line``."""
    head, sep, tail = text.partition(line + "\n")
    assert sep, line
    return head + sep + insert + tail


def _aliases(files) -> Callable[[Prose], tuple[dict, dict]]:
    """A case: ``files`` (made once from a bomb) against their twin with the aliases spelled out."""

    def case(prose: Prose) -> tuple[dict, dict]:
        hostile = files(prose)
        return hostile, {name: spelled_out(text) for name, text in hostile.items()}

    return case


def _report_with_bomb(prose: Prose) -> str:
    body = "records:\n" + "".join(record(f"MEM-OBJ-item-n{i}", f"Item {i}", prose(1000)) for i in range(50))
    return HEADER.format(name="Alpha", title="Aliases") + body


ALIAS_CASES = {
    "alias-report": lambda prose: {"alpha/memory.yaml": _inserted(_report_with_bomb(prose), "limitations: None.", "x:\n" + alias_bomb(2))},
    "alias-set-manifest": lambda prose: {
        "alpha/memory.yaml": _report_with_bomb(prose),
        "alpha/_set.yaml": SET_FILE + "manifest:\n  type: agentic-system-analyses/types/agentic-system-analysis-set.md\n"
                           f"  members:\n    memory.md:\n      sha256: {'0' * 64}\n" + alias_bomb(2)},
    "alias-profile": lambda prose: {
        "alpha/memory.yaml": _report_with_bomb(prose),
        "alpha/memory-profile.yaml": "type: agent-memory-profile\nsystem: Alpha\ntitle: Alpha memory profile\n"
                                     "description: A benchmark profile.\nmemory_comparison:\n  scope: The whole system.\n" + alias_bomb(2)},
    "alias-lock": lambda prose: {
        "alpha/memory.yaml": _report_with_bomb(prose),
        "alpha/_quotes.lock.yaml": "format: mkdocs-reports/quotes-lock\nversion: 1\nsources:\n  - id: SRC-1\n"
                                   "    revision: 0123456789abcdef0123456789abcdef01234567\n" + alias_bomb(4)},
    "alias-type": lambda prose: {
        "alpha/memory.yaml": _report_with_bomb(prose),
        "_types/security.yaml": "name: agentic-system-security-report\nnoun: security report\nmember: security\nprefix: SEC\n"
                                "metadata:\n" + alias_bomb(2)},
    # imported: the files under the project, the import given the first's folder or file
    "alias-artifact": lambda prose: {
        "retained/inkwell/ARTIFACT.yaml": _inserted((INKWELL / "ARTIFACT.yaml").read_text(encoding="utf-8"), "members:", alias_bomb(2)),
        **{f"retained/inkwell/{p.name}": p.read_text(encoding="utf-8") for p in sorted(INKWELL.glob("*.md"))}},
    "alias-front-matter": lambda prose: {
        "retained/inkwell/memory-profile.md": _inserted((INKWELL / "memory-profile.md").read_text(encoding="utf-8"),
                                                        "memory-comparison:", alias_bomb(2))},
}
IMPORTED = {"alias-artifact": "retained/inkwell", "alias-front-matter": "retained/inkwell/memory-profile.md"}

CASES = {
    "near-miss": near_miss,
    "repeated-id": repeated_id,
    "distinct-ids": distinct_ids,
    "unclosed-fences": unclosed_fences,
    "backtick-runs": backtick_runs,
    "long-labels": long_labels,
    "title-300kb": title_300kb,
    "big-file": big_file,
    "many-errors": many_errors,
    "word-diff": word_diff,
    # Markdown that Python-Markdown reads in super-linear time unless made text first
    # (pages/link_syntax.py), and its neighbours: three fields at the text limit each
    "link-brackets": _markdown_runs("[", "Link brackets"),
    "image-openings": _markdown_runs("![", "Image openings"),
    "bracket-words": _markdown_runs("[x ", "Bracket words"),
    "open-addresses": _markdown_runs("[a](", "Open addresses"),
    "open-references": _markdown_runs("[a][", "Open references"),
    "nested-brackets": _markdown_runs("[", "Nested brackets", "x" + "]" * 9_900),
    "nested-links": _markdown_runs("[a](", "Nested links", "x" + ")" * 4_900),
    "emphasis-runs": _markdown_runs("*a_", "Emphasis runs"),
    "strong-runs": _markdown_runs("**a", "Strong runs"),
    "code-spans": _markdown_runs("`a", "Code spans"),
    "angle-brackets": _markdown_runs("<a", "Angle brackets"),
    "backslashes": _markdown_runs("\\", "Backslashes"),
    "nested-lists": _nested(lambda depth: "    " * depth + "- ", "Nested lists"),
    "nested-quotes": _nested(lambda depth: "> " * (depth + 1), "Nested quotes"),
    "fence-runs": _markdown_runs("~~~\n", "Fence runs"),
    **{name: _aliases(files) for name, files in ALIAS_CASES.items()},
    # one entry of the reconciliation that names every record; a register's sources by ID
    "wide-conflict": _shared_entry("Unresolved conflict:"),
    "wide-supersession": _shared_entry("Amendment: MEM-OBJ-n0 is superseded by"),
    "many-sources": many_sources,
}
CHECK_ONLY = {"many-errors", *IMPORTED}  # nothing of it can be built: the check (or import) is the cost


def write(project: Path, files: dict[str, str]) -> int:
    """The project (mkdocs.yml, a home page) with ``files`` in its reports folder, and a set
    file in each system folder; the bytes of ``files``."""
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", project / "overrides")  # the site's own templates (theme.custom_dir)
    (project / "docs").mkdir()
    (project / "docs" / "index.md").write_text("# Benchmark\n", encoding="utf-8")
    size = 0
    for relative, text in files.items():
        path = project / ("" if relative.startswith("retained/") else "reports") / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        folder = path.parent.relative_to(project).as_posix()
        if folder.startswith("reports/") and "/_" not in "/" + folder and f"{folder[8:]}/_set.yaml" not in files:
            (path.parent / "_set.yaml").write_text(SET_FILE, encoding="utf-8")
        size += len(text.encode())
    return size


def base_export(folder: Path, files: dict[str, str]) -> Path:
    """``files`` as a collection's JSON export, the base a Changes page compares with."""
    write(folder, files)
    done = subprocess.run([sys.executable, "-m", "mkdocs_reports.cli", "export", "--format", "json", str(folder / "reports")],
                          check=False, capture_output=True, text=True, cwd=folder)
    if done.returncode:
        raise RuntimeError(done.stderr[-2000:])
    (folder / "base.json").write_text(done.stdout, encoding="utf-8")
    return folder / "base.json"


def measure(mode: str, target: Path, base: Path | None = None) -> dict:
    command = [sys.executable, "-c", CHILD, mode, str(target), str(Path(__file__).resolve().parent)]
    done = subprocess.run(command + ([str(base)] if base else []), check=False, capture_output=True, text=True,
                          cwd=target if target.is_dir() else target.parent)
    if done.returncode:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES))
    parser.add_argument("--big-mb", type=int, default=10, help="size of big-file and many-errors (the limit is 10)")
    parser.add_argument("--no-build", action="store_true", help="time the check only")
    args = parser.parse_args()
    print(f"{'case':<16} {'MB':>5} {'check s':>15} {'ratio':>6} {'build s':>15} {'ratio':>6} {'peak MB (build)':>17}  errors")
    for name in args.cases:
        prose = Prose()
        make = CASES[name]
        hostile, clean, *bases = make(prose, args.big_mb) if name in ("big-file", "many-errors") else make(prose)
        with tempfile.TemporaryDirectory() as folder:
            results = {}
            for number, (side, files) in enumerate((("hostile", hostile), ("clean", clean))):
                project = Path(folder) / side
                project.mkdir()
                size = write(project, files)
                base = None
                if bases:
                    (Path(folder) / f"{side}-base").mkdir()
                    base = base_export(Path(folder) / f"{side}-base", bases[number])
                if name in IMPORTED:
                    check = measure("import", project / IMPORTED[name])
                else:
                    check = measure("cli" if name == "many-errors" else "check", project / "reports")
                build = None if args.no_build or name in CHECK_ONLY else measure("build", project, base)
                results[side] = (size, check, build)
            (h_size, h_check, h_build), (c_size, c_check, c_build) = results["hostile"], results["clean"]
            line = (f"{name:<16} {h_size / 1e6:>5.2f} {h_check['seconds']:>7.2f}/{c_check['seconds']:<7.2f}"
                    f" {h_check['seconds'] / c_check['seconds']:>6.2f}")
            if h_build and c_build:
                line += (f" {h_build['seconds']:>7.2f}/{c_build['seconds']:<7.2f} {h_build['seconds'] / c_build['seconds']:>6.2f}"
                         f" {h_build['peak_mb']:>8.0f}/{c_build['peak_mb']:<8.0f}"
                         f" site MB {h_build['site_mb']:.1f}/{c_build['site_mb']:.1f}")
            else:
                line += f" {'-':>15} {'-':>6} {h_check['peak_mb']:>8.0f}/{c_check['peak_mb']:<8.0f}"
            print(line + f"  {h_check['errors']}/{c_check['errors']}  (sizes {h_size}/{c_size})", flush=True)


if __name__ == "__main__":
    sys.exit(main())
