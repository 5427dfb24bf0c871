"""What an adopting project reads: one version, a changelog entry for it, the license, and
a package README that documents every option of the plugin with its default."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import metadata, version

import mkdocs_reports
from conftest import REPO
from mkdocs_reports.config import ReportsConfig

PACKAGE_README = REPO / "plugins" / "mkdocs_reports" / "README.md"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_one_version_source():
    assert PYPROJECT["project"]["dynamic"] == ["version"] and "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "mkdocs_reports.__version__"}
    assert version("mkdocs-reports") == mkdocs_reports.__version__


def test_the_changelog_starts_with_this_version():
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    first = re.search(r"^## (\S+)", changelog, re.MULTILINE)
    assert first and first.group(1) == mkdocs_reports.__version__


def test_license_and_metadata():
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert PYPROJECT["project"]["license"] == "MIT" and PYPROJECT["project"]["license-files"] == ["LICENSE"]
    assert PYPROJECT["project"]["readme"] == "plugins/mkdocs_reports/README.md"
    classifiers = PYPROJECT["project"]["classifiers"]
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in (11, 12, 13)} <= set(classifiers)
    assert "Framework :: MkDocs" in classifiers
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(PYPROJECT["project"]["urls"])
    assert metadata("mkdocs-reports")["Requires-Python"] == ">=3.11"


def test_every_option_is_documented_with_its_default():
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", PACKAGE_README.read_text(encoding="utf-8"), re.MULTILINE))
    options = dict(ReportsConfig._schema)
    assert sorted(rows) == sorted(options)
    for name, option in options.items():
        default = option.default
        if default is None:
            assert rows[name].startswith("unset"), name
        else:
            assert rows[name].strip() == f"`{str(default).lower() if isinstance(default, bool) else default}`", name
