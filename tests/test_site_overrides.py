"""A site's own templates: any of the plugin's templates can be replaced from the theme's
``custom_dir`` (``<custom_dir>/reports/<name>.html.j2``), as Material's own are; this
repository's site does so for the end of every report's page."""

from __future__ import annotations

import pytest
import yaml

from sitehtml import REPO, Site, build_site, make_project

pytestmark = pytest.mark.site


def test_a_site_s_own_template_replaces_the_plugin_s(tmp_path):
    project = make_project(tmp_path / "own")
    (project / "mine" / "reports").mkdir(parents=True)
    (project / "mine" / "reports" / "report_footer.html.j2").write_text(
        '<p class="rpt-mine">Reviewed by us: {{ report.title|label }} of {{ view.system.name }}.</p>\n'
        '<section class="site-own" data-site="{{ report.system }}">Ours.</section>\n', encoding="utf-8"
    )
    # and a template with more in it: a record's heading says its kind first
    record = (REPO / "plugins/mkdocs_reports/templates/reports/record.html.j2").read_text(encoding="utf-8")
    (project / "mine" / "reports" / "record.html.j2").write_text(
        record.replace('r.id ~ " — " ~ r.label|label', '"[" ~ r.kind ~ "] " ~ r.id ~ " — " ~ r.label|label'), encoding="utf-8"
    )
    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8").replace("!ENV REPORTS_SITE_URL", "null"))
    config["theme"]["custom_dir"] = "mine"
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    site = Site(build_site(project))
    page = site.page("alpha/memory/")
    assert "Reviewed by us: Alpha memory report of Alpha." in page.text
    assert page.headings["mem-obj-notes"].startswith("[OBJ] MEM-OBJ-notes — Note store")
    assert "made from" not in page.text  # the repository's own footer is not used: this site has its own
    # what the site's template writes is kept: its element, its class, its attribute
    assert '<section class="site-own" data-site="alpha">Ours.</section>' in site.html("alpha/memory/")


def test_this_site_ends_every_report_with_where_its_file_is(tmp_path):
    site = Site(build_site(make_project(tmp_path / "repo")))
    page = site.page("alpha/memory/")
    links = {link.text: link.href for link in page.links}
    assert links["reports/alpha/memory.yaml"].endswith("/blob/main/reports/alpha/memory.yaml")
    assert "Open an issue" in links
    assert "made from" not in site.page("alpha/").text  # a system's page is no report file
