"""A member type a collection declares (``reports/_types/``) comes with a pull request like
any report, so its words are author text too: the noun readers call it by, its section
headings, the wording of an empty section, its table columns. The search index holds
them as text, as HTML escapes it: Material's search results insert an entry's title and
text as HTML. (The hostile collection, ``hostile.py``, declares such a type as well, for
the browser tests of every page and of the search results.)
"""

from __future__ import annotations

import json
import re

import pytest

from sitehtml import build_site, make_project

pytestmark = pytest.mark.once  # what the pages say: the same under ProperDocs (test_generators_agree.py)

TYPE = """\
name: evil-report
noun: "<img src=x onerror=alert(201)> report"
member: evil
prefix: EVL
sections:
  - key: notes
    heading: "<img src=x onerror=alert(202)> notes"
    shape: blocks
    coverage: "true"
    table:
      columns: ["<img src=x onerror=alert(203)>", "<script>alert(204)</script>"]
  - key: records
    heading: "<svg onload=alert(205)> records"
    shape: records
  - key: annotations
    heading: "<img src=x onerror=alert(206)> annotations"
    shape: annotations
    empty: "<img src=x onerror=alert(207)> none"
  - key: gone
    heading: "<img src=x onerror=alert(208)> gone"
    shape: blocks
    optional: "true"
"""
REPORT = """\
type: evil-report
title: Evil member
notes:
  - table:
      columns: ["<img src=x onerror=alert(203)>", "<script>alert(204)</script>"]
      rows: [[a, b]]
records:
  - id: EVL-OBJ-thing
    label: A thing
    body:
      - text: Cites MEM-OBJ-notes.
"""
#: a tag of the vectors, as HTML would read it (escaped, it is text)
_TAG = re.compile(r"<(img|script|svg)\b")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile-types")
    project = make_project(root / "project")
    (project / "reports" / "_types").mkdir()
    (project / "reports" / "_types" / "evil.yaml").write_text(TYPE, encoding="utf-8")
    (project / "reports" / "alpha" / "evil.yaml").write_text(REPORT, encoding="utf-8")
    return build_site(project, strict=False)


def test_the_search_index_holds_the_types_words_as_text(site):
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert any("201" in doc["text"] for doc in docs)  # the noun is there, to be found
    leaks = [doc for doc in docs if _TAG.search(doc["title"] + doc["text"])]
    assert leaks == []
