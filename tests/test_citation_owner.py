"""A citation carries the record, annotation or section whose text holds it, so that the
JSON export, the record previews and the neighbourhood pictures read who cites from the
citation instead of each recovering it from the spelling of an anchor."""

from __future__ import annotations

import pytest

from conftest import FIXTURES, REPO
from mkdocs_reports.core.rules.collection_check import check_collection


@pytest.mark.parametrize("root", [REPO / "reports", FIXTURES / "sample"], ids=["reports", "sample"])
def test_every_citation_names_the_record_annotation_or_section_it_stands_in(root):
    collection = check_collection(root).collection
    in_records = 0
    for report in collection.reports():
        records = {record.anchor for record in report.records}
        annotations = {annotation.anchor for annotation in report.annotations}
        for citation in report.citations:
            owner = citation.place.owner
            assert citation.place.anchor == owner or citation.place.anchor.startswith(owner + "--"), citation.place
            if citation.place.section == "records":
                assert owner in records, citation.place
                in_records += 1
            elif owner not in annotations:
                assert "--" not in owner and owner, citation.place  # a section (or the description)
    assert in_records
