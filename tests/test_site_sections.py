"""Which sections a report page shows comes from the member type's section specs."""

from __future__ import annotations

import dataclasses

from mkdocs_reports.render import SiteRenderer

EMPTY = "*This section is empty in this member.*"


def page_of(reports, flip: tuple[str, ...] = ()) -> str:
    """The alpha memory page, with ``omit_when_empty`` flipped for the sections in ``flip``."""
    reports.report("alpha", "limitations: None.\n")
    graph = reports.check().graph
    report = graph.collection.systems["alpha"].reports["memory"]
    sections = tuple(
        dataclasses.replace(spec, omit_when_empty=not spec.omit_when_empty) if spec.key in flip else spec
        for spec in report.type.sections
    )
    report.type = dataclasses.replace(report.type, sections=sections)
    return SiteRenderer(graph).pages()["alpha/memory.md"]


def test_empty_annotations_are_left_out_as_their_spec_says(reports):
    page = page_of(reports)
    assert "## Annotations" not in page
    assert f"## Write side {{#write-side}}\n\n{EMPTY}" in page


def test_a_spec_that_keeps_empty_annotations_shows_them_empty_and_one_that_omits_prose_leaves_it_out(reports):
    page = page_of(reports, flip=("annotations", "write_side"))
    assert f"## Annotations {{#annotations}}\n\n{EMPTY}" in page
    assert "## Write side" not in page
    assert "## Limitations" in page  # a section with text is never left out
