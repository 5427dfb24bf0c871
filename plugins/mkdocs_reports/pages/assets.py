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
SCRIPTS = (f"{ASSET_DIR}/reports.js", f"{ASSET_DIR}/record-index.js")

