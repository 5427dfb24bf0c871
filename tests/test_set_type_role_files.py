"""A set type's role names the file its member is read from and published at
(``path: runtime.md`` is ``<system>/runtime.yaml``, page ``<system>/runtime/``): a role
file is a member name like a member type's, refused at its line when the site keeps it
(``index.md`` would be the system's own page, which the member's page replaced without a
word) or when it is too long for the files made of it; and so is a report file named so."""

from __future__ import annotations

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import PageSettings, SitePages
from test_set_types import BOUNDARY, OVERVIEW, SECURITY_SET, SECURITY_TYPE, _write

MEMBER = "type: security-review\ntitle: Quill security review\ndescription: Who can write.\nthreat_model: Anyone with the file.\n"


def _collection(tmp_path, path: str):
    set_type = SECURITY_SET.replace("path: security.md", f"path: {path}")
    return _write(tmp_path / "reports", {
        "_types/security-review.yaml": SECURITY_TYPE, "_types/security-set.yaml": set_type,
        "quill/boundary.yaml": BOUNDARY.format(disposition="blocked"), "quill/overview.yaml": OVERVIEW,
        f"quill/{path.removesuffix('.md')}.yaml": MEMBER,
    })


def test_a_role_file_named_index_is_refused_at_its_line_and_the_system_keeps_its_page(tmp_path):
    reports = _collection(tmp_path, "index.md")
    checked = check_collection(reports)
    errors = [str(m) for m in checked.messages() if "_types/security-set.yaml" in str(m)]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{reports}/_types/security-set.yaml:11:13: error: the role 'security' has the file index.md:"), errors
    assert "the system's own page is <system>/index.md" in errors[0] and " — choose another" in errors[0]
    system_page = SitePages(checked.graph, PageSettings()).pages()["quill/index.md"].html
    assert '<h1 id="title">Quill</h1>' in system_page


def test_a_role_file_longer_than_a_name_is_refused_at_its_line(tmp_path):
    reports = _collection(tmp_path, "s" * 65 + ".md")
    errors = [str(m) for m in check_collection(reports).messages() if "_types/security-set.yaml" in str(m)]
    assert len(errors) == 1 and ":11:13: error: the role 'security' has the file sss" in errors[0], errors


def test_a_report_file_named_index_is_refused_and_the_system_keeps_its_page(reports):
    reports.report("alpha")
    reports.report("alpha", member="index")
    checked = reports.check()
    assert [str(m) for m in checked.messages()] == [
        "reports/alpha/index.yaml:1:1: error: the member file name 'index' is kept by the site: the system's own page "
        "is <system>/index.md — choose another member name (kept: index)"]
    system_page = SitePages(checked.graph, PageSettings()).pages()["alpha/index.md"].html
    assert '<h1 id="title">Alpha</h1>' in system_page
