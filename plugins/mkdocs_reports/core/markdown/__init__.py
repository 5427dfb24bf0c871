"""The analysis method's Markdown, read and written in one place, so that a member exported
and imported again is the same report.

- ``spelling``: the spellings both directions agree on (headings, declarations, labelled
  bullets, quotes, front matter keys).
- ``reader``: ``mkdocs-reports import`` (members and set folders into a collection's YAML).
- ``writer``: ``mkdocs-reports export --format markdown`` (a report as the method writes a member).
"""

from .reader import ImportResult, ParsedMember, import_markdown, read_member
from .writer import member_markdown

__all__ = ["ImportResult", "ParsedMember", "import_markdown", "member_markdown", "read_member"]
