"""Compact pages (render/compact_html.py): the theme's indentation goes, what a browser
shows stays, verbatim elements keep every character, and hostile input costs linear time."""

from __future__ import annotations

import re
import time

from mkdocs_reports.render.compact_html import compact


def test_indentation_goes_and_the_text_a_browser_shows_stays():
    html = "<nav>\n    <ul>\n      <li><a href='#'>One</a>\n      </li>\n\n\n    </ul>\n</nav>\n<p>a\n   b  c</p>"
    out = compact(html)
    assert out == "<nav><ul><li><a href='#'>One</a></li></ul></nav><p>a\nb  c</p>"
    # what a browser lays out: runs of white space as one, none at a block's start or end
    shown = lambda page: re.sub(r"\s*(</?(?:nav|ul|li|p)\b[^>]*>)\s*", r"\1", re.sub(r"\s+", " ", page))  # noqa: E731
    assert shown(out) == shown(html)


def test_pre_textarea_script_and_style_keep_every_character():
    verbatim = [
        "<pre><code>  def f():\n      return 1\n</code></pre>",
        "<TEXTAREA>\n   kept\n</TEXTAREA>",
        '<script>\n  const a = `x\n   y`;\n</script>',
        "<style>\n  p { color: red; }\n</style>",
    ]
    html = "\n   ".join(["<div>", *verbatim, "</div>"])
    out = compact(html)
    for element in verbatim:
        assert element in out
    assert "\n   <" not in out.replace(verbatim[0], "").replace(verbatim[1], "")


def test_an_unclosed_verbatim_element_keeps_the_rest_and_costs_linear_time():
    assert compact("<p>\n  a</p><pre>\n  b\n   c") == "<p>\na</p><pre>\n  b\n   c"
    hostile = "<p>\n  x" * 400_000 + "<pre" * 400_000 + "<script" * 400_000  # quadratic would take hours
    start = time.monotonic()
    compact(hostile)
    assert time.monotonic() - start < 5


def test_a_line_break_next_to_a_block_tag_goes_and_one_between_inline_tags_stays():
    html = "<ul>\n<li><a href='#a'>One</a>\n<a href='#b'>Two</a>\n</li>\n</ul>\n<p><code>x</code>\n<em>y</em></p>\n</div>"
    assert compact(html) == "<ul><li><a href='#a'>One</a>\n<a href='#b'>Two</a></li></ul><p><code>x</code>\n<em>y</em></p></div>"


def test_many_tags_without_a_block_cost_linear_time():
    hostile = "<a x='" + "y" * 10 + "'>\n" * 300_000 + "<b>\n<" * 300_000
    start = time.monotonic()
    assert compact(hostile).count("\n") == 600_000  # no block: every break stays
    assert time.monotonic() - start < 5


def test_a_tag_is_read_whole_and_in_any_case():
    # the tag before a break is the one its last "<" opens, whatever its text holds
    assert compact('<P title="a>b">\n<em>x</em>\n<Em>y</Em>\n</DIV>') == '<P title="a>b"><em>x</em>\n<Em>y</Em></DIV>'
    # a name is a block's only whole: <pa>, <h7>, <tr2> are not <p>, <h1>…, <tr>
    assert compact("<pa>\n<h7>\n<tr2>\n<b>") == "<pa>\n<h7>\n<tr2>\n<b>"
