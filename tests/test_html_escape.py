"""The HTML templates' output is escaped exactly as markupsafe escapes it, by a cheaper path."""

from pathlib import Path

import jinja2
import pytest
from markupsafe import Markup, escape

from mkdocs_reports.core.check import check_collection
from mkdocs_reports.render import SiteRenderer, html_escape, html_templates, site
from mkdocs_reports.render.html_escape import EscapingCodeGenerator, escape_output, use_escape_output

REPO = Path(__file__).resolve().parent.parent


class _Html:
    def __html__(self):
        return "<b>safe</b>"


class _Text(str):
    pass


class _Shown:
    def __str__(self):
        return "a < b"


VALUES = [
    "", "plain text", "../system0001/memory/#mem-obj-recall-n1", "é – ü 日本", "&", "<", ">", "'", '"',
    "a<b & 'c' \"d\"", "&amp; already", 0, 7, -12, 10**30, True, False, None, 1.5, float("nan"),
    Markup("<b>x</b>"), Markup(""), _Html(), _Text("a<b"), _Text("plain"), _Shown(), ["<"], {"k": "&"},
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_escape_output_is_markupsafe_escape(value):
    assert str(escape_output(value)) == str(escape(value))


SOURCE = (
    "{% macro link(href, text) %}<a href=\"{{ href }}\">{{ text }}</a>{% endmacro %}"
    "{% set where %}<code>{{ path }}</code>{% endset %}{{ where }}|{{ link(path, where) }}|"
    "{% for v in values %}<i title=\"{{ v }}\">{{ v }}</i>{{ link(v, v) }}{{ v|e }}{{ v ~ '&' }}{% endfor %}|"
    "{% autoescape false %}{{ path }}{{ link(path, path) }}{% endautoescape %}|"
    "{% autoescape flag %}{{ path }}{% endautoescape %}|{{ n * 2 }}{{ values|length }}"
)


@pytest.mark.parametrize("autoescape", [True, False])
@pytest.mark.parametrize("flag", [True, False])
def test_templates_write_what_jinja_own_generator_writes(autoescape, flag):
    """Escaped, unescaped, volatile (``autoescape flag``), in macros, set blocks, loops,
    filters and concatenation: the same text with either generator."""
    written = []
    for faster in (False, True):
        env = jinja2.Environment(autoescape=autoescape, undefined=jinja2.StrictUndefined)
        if faster:
            use_escape_output(env)
            assert env.code_generator_class is EscapingCodeGenerator
        written.append(env.from_string(SOURCE).render(path="a<b>&'\"", values=VALUES, n=3, flag=flag))
    assert written[0] == written[1]
    assert written[1].startswith("<code>a&lt;b&gt;") == autoescape


def test_an_environment_keeps_jinja_own_generator_when_the_probe_differs(monkeypatch):
    monkeypatch.setattr(html_escape, "escape_output", lambda value: Markup(str(value)))  # escapes nothing
    env = jinja2.Environment(autoescape=True)
    use_escape_output(env)
    assert env.code_generator_class is not EscapingCodeGenerator
    assert not hasattr(env, "escape_output")
    assert env.from_string("{{ v }}").render(v="<") == "&lt;"


def test_the_package_html_templates_use_it():
    assert site._html_environment().code_generator_class is EscapingCodeGenerator
    assert html_templates._env.code_generator_class is EscapingCodeGenerator


def _site(collection: Path, html_env: jinja2.Environment, svg_env: jinja2.Environment, monkeypatch) -> tuple:
    monkeypatch.setattr(html_templates, "_env", svg_env)
    renderer = SiteRenderer(check_collection(collection).graph)
    renderer.html_env = html_env
    pages = renderer.pages()
    pages[renderer.paths.home_page] = renderer.home()

    def same_token(text: str) -> str:  # a picture's slot names a token new with each renderer
        return text.replace(renderer.pictures.token, "picture-token")

    parts = {page: [same_token(part) for part in renderer.page_parts(page) or []] for page in pages}
    pictures = {page: renderer.pictures.by_page.get(page) for page in pages}
    return {page: same_token(text) for page, text in pages.items()}, parts, pictures


@pytest.mark.parametrize("collection", ["sample", "hostile"])
def test_the_site_pages_parts_and_pictures_are_the_same_with_jinja_own_generator(collection, monkeypatch):
    def own(env: jinja2.Environment) -> jinja2.Environment:
        plain = env.overlay()
        plain.code_generator_class = jinja2.Environment.code_generator_class
        plain.cache = {}  # nothing compiled with the faster generator is reused
        return plain

    reports = REPO / "tests" / "fixtures" / collection
    faster = _site(reports, site._html_environment(), html_templates._env, monkeypatch)
    jinjas = _site(reports, own(site._html_environment()), own(html_templates._env), monkeypatch)
    assert faster == jinjas
    assert any(faster[2].values()) and any(faster[1].values())  # pictures and parts were made
