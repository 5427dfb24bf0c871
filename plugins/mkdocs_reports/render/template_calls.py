"""A Jinja context whose calls of plain functions cost what a Python call costs.

A template calls a function for every field, link and anchor of a page: hundreds of
thousands of calls in a build. Jinja sends each through ``Context.call``, which looks
for a ``pass_context``-style marker on the callable (and on its ``__call__``) before
calling it; that bookkeeping cost a fifth of writing the pages. Our templates' functions
and methods carry no marker, so a plain function or method without one is called
straight away; anything else (a macro, a callable object, a marked function) takes
Jinja's own way, unchanged.
"""

from __future__ import annotations

from types import BuiltinFunctionType, FunctionType, MethodType

from jinja2.runtime import Context

_PLAIN = frozenset((FunctionType, MethodType, BuiltinFunctionType))


class DirectCallContext(Context):
    def call(__self, __obj, *args, **kwargs):  # noqa: N805 (the names Jinja's own call uses)
        if type(__obj) in _PLAIN and not hasattr(__obj, "jinja_pass_arg"):
            kwargs.pop("_loop_vars", None)
            kwargs.pop("_block_vars", None)
            try:
                return __obj(*args, **kwargs)
            except StopIteration:  # as Jinja does
                return __self.environment.undefined(
                    "value was undefined because a callable raised a StopIteration exception"
                )
        return super().call(__obj, *args, **kwargs)
