"""The JSON Schema editors use says the same as the checker."""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest
import yaml

from conftest import FIXTURES, REPO
from mkdocs_reports.core.schema import SCHEMA_URL, json_schema
from mkdocs_reports.render.requirements import SCHEMA_PATH

SHIPPED = REPO / "plugins/mkdocs_reports/schema/report.schema.json"


def test_the_shipped_schema_is_the_generated_one():
    assert json.loads(SHIPPED.read_text()) == json_schema(), "run: mkdocs-reports schema > " + str(SHIPPED.relative_to(REPO))


def test_the_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(json_schema())


@pytest.mark.parametrize("path", sorted((FIXTURES / "sample").glob("*/*.yaml")) + sorted((REPO / "reports").glob("*/*.yaml")), ids=str)
def test_reports_that_pass_the_checker_pass_the_schema(path):
    # BaseLoader reads YAML 1.2-style: `on:` stays the key "on", as in editors
    jsonschema.validate(yaml.load(path.read_text(), Loader=yaml.BaseLoader), json_schema())


@pytest.mark.parametrize(
    "document",
    [
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "lable": "x"},
        {"type": "agentic-system-memory-report", "system": "A"},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "records": [{"id": "MEM-OBJ-Bad", "label": "x"}]},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "runtime_account": "x"},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T",
         "records": [{"id": "MEM-RTE-a", "label": "x", "status": {"implementation": "wird"}}]},
    ],
)
def test_the_schema_refuses_what_the_checker_refuses(document):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, json_schema())


SCHEMA_LINE = f"# yaml-language-server: $schema={SCHEMA_URL}"


def test_the_schema_id_is_its_published_address_on_the_projects_site():
    """The package's Homepage is the site; the plugin publishes the schema at SCHEMA_PATH there."""
    urls = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert json_schema()["$id"] == SCHEMA_URL == urls["Schema"] == urls["Homepage"] + SCHEMA_PATH


@pytest.mark.parametrize("path", sorted((FIXTURES / "sample").glob("*/*.yaml")) + sorted((REPO / "reports").glob("*/*.yaml")), ids=str)
def test_reports_name_the_published_schema(path):
    assert path.read_text(encoding="utf-8").splitlines()[0] == SCHEMA_LINE
    assert SCHEMA_LINE in (REPO / "docs" / "format.md").read_text(encoding="utf-8")
