"""Pictures drawn at build time as SVG, with no script at page time: a system's citation
web (its records in one column per member, arrows for citations, annotations and part-of
links, each record a link to its entry) and its conclusion statuses per layer as bars
(each bar a link into the record index filtered to those records).

Here they are laid out; the SVG is written by templates (``reports/pictures/*.svg.j2``),
its links relative to the page it stands on. The page's sanitizer would drop SVG, so a
picture is cleaned by its own allowlist of SVG elements and attributes
(``safety.sanitize.sanitize_picture``), behind the escaping of every text it holds, and
put in its page's slot after the page is sanitized (``PageBuilder.slot``): pictures keep
the two layers every page has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from urllib.parse import urlencode

import jinja2

from ..core.model import ExternalRecord, Place, Record
from ..core.rules.graph import CitationGraph
from ..safety.sanitize import sanitize_picture
from .paths import Paths
from .views import Overview, StatusLayer, SystemView, member_title

#: a link from the page a picture stands on to another page's anchor
Href = Callable[[str, "str | None"], str]

COLUMN = 230  # a column's width: the longest IDs fit
GAP = 110  # between columns: room for the arrows
ROW = 24  # a record's box
SPACE = 6  # between boxes
GROUP = 26  # above a kind's boxes: its name
PAD = 12
ARC = 60  # room right of the last column for the arcs between boxes of one column


def _left(column: int) -> int:
    """Where a column starts."""
    return PAD + column * (COLUMN + GAP)


@dataclass
class _Node:
    key: tuple[str, str]  # (member, record ID or "on:" + annotated ID)
    label: str  # what the box shows
    title: str  # what hovering it shows
    href: str
    kind: str  # CSS modifier: record, external, annotation
    column: int = 0
    where: str | None = None  # an annotation's place, for the text alternative
    y: int = 0
    x: int = field(init=False)  # where its column starts

    def __post_init__(self) -> None:
        self.x = _left(self.column)

    def middle(self) -> float:
        return self.y + ROW / 2


@dataclass
class _Column:
    """A member's column: its title, and its boxes by kind (heading, boxes)."""

    title: str
    x: int
    groups: list[tuple[str, list[_Node]]]


@dataclass(frozen=True)
class _Arrow:
    kind: str  # CSS modifier: cites, annotates, part-of
    path: str  # the curve
    head: str  # the arrowhead


@dataclass(frozen=True)
class WebEnd:
    """One end of a link of the text alternative: a record, or an annotation (its place and
    the record it is on), so that a reader can follow either."""

    id: str  # the record's ID, or the annotated record's
    href: str
    where: str | None = None  # an annotation's place: "Memory report, annotation 1"

    @property
    def annotation(self) -> bool:
        return self.where is not None


@dataclass
class Web:
    """What a system's citation web shows, also as text (its text alternative)."""

    svg: str
    edges: list[tuple[WebEnd, str, WebEnd]] = field(default_factory=list)  # (from, relation, to)
    nodes: int = 0


def picture_html(name: str, svg: str, name_id: str) -> str:
    """A picture as it stands on its page: cleaned, in a group a keyboard can reach, named
    by a hidden element holding ``name`` (its id ``name_id``, declared by the page): a name
    holds the author's words, which stay out of attributes (SECURITY.md)."""
    return (f'<div class="rpt-picture" tabindex="0" role="group" aria-labelledby="{name_id}">'
            f'<span id="{name_id}" hidden>{escape(name, quote=False)}</span>{sanitize_picture(svg)}</div>')


def citation_web(env: jinja2.Environment, view: SystemView, graph: CitationGraph, overview: Overview, paths: Paths, href: Href) -> Web:
    """The citation web of one system, as an SVG."""
    members = sorted({*view.system.reports, *view.external}, key=graph.collection.types.order)
    columns, nodes = _columns(view, members, overview, paths, href)
    height = _place(columns)
    edges = _edges(view, graph, nodes)
    svg = env.get_template("reports/pictures/citation_web.svg.j2").render(
        name=view.system.name,
        width=PAD * 2 + len(members) * COLUMN + max(0, len(members) - 1) * GAP + ARC,
        height=height,
        top=PAD + 10,
        columns=columns,
        edges=[_arrow(source, relation, target) for source, relation, target in edges],
        nodes=list(nodes.values()),
        box_width=COLUMN,
        box_height=ROW,
    )
    return Web(svg, [(_end(s), relation, _end(t)) for s, relation, t in edges], len(nodes))


def _end(node: _Node) -> WebEnd:
    if node.kind == "annotation":
        return WebEnd(node.key[1].removeprefix("on:"), node.href, node.where)
    return WebEnd(node.key[1], node.href)


def _columns(view: SystemView, members: list[str], overview: Overview, paths: Paths, href: Href) -> tuple[list[_Column], dict[tuple[str, str], _Node]]:
    """A column per member: its records by kind (published or cited), then its annotations;
    and every box by its key."""
    slug = view.system.slug
    columns: list[_Column] = []
    nodes: dict[tuple[str, str], _Node] = {}
    for number, member in enumerate(members):
        report = view.system.reports.get(member)
        records = report.records if report else view.external.get(member, [])
        groups = []
        for kind, heading in overview.kinds.items():
            group = [_record_node(record, member, number, paths, href) for record in records if record.kind == kind]
            if group:
                groups.append((heading, group))
        if report and report.annotations:
            groups.append(("Annotations", [
                _Node((member, "on:" + annotation.on), f"On {annotation.on}", f"{member_title(member)}: annotation on {annotation.on}",
                      href(paths.report(slug, member), annotation.anchor), "annotation", number,
                      f"{member_title(member)}, annotation {annotation.index}")
                for annotation in report.annotations
            ]))
        for _, group in groups:
            nodes.update((node.key, node) for node in group)
        columns.append(_Column(member_title(member) + ("" if report else " (not published)"), _left(number), groups))
    return columns, nodes


def _record_node(record: Record | ExternalRecord, member: str, column: int, paths: Paths, href: Href) -> _Node:
    if isinstance(record, ExternalRecord):
        return _Node((member, record.id), record.id, f"{record.id} — {member_title(member)}, not published",
                     href(*paths.record(record)), "external", column)
    return _Node((member, record.id), record.id, f"{record.id} — {record.label}", href(*paths.record(record)), "record", column)


def _place(columns: list[_Column]) -> int:
    """Each box's height on the page, column by column; the picture's height."""
    height = 0
    for column in columns:
        y = PAD
        for _, group in column.groups:
            y += GROUP
            for node in group:
                node.y = y
                y += ROW + SPACE
        height = max(height, y + PAD)
    return height


def _edges(view: SystemView, graph: CitationGraph, nodes: dict[tuple[str, str], _Node]) -> list[tuple[_Node, str, _Node]]:
    """The arrows between boxes: citations, annotations and part-of links, each once."""
    slug = view.system.slug
    boxes_by_anchor: dict[tuple[str, str], _Node] = {}  # (member, anchor) → box
    for report in view.reports:
        for record in report.records:
            if (node := nodes.get((report.member, record.id))) is not None:
                boxes_by_anchor[(report.member, record.anchor)] = node
        for annotation in report.annotations:
            if (node := nodes.get((report.member, "on:" + annotation.on))) is not None:
                boxes_by_anchor[(report.member, annotation.anchor)] = node

    def owner(member: str, place: Place) -> _Node | None:
        """The box of the record or annotation of ``member`` whose text ``place`` is in."""
        return boxes_by_anchor.get((member, place.owner))

    edges: list[tuple[_Node, str, _Node]] = []
    seen = set()

    def edge(source: _Node | None, relation: str, target: _Node | None) -> None:
        if source and target and source is not target and (source.key, relation, target.key) not in seen:
            seen.add((source.key, relation, target.key))
            edges.append((source, relation, target))

    for node in list(nodes.values()):  # this system's records only: no cost from other systems
        if node.kind == "annotation":
            continue
        declared = graph.resolve(slug, node.key[1])
        if declared is None or declared.member != node.key[0]:
            continue
        for citation in graph.cited_by.get((slug, node.key[1]), []):
            edge(owner(citation.member, citation.place), "cites", node)
    for report in view.reports:
        for annotation in report.annotations:
            annotated = graph.resolve(slug, annotation.on)
            if annotated:
                edge(nodes.get((report.member, "on:" + annotation.on)), "annotates", nodes.get((annotated.member, annotated.id)))
        for record in report.records:
            if record.part_of:
                whole = graph.resolve(slug, record.part_of)
                if whole:
                    edge(nodes.get((report.member, record.id)), "part of", nodes.get((whole.member, whole.id)))
    return edges


def _arrow(source: _Node, relation: str, target: _Node) -> _Arrow:
    """A curve from ``source`` to ``target`` ending in an arrowhead."""
    if source.column == target.column:  # an arc out to the right of the column
        x1 = x2 = source.x + COLUMN
        bend = min(ARC - 6, 24 + abs(target.y - source.y) / 10)
        c1, c2 = x1 + bend, x2 + bend
        head = 1
    else:
        forward = source.column < target.column
        x1 = source.x + (COLUMN if forward else 0)
        x2 = target.x + (0 if forward else COLUMN)
        middle = (x1 + x2) / 2
        c1 = c2 = middle
        head = -1 if forward else 1
    y1, y2 = source.middle(), target.middle()
    return _Arrow(
        relation.replace(" ", "-"),
        f"M{x1:.0f},{y1:.0f} C{c1:.0f},{y1:.0f} {c2:.0f},{y2:.0f} {x2:.0f},{y2:.0f}",
        f"M{x2:.0f},{y2:.0f} l{6 * head},-4 l0,8 z",
    )


BAR = 22
LABEL = 140  # a bar chart fits a phone's column (350 px)
SCALE = 170


@dataclass(frozen=True)
class _Bar:
    value: str
    count: int
    y: int
    length: int
    href: str  # the index filtered to these records


def status_chart(env: jinja2.Environment, view: SystemView, layer: StatusLayer, index_href: str) -> str:
    """One status layer of one system as bars, each a link to its records in the index."""
    counts: dict[str, int] = layer.counts.get(view.system.slug, {})
    values = [v for v in layer.values if counts.get(v)]
    most = max((counts[v] for v in values), default=1)
    bars = [
        _Bar(value, counts[value], PAD + row * (BAR + SPACE), max(2, round(SCALE * counts[value] / most)),
             index_href + "?" + urlencode({"system": view.system.name, f"status:{layer.name}": value}))
        for row, value in enumerate(values)
    ]
    return env.get_template("reports/pictures/status_chart.svg.j2").render(
        name=view.system.name,
        layer=layer.name,
        total=sum(counts.values()),
        width=LABEL + SCALE + 40,
        height=PAD * 2 + len(values) * (BAR + SPACE),
        bars=bars,
        label_width=LABEL,
        bar_height=BAR - 4,
    )

