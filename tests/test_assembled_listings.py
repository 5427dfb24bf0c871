"""What `mkdocs serve --dirty` now puts together of kept pieces instead of making whole is
what making it whole gives: the record ID lookup files are their entries' JSON joined (each
file the JSON of what it holds, as ``json.dumps`` writes it, however hostile the labels),
and the record index's rows are each system's rows sorted by their place alone (by ID,
then system; one system's rows of the same ID in the order it declares them)."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.record_lookup import ID_DIR
from sitehtml import SAMPLE
from test_site_incremental import copy_system

#: a label that JSON must escape or keep as it is: quotes, a backslash, markup, an entity and
#: a character beyond the BMP
HOSTILE = 'Zeta "notes" \\ </script> 😀 &amp; end'


@pytest.fixture
def site(tmp_path) -> SitePages:
    root = tmp_path / "project" / "reports"
    shutil.copytree(SAMPLE, root)
    copy_system(root.parent, "beta", "gamma", "Gamma")
    beta = root / "beta" / "memory.yaml"
    text = beta.read_text(encoding="utf-8")
    twice = '  - id: MEM-OBJ-notes\n    label: ' + json.dumps(HOSTILE, ensure_ascii=False) + '\n    body:\n      - text: Declared twice.\n'
    beta.write_text(text.replace("write_side:", twice + "write_side:", 1), encoding="utf-8")
    return SitePages(check_collection(root).graph)


def test_each_lookup_file_is_the_json_of_what_it_holds(site):
    files = site.lookup_files()
    assert files and all(path.startswith(f"{ID_DIR}/") for path in files)
    for text in files.values():
        assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
    held = [entry for text in files.values() for entries in json.loads(text).values() for entry in entries]
    assert any(entry["title"].startswith("MEM-OBJ-notes — Zeta \"notes\"") and "😀" in entry["title"] for entry in held)
    notes = next(json.loads(text)["mem-obj-notes"] for text in files.values() if "mem-obj-notes" in json.loads(text))
    assert [entry["where"].split()[0] for entry in notes] == ["Alpha", "Beta", "Beta", "Gamma"]  # the collection's order


def test_the_record_index_lists_rows_by_id_then_system_a_systems_own_in_its_order(site):
    index = site.planned()["records.md"].make().html
    rows = re.findall(r'<tr[^>]*>.*?</tr>', index, flags=re.S)
    notes = [row for row in rows if ">MEM-OBJ-notes<" in row]
    systems = [re.search(r">(Alpha|Beta|Gamma)<", row).group(1) for row in notes]  # type: ignore[union-attr]
    assert systems == ["Alpha", "Beta", "Beta", "Gamma"]
    assert "Beta notes" in notes[1] and "Zeta" in notes[2]  # as Beta declares them, not by their text
    ids = [re.search(r">([A-Z]+-[A-Za-z0-9-]+)<", row).group(1) for row in rows if re.search(r">([A-Z]+-[A-Za-z0-9-]+)<", row)]  # type: ignore[union-attr]
    assert ids == sorted(ids)
