"""A set type is report text (``_types/*.yaml``): its roles cost time linear in their
number. A layout of 2,000 roles (about 150 KB) took 24 s to make the pages of: every
member's place in the reading order was found by scanning every layout's roles again
(``TypeRegistry.member_order``, ``order``). Measured beside its clean twin, a layout of
a tenth the roles, in CPU time of the test's own process."""

from __future__ import annotations

import time

from mkdocs_reports.core.rules.collection_check import check_collection
from mkdocs_reports.pages import PageSettings, SitePages
from test_set_types import BOUNDARY, OVERVIEW, SECURITY_SET, SECURITY_TYPE, _write

MEMBER = "type: security-review\ntitle: Quill security review\ndescription: Who can write.\nthreat_model: Anyone with the file.\n"


def _set_type(roles: int) -> str:
    """The security set with ``roles`` more roles, each citing the three before it."""
    more = "".join(f"    r{i}:\n      path: r{i}.md\n      type: security/types/security-review.md\n"
                   f"      cites: [{', '.join(f'r{j}' for j in range(max(0, i - 3), i))}]\n" for i in range(roles))
    return SECURITY_SET.replace("  required:", more + "  required:")


def _cpu_seconds(tmp_path, roles: int) -> float:
    reports = _write(tmp_path / f"roles-{roles}" / "reports", {
        "_types/security-review.yaml": SECURITY_TYPE, "_types/security-set.yaml": _set_type(roles),
        "quill/boundary.yaml": BOUNDARY.format(disposition="blocked"), "quill/overview.yaml": OVERVIEW,
        "quill/security.yaml": MEMBER, "quill/r7.yaml": MEMBER.replace("Quill security review", "Quill r7 review"),
    })
    start = time.process_time()
    checked = check_collection(reports)
    pages = SitePages(checked.graph, PageSettings()).pages()
    spent = time.process_time() - start
    assert checked.collection.systems["quill"].layout.name == "security-set"
    assert {"quill/index.md", "quill/security.md", "quill/r7.md"} <= set(pages)
    return spent


def test_a_set_type_of_thousands_of_roles_costs_time_linear_in_them(tmp_path):
    _cpu_seconds(tmp_path, 10)  # templates compiled, modules imported: not the layout's cost
    clean = _cpu_seconds(tmp_path, 200)
    hostile = _cpu_seconds(tmp_path, 2_000)
    assert hostile < 10 * clean + 1, (hostile, clean)
