"""Import members written in the analysis method's Markdown as report YAML.

``read_member`` reads one member (``member``: structure from the member type, ``constructs``:
one reader per construct, ``markdown_file``: lines and front matter); ``import_markdown`` imports
files and set folders into a collection, with the set's ``_set.yaml`` (``set_file``),
checked before anything is written (``run``).
"""

from .member import ParsedMember, read_member
from .run import ImportResult, import_markdown

__all__ = ["ImportResult", "ParsedMember", "import_markdown", "read_member"]
