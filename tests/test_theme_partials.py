"""The plugin's cheaper copies of Material's partials (theme_partials.py) write what
Material's own write: tables of contents of every shape, translations, and whole sites come
out the same with and without them; they are used only while Material's files are those
they copy."""

from __future__ import annotations

import hashlib
import re
from importlib.metadata import version
from pathlib import Path
from types import SimpleNamespace

import markdown
import pytest
from mkdocs.config import load_config
from mkdocs.structure.toc import get_toc
from mkdocs.theme import Theme

from mkdocs_reports import theme_partials
from mkdocs_reports.theme_partials import COPIES_DIR, REPRODUCES, add_cheaper_partials, helpers
from sitehtml import REPO, SAMPLE, build_site, make_project

#: whether the installed Material's files are those the copies reproduce; with another
#: Material (the lowest-versions run of CI) the copies stay out and Material's own run
COPIES_APPLY = add_cheaper_partials(Theme(name="material")) == list(REPRODUCES)
needs_copies = pytest.mark.skipif(not COPIES_APPLY, reason="another Material: the copies are not used")
#: the Material the site's lock installs (requirements/site.txt)
LOCKED_MATERIAL = re.search(
    r"^mkdocs-material==(\S+)", (REPO / "requirements" / "site.txt").read_text(encoding="utf-8"), re.M
).group(1)

#: headings of every shape the table of contents template distinguishes: a page title
#: (h1 first) or not, nesting down to h6, markup, character references and quotes in titles
PAGES = [
    "# Title\n\n## One\n\n### One a\n\n#### One a i\n\n## Two `code` & <b>bold</b>\n",
    "## No title\n\n### Under\n\n## \"Quoted\" 'both' &amp; &lt;tag&gt;\n\n###### Deep\n",
    "# Only a title\n",
    "Text without headings.\n",
    "# One\n\n# Two h1s\n\n## Below the second\n",
    "### Starts low\n\n## Then higher\n\n# Then a title\n\n## *em* and [a link](x.md)\n",
]


def _material_config(tmp_path: Path, toc_title: str | None = None, language: str = "en"):
    """A real MkDocs configuration with Material, as a build loads it."""
    toc = f"\n      title: {toc_title}" if toc_title else " {}"
    (tmp_path / "docs").mkdir(parents=True, exist_ok=True)
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Theme partials\ntheme:\n  name: material\n  language: {language}\n"
        f"markdown_extensions:\n  - toc:{toc}\n",
        encoding="utf-8",
    )
    return load_config(str(tmp_path / "mkdocs.yml"))


def _page(text: str, typeset: bool = False) -> SimpleNamespace:
    md = markdown.Markdown(extensions=["toc", "attr_list"])
    md.convert(text)
    toc = get_toc(md.toc_tokens)
    if typeset:  # as Material's typeset plugin sets it: the heading's HTML
        pending = list(toc)
        while pending:
            item = pending.pop()
            item.typeset = {"title": f"<em>{item.title}</em>"}
            pending += item.children
    return SimpleNamespace(toc=toc)


def _render_toc(env, config, page) -> str:
    template = env.from_string(
        '{% import "partials/language.html" as lang with context %}{% include "partials/toc.html" %}'
    )
    return template.render(page=page, config=config, features=[])


@needs_copies
@pytest.mark.parametrize("toc_title", [None, "On this page <&>"])
def test_tables_of_contents_come_out_as_materials_own(tmp_path, toc_title):
    """With the plugin's helpers (each page's table made once: shown twice, one page after
    another) and without them (every table made anew)."""
    config = _material_config(tmp_path, toc_title)
    materials = config.theme.get_env()
    assert add_cheaper_partials(config.theme) == list(REPRODUCES)
    cheaper, helped = config.theme.get_env(), config.theme.get_env()
    helped.globals.update(helpers())
    assert Path(cheaper.get_template("partials/toc.html").filename).parent.parent == COPIES_DIR / "toc"
    rendered = []
    for text in PAGES:
        for typeset in (False, True):
            page = _page(text, typeset)
            expected = _render_toc(materials, config, page)
            assert _render_toc(cheaper, config, page) == expected, (text, typeset)
            assert [_render_toc(helped, config, page) for _ in range(2)] == [expected] * 2, (text, typeset)
            rendered.append(expected)
    assert all(any(part in html for html in rendered) for part in ('<nav class="md-nav" aria-label=', "md-typeset"))


@needs_copies
@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_translations_come_out_as_materials_own(tmp_path, language):
    """Every key of Material's English table and one of none, in a language that lacks
    some (Material falls back to English, then to the key), twice: made, then remembered."""
    config = _material_config(tmp_path, language=language)
    materials = config.theme.get_env()
    add_cheaper_partials(config.theme)
    cheaper = config.theme.get_env()
    cheaper.globals.update(helpers())
    english = Path(next(d for d in config.theme.dirs[1:] if Path(d, "partials/languages/en.html").is_file()))
    keys = re.findall(r'^  "([^"]+)":', (english / "partials/languages/en.html").read_text(encoding="utf-8"), re.M)
    assert len(keys) > 50
    keys += ["no.such.key"]
    source = '{% import "partials/language.html" as lang with context %}{% for key in keys %}[{{ lang.t(key) }}]{% endfor %}'
    expected = materials.from_string(source).render(config=config, keys=keys)
    for _ in range(2):
        assert cheaper.from_string(source).render(config=config, keys=keys) == expected
    assert set(cheaper.globals["reports_translated_once"].known[language]) == set(keys)
    assert "[no.such.key]" in expected


@needs_copies
def test_translations_are_kept_apart_by_language(tmp_path):
    """One environment that renders pages of two languages (as a plugin might that builds
    a site per language) translates each in its own."""
    english, german = (_material_config(tmp_path / language, language=language) for language in ("en", "de"))
    materials = english.theme.get_env()
    add_cheaper_partials(english.theme)
    cheaper = english.theme.get_env()
    cheaper.globals.update(helpers())
    source = '{% import "partials/language.html" as lang with context %}{{ lang.t("toc") }}|{{ lang.t("search") }}'
    for config in (english, german, english):
        expected = materials.from_string(source).render(config=config)
        assert cheaper.from_string(source).render(config=config) == expected
    assert expected != materials.from_string(source).render(config=german)


@pytest.mark.skipif(version("mkdocs-material") != LOCKED_MATERIAL, reason="not the Material of the site's lock")
def test_materials_files_are_those_the_copies_reproduce():
    """Fails when a Material upgrade changes a file a copy reproduces: compare the copy with
    the new file, carry the change over and record the new hash in theme_partials.py."""
    dirs = Theme(name="material").dirs
    for copy, reproduced in REPRODUCES.items():
        assert (COPIES_DIR / copy / "partials").is_dir()
        for name, digest in reproduced.items():
            material = Path(next(d for d in dirs if Path(d, name).is_file()), name)
            assert hashlib.sha256(material.read_bytes()).hexdigest() == digest, (
                f"Material's {name} changed: carry the change over to templates/theme/{copy}/ and record its new hash"
            )


@pytest.mark.parametrize("own", ["partials/toc-item.html", "partials/toc.html"])
def test_an_authors_own_partial_keeps_the_copy_out(tmp_path, own):
    """The copy that reproduces it stays out (the others, if exact, go in)."""
    config = _material_config(tmp_path)
    custom = tmp_path / "overrides"
    (custom / own).parent.mkdir(parents=True)
    (custom / own).write_text("<li>the author's own {{ toc_item.title }}</li>", encoding="utf-8")
    config.theme.dirs.insert(0, str(custom))
    used = add_cheaper_partials(config.theme)
    assert used == ([copy for copy in REPRODUCES if copy != "toc"] if COPIES_APPLY else [])
    assert str(COPIES_DIR / "toc") not in config.theme.dirs
    assert config.theme.dirs[0] == str(custom)


@needs_copies
def test_the_copies_go_after_an_authors_custom_dir(tmp_path):
    """A ``custom_dir`` with other partials of its own: they still win."""
    config = _material_config(tmp_path)
    custom = tmp_path / "overrides"
    (custom / "partials").mkdir(parents=True)
    (custom / "partials" / "footer.html").write_text("<footer>own</footer>", encoding="utf-8")
    config.theme.dirs.insert(0, str(custom))
    assert add_cheaper_partials(config.theme) == list(REPRODUCES)
    assert config.theme.dirs[: 1 + len(REPRODUCES)] == [str(custom), *(str(COPIES_DIR / copy) for copy in REPRODUCES)]
    assert add_cheaper_partials(config.theme) == []  # once only
    assert len(config.theme.dirs) == len(set(config.theme.dirs))


#: the site's theme set otherwise: one palette (a mapping), tabs, search sharing, a logo
#: image, another language
OTHER_THEME = """\
theme:
  name: material
  language: de
  logo: logo.svg
  font: false
  features:
    - navigation.tabs
    - navigation.tabs.sticky
    - search.share
    - toc.follow
  palette:
    scheme: slate
    primary: red
"""


#: report text written to break out of wherever the theme puts it (titles, headings, labels)
HOSTILE = Path(__file__).parent / "fixtures" / "hostile"


@pytest.mark.site
@pytest.mark.parametrize("theme", ["the site's", "another", "hostile reports"])
def test_a_site_comes_out_the_same_without_the_copies(tmp_path, monkeypatch, theme):
    """Whole sites, the hostile collection's too (its labels and titles go into the copied
    table of contents and header): what the copies write is what Material's own write,
    which the safety tests check (test_site_safety.py)."""
    project = make_project(tmp_path / "project", HOSTILE if theme == "hostile reports" else SAMPLE)
    strict = theme != "hostile reports"  # the hostile text holds a link MkDocs rightly warns about
    if theme == "another":
        config = (project / "mkdocs.yml").read_text(encoding="utf-8")
        start, end = config.index("theme:"), config.index("markdown_extensions:")
        (project / "mkdocs.yml").write_text(config[:start] + OTHER_THEME + "\n" + config[end:], encoding="utf-8")
        (project / "docs" / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    used: list[list[str]] = []
    monkeypatch.setattr(theme_partials, "add_cheaper_partials", lambda theme: used.append(add_cheaper_partials(theme)))
    cheaper = build_site(project, strict=strict, site_dir=tmp_path / "cheaper")
    monkeypatch.setattr(theme_partials, "REPRODUCES", {})
    materials = build_site(project, strict=strict, site_dir=tmp_path / "materials")
    assert used == [list(REPRODUCES) if COPIES_APPLY else [], []]
    pages = sorted(path.relative_to(materials) for path in materials.rglob("*.html"))
    assert len(pages) > 10
    assert sorted(path.relative_to(cheaper) for path in cheaper.rglob("*.html")) == pages
    for page in pages:
        assert (cheaper / page).read_bytes() == (materials / page).read_bytes(), page
    home = (cheaper / "index.html").read_text(encoding="utf-8")
    assert all(part in home for part in ('data-md-component="toc"', 'data-md-component="search"', "md-header"))
