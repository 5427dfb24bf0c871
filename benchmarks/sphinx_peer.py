"""The peer: the same collection as a Sphinx project with sphinx-needs.

Each report becomes a document with the same prose, and each record a need (``.. req::``)
with its label as title, its body (prose with the IDs it cites as ``:need:`` links,
labelled fields, quotes, tables, lists), and ``:links:`` to what it cites (sphinx-needs shows the
backlinks). Records cited from members that are not published are needs on a page of
their own per system, as the plugin has them; a ``needtable`` of every need stands for the
record index. What Sphinx gets is what the plugin reads: the checked collection.

    python benchmarks/sphinx_peer.py REPORTS_DIR OUT_DIR   # writes the Sphinx project

Sphinx and sphinx-needs are not dependencies of the project or its tests: install them
with ``pip install -e '.[bench]'`` (or into a separate environment, named to
``site_build.py --sphinx-python``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from mkdocs_reports.core.model import FieldList, Heading, ItemList, Quote, Report, Table, Text
from mkdocs_reports.core.rules.collection_check import check_collection

#: anything that looks like a record ID (as the checker's grammar writes them)
CANDIDATE_RE = re.compile(r"(?<![\w-])(?:RT|MEM|EPI)-[A-Z]{2,4}-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\w])")

CONF = """\
project = "Agentic system analyses"
extensions = ["sphinx_needs"]
needs_id_regex = r"^[A-Z0-9_]{3,}"
needs_build_json = False
html_theme = "alabaster"
suppress_warnings = ["needs"]
"""

_RST_SPECIAL = re.compile(r"([\\`*_|\[\]<>:])")


def need_id(system: str, record_id: str) -> str:
    return f"{system}_{record_id}".upper().replace("-", "_")


def _text(text: str | None, system: str) -> str:
    """Prose as reStructuredText: markup characters escaped, record IDs as need links."""
    out, last = [], 0
    source = text or ""
    for match in CANDIDATE_RE.finditer(source):
        out.append(_RST_SPECIAL.sub(r"\\\1", source[last : match.start()]))
        out.append(f":need:`{need_id(system, match.group())}`")
        last = match.end()
    out.append(_RST_SPECIAL.sub(r"\\\1", source[last:]))
    return " ".join("".join(out).split())


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def _heading(title: str, mark: str) -> str:
    title = " ".join(title.split())
    return f"{title}\n{mark * max(len(title), 3)}\n"


def _blocks_rst(blocks: list, system: str) -> list[str]:
    """A body or section of blocks as reStructuredText: prose, labelled fields as a field
    table, quotes as code, tables as list tables, lists as lists."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Text):
            lines += [_text(block.text, system), ""]
        elif isinstance(block, Heading):
            lines += [f"**{_text(block.text, system)}**", ""]
        elif isinstance(block, FieldList):
            lines += [".. list-table::", ""]
            for f in block.fields:
                lines += [f"   * - {_text(f.label, system)}", f"     - {_text(f.value, system)}"]
            lines.append("")
        elif isinstance(block, Quote):
            lines += [f"Quote from ``{block.path}``", "", ".. code-block:: text", "", _indent(block.passage, 3), ""]
        elif isinstance(block, Table):
            lines += [".. list-table::", "   :header-rows: 1", ""]
            for row in [block.columns, *(r.cells for r in block.rows)]:
                cells = [*row, *[""] * (len(block.columns) - len(row))][: len(block.columns)]
                lines += [f"   {'*' if i == 0 else ' '} - {_text(cell, system) or '—'}" for i, cell in enumerate(cells)]
            lines.append("")
        elif isinstance(block, ItemList):
            lines += [f"- {_text(item.text, system)}" for item in block.items] + [""]
    return lines


def report_rst(report: Report) -> str:
    system = report.system
    lines = [_heading(report.title, "="), ""]
    for key, section in report.sections.items():
        lines += [_heading(key.replace("_", " ").capitalize(), "-"), ""]
        lines += _blocks_rst(getattr(section, "blocks", []), system)
    lines += [_heading("Records", "-"), ""]
    for record in report.records:
        cited = sorted({need_id(system, c.target) for c in report.citations if c.place.anchor.startswith(record.anchor) and c.target != record.id})
        lines.append(f".. req:: {_text(record.label, system) or record.id}")
        lines.append(f"   :id: {need_id(system, record.id)}")
        if cited:
            lines.append(f"   :links: {', '.join(cited)}")
        lines.append("")
        lines += [_indent("\n".join(_blocks_rst(record.body, system)), 3), ""]
    return "\n".join(lines) + "\n"


def external_rst(system_name: str, member: str, ids: list[tuple[str, str]]) -> str:
    lines = [_heading(f"{system_name} {member} report (not published)", "="), ""]
    for record_id, identifier in ids:
        lines += [f".. req:: {record_id}", f"   :id: {identifier}", "", "   Declared in a report that is not published.", ""]
    return "\n".join(lines) + "\n"


def write_project(reports: Path, out: Path) -> int:
    """The Sphinx project of the collection in ``reports``; returns its number of documents."""
    checked = check_collection(reports)
    graph = checked.graph
    out.mkdir(parents=True, exist_ok=True)
    (out / "conf.py").write_text(CONF, encoding="utf-8")
    documents = []
    for slug, system in sorted(graph.collection.systems.items()):
        for member, report in sorted(system.reports.items()):
            (out / slug).mkdir(exist_ok=True)
            (out / slug / f"{member}.rst").write_text(report_rst(report), encoding="utf-8")
            documents.append(f"{slug}/{member}")
        for member, records in graph.external_members(slug).items():
            ids = [(r.id, need_id(slug, r.id)) for r in records]
            (out / slug / f"{member}.rst").write_text(external_rst(system.name, member, ids), encoding="utf-8")
            documents.append(f"{slug}/{member}")
    index = [_heading("Agentic system analyses", "="), "", ".. toctree::", "   :maxdepth: 1", "", *(f"   {d}" for d in documents), "", "   records", ""]
    (out / "index.rst").write_text("\n".join(index) + "\n", encoding="utf-8")
    records = [_heading("Record index", "="), "", ".. needtable::", "   :columns: id, title, type, incoming", "   :style: table", ""]
    (out / "records.rst").write_text("\n".join(records), encoding="utf-8")
    return len(documents) + 2


if __name__ == "__main__":
    print(write_project(Path(sys.argv[1]), Path(sys.argv[2])), "documents")
