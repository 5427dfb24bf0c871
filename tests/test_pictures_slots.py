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


@pytest.mark.parametrize(
    "svg, kept, gone",
    [
        ('<svg class="rpt-web md-ellipsis"><text>x</text></svg>', '<svg class="rpt-web">', "md-ellipsis"),
        ('<svg class="rpt-web  rpt-web--wide"><text>x</text></svg>', '<svg class="rpt-web rpt-web--wide">', "  "),
        ('<svg class=""><text>x</text></svg>', "<svg><text>x</text></svg>", "class"),
        ('<svg><a href="../x/?a=1&amp;b=2" class="rpt-web-node">x</a></svg>', 'href="../x/?a=1&amp;b=2"', "\x00"),
        # a text that reads like an attribute hides no link after it
        ('<svg><text>href="x</text><a href="//elsewhere.example/">y</a></svg>', "<a>y</a>", "elsewhere"),
        ('<svg><text>class="md-x" href="</text><a href="/\\elsewhere.example/" class="md-x">y</a></svg>', "<a>y</a>", "elsewhere"),
        ('<svg><a href="java&#9;script:alert(1)">y</a><text>href="</text></svg>', "<a>y</a>", "alert"),
        ('<svg><text>a class="md-x" and href="//elsewhere.example/"</text></svg>', "elsewhere.example", "<a"),
    ],
)
def test_a_picture_s_classes_and_links_go_through_their_rules(svg, kept, gone):
    """The pictures are cleaned without the attribute rules when the rules would change
    nothing; these would: each comes out as the rules make it."""
    from mkdocs_reports.render.sanitize import _PICTURE_CLEANER

    picture = sanitize_picture(svg)
    assert picture == _PICTURE_CLEANER.clean(svg)
    assert kept in picture and gone not in picture.replace(kept, "")
