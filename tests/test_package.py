"""What an adopting project reads: one version, a changelog entry for it, the license, and
a package README that documents every option of the plugin with its default."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import metadata, version

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

import mkdocs_reports
from conftest import REPO
from mkdocs_reports.adapter.config import ReportsConfig

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


def _declared() -> dict[str, Requirement]:
    """Every dependency pyproject.toml declares, runtime and extras, by name."""
    project = PYPROJECT["project"]
    listed = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    return {canonicalize_name(r.name): r for r in map(Requirement, listed)}


def _pins(path) -> dict[str, str]:
    lines = [line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines()]
    pairs = (line.split("==", 1) for line in lines if "==" in line)
    return {canonicalize_name(name): pin.split()[0] for name, pin in pairs}  # "1.6.1 \\" before its hashes


def test_the_lowest_constraints_are_the_declared_lower_bounds():
    """CI installs with constraints/lowest.txt and runs the tests, so each bound is honest."""
    lowest = _pins(REPO / "constraints" / "lowest.txt")
    bounds = {}
    for name, requirement in _declared().items():
        floors = [s.version for s in requirement.specifier if s.operator == ">="]
        assert floors, f"{name} has no lower bound"
        bounds[name] = Version(floors[0])
    assert {name: Version(pin) for name, pin in lowest.items()} == bounds


def test_the_site_lock_covers_the_runtime_and_properdocs_within_their_ranges():
    wanted = [line for line in (REPO / "requirements" / "site.in").read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    runtime = [Requirement(r) for r in PYPROJECT["project"]["dependencies"] + PYPROJECT["project"]["optional-dependencies"]["properdocs"]]
    assert sorted(map(canonicalize_name, wanted)) == sorted([canonicalize_name(r.name) for r in runtime] + ["setuptools"])
    locked = _pins(REPO / "requirements" / "site.txt")
    for requirement in runtime:
        assert requirement.specifier.contains(locked[canonicalize_name(requirement.name)]), requirement
    assert SpecifierSet(PYPROJECT["build-system"]["requires"][0].removeprefix("setuptools")).contains(locked["setuptools"])
