"""Which sections a report page shows, and what an empty one says, comes from the member
type's section specs (member_types/*.yaml), as the method words it."""

from __future__ import annotations

import dataclasses

from mkdocs_reports.pages import SitePages


def pages(reports, flip: tuple[str, ...] = ()) -> dict[str, str]:
    """The alpha pages' HTML, with ``omit_when_empty`` flipped for the memory sections in ``flip``."""
    reports.report("alpha")
    reports.member("alpha", "runtime")
    reports.member("alpha", "epistemic")
    graph = reports.check().graph
    report = graph.collection.systems["alpha"].reports["memory"]
    sections = tuple(
        dataclasses.replace(spec, omit_when_empty=not spec.omit_when_empty) if spec.key in flip else spec
        for spec in report.type.sections
    )
    report.type = dataclasses.replace(report.type, sections=sections)
    return {uri: spec.html for uri, spec in SitePages(graph).pages().items()}


def test_each_type_words_its_empty_sections_as_the_method_does(reports):
    rendered = pages(reports)
    memory, runtime, epistemic = (rendered[f"alpha/{m}.md"] for m in ("memory", "runtime", "epistemic"))
    assert 'id="annotations"' not in memory  # "Omit the section when there are no annotations."
    assert '<h2 id="annotations">Annotations</h2>\n<p><em>none</em></p>' in runtime  # "Ordinarily this section says `none`"
    # every kind heading
    assert '<h3 id="claims">Claims</h3>\n<p><em>none declared in this member</em></p>' in runtime
    # the epistemic member: kind headings for declared kinds only, one "none declared" without any
    assert '<h2 id="records">Shared records</h2>\n<p><em>none declared in this member</em></p>\n' in epistemic
    assert 'id="claims"' not in epistemic
    assert '<h2 id="authority-route-ledger">Authority-route ledger</h2>\n<p>no route found within boundary' in epistemic


def test_a_spec_that_keeps_empty_annotations_shows_its_wording_and_text_is_never_left_out(reports):
    memory = pages(reports, flip=("annotations", "write_side"))["alpha/memory.md"]
    assert '<h2 id="annotations">Annotations</h2>\n<p><em>none</em></p>' in memory
    assert 'id="write-side"' in memory  # a section with text is never left out
