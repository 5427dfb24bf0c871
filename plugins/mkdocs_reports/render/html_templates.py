"""The templates of HTML (and SVG) that the plugin writes outside the pages' Markdown and
blocks: the preview banner, the 404 page's script, the pictures (``templates/html/``).

Everything is escaped unless a template says otherwise; an undefined name is an error.
"""

from __future__ import annotations

import jinja2

from .html_escape import use_escape_output
from .template_calls import DirectCallContext

_env = jinja2.Environment(
    loader=jinja2.PackageLoader("mkdocs_reports", "templates/html"),
    auto_reload=False,  # the package's templates do not change while it runs (a picture a system)
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
)
_env.context_class = DirectCallContext
use_escape_output(_env)


def render(template: str, **context) -> str:
    """``templates/html/<template>`` with ``context``."""
    return _env.get_template(template).render(**context)
