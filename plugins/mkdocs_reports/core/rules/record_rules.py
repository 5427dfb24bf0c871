"""The record contract's rules over a loaded collection (what the YAML shape cannot say)."""

from __future__ import annotations

from ..diagnostics import Diagnostics
from ..method.ids import prefix_of
from ..method.types import Method, SectionSpec, SetType, TypeRegistry, Vocabulary
from ..model import Collection, LabelledField, Record, Report, fields_of
from .graph import CitationGraph
from .profile_rules import validate_comparison
from .set_rules import validate_sets


def _near_miss(graph: CitationGraph, system: str, record_id: str) -> str:
    close = graph.closest_declared(system, record_id)
    return f"did you mean {close}?" if close else "declare it, or correct the ID"


def _uncertain_answer_problem(rest: str) -> str | None:
    """What is wrong with what follows an uncertainty marker word, if anything."""
    if rest.startswith(" — ") and rest[3:].strip():
        return None
    if not rest.strip(" .:—–-"):
        return "is uncertain but gives no reason"
    if rest.lstrip().startswith(("-", "–", ":")):
        return "separates its reason with the wrong mark"
    return None


def validate_fields(fields: list[LabelledField], owner: str, method: Method, diagnostics: Diagnostics) -> None:
    """The method's rules for labelled fields wherever they stand: exact labels, controlled
    values, each status layer once, and a reason after an uncertain answer."""
    layers: dict[str, LabelledField] = {}
    for f in fields:
        if not f.value.strip():
            continue  # an empty value: the structure check has reported it
        exact = method.near_miss(f.label)
        if exact is not None:
            diagnostics.error(
                f.location,
                f"{owner}: the label {f.label!r} is not the method's {exact!r}",
                f"write '{exact}:' exactly as the method does, so that its rule applies",
            )
            continue
        if f.label.casefold() == "part of":
            diagnostics.error(f.location, f"{owner}: 'Part of' is the record's own key", "write 'part_of: <ID>' beside 'id:' and 'label:'")
            continue
        vocabulary: Vocabulary | None
        if f.status_layer is not None:
            layer = f.status_layer.casefold()
            if layer in layers:
                first = layers[layer].location
                diagnostics.error(f.location, f"{owner}: the {f.status_layer} conclusion status is given twice (first at line {first.line})",
                                  "give each layer one status; a second finding needs its own layer label")
            layers.setdefault(layer, f)
            vocabulary = method.status_vocabulary
        else:
            rule = method.rule(f.label)
            vocabulary = rule.vocabulary if rule else None
        if vocabulary is not None:
            problem = vocabulary.problem(f.value)
            if problem:
                diagnostics.error(f.value_location, f"{owner}: {f.label}: {problem}", vocabulary.suggestion(f.value))
            continue
        uncertain = method.uncertain(f.value)
        if uncertain and (problem := _uncertain_answer_problem(uncertain[1])):
            diagnostics.error(
                f.value_location,
                f"{owner}: the {f.label} answer {' '.join(f.value.split())!r} {problem}",
                f"write '{uncertain[0]} — <why it cannot be answered>'",
            )


def _validate_route(record: Record, method: Method, diagnostics: Diagnostics) -> None:
    route = method.route_fields
    given: dict[str, list[LabelledField]] = {}
    for f in record.fields:
        rule = method.rule(f.label)
        if rule is not None and rule.route and rule.label == f.label:
            given.setdefault(f.label, []).append(f)
    if record.kind != "RTE":
        if given:
            first = min((fields[0] for fields in given.values()), key=lambda f: (f.location.line, f.location.column))
            diagnostics.error(first.location, f"{record.id} is not a route (RTE), so it has no route fields ({', '.join(given)})",
                              "write these findings under other labels, or change the record's kind")
        return
    missing = [label for label in route if label not in given]
    if missing:
        diagnostics.error(
            record.location,
            f"route {record.id} does not answer {', '.join(missing)}",
            f"answer all seven route fields, each once, as labelled fields ('Label: value'): {', '.join(route)}",
        )
    for label, fields in given.items():
        for again in fields[1:]:
            diagnostics.error(again.location, f"route {record.id} answers {label} twice (first at line {fields[0].location.line})",
                              "answer each route field once; supporting prose, tables and quotes may follow")
    if not record.status:
        diagnostics.error(
            record.location,
            f"route {record.id} has no conclusion status",
            "add at least one status field, e.g. 'implementation conclusion status: wired'",
        )


def _validate_record(report: Report, record: Record, types: TypeRegistry, diagnostics: Diagnostics) -> None:
    expected = report.type.prefix
    if expected and prefix_of(record.id) != expected:
        owner = types.by_prefix(prefix_of(record.id))
        diagnostics.error(
            record.location,
            f"{record.id} is declared in {report.type.a_noun}, which declares {expected}- records only",
            f"name it {expected}-{record.id.split('-', 1)[1]}, or declare it in the {owner.noun if owner else 'member of its prefix'}",
        )
    if record.part_of == record.id:
        diagnostics.error(record.field_locations["part_of"], f"{record.id} is declared part of itself", "name the record it is a part of, or remove part_of")
    validate_fields(record.fields, record.id, types.method, diagnostics)
    _validate_route(record, types.method, diagnostics)


def _validate_annotations(report: Report, spec: SectionSpec | None, method: Method, diagnostics: Diagnostics) -> None:
    own = {record.id for record in report.records}
    for annotation in report.annotations:
        if annotation.on in own:
            diagnostics.error(
                annotation.location,
                f"{report.member} annotates its own record {annotation.on}",
                "put these findings into the record itself; annotations are for records of other members",
            )
        owner = f"annotation on {annotation.on}"
        validate_fields(annotation.fields, owner, method, diagnostics)
        if spec is None or not spec.fields:
            continue
        for f in annotation.fields:
            if spec.permits(f.label) or (spec.statuses and f.status_layer is not None):
                continue
            diagnostics.error(
                f.location,
                f"{owner}: {report.type.a_noun} annotates with its own fields only, and {f.label!r} is not one of them",
                f"its annotation fields are: {', '.join(spec.fields)}{' and conclusion statuses' if spec.statuses else ''}; "
                "the record's own member carries the rest",
            )


def _validate_member_name(report: Report, layout: SetType | None, diagnostics: Diagnostics) -> None:
    """A member is named after its type, or after a role of its set's layout its type fills
    (the verification fills three): its citations of an unpublished member's records are
    published under that member's name (``<system>/runtime/``), and a set holds one of each."""
    expected = report.type.member
    role = layout.role_of(report.member) if layout else None
    if report.member != expected and not (role is not None and role.member_type == report.type.name):
        diagnostics.error(
            report.location,
            f"{report.type.a_noun} is the {expected} member of its set, but the file is named {report.member}.yaml",
            f"rename it to {report.system}/{expected}.yaml",
        )


def validate(collection: Collection, graph: CitationGraph | None = None) -> Diagnostics:
    """All rule violations across all reports (cross-report rules need the whole graph)."""
    graph = graph or CitationGraph(collection)
    types = collection.types
    diagnostics = Diagnostics()
    for report in collection.reports():
        _validate_member_name(report, collection.systems[report.system].layout, diagnostics)
        for record in report.records:
            _validate_record(report, record, types, diagnostics)
        _validate_annotations(report, report.type.section("annotations"), types.method, diagnostics)
        for section in report.sections.values():
            if section.spec.front_matter:
                continue  # the page's view of a front-matter value: its own checks follow
            validate_fields(fields_of(section.blocks), section.spec.heading, types.method, diagnostics)
        if report.comparison is not None:
            validate_comparison(report.comparison, types.method.comparison, diagnostics)
    for first, again in graph.duplicates:
        diagnostics.error(
            again.location,
            f"{again.id} is declared twice in system {again.system} (first at {first.location})",
            "give one of them another name; an ID is unique within its set",
        )
    for citation in graph.unresolved_citations:
        diagnostics.error(
            citation.location,
            f"{citation.target} is cited but not declared in {citation.system}",
            _near_miss(graph, citation.system, citation.target),
        )
    for annotation in graph.unresolved_annotations:
        diagnostics.error(
            annotation.location,
            f"annotation on {annotation.on}, which is not declared in {annotation.system}",
            _near_miss(graph, annotation.system, annotation.on),
        )
    diagnostics.merge(validate_sets(collection, graph))
    for record in graph.unresolved_parts:
        diagnostics.error(
            record.field_locations["part_of"],
            f"{record.id} is part of {record.part_of}, which is not declared in {record.system}",
            _near_miss(graph, record.system, record.part_of or ""),
        )
    return diagnostics
