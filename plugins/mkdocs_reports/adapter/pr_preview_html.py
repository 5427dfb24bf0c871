"""What a pull-request preview adds to the theme's HTML, whatever the theme: a banner at the
top of every page, and in 404.html a script that sends a reader lost inside a preview to
that preview's own 404 page.

Both are put into the HTML the theme wrote (after ``<body …>``, before ``</body>``), so
Material, MkDocs' own theme and any other theme get them without a template override.
"""

from __future__ import annotations

import re

import jinja2

_BODY_START = re.compile(r"<body\b[^>]*>", re.IGNORECASE)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)


def banner(env: jinja2.Environment, pull_request: int, changes_href: str | None) -> str:
    """The banner of pull request ``pull_request``; ``changes_href`` is the Changes page's
    address relative to the page that shows it (or absolute under the site's path)."""
    return env.get_template("reports/pr_preview_banner.html.j2").render(pull_request=pull_request, changes_href=changes_href)


def not_found_redirect(env: jinja2.Environment, root: str) -> str:
    """The 404 page's script; ``root`` is the path the site is served under, ending in ``/``."""
    return env.get_template("reports/not_found_redirect.html.j2").render(root=root)


def at_body_start(html: str, snippet: str) -> str:
    """``snippet`` as the first thing in the page's body (the page unchanged without one)."""
    body = _BODY_START.search(html)
    return html if body is None else f"{html[: body.end()]}\n{snippet}{html[body.end():]}"


def at_body_end(html: str, snippet: str) -> str:
    """``snippet`` as the last thing in the page's body (appended when there is no ``</body>``)."""
    ends = list(_BODY_END.finditer(html))
    if not ends:
        return html + snippet
    end = ends[-1].start()
    return f"{html[:end]}{snippet}{html[end:]}"
