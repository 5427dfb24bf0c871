"""The theme's search index, which Material fetches whole on a reader's first visit, does
not grow with the records: the plugin's entries are one per generated page, the same for
a system of 5 records as of 40; every record is in the ID lookup files instead, each
under the file its ID's hash names. Sizes, not times."""

from __future__ import annotations

import json

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import SitePages
from mkdocs_reports.pages.record_lookup import BUCKETS, ID_DIR, bucket
from mkdocs_reports.pages.search import search_entries


def _collection(reports, records: int) -> SitePages:
    for system in ("alpha", "beta"):
        body = "".join(f"  - id: MEM-OBJ-thing-n{n}\n    label: Thing {n} of {system}\n" for n in range(records))
        reports.report(system, f"records:\n{body}")
    checked = check_collection(reports.root)
    assert checked.ok, checked.messages
    return SitePages(checked.graph)


def _views(site: SitePages):
    return site.overview, site.paths


def test_the_search_entries_do_not_grow_with_the_records(tmp_path):
    from conftest import Collection

    few = list(search_entries(*_views(_collection(Collection(tmp_path / "few"), 5))))
    many = list(search_entries(*_views(_collection(Collection(tmp_path / "many"), 40))))
    assert few == many
    assert not [entry for entry in many if "#" in entry["location"]]


def test_every_record_is_in_the_lookup_file_its_id_names(tmp_path):
    from conftest import Collection

    site = _collection(Collection(tmp_path / "many"), 40)
    files = site.lookup_files()
    assert 1 < len(files) <= BUCKETS
    found = {}
    for path, text in files.items():
        for key, entries in json.loads(text).items():
            assert path == f"{ID_DIR}/{bucket(key)}.json"
            found[key] = [entry["location"] for entry in entries]
    assert len(found) == 40
    assert found["mem-obj-thing-n7"] == ["alpha/memory/#mem-obj-thing-n7", "beta/memory/#mem-obj-thing-n7"]


def test_the_bucket_is_fnv_1a_of_the_lower_case_id():
    """The script computes the same (record-search.js): 32-bit FNV-1a over UTF-16 units."""
    assert bucket("") == f"{0x811C9DC5 % BUCKETS:02x}"
    assert bucket("MEM-OBJ-notes") == bucket("mem-obj-notes")
    assert bucket("a") == f"{((0x811C9DC5 ^ 0x61) * 0x01000193) % 2**32 % BUCKETS:02x}"
