"""A Jinja context whose calls of plain functions cost what a Python call costs.

A template calls a function for every field, link and anchor of a page: hundreds of
thousands of calls in a build. Jinja sends each through ``Context.call``, which asks the
callable (and its ``__call__``) for a ``pass_context``-style marker: for a method, a
failed attribute lookup that raises and swallows an exception, twice a call. That cost a
fifth of writing the pages. A marker is a function attribute, so a function or method
whose function has no attributes at all, or a built-in (which cannot have any), is
called straight away. A macro is called straight away with the evaluation context, which
is what Jinja's own way gives it (its ``__call__`` is marked ``pass_eval_context``; checked
once, against Jinja's own decorator). Anything else (a callable object, a marked function)
takes Jinja's own way, unchanged.
"""

from __future__ import annotations

from types import BuiltinFunctionType, FunctionType, MethodType

from jinja2 import pass_eval_context
from jinja2.runtime import Context, Macro

_MARKER = "jinja_pass_arg"  # the attribute Jinja's pass_* decorators set
#: whether this Jinja marks a macro's call as taking the evaluation context (and nothing else)
_MACRO_TAKES_EVAL_CONTEXT = getattr(Macro.__call__, _MARKER, None) is getattr(pass_eval_context(lambda: None), _MARKER, "")


class DirectCallContext(Context):
    def call(__self, __obj, *args, **kwargs):  # noqa: N805 (the names Jinja's own call uses)
        kind = type(__obj)
        if kind is Macro and _MACRO_TAKES_EVAL_CONTEXT:
            args = (__self.eval_ctx, *args)
        else:
            # a function, method or built-in that carries no attribute (so no marker) is
            # called as it is (in this method, not another: it runs for every call)
            function = __obj.__func__ if kind is MethodType else __obj
            kind = type(function)
            if not (kind is BuiltinFunctionType or (kind is FunctionType and not function.__dict__)):
                return super().call(__obj, *args, **kwargs)
        if kwargs:  # most calls have none (Jinja adds these two in loops and blocks)
            kwargs.pop("_loop_vars", None)
            kwargs.pop("_block_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:  # as Jinja does
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )
