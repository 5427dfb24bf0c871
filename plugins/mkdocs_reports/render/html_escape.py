"""Autoescaped output of the HTML templates at the cost of escaping, not of markupsafe's
general path.

A template that writes HTML escapes every value it prints: hundreds of thousands of
values in a build (links, ids, counts, a picture's coordinates). Jinja sends each through
``markupsafe.escape``, which makes a ``Markup`` with a Python-level ``__new__`` that asks
a plain string for ``__html__`` first, and copies it: three times what finding nothing to
escape costs. Most values hold nothing to escape, are numbers, or are ``Markup`` already.

``escape_output`` writes the text ``markupsafe.escape`` writes, by the rules markupsafe
documents: a string is escaped only in ``& < > ' "`` (one that holds none of them is
written as it is); an ``int``'s digits need no escaping; ``Markup`` is HTML already.
Anything else (a string with one of the five, an object with ``__html__``, a subclass)
takes markupsafe's own path. What a template prints (``{{ … }}``) is only joined into the
text it writes (a page, a macro's or a block's text, which Jinja marks as ``Markup``
itself), never read as a value, so a plain string with the same text writes the same.

``EscapingCodeGenerator`` compiles templates to call it (as ``environment.escape_output``)
where Jinja's own generator writes ``escape(`` around a printed value;
``use_escape_output`` installs it on an environment only when a probe renders the same
with it as with Jinja's own (a Jinja that writes output differently keeps its own way).
"""

from __future__ import annotations

import jinja2
from jinja2.compiler import CodeGenerator
from markupsafe import Markup, escape


def escape_output(value) -> str:
    """The text of ``markupsafe.escape(value)``, without its general path for the common
    values."""
    kind = type(value)
    if kind is str:
        if "&" in value or "<" in value or ">" in value or "'" in value or '"' in value:
            return escape(value)
        return value
    if kind is Markup:
        return value
    if kind is int:  # not bool: its own type; an int's str is digits and a minus sign
        return str(value)
    return escape(value)


class EscapingCodeGenerator(CodeGenerator):
    """Jinja's code generator, with ``environment.escape_output(`` where it writes
    ``escape(`` (autoescaping known when the template compiles; a volatile one, decided
    at run time, keeps Jinja's own code)."""

    def _output_child_pre(self, node, frame, finalize) -> None:
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile:
            self.write("environment.escape_output(")
            if finalize.src is not None:
                self.write(finalize.src)
        else:
            super()._output_child_pre(node, frame, finalize)


#: a probe of what the generator changes: escaped output of strings, numbers, Markup, a macro
_PROBE = (
    "{% autoescape true %}{% macro link(href, text) %}<a href=\"{{ href }}\">{{ text }}</a>{% endmacro %}"
    "{% for v in values %}<i title=\"{{ v }}\">{{ v }}</i>{{ link(v, v) }}{% endfor %}{{ n }}{% endautoescape %}"
)
_PROBE_VALUES = ["plain", "a<b & 'c' \"d\"", "&", "<", ">", "'", '"', Markup("<b>x</b>"), 12, -3, True, None, 1.5]


def use_escape_output(env: jinja2.Environment) -> None:
    """Compile ``env``'s templates with ``EscapingCodeGenerator`` if a probe renders the
    same with it as with Jinja's own generator (the environment's own settings)."""
    probe = {"values": _PROBE_VALUES, "n": 7}
    own = env.from_string(_PROBE).render(probe)
    previous = env.code_generator_class
    env.code_generator_class = EscapingCodeGenerator
    env.escape_output = escape_output
    compiled = env.compile(_PROBE, raw=True)
    if "environment.escape_output(" not in compiled or env.from_string(_PROBE).render(probe) != own:
        env.code_generator_class = previous
        del env.escape_output
