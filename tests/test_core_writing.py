"""``write_all`` writes every file or none, whatever stands where a file goes by the time it
renames them: a folder or a link made there after the import or export looked (it looks
first, then stages every file, then renames) is refused with ``WriteError`` naming it, and
nothing is written — not a traceback after some files were already renamed into place."""

from __future__ import annotations

import os

import pytest

from mkdocs_reports.core.yamlio.writing import WriteError, write_all


@pytest.mark.parametrize("kind", ["folder", "link"])
def test_write_all_refuses_what_is_no_file_where_a_file_goes_and_writes_nothing(tmp_path, kind):
    first, second = tmp_path / "sys" / "a.yaml", tmp_path / "sys" / "b.yaml"
    second.parent.mkdir()
    if kind == "folder":
        second.mkdir()
    else:
        os.symlink(tmp_path / "elsewhere.yaml", second)
    with pytest.raises(WriteError) as raised:
        write_all([(first, b"a\n"), (second, b"b\n")])
    assert raised.value.path == second
    assert not first.exists() and not (tmp_path / "elsewhere.yaml").exists()
    assert sorted(path.name for path in second.parent.iterdir()) == ["b.yaml"]  # no temporary left


def test_write_all_writes_every_file(tmp_path):
    first, second = tmp_path / "sys" / "a.yaml", tmp_path / "sys" / "b.yaml"
    write_all([(first, b"a\n"), (second, b"b\n")])
    assert first.read_bytes() == b"a\n" and second.read_bytes() == b"b\n"
    assert sorted(path.name for path in first.parent.iterdir()) == ["a.yaml", "b.yaml"]
