"""The templates' context calls plain functions directly and everything else as Jinja does."""

import jinja2

from mkdocs_reports.render.template_calls import DirectCallContext


def _env() -> jinja2.Environment:
    env = jinja2.Environment(undefined=jinja2.StrictUndefined)
    env.context_class = DirectCallContext
    return env


def test_plain_functions_methods_and_builtins_are_called_with_their_arguments():
    class Labels:
        def upper(self, text, *, suffix=""):
            return text.upper() + suffix

    template = _env().from_string("{{ join(['a', 'b']) }} {{ labels.upper('x', suffix='!') }} {{ d.get('k') }}"
                                  "{% for i in [1] %} {{ labels.upper('in loop') }}{% endfor %}")
    assert template.render(join="-".join, labels=Labels(), d={"k": "v"}) == "a-b X! v IN LOOP"


def test_marked_functions_still_get_their_context():
    @jinja2.pass_context
    def greeting(context, word):
        return f"{word}, {context['name']}"

    @jinja2.pass_environment
    def has_globals(environment):
        return environment is not None

    template = _env().from_string("{% for i in [1] %}{{ greeting('hello') }} {{ has_globals() }}{% endfor %}")
    assert template.render(greeting=greeting, has_globals=has_globals, name="reader") == "hello, reader True"


def test_macros_and_a_stop_iteration_behave_as_in_jinja():
    def exhausted():
        raise StopIteration

    template = _env().from_string("{% macro m(x) %}[{{ x }}]{% endmacro %}{{ m(1) }}{{ (exhausted() is undefined)|string }}")
    assert template.render(exhausted=exhausted) == "[1]True"


def test_macros_are_called_as_jinja_calls_them():
    """A macro gets the evaluation context straight away: what it writes (escaped or not,
    with a caller, keyword and extra arguments, in loops) is what Jinja's own call writes."""
    source = (
        "{% macro tag(name, text='-') %}<{{ name }}>{{ text }}{% if caller is defined %}{{ caller() }}{% endif %}{{ varargs|join(',') }}"
        "{{ kwargs|dictsort|join(',') }}{% endmacro %}"
        "{{ tag('b', '<i>') }}|{{ tag('b', text=value, extra=1) }}|{% call tag('p') %}<u>{% endcall %}|"
        "{% for n in ['a', 'b'] %}{{ tag(n, loop.index, 9) }}{% endfor %}|"
        "{% autoescape false %}{{ tag('s', value) }}{% endautoescape %}|{{ tag }}|"
        "{% autoescape true %}{{ tag('t', value) }}{% endautoescape %}"
    )
    for autoescape in (False, True):
        plain = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=autoescape)
        direct = _env()
        direct.autoescape = autoescape
        written = [env.from_string(source).render(value="<&>") for env in (plain, direct)]
        assert written[0] == written[1], written
        assert ("&lt;i&gt;" in written[1]) == autoescape
