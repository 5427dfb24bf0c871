"""Read member and set types from their YAML declarations: the package's own
(``member_types/``) and a collection's (``<reports>/_types/<name>.yaml``), checked with
file:line:col messages like reports are. A file with a ``layout`` declares a set type."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..diagnostics import NAMES_LIMIT, Diagnostics, Location, listed
from ..method.front_matter import BUILTIN_DIR, BY_MARKDOWN, method_data
from ..method.site_names import member_problem
from ..method.types import (
    ROLE_PARAMETERS,
    SET_RULES,
    AbsenceRule,
    ComparisonSpec,
    FieldRule,
    FrontPart,
    IdentitySource,
    Method,
    ReportType,
    Requirement,
    Role,
    SectionSpec,
    SetType,
    Shape,
    TableSpec,
    TypeRegistry,
    Vocabulary,
)
from ..yamlio.files import links_inside, read_regular_file
from ..yamlio.reader import YamlFile, read_yaml
from .conform import Conformer, Fields
from .language import SET_TYPE_FILE, TYPE_FILE

#: the method's shared contracts (not a member or set type)
METHOD_FILE = "method.yaml"
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
            reconciliation=entry.get("reconciliation_entry"),
        )
        for entry in data["fields"]
    )
    comparison = data["memory_comparison"]
    return Method(
        kinds={kind["code"]: kind["heading"] for kind in data["record_kinds"]},
        vocabularies=vocabularies,
        fields=fields,
        status_suffix=data["status_field"]["suffix"],
        status_vocabulary=vocabularies[data["status_field"]["vocabulary"]],
        uncertain_markers=tuple(data["uncertain_markers"]),
        comparison=ComparisonSpec(
            axes={axis: Vocabulary(f"axis-{axis}", f"a value of {axis}", tuple(spec["values"])) for axis, spec in comparison["axes"].items()},
            assessment=vocabularies[comparison["assessment"]],
            basis=vocabularies[comparison["basis"]],
            titles={axis: spec["title"] for axis, spec in comparison["axes"].items()},
            positive=tuple(comparison["positive"]),
            cited=tuple(comparison["cited"]),
            absence=AbsenceRule(comparison["absence"]["assessment"], comparison["absence"]["kind"]),
            basis_meanings=dict(comparison["basis_meanings"]),
            assessment_meanings=dict(comparison["assessment_meanings"]),
        ),
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
    yaml_file = read_yaml(display, data, diagnostics)
    if yaml_file is None:
        return None
    conformed = Conformer(yaml_file, diagnostics).conform(yaml_file.root, TYPE_FILE, "the member type")
    if not conformed or not all(key in conformed for key in ("name", "noun", "member", "sections")):
        return None
    if (problem := member_problem(conformed["member"])) is not None:  # it names files and pages
        diagnostics.error(yaml_file.location(conformed.nodes["member"]), *problem)
        return None
    sections = []
    seen: dict[str, int] = {}
    for fields, node in zip(conformed["sections"], conformed["sections"].nodes, strict=True):
        if not all(key in fields for key in ("key", "heading", "shape")):
            return None
        section = _section(fields)
        where = yaml_file.location(node)
        if section.key in seen:
            diagnostics.error(where, f"the section key {section.key!r} appears twice", "give each section its own key")
        elif section.shape is Shape.RECORDS and "prefix" not in conformed:
            diagnostics.error(where, "a records section needs the type's record prefix", "add 'prefix:' (e.g. SEC), or drop the section")
        elif section.shape is Shape.RECORDS and section.key != "records" or section.shape is Shape.ANNOTATIONS and section.key != "annotations":
            diagnostics.error(where, f"a {section.shape.value} section has the key {section.shape.value!r}", f"write 'key: {section.shape.value}'")
        seen[section.key] = 1
        sections.append(section)
    return ReportType(
        name=conformed["name"],
        noun=conformed["noun"],
        member=conformed["member"],
        prefix=conformed.get("prefix"),
        sections=tuple(sections),
        metadata=dict(conformed.get("metadata") or {}),
        method_type=conformed.get("method_type"),
        method_aliases=tuple(conformed.get("method_aliases") or ()),
        builtin=builtin,
    )


def is_set_type(data: bytes) -> bool:
    """Whether a type file declares a set (it has a top-level ``layout``)."""
    return any(line.startswith(b"layout:") for line in data.splitlines())


def _parts(fields: Any) -> tuple[FrontPart, ...]:
    return tuple(FrontPart(part["show"], part.get("role"), part.get("section")) for part in (fields or {}).get("parts") or ())


def read_set_type(display: str, data: bytes, method: Method, types: dict[str, ReportType], diagnostics: Diagnostics, *,
                  builtin: bool = False) -> SetType | None:
    """One set type declaration, its roles' types among ``types`` and its vocabularies the
    ``method``'s; ``None`` (after saying why, at the line of the name that is wrong) when it
    cannot be used."""
    yaml_file = read_yaml(display, data, diagnostics)
    if yaml_file is None:
        return None
    found = len(diagnostics)
    conformed = Conformer(yaml_file, diagnostics).conform(yaml_file.root, SET_TYPE_FILE, "the set type")
    # a field the structure refused is left out of ``conformed``: a type with one is not used
    # (what remains could lack what its other fields need), and is said at its line
    if not conformed or len(diagnostics) > found:
        return None
    layout = conformed["layout"]
    overrides: Any = conformed.get("member_types") or {}
    roles: dict[str, Role] = {}
    for name, spec in layout["roles"].items():
        if not all(key in spec for key in ("path", "type")):
            return None
        member_type = overrides.get(name) or _type_named(spec["type"], types)
        if member_type is None or member_type not in types:
            where = overrides.nodes[name] if name in overrides else spec.nodes["type"]
            diagnostics.error(yaml_file.location(where), f"the role {name!r} has the type {overrides.get(name) or spec['type']!r}, "
                              "which is no member type the collection knows",
                              f"declare the member type in {TYPES_DIR}/, or name one of: {listed(types, NAMES_LIMIT)}")
            continue
        identity = tuple(IdentitySource(item["from"], tuple(item["fields"])) for item in spec.get("identity") or ()
                         if "from" in item and "fields" in item)
        roles[name] = Role(name, spec["path"], spec["type"], member_type, identity, tuple(spec.get("cites") or ()),
                           tuple(spec.get("verifies") or ()))
    required = layout.get("required") or {}
    when = required.get("when") or {}
    vocabulary = BY_MARKDOWN[when["field"]].vocabulary if when.get("field") in BY_MARKDOWN else None
    admitted = method.vocabularies[vocabulary].values if vocabulary else ()
    requirement = Requirement(tuple(required.get("always") or ()), when.get("role"), when.get("field"),
                              {value: tuple(names) for value, names in (when.get("values") or {}).items()}, admitted)
    front = conformed.get("front") or {}
    evidence = front.get("evidence")
    set_type = SetType(
        name=conformed["name"], method_type=conformed["method_type"], manifest=conformed["manifest"],
        closed=layout["membership"] == "closed", roles=roles, required=requirement, entry=conformed["entry"],
        citations=conformed.get("citations", "bare"),
        rules={rule: dict(params) for rule, params in (conformed.get("rules") or {}).items()},
        front=_parts(front), evidence=FrontPart("section", evidence.get("role"), evidence.get("section")) if evidence else None,
        builtin=builtin,
    )
    _validate_names(yaml_file, conformed, set_type, types, diagnostics)
    return set_type if len(diagnostics) == found else None


def _type_named(method_type: str, types: dict[str, ReportType]) -> str | None:
    """Our type whose names include the method's type file (its stem)."""
    stem = method_type.rsplit("/", 1)[-1].removesuffix(".md")
    return next((t.name for t in types.values() if stem in t.names), None)


def _validate_names(yaml_file: YamlFile, conformed: Fields, set_type: SetType, types: dict[str, ReportType], diagnostics: Diagnostics) -> None:
    """Every role, rule and section a set type names is one it declares."""
    roles = conformed["layout"]["roles"]
    known = listed(roles, NAMES_LIMIT, in_order=True)

    def role(name: object, node: object, what: str) -> bool:
        if name in roles:
            return True
        diagnostics.error(yaml_file.location(node), f"{what} names the role {name!r}, which the layout does not declare",  # type: ignore[arg-type]
                          f"name one of its roles: {known}")
        return False

    paths: dict[str, str] = {}
    for name, spec in roles.items():
        if spec["path"] in paths:
            diagnostics.error(yaml_file.location(spec.nodes["path"]), f"the roles {paths[spec['path']]!r} and {name!r} share the file {spec['path']}",
                              "give each role its own file")
        paths.setdefault(spec["path"], name)
        if (problem := member_problem(spec["path"].removesuffix(".md"))) is not None:  # it names files and pages
            diagnostics.error(yaml_file.location(spec.nodes["path"]), f"the role {name!r} has the file {spec['path']}: {problem[0]}", problem[1])
        for item in spec.get("identity") or ():
            if "from" in item:
                role(item["from"], item.nodes["from"], f"the role {name!r}'s identity")
        for key in ("cites", "verifies"):
            for target, node in zip(spec.get(key) or (), spec[key].nodes if spec.get(key) else (), strict=True):
                role(target, node, f"the role {name!r}'s {key}")
                if key == "verifies" and target == name:
                    diagnostics.error(yaml_file.location(node), f"the role {name!r} verifies itself", "a role verifies other roles")
    required: Any = conformed["layout"].get("required") or {}
    for name, node in zip(required.get("always") or (), required["always"].nodes if required.get("always") else (), strict=True):
        role(name, node, "required.always")
    when: Any = required.get("when") or {}
    if "role" in when:
        role(when["role"], when.nodes["role"], "required.when")
    for names in (when.get("values") or {}).values():
        for name, node in zip(names, names.nodes, strict=True):
            role(name, node, "required.when.values")
    role(conformed["entry"], conformed.nodes["entry"], "entry")
    overrides: Any = conformed.get("member_types")
    for name in overrides or ():
        role(name, overrides.key_nodes.get(name, overrides.nodes[name]), "member_types")
    for rule, params in (conformed.get("rules") or {}).items():
        wanted = SET_RULES[rule]
        for key, node in params.nodes.items():
            if key not in wanted:
                diagnostics.error(yaml_file.location(node), f"the rule {rule} has no parameter {key!r}", f"its parameters are: {', '.join(wanted)}")
            elif key in ROLE_PARAMETERS:
                role(params[key], node, f"the rule {rule}")
        missing = [key for key in wanted if key not in params]
        if missing:
            diagnostics.error(yaml_file.location(conformed["rules"].nodes[rule]), f"the rule {rule} needs {', '.join(missing)}",
                              f"give it: {', '.join(wanted)}")
        elif params.get("role") in set_type.roles and "section" in params:
            _section_of(set_type, types, params["role"], params["section"], yaml_file.location(params.nodes["section"]), diagnostics)
        for key in ("blocking_section", "limit_section"):  # sections of every verifying role
            for name, verifier in set_type.roles.items() if key in params else ():
                if verifier.verifies:
                    _section_of(set_type, types, name, params[key], yaml_file.location(params.nodes[key]), diagnostics)
    front = conformed.get("front") or {}
    parts = [*([front["evidence"]] if front.get("evidence") else []), *(front.get("parts") or ())]
    for part in parts:
        if "role" in part and role(part["role"], part.nodes["role"], "the front page") and "section" in part:
            _section_of(set_type, types, part["role"], part["section"], yaml_file.location(part.nodes["section"]), diagnostics)


def _section_of(set_type: SetType, types: dict[str, ReportType], role: str, key: str, where: Location, diagnostics: Diagnostics) -> None:
    member_type = types[set_type.roles[role].member_type]
    if member_type.section(key) is None:
        diagnostics.error(where, f"the {role} role's type {member_type.name} has no section {key!r}",
                          f"name one of its sections: {listed(member_type.section_keys, NAMES_LIMIT, in_order=True)}")


@lru_cache(maxsize=1)
def builtin_method() -> Method:
    return _method(method_data())


def _builtin_files() -> list[tuple[Path, bytes]]:
    """The package's type files (``member_types/``, but the method's contracts), set types
    in the order the layouts' names sort: the method's current set type first."""
    files = [(path, path.read_bytes()) for path in sorted(BUILTIN_DIR.glob("*.yaml")) if path.name != METHOD_FILE]
    return sorted(files, key=lambda f: (is_set_type(f[1]), f[0].stem))


@lru_cache(maxsize=1)
def builtin_registry() -> TypeRegistry:
    """The method's member types and set types, declared in the package's ``member_types/``."""
    diagnostics = Diagnostics()
    method = builtin_method()
    types: dict[str, ReportType] = {}
    set_types: list[SetType] = []
    for path, data in _builtin_files():
        if is_set_type(data):
            if (set_type := read_set_type(str(path), data, method, types, diagnostics, builtin=True)) is not None:
                set_types.append(set_type)
        elif (report_type := read_type(str(path), data, diagnostics, builtin=True)) is not None:
            types[report_type.name] = report_type
    if diagnostics:
        raise RuntimeError("the built-in types do not load: " + "; ".join(map(str, diagnostics)))
    # the types in the reading order of the sets, the previous generation's first (as before)
    places: dict[str, tuple[int, int]] = {}
    for rank, set_type in enumerate(reversed(set_types)):
        for index, role in enumerate(set_type.roles.values()):
            places.setdefault(role.member_type, (rank, index))
    ordered = dict(sorted(types.items(), key=lambda item: places.get(item[0], (len(set_types), 0))))
    return TypeRegistry(method, ordered, tuple(set_types))


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
    set_files: list[tuple[str, bytes]] = []
    for path in sorted(folder.iterdir()):
        shown = display(path)
        if path.suffix != ".yaml" or path.is_dir():
            diagnostics.error(Location(shown), f"{TYPES_DIR}/ holds member type declarations only (<name>.yaml)", "move or remove this entry")
            continue
        if not links_inside(path, root, shown, diagnostics) or (data := read_regular_file(path, shown, diagnostics)) is None:
            continue
        if is_set_type(data):
            set_files.append((shown, data))
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
    set_types = list(builtin.set_types)
    own: list[SetType] = []
    for shown, data in set_files:  # after the member types: their roles name them
        if (set_type := read_set_type(shown, data, builtin.method, types, diagnostics)) is None:
            continue
        if any(other.name == set_type.name for other in set_types):
            diagnostics.error(Location(shown), f"the set type {set_type.name!r} is already declared",
                              "give the new set type its own name")
            continue
        own.append(set_type)
        set_types.append(set_type)
    return TypeRegistry(builtin.method, types, (*own, *builtin.set_types))
