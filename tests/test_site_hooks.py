"""The plugin beside a site's own ``hooks:`` (MkDocs' hook modules): MkDocs lists each hook
module among the plugins, and a module has no plugin ``config``; the build goes on and every
hook sees the generated pages as it sees the hand-written ones."""

from __future__ import annotations

import pytest

from sitehtml import build_site, make_project

pytestmark = pytest.mark.site

HOOK = '''
seen = []

def on_post_page(output, page, config):
    seen.append(page.file.src_uri)
    return output

def on_post_build(config):
    with open(config.site_dir + "/hook-saw.txt", "w", encoding="utf-8") as out:
        out.write("\\n".join(sorted(seen)))
'''


def test_a_site_with_hooks_builds_and_its_hooks_see_the_generated_pages(tmp_path):
    project = make_project(tmp_path / "project")
    (project / "site_hook.py").write_text(HOOK, encoding="utf-8")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "\nhooks:\n  - site_hook.py\n", encoding="utf-8")
    site = build_site(project)
    seen = (site / "hook-saw.txt").read_text(encoding="utf-8").splitlines()
    assert "index.md" in seen
    assert any(uri.endswith(".md") and "/" in uri for uri in seen), seen  # a system's generated pages
