"""Markdown extensions a site may name make elements, classes, ids and attributes of an
author's words: ``??? rpt-index rpt-records`` is ``<details class="rpt-index rpt-records">``
(pymdownx.details), ``/// html | div.rpt-comparison[data-rpt-json=…]`` any element with
any attribute (pymdownx.blocks.html). None of it may give author text what the site's
scripts, styles or own templates act on: the site's classes (``rpt-*`` or one its
templates write), ``data-*`` attributes, ids, the site's elements; nor an image that loads
anything (an author's Markdown image is always shown as written). (The page layer's HTML,
in memory, with the site's extensions from PyPI.)"""

from __future__ import annotations

import re
import textwrap

from mkdocs_reports.pages import PageSettings, SitePages
from test_pages_site_templates import write_own_record_template

EXTENSIONS = ("admonition", "pymdownx.details", "pymdownx.blocks.html", "pymdownx.blocks.caption", "pymdownx.superfences")

#: what an author writes to borrow the site's markup through the extensions
HOSTILE = """\
??? rpt-index rpt-records "Forged index"
    | a | b |
    |---|---|
    | 1 | 2 |

/// html | div.rpt-comparison.rpt-records[data-rpt-json="https://evil.example/x.json" data-rpt-label="forged label"]
Forged comparison.
///

/// html | span#mem-obj-notes.rpt-status[data-rpt-layer="forged layer"]
Forged anchor.
///

/// html | aside.site-own[data-site="forged site"]
Forged aside.
///

/// html | mark.site-own
Forged mark.
///

/// caption
    attrs: {class: rpt-quote-check}
A caption.
///

/// html | img[src="../../assets/forged.png" alt="forged image"]
///

Some prose about `MEM-OBJ-notes` that stays.
"""


def _pages(reports, tmp_path) -> dict[str, str]:
    write_own_record_template(tmp_path, '<aside class="site-own" data-site="{{ r.id }}"><mark class="site-own">ours</mark></aside>')
    body = textwrap.indent(HOSTILE, " " * 18)
    reports.report("alpha", f"""\
        records:
          - id: MEM-OBJ-notes
            label: Notes
            body:
              - text: |
{body}
        """)
    settings = PageSettings(templates=tmp_path / "overrides", markdown_extensions=EXTENSIONS)
    return {uri: spec.html for uri, spec in SitePages(reports.check().graph, settings).pages().items()}


def test_markdown_extensions_give_author_text_no_site_class_data_attribute_or_id(reports, tmp_path):
    html = _pages(reports, tmp_path)["alpha/memory.md"]
    assert "Forged comparison." in html and "Forged anchor." in html and "A caption." in html  # shown, as text
    assert "<details" in html  # the extension's own markup stays
    classes = " ".join(re.findall(r'class="([^"]*)"', html)).split()
    for site_class in ("rpt-index", "rpt-records", "rpt-comparison", "rpt-quote-check"):
        assert site_class not in classes, site_class
    assert "rpt-status" not in re.findall(r'<span class="([^"]*)"[^>]*>\s*Forged anchor', html)
    for forged in ("evil.example", "forged label", "forged layer", "forged site"):
        assert forged not in html, forged
    assert html.count('id="mem-obj-notes"') == 1
    assert "forged.png" not in html  # an author's image loads nothing, from here or elsewhere


def test_markdown_extensions_give_author_text_no_class_the_site_s_templates_write(reports, tmp_path):
    html = _pages(reports, tmp_path)["alpha/memory.md"]
    assert '<aside class="site-own" data-site="MEM-OBJ-notes"><mark class="site-own">ours</mark></aside>' in html
    assert html.count('class="site-own"') == 2
    assert "Forged aside." in html and "Forged mark." in html
