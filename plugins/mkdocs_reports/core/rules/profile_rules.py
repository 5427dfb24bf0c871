"""The memory profile's comparison against the method's axes and vocabularies
(``method.yaml``, ``memory_comparison``): every value, basis and assessment is controlled,
every axis is there once, a revision-1 axis has ``values`` with one ``evidence`` entry each
and a revision-2 axis ``units`` of ``findings``, a ``known`` or ``partial`` classification
has findings with records, and an ``absent`` one cites an evidenced absence (``ABS``)
record. The comparison is read by ``loading.profile_comparison``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import Diagnostics, Location
from ..method.ids import kind_of
from ..method.types import ComparisonSpec, Vocabulary
from ..model import ComparisonAxis, ComparisonRecord, ComparisonUnit, Finding, MemoryComparison
from ..schemas.conform import quoted


def _vocabulary(vocabulary: Vocabulary, value: str, location: Location, what: str, diagnostics: Diagnostics) -> bool:
    problem = vocabulary.problem(value)
    if problem:
        diagnostics.error(location, f"{what}: {problem}", vocabulary.suggestion(value))
    return problem is None


class ComparisonRules:
    """The method's rules for one profile's comparison (what its YAML shape cannot say)."""

    def __init__(self, spec: ComparisonSpec, kind_of_id: Callable[[str], str], diagnostics: Diagnostics) -> None:
        self.spec = spec
        self.kind_of = kind_of_id
        self.diagnostics = diagnostics

    def validate(self, comparison: MemoryComparison) -> None:
        axes = {axis.name for axis in comparison.axes}
        missing = [name for name in self.spec.axes if name not in axes]
        if missing:
            self.diagnostics.error(
                comparison.axes_location,
                f"the memory comparison lacks the axis{'es' if len(missing) > 1 else ''} {', '.join(missing)}",
                "every one of the ten axes stands once under 'axes:', with its assessment, records and note "
                f"(the axes: {', '.join(self.spec.axes)})",
            )
        for axis in comparison.axes:
            vocabulary = self.spec.axes.get(axis.name)
            if vocabulary is None:
                close = Vocabulary("axes", "an axis", tuple(self.spec.axes)).suggestion(axis.name)
                self.diagnostics.error(axis.location, f"{quoted(axis.name)} is not an axis of the memory comparison", close)
                continue
            self.axis(axis, vocabulary, comparison.revision)

    def assessment(self, value: str, location: Location, what: str) -> bool:
        return _vocabulary(self.spec.assessment, value, location, f"{what}: the assessment", self.diagnostics)

    def axis(self, axis: ComparisonAxis, vocabulary: Vocabulary, revision: int) -> None:
        what = f"the axis {axis.name}"
        known = self.assessment(axis.assessment, axis.assessment_location, what)
        if revision == 1:
            if axis.values is None or axis.evidence is None:
                self.diagnostics.error(axis.location, f"{what} of a revision-1 comparison needs 'values' and 'evidence'",
                                       "write 'values: [<value>, …]' and 'evidence:' with one entry per value "
                                       "(or 'version: 2' and 'units:' for a revision-2 comparison)")
                return
            self.values(axis, vocabulary, what, known)
        else:
            if axis.units is None:
                self.diagnostics.error(axis.location, f"{what} of a revision-2 comparison needs 'units'",
                                       "write 'units:' with each classification unit's scope, assessment, findings, records and note")
                return
            if known and axis.assessment in self.spec.positive and not axis.units:
                self.diagnostics.error(axis.assessment_location, f"{what} is {axis.assessment} but has no units",
                                       "add the units it classifies, or change its assessment")
            for number, unit in enumerate(axis.units, start=1):
                self.unit(unit, f"{what}, unit {number}", vocabulary)
        if known:
            self.coverage(axis.assessment, axis.records, axis.assessment_location, what)

    def values(self, axis: ComparisonAxis, vocabulary: Vocabulary, what: str, known: bool) -> None:
        """Revision 1: controlled values, each with exactly one evidence entry."""
        values = [value.value for value in axis.values or []]
        for value in axis.values or []:
            _vocabulary(vocabulary, value.value, value.location, f"{what}: the value", self.diagnostics)
        evidence = {finding.value: finding for finding in axis.evidence or []}
        for finding in axis.evidence or []:
            if finding.value not in values:
                self.diagnostics.error(finding.location, f"{what} has evidence for {quoted(finding.value)}, which is not among its values",
                                       f"add {finding.value!r} to its values, or remove this evidence entry")
            self.finding(finding, f"{what}: the evidence for {finding.value!r}")
        if known and axis.assessment in self.spec.positive:
            if not values:
                self.diagnostics.error(axis.assessment_location, f"{what} is {axis.assessment} but has no values",
                                       "list the values it classifies, each with its evidence, or change its assessment")
            for value in axis.values or []:
                if value.value not in evidence:
                    self.diagnostics.error(value.location, f"{what}: the value {value.value!r} has no evidence entry",
                                           f"add under evidence: '{value.value}:' with its basis, records and note")
        elif known and values:
            self.diagnostics.error(axis.assessment_location, f"{what} is {axis.assessment} but lists values ({', '.join(values)})",
                                   "an axis that is not known or partial has no values: remove them, or change its assessment")

    def unit(self, unit: ComparisonUnit, what: str, vocabulary: Vocabulary) -> None:
        known = self.assessment(unit.assessment, unit.assessment_location, what)
        for finding in unit.findings:
            _vocabulary(vocabulary, finding.value, finding.location, f"{what}: the value", self.diagnostics)
            self.finding(finding, f"{what}: the finding {finding.value!r}")
        if known and unit.assessment in self.spec.positive and not unit.findings:
            self.diagnostics.error(unit.assessment_location, f"{what} is {unit.assessment} but has no findings",
                                   "add its findings (value, basis, records, note), or change its assessment")
        elif known and unit.assessment not in self.spec.positive and unit.findings:
            self.diagnostics.error(unit.assessment_location, f"{what} is {unit.assessment} but has findings",
                                   "a unit that is not known or partial has no positive findings: remove them, or change its assessment")
        if known:
            self.coverage(unit.assessment, unit.records, unit.assessment_location, what)

    def finding(self, finding: Finding, what: str) -> None:
        if finding.basis_location is not None:
            _vocabulary(self.spec.basis, finding.basis, finding.basis_location, f"{what}: the basis", self.diagnostics)
        if not finding.records:
            self.diagnostics.error(finding.records_location or finding.location, f"{what} cites no records",
                                   "cite the records that support it: 'records: [<ID>, …]'")

    def coverage(self, assessment: str, records: list[ComparisonRecord], location: Location, what: str) -> None:
        absence = self.spec.absence
        if assessment in self.spec.cited and not records:
            self.diagnostics.error(location, f"{what} is {assessment} but cites no records",
                                   "cite the records that warrant it: 'records: [<ID>, …]'")
        if assessment == absence.assessment and records and not any(r.id and self.kind_of(r.id) == absence.kind for r in records):
            self.diagnostics.error(location, f"{what} is {absence.assessment} but cites no evidenced absence (an {absence.kind} record)",
                                   f"cite the evidenced-absence record that bounds the absence (e.g. MEM-{absence.kind}-<name>), "
                                   "or change the assessment (uninspected, not-determinable)")


def validate_comparison(comparison: MemoryComparison, spec: ComparisonSpec, diagnostics: Diagnostics) -> None:
    ComparisonRules(spec, kind_of, diagnostics).validate(comparison)
