"""Read member types from their YAML declarations: the package's own (``member_types/``)
and a collection's (``<reports>/_types/<name>.yaml``), checked with file:line:col messages
like reports are."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from .diagnostics import Diagnostics, Location
from .files import links_inside, read_regular_file
from .front_matter import BUILTIN_DIR, method_data
from .report_types import (
    ComparisonSpec,
    FieldRule,
    Method,
    ReportType,
    SectionSpec,
    SetLayout,
    Shape,
    TableSpec,
    TypeRegistry,
    Vocabulary,
)
from .schema import TYPE_FILE
from .site_names import member_problem
from .structure import Fields, StructureChecker
from .yaml_source import read_source

#: the built-in member types, in the reading order of a set
BUILTIN_TYPES = ("overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile")
#: where a collection declares its own member types
TYPES_DIR = "_types"


def _method(data: dict) -> Method:
    vocabularies = {
        name: Vocabulary(
            name,
            spec["what"],
            tuple(spec["values"]),
            spec.get("match", "whole"),
            tuple(spec.get("described", ())),
            spec.get("separator", " — "),
            bool(spec.get("open")),
        )
        for name, spec in data["vocabularies"].items()
    }
    fields = tuple(
        FieldRule(
            entry["label"],
            route=bool(entry.get("route")),
            vocabulary=vocabularies[entry["vocabulary"]] if "vocabulary" in entry else None,
            reconciliation=entry.get("reconciliation"),
        )
        for entry in data["fields"]
    )
    comparison = data["memory_comparison"]
    layout = data["analysis_set"]
    return Method(
        kinds={kind["code"]: kind["heading"] for kind in data["record_kinds"]},
        vocabularies=vocabularies,
        fields=fields,
        status_suffix=data["status_field"]["suffix"],
        status_vocabulary=vocabularies[data["status_field"]["vocabulary"]],
        uncertain_markers=tuple(data["uncertain_markers"]),
        comparison=ComparisonSpec(
            axes={axis: Vocabulary(f"axis-{axis}", f"a value of {axis}", tuple(values)) for axis, values in comparison["axes"].items()},
            assessment=vocabularies[comparison["assessment"]],
            basis=vocabularies[comparison["basis"]],
        ),
        set_layout=SetLayout(layout["method_type"], layout["manifest"], layout["entry"],
                             {disposition: tuple(members) for disposition, members in layout["members"].items()}),
    )


def _section(fields: Fields) -> SectionSpec:
    table = fields.get("table")
    return SectionSpec(
        key=fields["key"],
        heading=fields["heading"],
        shape=Shape(fields["shape"]),
        empty=fields.get("empty"),
        omit_when_empty=fields.get("omit_when_empty") == "true",
        optional=fields.get("optional") == "true",
        coverage=fields.get("coverage") == "true",
        table=TableSpec(tuple(table["columns"])) if table and "columns" in table else None,
        kind_headings=fields.get("kind_headings", "all"),
        fields=tuple(fields.get("fields") or ()),
        statuses=fields.get("statuses") == "true",
        subheadings=tuple(fields.get("subheadings") or ()),
        front_matter=fields.get("front_matter") == "true",
    )


def read_type(display: str, data: bytes, diagnostics: Diagnostics, *, builtin: bool = False) -> ReportType | None:
    """One member type declaration; ``None`` (after saying why) when it cannot be used."""
    source = read_source(display, data, diagnostics)
    if source is None:
        return None
    checked = StructureChecker(source, diagnostics).check(source.root, TYPE_FILE, "the member type")
    if not checked or not all(key in checked for key in ("name", "noun", "member", "sections")):
        return None
    if (problem := member_problem(checked["member"])) is not None:  # it names files and pages
        diagnostics.error(source.location(checked.nodes["member"]), *problem)
        return None
    sections = []
    seen: dict[str, int] = {}
    for fields, node in zip(checked["sections"], checked["sections"].nodes, strict=True):
        if not all(key in fields for key in ("key", "heading", "shape")):
            return None
        section = _section(fields)
        where = source.location(node)
        if section.key in seen:
            diagnostics.error(where, f"the section key {section.key!r} appears twice", "give each section its own key")
        elif section.shape is Shape.RECORDS and "prefix" not in checked:
            diagnostics.error(where, "a records section needs the type's record prefix", "add 'prefix:' (e.g. SEC), or drop the section")
        elif section.shape is Shape.RECORDS and section.key != "records" or section.shape is Shape.ANNOTATIONS and section.key != "annotations":
            diagnostics.error(where, f"a {section.shape.value} section has the key {section.shape.value!r}", f"write 'key: {section.shape.value}'")
        seen[section.key] = 1
        sections.append(section)
    return ReportType(
        name=checked["name"],
        noun=checked["noun"],
        member=checked["member"],
        prefix=checked.get("prefix"),
        sections=tuple(sections),
        metadata=dict(checked.get("metadata") or {}),
        method_type=checked.get("method_type"),
        method_aliases=tuple(checked.get("method_aliases") or ()),
        builtin=builtin,
    )


@lru_cache(maxsize=1)
def builtin_method() -> Method:
    return _method(method_data())


@lru_cache(maxsize=1)
def builtin_registry() -> TypeRegistry:
    """The method's six members, declared in the package's ``member_types/``."""
    diagnostics = Diagnostics()
    types = {}
    for member in BUILTIN_TYPES:
        path = BUILTIN_DIR / f"{member}.yaml"
        report_type = read_type(str(path), path.read_bytes(), diagnostics, builtin=True)
        if report_type is not None:
            types[report_type.name] = report_type
    if diagnostics:
        raise RuntimeError("the built-in member types do not load: " + "; ".join(map(str, diagnostics)))
    return TypeRegistry(builtin_method(), types)


def _clash(new: ReportType, known: dict[str, ReportType]) -> str | None:
    for other in known.values():
        if other.name == new.name:
            return f"the type {new.name!r} is already declared{' by the method' if other.builtin else ''}"
        if other.member == new.member:
            return f"the member name {new.member!r} is already that of {other.name}"
        if new.prefix and other.prefix == new.prefix:
            return f"the prefix {new.prefix}- is already that of {other.name}"
    for section in new.sections:
        for other in known.values():
            same = other.section(section.key)
            if same is not None and same.shape is not section.shape:
                return f"the section key {section.key!r} is a {same.shape.value} section in {other.name}"
    return None


def collection_registry(root: Path, diagnostics: Diagnostics, display: Callable[[Path], str]) -> TypeRegistry:
    """The built-in types plus those declared in ``<root>/_types/*.yaml``; ``display`` names a
    file in messages. A type that cannot be used is reported and left out."""
    builtin = builtin_registry()
    folder = root / TYPES_DIR
    if not folder.is_dir() or folder.is_symlink():  # a linked folder is reported by discovery
        return builtin
    types = dict(builtin.types)
    for path in sorted(folder.iterdir()):
        shown = display(path)
        if path.suffix != ".yaml" or path.is_dir():
            diagnostics.error(Location(shown), f"{TYPES_DIR}/ holds member type declarations only (<name>.yaml)", "move or remove this entry")
            continue
        if not links_inside(path, root, shown, diagnostics) or (data := read_regular_file(path, shown, diagnostics)) is None:
            continue
        new = read_type(shown, data, diagnostics)
        if new is None:
            continue
        if (clash := _clash(new, types)) is not None:
            same = types.get(new.name)
            fix = ("remove this file: the method's type is built in (a report names it as before)" if same and same.builtin
                   else "give the new type its own name, member name and prefix")
            diagnostics.error(Location(shown), clash, fix)
            continue
        types[new.name] = new
    return TypeRegistry(builtin.method, types)
