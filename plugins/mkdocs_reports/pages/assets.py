"""What every build publishes beside the pages: the stylesheet and scripts the pages use,
and the schemas (report, set, member type) that editors validate report files with. The
plugin adds them to the build; ``mkdocs-reports pages`` copies them beside its pages.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
ASSETS = PACKAGE / "assets"
SCHEMA_FILE = PACKAGE / "schema" / "report.schema.json"
#: where the site publishes the schema (core.schema.SCHEMA_URL on the project's own site)
SCHEMA_PATH = "schema/report.schema.json"
#: every schema the site publishes (report, set file, member type file): site path → file
PUBLISHED_SCHEMAS = {f"schema/{path.name}": path for path in sorted((PACKAGE / "schema").glob("*.schema.json"))}
#: where the assets are published, relative to the site's root
ASSET_DIR = "assets/mkdocs-reports"
STYLESHEETS = (f"{ASSET_DIR}/reports.css",)
#: the site's script modules, one per feature, in the order they run: classic scripts
#: sharing one object (made by shared.js; start.js starts every feature on each page)
SCRIPT_SOURCES = PACKAGE / "scripts"
SCRIPT_FILES = (
    "shared.js", "data.js", "table.js", "download.js", "label-once.js", "hover-card.js", "systems-table.js",
    "theme-gaps.js", "clipboard.js", "record-actions.js", "neighbourhood.js", "same-id.js", "quote-copies.js",
    "record-index.js", "record-search.js", "comparison.js", "start.js",
)
#: the one script every page loads: the modules one after another (``script_bundle``)
SCRIPTS = (f"{ASSET_DIR}/reports.js",)


def script_bundle() -> str:
    """The published ``reports.js``: every module in order, each its own closure. One file,
    so a page names one script (sixteen tags would weigh a kilobyte on every page) and a
    reader fetches one; classic, not ES modules, so a site read from ``file://`` runs it."""
    return "\n".join((SCRIPT_SOURCES / name).read_text(encoding="utf-8") for name in SCRIPT_FILES)
