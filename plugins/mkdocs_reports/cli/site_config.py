"""Where a site keeps its reports, for the command line: the ``reports_dir`` of the
``reports`` plugin in the site's configuration file, relative to that file, as the build
reads it. So ``mkdocs-reports check`` in a project checks what ``mkdocs build`` publishes.
The same file says which names the site keeps for its own pages (the plugin's page
settings, the pages of ``docs_dir``), which no system folder may have.

The file is the one given (``-f``), else the first of ``properdocs.yml``,
``properdocs.yaml``, ``mkdocs.yml``, ``mkdocs.yaml`` in the working folder (ProperDocs'
order; MkDocs reads the last two). Only the plugin's settings are read: ``!ENV`` tags are
resolved as MkDocs does, other tags (``!!python/name:…``, ``!relative``) are ignored, and
an ``INHERIT``ed parent file is read when the file itself lists no plugins. No MkDocs here.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
import yaml_env_tag

from ..core.diagnostics import echoed
from ..core.method.site_names import SiteNames

CONFIG_FILES = ("properdocs.yml", "properdocs.yaml", "mkdocs.yml", "mkdocs.yaml")
PLUGIN = "reports"
DEFAULT_REPORTS_DIR = "reports"
DEFAULT_DOCS_DIR = "docs"


class SiteConfigError(ValueError):
    """The configuration file cannot be read; the message names it and says why."""


#: what author text is read with when there is no configuration file to say
DEFAULT_EXTENSIONS: tuple[str, ...] = ("admonition", "tables", "pymdownx.highlight", "pymdownx.superfences")


@dataclass(frozen=True)
class ReportsSite:
    """The reports folder and the folder messages name files from (the config file's);
    the site's Markdown extensions and their settings, as its ``markdown_extensions`` lists them."""

    reports: Path
    base: Path | None  # None: the working folder
    config_file: Path | None
    markdown_extensions: tuple[str, ...] = DEFAULT_EXTENSIONS
    markdown_configs: dict[str, dict] | None = None
    #: the names the site keeps for its own pages
    names: SiteNames = field(default_factory=SiteNames)


def _extensions(entries: object) -> tuple[tuple[str, ...], dict[str, dict]]:
    """``markdown_extensions`` as MkDocs reads it: names, or one-key mappings name → settings."""
    names: list[str] = []
    configs: dict[str, dict] = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, str):
            names.append(entry)
        elif isinstance(entry, dict) and len(entry) == 1:
            name, settings = next(iter(entry.items()))
            if isinstance(name, str):
                names.append(name)
                if isinstance(settings, dict):
                    configs[name] = settings
    return tuple(names), configs


class _Loader(yaml.SafeLoader):
    """Safe YAML plus MkDocs' ``!ENV``; every other tag reads as nothing."""


_Loader.add_constructor("!ENV", yaml_env_tag.construct_env_tag)
_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def find_config_file(folder: Path) -> Path | None:
    return next((folder / name for name in CONFIG_FILES if (folder / name).is_file()), None)


def _read(path: Path) -> dict:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    except OSError as error:
        raise SiteConfigError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, yaml.YAMLError) as error:
        raise SiteConfigError(f"{path} is not a readable YAML file: {error}") from None
    if not isinstance(data, dict):
        raise SiteConfigError(f"{path} is not a configuration file (not a mapping)")
    return data


def _plugin_settings(plugins: object) -> dict[str, Any] | None:
    """The ``reports`` entry of a ``plugins:`` list or mapping: its settings, or None when absent."""
    if isinstance(plugins, dict):
        entries = list(plugins.items())
    elif isinstance(plugins, list):
        entries = [
            (entry, {}) if isinstance(entry, str) else next(iter(entry.items()))
            for entry in plugins
            if isinstance(entry, str) or (isinstance(entry, dict) and entry)
        ]
    else:
        entries = []
    for name, settings in entries:
        if name == PLUGIN:
            return settings if isinstance(settings, dict) else {}
    return None


def reports_site(config_file: str | os.PathLike[str] | None = None, cwd: Path | None = None) -> ReportsSite:
    """The reports folder a build with ``config_file`` (or the one found in ``cwd``) publishes;
    ``reports/`` in ``cwd`` when there is no configuration file or it does not use the plugin."""
    folder = Path(cwd or Path.cwd())
    path = Path(config_file) if config_file is not None else find_config_file(folder)
    if path is None:
        return ReportsSite(folder / DEFAULT_REPORTS_DIR, folder, None, names=SiteNames.of(docs=folder / DEFAULT_DOCS_DIR))
    if config_file is not None and not path.is_file():
        raise SiteConfigError(f"no configuration file {path}")
    data, seen = _read(path), {path.resolve()}
    docs_dir = data.get("docs_dir")
    while "plugins" not in data and isinstance(data.get("INHERIT"), str):
        parent = (path.parent / data["INHERIT"]).resolve()
        if parent in seen:
            break
        seen.add(parent)
        data = _read(parent)
        docs_dir = docs_dir if docs_dir is not None else data.get("docs_dir")
    docs = path.parent / (docs_dir if isinstance(docs_dir, str) and docs_dir else DEFAULT_DOCS_DIR)
    settings = _plugin_settings(data.get("plugins") or [])
    extensions, configs = _extensions(data.get("markdown_extensions"))
    if settings is None:
        return ReportsSite(folder / DEFAULT_REPORTS_DIR, folder, path, extensions, configs, SiteNames.of(docs=docs))
    reports_dir = settings.get("reports_dir", DEFAULT_REPORTS_DIR)
    if not isinstance(reports_dir, str) or not reports_dir:
        raise SiteConfigError(f"{path}: reports_dir of the reports plugin must be a folder name, not {echoed(reports_dir)}")
    return ReportsSite(path.parent / reports_dir, path.parent, path, extensions, configs, SiteNames.of(settings, docs))


def add_location_arguments(parser: argparse.ArgumentParser, path_help: str) -> None:
    """``[PATH]`` and ``-f/--config-file``, as ``check``, ``export``, ``changes`` and ``pages`` take them."""
    parser.add_argument(
        "path", nargs="?", help=f"{path_help} (default: reports_dir of the reports plugin in mkdocs.yml, else reports)"
    )
    parser.add_argument(
        "-f", "--config-file", metavar="FILE",
        help="the site's configuration file to take reports_dir from (default: properdocs.yml or mkdocs.yml here)",
    )


def locate(args: argparse.Namespace) -> ReportsSite:
    """The collection a command works on: PATH as given, else the site's reports_dir; with
    the names and Markdown extensions of the site's configuration file (given, or found
    here when it can be read: a command given its folder needs no configuration)."""
    if args.path is None:
        return reports_site(args.config_file)
    if args.config_file is not None:
        site = reports_site(args.config_file)
    else:
        try:
            site = reports_site()
        except SiteConfigError:
            site = ReportsSite(Path(args.path), None, None)
    return ReportsSite(Path(args.path), None, None, site.markdown_extensions, site.markdown_configs or {}, site.names)


def site_names(config_file: str | os.PathLike[str] | None = None) -> SiteNames:
    """The names the site keeps: from ``config_file``, else from the configuration file
    found here when it can be read (a command given its folder needs no configuration)."""
    if config_file is not None:
        return reports_site(config_file).names
    try:
        return reports_site().names
    except SiteConfigError:
        return SiteNames()
