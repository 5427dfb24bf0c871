"""What the generated pages need from the generator that builds them: Markdown extensions,
a stylesheet and a script; and the schemas (report, set, member type) that every build
publishes. The plugin
adds them to the build; ``mkdocs-reports pages`` writes them for a generator that runs
without the plugin.
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
#: what the pages are written with; the plugin adds those ``mkdocs.yml`` lacks
REQUIRED_EXTENSIONS = ("attr_list", "md_in_html", "admonition", "tables")
#: the package's own extensions (``render.markdown_extensions()``): safe URLs, record labels
#: in ``data-rpt-label``, an inert table of contents without empty kinds, and the author's
#: characters restored
SAFETY_EXTENSIONS = (
    "mkdocs_reports.render.safe_links",
    "mkdocs_reports.render.record_links",
    "mkdocs_reports.render.chrome_text",
    "mkdocs_reports.render.toc_entries",
    "mkdocs_reports.render.placeholders",
)
#: what a build without the plugin must use: ``pymdownx.superfences`` reads fences as the
#: escaping did (so no author field runs on into the next), ``toc`` gives headings their
#: anchors, and the package's own extensions finish the HTML
PLAIN_BUILD_EXTENSIONS = ("toc", *REQUIRED_EXTENSIONS, "pymdownx.superfences", *SAFETY_EXTENSIONS)


def is_extension(entry: object, name: str) -> bool:
    """Whether an entry of ``markdown_extensions`` names the extension ``name``, by its
    short name or its module (``md_in_html``, ``markdown.extensions.md_in_html``)."""
    return isinstance(entry, str) and entry.rsplit(".", 1)[-1] == name
