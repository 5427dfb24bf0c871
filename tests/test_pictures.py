"""The pictures (``pages/pictures.py``) stand in a named group, and keep no element,
attribute or link outside their allowlist (no link that leaves the site)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from mkdocs_reports.pages.pictures import picture_html
from mkdocs_reports.safety.sanitize import _PICTURE_CLEANER, sanitize_picture

SVG = '<svg class="rpt-web" viewBox="0 0 9 9"><text x="1">MEM-OBJ-x</text></svg>'


@pytest.mark.parametrize("system", ["Alpha", "O'Brien's agent", 'A "quoted" <b> & name', "Tab\tand\u00a0space"])
def test_a_picture_is_named_whatever_the_system_is_called(system):
    """The picture's group is named by a hidden element holding its name as text (no
    author text in an attribute), and its SVG is kept."""
    html = picture_html(f"Citation web of {system}", SVG, "picture-1-name")
    assert SVG in html
    named = re.match(r'<div class="rpt-picture" tabindex="0" role="group" aria-labelledby="picture-1-name">'
                     r'<span id="picture-1-name" hidden>([^<>]*)</span>', html)
    assert named is not None and unescape(named[1]) == f"Citation web of {system}"


@pytest.mark.parametrize("attribute", ["href", "xlink:href"])
@pytest.mark.parametrize("href", ["/\\elsewhere.example/x", "\\\\elsewhere.example/x", "//elsewhere.example/x",
                                  " javascript:alert(1)", "https://elsewhere.example/"])
def test_a_picture_keeps_no_link_that_leaves_the_site(href, attribute):
    picture = sanitize_picture(f'<svg class="rpt-web"><a {attribute}="{href}" class="rpt-web-node"><text>x</text></a></svg>')
    assert "href" not in picture and "<text>x</text>" in picture


def test_a_picture_keeps_its_links_within_the_site_as_xlink_href():
    """What the templates write, as they write it: the theme's instant navigation leaves it alone."""
    svg = '<svg class="rpt-chart"><a xlink:href="../../records/?system=a&amp;kind=b" class="rpt-chart-bar"><text>x</text></a></svg>'
    assert sanitize_picture(svg) == svg


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
        ('<svg><a xlink:href="//elsewhere.example/">y</a></svg>', "<a>y</a>", "elsewhere"),
        ('<svg><text>xlink:href="x</text><a xlink:href="/\\elsewhere.example/">y</a></svg>', "<a>y</a>", "elsewhere"),
    ],
)
def test_a_picture_s_classes_and_links_go_through_their_rules(svg, kept, gone):
    """The pictures are cleaned without the attribute rules when the rules would change
    nothing; these would: each comes out as the rules make it."""
    picture = sanitize_picture(svg)
    assert picture == _PICTURE_CLEANER.clean(svg)
    assert kept in picture and gone not in picture.replace(kept, "")
