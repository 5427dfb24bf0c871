"""A fix names the choices it offers, but a collection's own type files declare how many
there are (``_types/*.yaml`` is report text): a layout of 8,000 roles made each error whose
fix named the roles 140 KB long, 28 MB for the 200 errors a command prints, from an 870 KB
file. Every such list names the first few and counts the rest, as a source register's does;
the method's own layouts and types, whose lists are short, are named whole."""

from __future__ import annotations

from mkdocs_reports.core.rules.collection_check import check_collection
from test_set_types import BOUNDARY, OVERVIEW, SECURITY_SET, SECURITY_TYPE, _write

#: a fix with a list of choices is at most this long, however many there are
LONGEST = 5_000


def _messages(tmp_path, set_type: str, member_type: str = SECURITY_TYPE, files: dict[str, str] | None = None) -> list[str]:
    reports = _write(tmp_path / "reports", {"_types/security-review.yaml": member_type, "_types/security-set.yaml": set_type,
                                            "quill/boundary.yaml": BOUNDARY.format(disposition="blocked"),
                                            "quill/overview.yaml": OVERVIEW, **(files or {})})
    return [str(m) for m in check_collection(reports).messages()]


def test_a_layout_of_thousands_of_roles_names_a_few_in_each_fix(tmp_path):
    roles = "".join(f"    role-number-{i}:\n      path: r{i}.md\n      type: security/types/security-review.md\n      cites: [nope]\n"
                    for i in range(3_000))
    messages = [m for m in _messages(tmp_path, SECURITY_SET.replace("  required:", roles + "  required:")) if "'nope'" in m]
    assert len(messages) == 200  # as many as are shown
    assert max(map(len, messages)) < LONGEST
    assert "name one of its roles: overview, security, role-number-0, role-number-1, " in messages[0]
    assert messages[0].endswith(", role-number-61, … (2,938 more)"), messages[0][-200:]


def test_a_member_type_of_thousands_of_sections_names_a_few_in_each_fix(tmp_path):
    sections = "".join(f"  - key: part_{i}\n    heading: Part {i}\n    shape: blocks\n" for i in range(3_000))
    member = "type: security-review\ntitle: Quill security review\ndescription: Who can write.\nthreat_model: Anyone.\n"
    member += "".join(f"nope_{i}: x\n" for i in range(50))
    messages = [m for m in _messages(tmp_path, SECURITY_SET, SECURITY_TYPE + sections, {"quill/security.yaml": member})
                if "/quill/security.yaml:" in m]
    assert len(messages) == 51 and max(map(len, messages)) < LONGEST, [m[:200] for m in messages if len(m) >= LONGEST]
    assert any("which this file lacks" in m and "… (2,936 more)" in m for m in messages)
