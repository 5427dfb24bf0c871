"""Author text of the new members reaches the front page, the profile and the comparison
only as text: a profile's scope and note holding raw HTML, a link whose title holds a tag,
and an attribute list that names the theme's id and class. Our own published set
(imported), with the vectors written into the imported YAML; its generated pages in memory
(``pagehtml``), not strictly."""

from __future__ import annotations

import json

import pytest

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown
from test_site_safety import elements, unsafe

VECTOR = ('Raw <img src=x onerror=alert(901)> and a [link](https://example.org/ "<img src=x onerror=alert(902)>")'
          ' {: #__config .md-ellipsis title="<b>x</b>" }')


@pytest.fixture(scope="module")
def site(tmp_path_factory, generated_pages):
    reports = tmp_path_factory.mktemp("imported") / "reports"
    assert import_markdown([FIXTURES / "sets" / "retained"], reports).ok
    profile = reports / "inkwell" / "memory-profile.yaml"
    text = profile.read_text(encoding="utf-8")
    for sentence in ("The scratchpad is one file per user, rewritten whole.", "Excluded are the hosted model and its provider state."):
        assert sentence in text, sentence
        text = text.replace(sentence, VECTOR.replace('"', '\\"'))
    profile.write_text(text, encoding="utf-8")
    return generated_pages(reports, strict=False)


def test_no_script_handler_theme_id_class_or_markup_title_on_any_page(site):
    assert unsafe(site) == []
    seen = 0
    for page in site.pages.values():
        for _, attributes in elements(site, page.url):  # the content of the page
            seen += 1
            assert attributes.get("id") != "__config", page.url
            assert "md-ellipsis" not in (attributes.get("class") or "").split(), page.url
            assert "<" not in (attributes.get("title") or ""), (page.url, attributes.get("title"))
    assert seen > 1000


def test_the_vectors_are_shown_as_text_where_the_profile_is(site):
    for url in ("inkwell/", "inkwell/memory-profile/"):
        text = site.page(url).text
        assert "Raw <img src=x onerror=alert(901)> and a" in text, url


def test_the_comparisons_downloads_carry_the_vectors_as_data(site):
    data = site.file_text("comparison/comparison.json")
    assert "alert(901)" in data and json.loads(data)  # plain data, for a program to read
    assert "<img" not in site.html("comparison/").split("<article", 1)[-1].replace("&lt;img", "")
