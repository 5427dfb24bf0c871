"""A site's own templates (its theme's ``custom_dir``) keep the markup they write —
elements, attributes, classes — on the generated pages (the page layer's HTML, in
memory); author text printed by them is still sanitized: it cannot take the site's class."""

from __future__ import annotations

import re

from conftest import REPO
from mkdocs_reports.pages import PageSettings, SitePages

RECORD = REPO / "plugins" / "mkdocs_reports" / "templates" / "reports" / "record.html.j2"
ADMONITION = "!!! site-own\n\n    An author's admonition named after the site's class.\n"


def write_own_record_template(tmp_path, markup: str) -> None:
    """The site's own copy of the record template (``overrides/reports/``), which writes
    ``markup`` at the start of every record."""
    own = tmp_path / "overrides" / "reports"
    own.mkdir(parents=True)
    record = RECORD.read_text(encoding="utf-8")
    record = record.replace("{% macro record(r) -%}\n", "{% macro record(r) -%}\n" + markup + "\n", 1)
    (own / "record.html.j2").write_text(record, encoding="utf-8")


def pages_with_own_record_template(reports, tmp_path) -> dict[str, str]:
    write_own_record_template(tmp_path, '<aside class="site-own" data-site="{{ r.id }}"><mark>ours</mark></aside>')
    reports.report("alpha", f"""\
        records:
          - id: MEM-OBJ-notes
            label: Notes
            body:
              - text: |
                  {ADMONITION.replace(chr(10), chr(10) + "                  ")}
        """)
    settings = PageSettings(templates=tmp_path / "overrides", markdown_extensions=("admonition",))
    return {uri: spec.html for uri, spec in SitePages(reports.check().graph, settings).pages().items()}


def test_a_site_s_own_template_keeps_its_classes_attributes_and_elements(reports, tmp_path):
    html = pages_with_own_record_template(reports, tmp_path)["alpha/memory.md"]
    assert '<aside class="site-own" data-site="MEM-OBJ-notes"><mark>ours</mark></aside>' in html


def test_author_text_cannot_take_a_class_the_site_s_templates_write(reports, tmp_path):
    html = pages_with_own_record_template(reports, tmp_path)["alpha/memory.md"]
    [admonition] = re.findall(r'<div class="admonition[^"]*">', html)
    assert "site-own" not in admonition
    assert html.count('class="site-own"') == 1
