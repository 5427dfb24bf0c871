"""A frozen source with a field that is no value (a list where the identity goes) gets one
error, at that field: the Source register's check no longer follows it with a row to write
"the identity `None`", a value nobody wrote."""

from __future__ import annotations

import pytest

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.rules.collection_check import check_collection


@pytest.mark.parametrize("field, written", [("identity", "https://github.com/example/tern"), ("kind", "git"),
                                            ("revision", '"9c2e4a6b8d0f1e3a5c7b9d1f3a5c7e9b0d2f4a6c"')])
def test_a_frozen_source_field_that_is_no_value_is_one_error_at_it(tmp_path, field, written):
    reports = tmp_path / "reports"
    assert import_markdown([FIXTURES / "sets" / "current" / "tern"], reports).ok
    boundary = reports / "tern" / "boundary.yaml"
    text = boundary.read_text(encoding="utf-8")
    assert f"  {field}: {written}\n" in text
    boundary.write_text(text.replace(f"  {field}: {written}\n", f"  {field}: [a, b]\n", 1), encoding="utf-8")
    errors = [str(m) for m in check_collection(reports).messages() if ": error: " in str(m)]
    assert "None" not in " ".join(errors), errors
    assert any(f"'{field}' must be" in e and "not a list" in e for e in errors), errors
