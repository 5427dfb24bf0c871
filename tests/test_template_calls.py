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
