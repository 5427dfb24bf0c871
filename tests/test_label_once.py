"""A link's label said once per page (render/label_once.py): the first link to a place
keeps it, later ones keep the bare attribute; links to other places and unlabelled ones
are untouched; hostile pages cost linear time."""

from __future__ import annotations

import time

from mkdocs_reports.adapter.label_once import label_once


def test_the_first_link_to_a_place_keeps_its_label_and_later_ones_the_bare_attribute():
    html = (
        '<a data-rpt-label="Notes" href="#mem-obj-notes">A</a> <a data-rpt-label="Notes" href="#mem-obj-notes">B</a>'
        ' <a data-rpt-label="Lessons" href="../runtime/#rt-obj-lessons">C</a> <a href="#mem-obj-notes">D</a>'
        ' <a data-rpt-label="Notes" href="#mem-obj-notes">E</a>'
    )
    assert label_once(html) == (
        '<a data-rpt-label="Notes" href="#mem-obj-notes">A</a> <a data-rpt-label href="#mem-obj-notes">B</a>'
        ' <a data-rpt-label="Lessons" href="../runtime/#rt-obj-lessons">C</a> <a href="#mem-obj-notes">D</a>'
        ' <a data-rpt-label href="#mem-obj-notes">E</a>'
    )


def test_text_that_only_looks_like_a_link_is_left_alone_in_linear_time():
    escaped = '&lt;a data-rpt-label="x" href="#y"&gt;' * 2
    assert label_once(escaped) == escaped
    hostile = '<a data-rpt-label="' + "x" * 50 + '" href="' * 200_000
    start = time.monotonic()
    label_once(hostile)
    assert time.monotonic() - start < 5
