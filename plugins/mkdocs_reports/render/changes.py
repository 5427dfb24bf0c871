"""A Changes page for pull-request previews: what the head build changes against its base.

Field diffs are raw HTML blocks (``<del>``/``<ins>``) whose every piece of author text is
HTML-escaped: a diff shows source text as written, so it is neither Markdown-rendered
nor linked.
"""

from __future__ import annotations

import html

from ..core.changes import Changes, FieldChange

_TAGS = {"same": "span", "removed": "del", "added": "ins", "gap": "span"}


def diff_html(field: FieldChange) -> str:
    """One field's short diff as a single-line HTML block."""
    pieces = []
    for span in field.diff:
        tag = _TAGS[span.kind]
        css = ' class="rpt-diff-gap"' if span.kind == "gap" else ""
        pieces.append(f"<{tag}{css}>{html.escape(span.text)}</{tag}>")
    return f'<div class="rpt-diff"><span class="rpt-diff-field">{html.escape(field.name)}</span> {" ".join(pieces)}</div>'


def changes_context(changes: Changes) -> dict:
    """What the template needs beyond the ``Changes`` object itself."""
    return {"changes": changes, "diff_html": diff_html}
