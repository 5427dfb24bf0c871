"""The pictures (``render/pictures.py``) go where their page's template put their slots,
after the page went through the sanitizer, and keep no link that leaves the site."""

from __future__ import annotations

import pytest

from mkdocs_reports.render.pictures import Pictures
from mkdocs_reports.render.sanitize import sanitize, sanitize_picture

SVG = '<svg class="rpt-web" viewBox="0 0 9 9"><text x="1">MEM-OBJ-x</text></svg>'


@pytest.mark.parametrize("system", ["Alpha", "O'Brien's agent", 'A "quoted" <b> & name', "Tab\tand\u00a0space"])
def test_a_picture_fills_its_slot_whatever_the_system_is_called(system):
    pictures = Pictures()
    slot = pictures.slot("alpha/index.md", f"Citation web of {system}", SVG)
    html = pictures.insert("alpha/index.md", sanitize(f"<p>Before.</p>\n{slot}\n<p>After.</p>"), lambda page: "#")
    assert SVG in html
    assert "data-rpt-picture" not in html


@pytest.mark.parametrize("href", ["/\\elsewhere.example/x", "\\\\elsewhere.example/x", "//elsewhere.example/x",
                                  " javascript:alert(1)", "https://elsewhere.example/"])
def test_a_picture_keeps_no_link_that_leaves_the_site(href):
    picture = sanitize_picture(f'<svg class="rpt-web"><a href="{href}" class="rpt-web-node"><text>x</text></a></svg>')
    assert "href" not in picture and "<text>x</text>" in picture
