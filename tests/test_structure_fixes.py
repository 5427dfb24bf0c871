"""A value of the wrong shape is told how to write the shapes it may have: the boundary's
frozen ``source`` is ``null`` or a mapping of its fields, and a list there was told to
"write Markdown text after the colon", which is not what it may be."""

from __future__ import annotations

from mkdocs_reports.core.rules.collection_check import check_collection
from test_set_types import BOUNDARY, OVERVIEW, _write


def test_a_frozen_source_of_the_wrong_shape_is_told_to_write_null_or_its_fields(tmp_path):
    reports = _write(tmp_path / "reports", {
        "quill/boundary.yaml": BOUNDARY.format(disposition="blocked").replace("source: 'null'", "source: [1, 2]"),
        "quill/overview.yaml": OVERVIEW,
    })
    [message] = [str(m) for m in check_collection(reports).messages() if "'source' must be" in str(m)]
    assert message == (f"{reports}/quill/boundary.yaml:12:9: error: 'source' must be the frozen source, not a list — "
                       "write null, or 'key: value' lines indented under it"), message
