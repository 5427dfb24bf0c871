"""The collection's memory profiles side by side: one row per system, one cell per axis of
the method's comparison (``method.yaml``, ``memory_comparison``), each cell the values the
profile gives with their bases, linked to the evidence on the profile's page.

Made once per build from the checked profiles (``core.loading.profile_comparison``); the comparison page,
its charts (systems per value, by basis), the home page's headline and the downloads
(CSV and JSON, written at build time as site files) all read it, so each says the same.
Only the comparison page and the downloads grow with the systems: no other page carries it.
"""

from __future__ import annotations

import csv
import io
import json
import posixpath
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple
from urllib.parse import urlencode

import jinja2

from ..core.method.types import ComparisonSpec
from ..core.model import ComparisonAxis, Heading, Report, Table
from .paths import Paths
from .views import Overview, SystemView

#: the downloads' names, in the comparison page's folder (``download_paths``)
CSV_NAME = "comparison.csv"
JSON_NAME = "comparison.json"
#: a downloaded cell that a spreadsheet would read as a formula gets a leading apostrophe
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Value:
    """One value a profile gives an axis, with its bases (one per finding that gives it,
    strongest last) and where its evidence stands on the profile's page."""

    value: str
    bases: tuple[str, ...]
    records: tuple[str, ...]
    notes: tuple[str, ...]
    anchor: str

    @property
    def basis(self) -> str:
        """The strongest basis it has: what a count by basis counts it under."""
        return self.bases[-1] if self.bases else ""


@dataclass(frozen=True)
class Cell:
    """One axis of one profile: its assessment, values and note; ``anchor`` is the axis on
    the profile's page ("" when the profile does not give the axis)."""

    axis: str
    assessment: str
    values: tuple[Value, ...]
    note: str
    anchor: str

    def has(self, value: str) -> bool:
        return any(v.value == value for v in self.values)


@dataclass
class ProfileRow:
    view: SystemView
    report: Report
    cells: list[Cell]


@dataclass
class AxisCounts:
    """How many systems give each value of one axis, by basis (each system once per value,
    at its strongest basis), and how many have each other state (absent, uninspected, …)."""

    axis: str
    values: list[str]  # the axis's vocabulary, in the method's order
    by_basis: dict[str, Counter[str]] = field(default_factory=dict)  # value → basis → systems
    states: Counter[str] = field(default_factory=Counter)  # assessment → systems

    def systems(self, value: str) -> int:
        return sum(self.by_basis.get(value, Counter()).values())


class SharedValue(NamedTuple):
    axis: str
    value: str


class AxisVariety(NamedTuple):
    axis: str
    values: int  # the distinct values its profiles give


@dataclass(frozen=True)
class Headline:
    """The comparison in a sentence or two: how many systems have a profile, what every
    profiled system shares, and the axis on which they differ most."""

    profiled: int
    systems: int
    shared: list[SharedValue]  # what every profiled system gives
    varied: AxisVariety | None  # the most varied axis


class Comparison:
    def __init__(self, overview: Overview, spec: ComparisonSpec) -> None:
        self.spec = spec
        self.bases = spec.basis.values  # weakest first
        self.assessments = spec.assessment.values
        self.axes = list(spec.axes)
        self.rows: list[ProfileRow] = []
        self.without: list[SystemView] = []
        for view in overview.systems:
            report = next((r for r in view.reports if r.comparison is not None), None)
            if report is None:
                self.without.append(view)
            else:
                self.rows.append(ProfileRow(view, report, self._cells(report)))
        self.counts = {axis: AxisCounts(axis, list(spec.axes[axis].values)) for axis in self.axes}
        for row in self.rows:
            for cell in row.cells:
                counts = self.counts[cell.axis]
                if cell.assessment in spec.positive and cell.values:
                    for value in cell.values:
                        counts.by_basis.setdefault(value.value, Counter())[value.basis] += 1
                else:
                    counts.states[cell.assessment or "not given"] += 1

    # -- a profile's cells ----------------------------------------------------------------

    def _cells(self, report: Report) -> list[Cell]:
        assert report.comparison is not None
        anchors = _evidence_anchors(report)
        cells = []
        for axis in self.axes:
            found = report.comparison.axis(axis)
            if found is None:
                cells.append(Cell(axis, "", (), "", ""))
                continue
            heading, rows = anchors.get(axis, _AxisAnchors("", []))
            cells.append(Cell(axis, found.assessment, self._values(found, rows, heading), found.note, heading))
        return cells

    def _values(self, axis: ComparisonAxis, row_anchors: list[str], heading: str) -> tuple[Value, ...]:
        """The axis's values in the order first given, each once with every basis it has."""
        order = {basis: number for number, basis in enumerate(self.bases)}
        by_value: dict[str, _Gathered] = {}
        findings = axis.findings()
        for number, finding in enumerate(findings):
            anchor = row_anchors[number] if number < len(row_anchors) else heading
            entry = by_value.setdefault(finding.value, _Gathered(anchor))
            if finding.basis:
                entry.bases.append(finding.basis)
            entry.records += [r.id for r in finding.records if r.id]
            if finding.note.strip():
                entry.notes.append(finding.note)
        for value in axis.values or []:  # a revision-1 value without evidence is still a value
            by_value.setdefault(value.value, _Gathered(heading))
        return tuple(
            Value(value, tuple(sorted(set(got.bases), key=lambda b: order.get(b, -1))), tuple(dict.fromkeys(got.records)),
                  tuple(got.notes), got.anchor)
            for value, got in by_value.items()
        )

    # -- what the pages say -----------------------------------------------------------------

    def headline(self) -> Headline:
        profiled = len(self.rows)
        shared = [SharedValue(axis, value) for axis in self.axes for value in self.counts[axis].values
                  if profiled and self.counts[axis].systems(value) == profiled]  # fmt: skip
        varied = max((AxisVariety(axis, len(self.counts[axis].by_basis)) for axis in self.axes), key=lambda a: a.values, default=None)
        return Headline(profiled, profiled + len(self.without), shared, varied if varied and varied.values > 1 else None)

    def axis_title(self, axis: str) -> str:
        """How a page names an axis (``method.yaml``): ``read_back_signal`` → ``Read-back signal``."""
        return self.spec.titles[axis]

    def basis_legend(self) -> list[tuple[str, str]]:
        """Each basis, weakest first, with what it means."""
        return [(basis, self.spec.basis_meanings.get(basis, "")) for basis in self.bases]

    def filter_query(self, axis: str, value: str) -> str:
        """The comparison's address query that shows the systems whose ``axis`` includes
        ``value`` (or has that state: ``absent``, ``uninspected``, …)."""
        return "?" + urlencode({axis: value})

    # -- downloads ------------------------------------------------------------------------

    def data(self, paths: Paths) -> list[dict]:
        """Every system as data: its profile's axes (assessment, values with bases, records
        and notes), links from the site's root; a system without a profile says so."""
        out: list[dict] = []
        for row in self.rows:
            slug = row.view.system.slug
            page = paths.report(slug, row.report.member)
            out.append({
                "system": row.view.system.name, "slug": slug, "profiled": True,
                "url": paths.url(paths.system(slug)), "profile_url": paths.url(page),
                "axes": {cell.axis: {
                    "assessment": cell.assessment,
                    "values": [{"value": v.value, "bases": list(v.bases), "records": list(v.records), "notes": list(v.notes),
                                "url": paths.url(page) + "#" + v.anchor} for v in cell.values],
                    "note": cell.note,
                } for cell in row.cells},
            })  # fmt: skip
        for view in self.without:
            out.append({"system": view.system.name, "slug": view.system.slug, "profiled": False,
                        "url": paths.url(paths.system(view.system.slug)), "profile_url": None, "axes": {}})
        out.sort(key=lambda entry: (entry["system"].lower(), entry["slug"]))
        return out

    def downloads(self, paths: Paths) -> dict[str, str]:
        """The comparison's files: site path → text (CSV and JSON)."""
        data = self.data(paths)
        csv_path, json_path = download_paths(paths)
        return {csv_path: comparison_csv(data, self.axes), json_path: json.dumps(data, ensure_ascii=False, indent=1) + "\n"}


def download_paths(paths: Paths) -> tuple[str, str]:
    """Where the CSV and the JSON are published: in the folder the comparison page's name
    keeps (``comparison/`` of ``comparison.md``), so no system folder can take it."""
    stem = paths.comparison_page.removesuffix(".md").removesuffix("/index")
    return f"{stem}/{CSV_NAME}", f"{stem}/{JSON_NAME}"


def csv_cell(value: str) -> str:
    """A cell as a spreadsheet reads it: text, never a formula (report text is untrusted)."""
    return "'" + value if value.startswith(_FORMULA) else value


def cell_text(axis: dict) -> str:
    """One axis of one system in a downloaded row: ``files (wired); graph (claimed)``, or its
    state when it gives no values (``absent``), ``partial:`` before the values of a partial one."""
    if not axis:
        return ""
    values = "; ".join(f"{v['value']} ({', '.join(v['bases'])})" if v["bases"] else v["value"] for v in axis["values"])
    if axis["assessment"] == "known" and values:
        return values
    return f"{axis['assessment']}: {values}" if values else axis["assessment"]


def comparison_csv(data: list[dict], axes: list[str]) -> str:
    """One line per system: its name, whether it has a profile, each axis, its page."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["system", "profiled", *axes, "url"])
    for entry in data:
        cells = [cell_text(entry["axes"].get(axis, {})) for axis in axes]
        writer.writerow([csv_cell(text) for text in [entry["system"], "yes" if entry["profiled"] else "no", *cells, entry["url"]]])
    return out.getvalue()


def file_href(paths: Paths, from_page: str, path: str) -> str:
    """A link from a page to a site file (``comparison/comparison.csv``)."""
    base = paths.url(from_page)
    base = base if not base or base.endswith("/") else posixpath.dirname(base)
    return posixpath.relpath("/" + path, "/" + base)


class _AxisAnchors(NamedTuple):
    heading: str  # the axis's heading
    rows: list[str]  # its findings' rows, in order


@dataclass
class _Gathered:
    """What the findings that give one value say, gathered in order (``Value`` in the making)."""

    anchor: str
    bases: list[str] = field(default_factory=list)
    records: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _evidence_anchors(report: Report) -> dict[str, _AxisAnchors]:
    """Each axis's heading on the profile's page and its findings' rows, in order: the
    blocks of the comparison's section, as ``core.comparison`` lays them out."""
    section = report.sections.get("memory_comparison")
    out: dict[str, _AxisAnchors] = {}
    axis: str | None = None
    for block in section.blocks if section else []:
        if isinstance(block, Heading) and block.level == 3:
            axis = block.text
            out[axis] = _AxisAnchors(block.anchor, [])
        elif isinstance(block, Table) and axis is not None:
            out[axis].rows.extend(row.anchor for row in block.rows)
    return out


@dataclass(frozen=True)
class _Segment:
    basis: str
    count: int
    x: int
    width: int


@dataclass(frozen=True)
class _Bar:
    value: str
    count: int
    y: int
    segments: list[_Segment]
    text: str  # what the bar says after it: "2 (1 wired, 1 claimed)"
    href: str


#: what each basis says, weakest first (the method's agent-memory-profile.md)
BAR = 22
SPACE = 6
PAD = 12
LABEL = 150
SCALE = 150


def axis_chart(env: jinja2.Environment, comparison: Comparison, axis: str, page_href: str) -> str:
    """One axis as bars: a bar per value (and per other state) with a segment per basis,
    each bar a link to the comparison filtered to those systems."""
    counts = comparison.counts[axis]
    most = max([counts.systems(v) for v in counts.values] + list(counts.states.values()) + [1])
    rows: list[tuple[str, list[tuple[str, int]]]] = []
    for value in counts.values:
        by_basis = counts.by_basis.get(value, Counter())
        rows.append((value, [(basis, by_basis[basis]) for basis in reversed(comparison.bases) if by_basis.get(basis)]
                     + [("", by_basis[""])] * bool(by_basis.get(""))))  # fmt: skip
    for state in [*comparison.assessments, "not given"]:
        if counts.states.get(state):
            rows.append((state, [("state", counts.states[state])]))
    bars = []
    for number, (value, parts) in enumerate(rows):
        x, segments = LABEL, []
        for basis, count in parts:
            width = max(2, round(SCALE * count / most))
            segments.append(_Segment(basis, count, x, width))
            x += width
        total = sum(count for _, count in parts)
        detail = ", ".join(f"{count} {basis}" for basis, count in parts if basis and basis != "state")
        bars.append(_Bar(value, total, PAD + number * (BAR + SPACE), segments,
                         f"{total}" + (f" ({detail})" if detail and total else ""), page_href + comparison.filter_query(axis, value)))
    return env.get_template("reports/pictures/axis_chart.svg.j2").render(
        axis=comparison.axis_title(axis), width=LABEL + SCALE + 170, height=PAD * 2 + len(bars) * (BAR + SPACE), bars=bars,
        label_width=LABEL, bar_height=BAR - 4, systems=len(comparison.rows),
    )  # fmt: skip
