"""Pictures drawn at build time as SVG, with no script at page time: a system's citation
web (its records in one column per member, arrows for citations, annotations and part-of
links, each record a link to its entry) and its conclusion statuses per layer as bars
(each bar a link into the record index filtered to those records).

The pictures are not Markdown: a page's template writes a slot (``Pictures.slot``), and
the plugin puts the picture there after the page went through the sanitizer
(``Pictures.insert``), with its links (written as ``docs:<page>.md#anchor``) made the
page-relative URLs the generator gives those pages. Each picture is then cleaned by its
own allowlist of SVG elements and attributes (``sanitize.sanitize_picture``), behind the
escaping of every text it holds, so pictures keep the two layers every page has. A slot's
name holds a token only this build knows, so author text cannot ask for a picture
anywhere.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from urllib.parse import urlencode

from ..core.graph import CitationGraph
from ..core.model import ExternalRecord
from .overview import Overview, StatusLayer, SystemView, member_title
from .paths import Paths
from .sanitize import sanitize_picture

COLUMN = 230  # a column's width: the longest IDs fit
GAP = 110  # between columns: room for the arrows
ROW = 24  # a record's box
SPACE = 6  # between boxes
GROUP = 26  # above a kind's boxes: its name
PAD = 12
ARC = 60  # room right of the last column for the arcs between boxes of one column


def _text(value: str) -> str:
    return escape(value, quote=True)


@dataclass
class _Node:
    key: tuple[str, str]  # (member, record ID or "on:" + annotated ID)
    label: str  # what the box shows
    title: str  # what hovering it shows
    href: str
    kind: str  # CSS modifier: record, external, annotation
    column: int = 0
    y: float = 0

    def left(self) -> float:
        return PAD + self.column * (COLUMN + GAP)

    def middle(self) -> float:
        return self.y + ROW / 2


@dataclass
class Web:
    """What a system's citation web shows, also as text (its text alternative)."""

    svg: str
    edges: list[tuple[str, str, str]] = field(default_factory=list)  # (from ID, relation, to ID)
    nodes: int = 0


DOCS = "docs:"  # a link to a page of the docs tree, made a URL when the picture is inserted
_DOCS_LINK = re.compile(r'href="docs:([^"#?]*)')


def _docs(page: str, anchor: str | None = None) -> str:
    return DOCS + page + (f"#{anchor}" if anchor else "")


def citation_web(view: SystemView, graph: CitationGraph, overview: Overview, paths: Paths) -> Web:
    """The citation web of one system, as an SVG."""
    slug = view.system.slug
    types = graph.collection.types
    members = sorted({*view.system.reports, *view.external}, key=types.order)
    nodes: dict[tuple[str, str], _Node] = {}
    columns: list[list[tuple[str, list[_Node]]]] = []
    for column, member in enumerate(members):
        groups: list[tuple[str, list[_Node]]] = []
        report = view.system.reports.get(member)
        records = report.records if report else view.external.get(member, [])
        for kind, heading in overview.kinds.items():
            group = []
            for record in (r for r in records if r.kind == kind):
                external = isinstance(record, ExternalRecord)
                title = f"{record.id} — {member_title(member)}, not published" if external else f"{record.id} — {record.label}"
                node = _Node((member, record.id), record.id, title, _docs(*paths.record(record)),
                             "external" if external else "record", column)
                nodes[node.key] = group.append(node) or node
            if group:
                groups.append((heading, group))
        if report and report.annotations:
            group = []
            for annotation in report.annotations:
                node = _Node((member, "on:" + annotation.on), f"On {annotation.on}", f"{member_title(member)}: annotation on {annotation.on}",
                             _docs(paths.report(slug, member), annotation.anchor), "annotation", column)
                nodes[node.key] = group.append(node) or node
            groups.append(("Annotations", group))
        columns.append(groups)

    height = 0.0
    for groups in columns:
        y = PAD
        for _, group in groups:
            y += GROUP
            for node in group:
                node.y = y
                y += ROW + SPACE
        height = max(height, y + PAD)

    boxes_by_anchor: dict[tuple[str, str], _Node] = {}  # (member, anchor) → box
    for report in view.reports:
        for record in report.records:
            if (node := nodes.get((report.member, record.id))) is not None:
                boxes_by_anchor[(report.member, record.anchor)] = node
        for annotation in report.annotations:
            if (node := nodes.get((report.member, "on:" + annotation.on))) is not None:
                boxes_by_anchor[(report.member, annotation.anchor)] = node

    def owner(member: str, anchor: str) -> _Node | None:
        """The box of the record or annotation at ``anchor`` of ``member`` (or under it)."""
        return boxes_by_anchor.get((member, anchor.split("--", 1)[0]))

    edges: list[tuple[_Node, str, _Node]] = []
    seen = set()

    def edge(source: _Node | None, relation: str, target: _Node | None) -> None:
        if source and target and source is not target and (source.key, relation, target.key) not in seen:
            seen.add((source.key, relation, target.key))
            edges.append((source, relation, target))

    for node in list(nodes.values()):  # this system's records only: no cost from other systems
        if node.kind == "annotation":
            continue
        record = graph.resolve(slug, node.key[1])
        if record is None or record.member != node.key[0]:
            continue
        for citation in graph.cited_by.get((slug, node.key[1]), []):
            edge(owner(citation.member, citation.place.anchor), "cites", node)
    for report in view.reports:
        for annotation in report.annotations:
            record = graph.resolve(slug, annotation.on)
            if record:
                edge(nodes.get((report.member, "on:" + annotation.on)), "annotates", nodes.get((record.member, record.id)))
        for record in report.records:
            if record.part_of:
                whole = graph.resolve(slug, record.part_of)
                if whole:
                    edge(nodes.get((report.member, record.id)), "part of", nodes.get((whole.member, whole.id)))

    width = PAD * 2 + len(members) * COLUMN + max(0, len(members) - 1) * GAP + ARC
    parts = [
        f'<svg class="rpt-web" viewBox="0 0 {width} {height:.0f}" width="{width}" height="{height:.0f}" role="group" '
        f'aria-label="{_text(f"Citation web of {view.system.name}: {len(nodes)} records and annotations, {len(edges)} links")}">'
    ]
    for column, member in enumerate(members):
        x = PAD + column * (COLUMN + GAP)
        published = member in view.system.reports
        parts.append(f'<text class="rpt-web-member" x="{x}" y="{PAD + 10}">{_text(member_title(member) + ("" if published else " (not published)"))}</text>')
        for heading, group in columns[column]:
            parts.append(f'<text class="rpt-web-kind" x="{x}" y="{group[0].y - 6:.0f}">{_text(heading)}</text>')
    for source, relation, target in edges:
        parts.append(_arrow(source, relation, target))
    for node in nodes.values():
        x = node.left()
        parts.append(
            f'<a href="{_text(node.href)}" class="rpt-web-node rpt-web-node--{node.kind}"><title>{_text(node.title)}</title>'
            f'<rect x="{x}" y="{node.y:.0f}" width="{COLUMN}" height="{ROW}" rx="4"></rect>'
            f'<text x="{x + 8}" y="{node.y + 16:.0f}">{_text(node.label)}</text></a>'
        )
    parts.append("</svg>")
    relation_edges = [(s.label, relation, t.label) for s, relation, t in edges]
    return Web("".join(parts), relation_edges, len(nodes))


def _arrow(source: _Node, relation: str, target: _Node) -> str:
    """A curve from ``source`` to ``target`` ending in an arrowhead."""
    if source.column == target.column:  # an arc out to the right of the column
        x1 = x2 = source.left() + COLUMN
        bend = min(ARC - 6, 24 + abs(target.y - source.y) / 10)
        c1, c2 = x1 + bend, x2 + bend
        head = 1
    else:
        forward = source.column < target.column
        x1 = source.left() + (COLUMN if forward else 0)
        x2 = target.left() + (0 if forward else COLUMN)
        middle = (x1 + x2) / 2
        c1 = c2 = middle
        head = -1 if forward else 1
    y1, y2 = source.middle(), target.middle()
    tip = f"M{x2:.0f},{y2:.0f} l{6 * head},-4 l0,8 z"
    kind = relation.replace(" ", "-")
    return (
        f'<g class="rpt-web-edge rpt-web-edge--{kind}"><path d="M{x1:.0f},{y1:.0f} C{c1:.0f},{y1:.0f} {c2:.0f},{y2:.0f} {x2:.0f},{y2:.0f}"></path>'
        f'<path class="rpt-web-head" d="{tip}"></path></g>'
    )


BAR = 22
LABEL = 140  # a bar chart fits a phone's column (350 px)
SCALE = 170


def status_chart(view: SystemView, layer: StatusLayer, index_page: str) -> str:
    """One status layer of one system as bars, each a link to its records in the index."""
    counts = layer.counts.get(view.system.slug, {})
    values = [v for v in layer.values if counts.get(v)]
    most = max((counts[v] for v in values), default=1)
    height = PAD * 2 + len(values) * (BAR + SPACE)
    width = LABEL + SCALE + 40
    total = sum(counts.values())
    parts = [
        f'<svg class="rpt-chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="group" '
        f'aria-label="{_text(f"{layer.name} conclusion status of {total} records of {view.system.name}")}">'
    ]
    for row, value in enumerate(values):
        y = PAD + row * (BAR + SPACE)
        length = max(2, round(SCALE * counts[value] / most))
        query = urlencode({"system": view.system.name, f"status:{layer.name}": value})
        parts.append(
            f'<a href="{_text(_docs(index_page) + "?" + query)}" class="rpt-chart-bar"><title>{_text(f"{counts[value]} records: {layer.name} {value}")}</title>'
            f'<text x="{LABEL - 8}" y="{y + 15}" text-anchor="end">{_text(value)}</text>'
            f'<rect class="rpt-status--{_text(value.replace(" ", "-"))}" x="{LABEL}" y="{y + 2}" width="{length}" height="{BAR - 4}" rx="3"></rect>'
            f'<text x="{LABEL + length + 6}" y="{y + 15}">{counts[value]}</text></a>'
        )
    parts.append("</svg>")
    return "".join(parts)


class Pictures:
    """The pictures of each page, and the slots their templates wrote for them."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(8)
        self.by_page: dict[str, dict[str, str]] = {}

    def slot(self, page: str, name: str, svg: str) -> str:
        """The slot of picture ``name`` on ``page`` (kept until the page is sanitized)."""
        self.by_page.setdefault(page, {})[name] = svg
        return self._slot(name)

    def _slot(self, name: str) -> str:
        """The slot's HTML, the same before and after the sanitizer: the name (a system's,
        author text) stands in it as a digest, since the sanitizer writes an attribute back
        escaped its own way (``'`` for ``&#x27;``) and the slot would no longer be found."""
        digest = hashlib.blake2b(name.encode(), digest_size=8).hexdigest()
        return f'<div class="rpt-picture" data-rpt-picture="{self.token}-{digest}"></div>'

    def insert(self, page: str, html: str, url: Callable[[str], str]) -> str:
        """``html`` (sanitized) with each slot of ``page`` holding its picture, cleaned;
        ``url`` gives the page-relative URL of a page of the docs tree."""
        for name, svg in self.by_page.get(page, {}).items():
            linked = _DOCS_LINK.sub(lambda m: f'href="{escape(url(m.group(1)), quote=True)}', svg)
            picture = sanitize_picture(linked)
            html = html.replace(self._slot(name), f'<div class="rpt-picture" tabindex="0" role="group" aria-label="{escape(name, quote=True)}">{picture}</div>', 1)
        return html
