"""Member types and the method's vocabularies, as the code sees them.

The values are data: ``member_types/*.yaml`` in the package declare the method's three
record members and its shared contracts (``method.yaml``); a collection adds its own types
in ``<reports>/_types/``. ``type_files`` reads those files into these classes; the loader,
the validator, the JSON Schema and the pages all read them from a ``TypeRegistry``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Literal, TypeVar

from .front_matter import FRONT_MATTER_KEYS
from .ids import IdGrammar
from .near_misses import closest_word, did_you_mean

#: front-matter keys a member type can require (besides type and title), with what they hold
METADATA = {entry.key: entry.what for entry in FRONT_MATTER_KEYS}
_T = TypeVar("_T")

#: an ``Amendment:`` or an ``Unresolved conflict:`` entry of the reconciliation
ReconciliationKind = Literal["amendment", "conflict"]


class Shape(Enum):
    """What a section holds in YAML."""

    BLOCKS = "blocks"  # Markdown, or a list of blocks: text, headings, quotes, tables, lists, fields
    RECORDS = "records"
    ANNOTATIONS = "annotations"


@dataclass(frozen=True)
class TableSpec:
    """The columns a section's tables must have, in order (compared without case)."""

    columns: tuple[str, ...]


@dataclass(frozen=True)
class SectionSpec:
    key: str
    heading: str
    shape: Shape
    #: what the method has a member write when the section has nothing ("none", "no route
    #: found within boundary"); shown for an empty records or annotations section
    empty: str | None = None
    omit_when_empty: bool = False
    #: a blocks section the type does not require
    optional: bool = False
    #: the section's first table is the member's coverage table
    coverage: bool = False
    table: TableSpec | None = None
    #: records sections: a heading for every kind ("all") or for declared kinds only
    kind_headings: Literal["all", "declared"] = "all"
    #: annotations sections: the labelled fields an annotation may carry (empty: any)
    fields: tuple[str, ...] = ()
    #: annotations sections: whether conclusion-status fields are among them
    statuses: bool = False
    #: blocks sections: the sub-headings (``###``) it must have, in this order
    subheadings: tuple[str, ...] = ()
    #: the page's view of the front-matter value of the same key (the profile's comparison):
    #: no section of the YAML or the Markdown, shown as blocks where the section stands
    front_matter: bool = False

    def permits(self, label: str) -> bool:
        return not self.fields or label.casefold() in {f.casefold() for f in self.fields}


@dataclass(frozen=True)
class ReportType:
    name: str
    noun: str  # how a reader calls it: "memory report"
    member: str  # the file name of this member in a system folder: "memory"
    prefix: str | None
    sections: tuple[SectionSpec, ...]
    #: front-matter key → "required" or "optional"
    metadata: dict[str, str] = field(default_factory=dict)
    #: the method's own name for the type (front matter ``type`` of its Markdown)
    method_type: str | None = None
    #: other names the method gives the type in a member's front matter (older type files)
    method_aliases: tuple[str, ...] = ()
    builtin: bool = True

    @property
    def section_keys(self) -> tuple[str, ...]:
        return tuple(section.key for section in self.sections)

    @property
    def body_sections(self) -> tuple[SectionSpec, ...]:
        """The sections the YAML and the Markdown write (not the views of front-matter values)."""
        return tuple(section for section in self.sections if not section.front_matter)

    @property
    def a_noun(self) -> str:
        """The noun with its article, for messages: "a memory report", "an epistemic report"."""
        return f"{'an' if self.noun[:1].lower() in 'aeiou' else 'a'} {self.noun}"

    @property
    def names(self) -> tuple[str, ...]:
        """What a report's ``type`` may say: the name, or the name of one of the method's
        files of the type (``agent-memory-analysis-report`` for the memory report)."""
        stems = (path.rsplit("/", 1)[-1].removesuffix(".md") for path in (self.method_type, *self.method_aliases) if path)
        return tuple(dict.fromkeys((self.name, *stems)))

    def method_path(self, written: str) -> str:
        """The method's file of the type that ``written`` (one of ``names``) names."""
        for path in (self.method_type, *self.method_aliases):
            if path and path.rsplit("/", 1)[-1].removesuffix(".md") == written:
                return path
        return self.method_type or f"agentic-system-analyses/types/{self.name}.md"

    def section(self, key: str) -> SectionSpec | None:
        return self._sections_by_key.get(key)

    @cached_property
    def _sections_by_key(self) -> dict[str, SectionSpec]:
        """The sections by key (the first of a key), made once: looked up per section of
        every other type a type file is checked against."""
        return _first_by(self.sections, lambda s: s.key)

    def requires(self, key: str) -> bool:
        return self.metadata.get(key) == "required"


@dataclass(frozen=True)
class Vocabulary:
    """A controlled list of values (conclusion status, guarantee strength, …)."""

    name: str
    what: str
    values: tuple[str, ...]
    #: "whole": the value alone; "start": an explanation may follow the value
    match: Literal["whole", "start"] = "whole"
    #: values written "<value><separator><the author's description>"
    described: tuple[str, ...] = ()
    separator: str = " — "
    #: the values are the method's named ones, and any other value is the author's own
    #: ("… or another explicitly defined class")
    open: bool = False

    def problem(self, written: str) -> str | None:
        """What is wrong with ``written`` as a value of this vocabulary, or ``None``.
        A value may be in inline code, as the method allows."""
        if self.open:
            return None if written.strip() else f"{_cut(written)} is not {self.what}"
        value = written.strip()
        if len(value) > 1 and value.startswith("`") and value.endswith("`"):
            value = value.strip("`").strip()
        if value in self.values:
            return None
        if self.match == "start" and any(_starts_with_word(value, v) for v in self.values):
            return None
        for word in self.described:
            if value.startswith(word + self.separator) and value[len(word + self.separator) :].strip():
                return None
            if value == word or value.startswith(word) and not value[len(word) :].strip(" —:-"):
                return f"{_cut(value)} needs its description: write '{word}{self.separator}<description>'"
        return f"{_cut(value)} is not {self.what}"

    def suggestion(self, written: str) -> str:
        choices = [*self.values, *(f"{word}{self.separator}<description>" for word in self.described)]
        return f"{did_you_mean(written.strip().strip('`'), choices)}use one of: {', '.join(choices)}"


def _cut(value: str, width: int = 60) -> str:
    """A value as a message quotes it, cut to ``width`` characters (a value can be 20,000)."""
    return repr(value if len(value) <= width else value[: width - 1] + "…")


def _starts_with_word(value: str, prefix: str) -> bool:
    return value.startswith(prefix) and (len(value) == len(prefix) or not value[len(prefix)].isalnum())


@dataclass(frozen=True)
class FieldRule:
    """A labelled field the method gives a meaning to."""

    label: str
    route: bool = False
    vocabulary: Vocabulary | None = None
    reconciliation: ReconciliationKind | None = None


@dataclass(frozen=True)
class AbsenceRule:
    assessment: str
    kind: str


@dataclass(frozen=True)
class ComparisonSpec:
    """The memory profile's comparison: the ten axes with their controlled values, the
    assessments and the evidence bases."""

    axes: dict[str, Vocabulary]
    assessment: Vocabulary
    basis: Vocabulary
    #: how a page names each axis (``read_back_signal`` → ``Read-back signal``)
    titles: dict[str, str]
    #: the assessments that classify an axis with values; any other is the axis's state
    positive: tuple[str, ...]
    #: the assessments that cite records for their coverage
    cited: tuple[str, ...]
    #: the assessment an evidenced absence bounds, and the kind of record that evidences it
    absence: AbsenceRule
    #: what each basis means, for a reader
    basis_meanings: dict[str, str]
    #: what an assessment without values means, for a reader
    assessment_meanings: dict[str, str]


#: the set rules a set type can have, each with the parameters it reads (core/rules/set_rules.py)
SET_RULES = {
    "identity": (),  # the layout's identity fields agree with their role's
    "citation_scope": ("register",),  # citations stay within the layout's cites; SRC-n where ``register`` is cited
    "verdicts": ("blocking_section", "limit_section"),  # a verifying role's sections: none or a list; blockers addressed
    "limits_carried": ("role", "section", "limit_section"),  # every limit citing records is a row of ``section``
    "members_linked": ("role", "section"),  # the section links every member present
    "supersessions_only": ("role",),  # the reconciliation's amendments are supersessions
    "amendment_index": ("role", "section", "line", "from"),
    "conflicts_carried": ("role", "section", "from"),
    "canonical_citations": ("role", "from"),
    "member_status": ("role", "field", "value"),
    # the role's front-matter ``field`` is the frozen source: a mapping unless the run stopped
    # early, its revision the reviewed boundary, its digest as its kind says, a row of ``section``
    "frozen_source": ("role", "field", "section"),
    "description_length": ("role", "min", "max"),  # the role's description, in characters
    "section_unless": ("role", "section", "field", "value"),  # ``section`` stands exactly when ``field`` is not ``value``
}
#: the rule parameters that name a role
ROLE_PARAMETERS = ("role", "from", "register")
#: what a part of a system's front page can show (templates/reports/front.html.j2)
FRONT_SHOWS = ("section", "stacked_table", "register", "conflicts", "profile", "members", "verdicts", "pinned_members", "worker")


@dataclass(frozen=True)
class IdentitySource:
    """Front-matter fields a role repeats from another role (the method's names: ``run-id``)."""

    role: str
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Role:
    """One member of a set as its layout declares it: its file, the method's type of it and
    ours, the fields it repeats, the roles it may cite and the roles it verifies."""

    name: str
    path: str  # the method's file: runtime.md
    method_type: str
    member_type: str  # the name of our type of it
    identity: tuple[IdentitySource, ...] = ()
    cites: tuple[str, ...] = ()
    verifies: tuple[str, ...] = ()

    @property
    def member(self) -> str:
        """The member's name in a system folder (``<member>.yaml``): the file's stem."""
        return self.path.removesuffix(".md")


@dataclass(frozen=True)
class Requirement:
    """The roles a set requires always, and those it requires (and alone permits) when a
    role's field has a value (``when``: the boundary's ``result-disposition``)."""

    always: tuple[str, ...] = ()
    when_role: str | None = None
    when_field: str | None = None  # the method's front-matter name: result-disposition
    values: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: every value the field may have (its vocabulary): a value ``values`` does not list
    #: requires and permits the ``always`` roles alone
    admitted: tuple[str, ...] = ()


@dataclass(frozen=True)
class FrontPart:
    """A part of a system's front page: what it shows and from which role's section."""

    show: str
    role: str | None = None
    section: str | None = None


@dataclass(frozen=True, eq=False)
class SetType:
    """An analysis set's type: its layout (roles, requiredness, membership) as the method
    declares it, and what this site reads from it: the entry role (the system's front page),
    the set rules with the roles and sections each reads, and the front page's parts."""

    name: str
    method_type: str
    manifest: str
    closed: bool  # closed membership: no member but the roles'
    roles: dict[str, Role]
    required: Requirement
    entry: str  # a role
    #: how its members declare and cite records: "links" (ADR 115) or "bare"
    citations: Literal["links", "bare"] = "bare"
    rules: dict[str, dict[str, str]] = field(default_factory=dict)
    front: tuple[FrontPart, ...] = ()
    #: where the front page's metadata points for the boundary and its evidence
    evidence: FrontPart | None = None
    builtin: bool = True

    @cached_property
    def _by_member(self) -> dict[str, Role]:
        return {role.member: role for role in self.roles.values()}

    def role_of(self, member: str) -> Role | None:
        """The role a member of a system folder fills."""
        return self._by_member.get(member)

    def member(self, role: str) -> str:
        """The member name of a role (its file's stem)."""
        return self.roles[role].member

    @property
    def entry_member(self) -> str:
        return self.member(self.entry)

    @cached_property
    def members(self) -> tuple[str, ...]:
        """Every member the layout names, in its order."""
        return tuple(role.member for role in self.roles.values())

    def file_of(self, member: str) -> str:
        role = self.role_of(member)
        return role.path if role else f"{member}.md"

    def part(self, show: str) -> FrontPart | None:
        """The front page's first part that shows ``show``."""
        return next((part for part in self.front if part.show == show), None)

    def rule(self, name: str) -> dict[str, str] | None:
        """A set rule's parameters with its roles as member names; ``None`` when the type
        does not have the rule."""
        found = self.rules.get(name)
        if found is None:
            return None
        return {key: self.member(value) if key in ROLE_PARAMETERS else value for key, value in found.items()}

    @property
    def discriminator(self) -> tuple[str, str] | None:
        """The member whose field selects the membership, and that field's YAML key."""
        if self.required.when_role is None or self.required.when_field is None:
            return None
        return self.member(self.required.when_role), self.required.when_field.replace("-", "_")

    def membership(self, disposition: str | None, members: Iterable[str]) -> tuple[tuple[str, ...], list[str], list[str]] | None:
        """The members a set whose discriminating field is ``disposition`` has, those of them
        ``members`` lacks and those it has beyond them; ``None`` for no value the layout
        names (the field's own check says so)."""
        if disposition is None or disposition not in (*self.required.values, *self.required.admitted):
            return None
        selected = self.required.values.get(disposition, ())
        expected = tuple(role.member for name, role in self.roles.items() if name in self.required.always or name in selected)
        present = list(members)
        order = self.members
        extra = sorted((m for m in present if m not in expected), key=lambda m: (order.index(m) if m in order else len(order), m))
        extra = extra if self.closed else []
        return expected, [m for m in expected if m not in present], extra

    def fit(self, members: Iterable[str]) -> tuple[int, int]:
        """How well members fit this layout (lower is better): how many are no role of it,
        and how many roles it requires always are missing."""
        present = set(members)
        return (sum(1 for m in present if m not in self._by_member),
                sum(1 for name in self.required.always if self.member(name) not in present))


@dataclass(frozen=True, eq=False)
class Method:
    """The method's shared contracts: record kinds, vocabularies, labelled fields and the
    memory comparison."""

    kinds: dict[str, str]  # code → heading, in page order
    vocabularies: dict[str, Vocabulary]
    fields: tuple[FieldRule, ...]
    status_suffix: str
    status_vocabulary: Vocabulary
    uncertain_markers: tuple[str, ...]
    comparison: ComparisonSpec

    @cached_property
    def route_fields(self) -> tuple[str, ...]:
        """The labels every route answers, in page order."""
        return tuple(rule.label for rule in self.fields if rule.route)

    @cached_property
    def _by_label(self) -> dict[str, FieldRule]:
        return {rule.label.casefold(): rule for rule in self.fields}

    @cached_property
    def _status_re(self) -> re.Pattern[str]:
        return re.compile(rf"^(?P<layer>\S.*?)\s+{re.escape(self.status_suffix)}$", re.IGNORECASE)

    def rule(self, label: str) -> FieldRule | None:
        """The rule of a field label written exactly (or in another case: see ``near_miss``)."""
        return self._by_label.get(label.casefold())

    def status_layer(self, label: str) -> str | None:
        """``implementation conclusion status`` → ``implementation``; ``None`` for other labels."""
        match = self._status_re.match(label.strip())
        return match.group("layer") if match else None

    def near_miss(self, label: str) -> str | None:
        """The method's label that ``label`` most likely meant, when it is not written exactly
        (another case, a typo): its rule would otherwise silently not apply."""
        rule = self.rule(label)
        if rule is not None:
            return rule.label if rule.label != label else None
        if (layer := self.status_layer(label)) is not None:
            exact = f"{layer} {self.status_suffix}"
            return exact if exact != label else None
        known = [rule.label.casefold() for rule in self.fields] + [self.status_suffix]
        close = closest_word(label.casefold(), known, cutoff=0.85)
        if close is None:
            return None
        if close == self.status_suffix:
            return f"<layer> {self.status_suffix}"
        return self._by_label[close].label

    @cached_property
    def _uncertain_re(self) -> re.Pattern[str]:
        return re.compile(rf"^({'|'.join(map(re.escape, self.uncertain_markers))})(?![\w-])(.*)$", re.DOTALL)

    def uncertain(self, value: str) -> tuple[str, str] | None:
        """``(marker, rest)`` when a value starts with an uncertainty marker word."""
        match = self._uncertain_re.match(value.strip())
        return (match.group(1), match.group(2)) if match else None


@dataclass(frozen=True, eq=False)
class TypeRegistry:
    """The member types one collection knows: the built-in ones and the collection's own."""

    method: Method
    types: dict[str, ReportType]
    #: the set types: the collection's own, then the built-in ones (the method's current
    #: one before its previous)
    set_types: tuple[SetType, ...] = ()

    @cached_property
    def grammar(self) -> IdGrammar:
        prefixes = {t.prefix: t.member for t in self.types.values() if t.prefix}
        return IdGrammar(prefixes, self.method.kinds)

    @cached_property
    def member_order(self) -> tuple[str, ...]:
        """Members in the reading order of a set: the set types' roles (each layout's order
        kept: a member no earlier layout placed goes right after the one before it in its
        own layout, or first), then the members of the collection's own types. Placed by
        links from member to next, in one pass over the roles: a set type is report text,
        and its roles may be thousands."""
        following: dict[str | None, str | None] = {None: None}  # None: the start
        for set_type in self.set_types:
            before: str | None = None
            for member in set_type.members:
                if member not in following:
                    following[member] = following[before]
                    following[before] = member
                before = member
        order: list[str] = []
        at = following[None]
        while at is not None:
            order.append(at)
            at = following[at]
        return tuple(dict.fromkeys([*order, *(t.member for t in self.types.values() if not t.builtin)]))

    @cached_property
    def _member_places(self) -> dict[str, int]:
        return {member: place for place, member in enumerate(self.member_order)}

    def layout_for(self, members: Iterable[str]) -> SetType:
        """The set type a system's members are read with: the one they fit best (every
        member a role of it, its always-required roles there), the first on a tie (the
        collection's own before the built-in ones, the method's current before its previous)."""
        present = list(members)
        return min(self.set_types, key=lambda set_type: set_type.fit(present))

    def role_type(self, role: Role) -> ReportType | None:
        """Our member type of a role."""
        return self.types.get(role.member_type)

    def by_prefix(self, prefix: str) -> ReportType | None:
        return self._by_prefix.get(prefix)

    def by_member(self, member: str) -> ReportType | None:
        return self._by_member.get(member)

    @cached_property
    def _by_prefix(self) -> dict[str, ReportType]:
        """The types by prefix, made once: the check looks one up for every record."""
        return _first_by(self.types.values(), lambda t: t.prefix)

    @cached_property
    def _by_member(self) -> dict[str, ReportType]:
        return _first_by(self.types.values(), lambda t: t.member)

    @cached_property
    def _by_name(self) -> dict[str, ReportType]:
        names = {report_type.name: report_type for report_type in self.types.values()}
        for report_type in self.types.values():  # a type's own name before another's file name
            for name in report_type.names:
                names.setdefault(name, report_type)
        return names

    def resolve(self, written: str) -> ReportType | None:
        """The type a report's ``type`` names: a type's name or one of the method's file
        names of it (``names``)."""
        return self._by_name.get(written)

    @property
    def type_names(self) -> tuple[str, ...]:
        """Every name a report's ``type`` may say."""
        return tuple(self._by_name)

    def order(self, member: str) -> tuple[int, str]:
        """Sort key: the members of a set in reading order, unknown members after, by name."""
        return (self._member_places.get(member, len(self._member_places)), member)


def _first_by(items: Iterable[_T], key: Callable[[_T], str | None]) -> dict[str, _T]:
    """``items`` by ``key``, the first of each key (as a scan for it would find), in one pass."""
    out: dict[str, _T] = {}
    for item in items:
        found = key(item)
        if found is not None:
            out.setdefault(found, item)
    return out
