"""The collection the comparison tests read: the published sets (tests/fixtures/sets/retained:
Inkwell's six members, Ember's overview only) and two memory profiles of our own in the
method's Markdown (tests/fixtures/sets/profiles: Quarry's revision 1, Loom's revision 2 with
units), each imported as ``mkdocs-reports import`` imports them."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES
from mkdocs_reports.core.markdown.reader import import_markdown

PROFILES = FIXTURES / "sets" / "profiles"
#: the systems with a profile, as the comparison lists them, and the one without
PROFILED = ["Inkwell", "Loom", "Quarry"]
WITHOUT = ["Ember"]


def profile_collection(into: Path) -> Path:
    """The collection, imported into ``into`` (its ``reports`` folder)."""
    reports = into / "reports"
    result = import_markdown([FIXTURES / "sets" / "retained"], reports)
    assert result.ok, result.diagnostics
    for folder in sorted(PROFILES.iterdir()):
        result = import_markdown([folder / "memory-profile.md"], reports, system=folder.name)
        assert result.ok, result.diagnostics
    return reports
