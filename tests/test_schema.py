"""The JSON Schema editors use says the same as the checker."""

from __future__ import annotations

import functools
import json
import re
import tomllib

import jsonschema
import pytest
import yaml

from conftest import FIXTURES, REPO, run_cli
from mkdocs_reports.core.schemas.language import SCHEMA_BASE, SCHEMA_URL, json_schema, set_json_schema, set_type_json_schema, type_json_schema
from mkdocs_reports.core.schemas.type_files import BUILTIN_DIR, builtin_registry, is_set_type
from mkdocs_reports.pages.assets import PUBLISHED_SCHEMAS, SCHEMA_PATH

SCHEMAS = REPO / "plugins/mkdocs_reports/schema"
GENERATED = {
    "report.schema.json": (lambda: json_schema(builtin_registry()), "mkdocs-reports schema"),
    "set.schema.json": (set_json_schema, "mkdocs-reports schema --of set"),
    "member-type.schema.json": (type_json_schema, "mkdocs-reports schema --of type"),
    "set-type.schema.json": (set_type_json_schema, "mkdocs-reports schema --of set-type"),
}
REPORT_FILES = [p for p in sorted((FIXTURES / "sample").glob("*/*.yaml")) + sorted((REPO / "reports").glob("*/*.yaml")) if p.name != "_set.yaml"]
#: set types: the built-in ones and those a collection declares in _types/ (a top-level layout)
SET_TYPE_FILES = [p for p in sorted(BUILTIN_DIR.glob("*.yaml")) + sorted(FIXTURES.glob("**/*-types/*.yaml")) + sorted(FIXTURES.glob("**/_types/*.yaml"))
                  if is_set_type(p.read_bytes())]
SET_FILES = sorted((FIXTURES / "sample").glob("*/_set.yaml")) + sorted((REPO / "reports").glob("*/_set.yaml"))


@functools.cache
def _validator(schema_text: str) -> jsonschema.protocols.Validator:
    schema = json.loads(schema_text)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def validate(document, schema: dict) -> None:
    """``jsonschema.validate``, with the schema checked and its validator made once a run
    per schema: checking the report schema alone takes most of a second, and ``validate``
    checks it again for every document."""
    if (error := jsonschema.exceptions.best_match(_validator(json.dumps(schema, sort_keys=True)).iter_errors(document))) is not None:
        raise error


def load(path):
    # BaseLoader reads YAML 1.2-style: `on:` stays the key "on", as in editors
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


@pytest.mark.parametrize("name", GENERATED)
def test_the_shipped_schemas_are_the_generated_ones(name):
    make, command = GENERATED[name]
    assert json.loads((SCHEMAS / name).read_text()) == make(), f"run: {command} > plugins/mkdocs_reports/schema/{name}"


@pytest.mark.parametrize("name", GENERATED)
def test_the_command_prints_the_shipped_schema(name):
    done = run_cli(*GENERATED[name][1].split()[1:])
    assert done.returncode == 0, done.stderr
    assert done.stdout == (SCHEMAS / name).read_text(encoding="utf-8")


def test_every_shipped_schema_is_published_with_the_site():
    assert set(PUBLISHED_SCHEMAS) == {f"schema/{name}" for name in GENERATED}


@pytest.mark.parametrize("name", GENERATED)
def test_the_schemas_are_valid_draft_2020_12(name):
    jsonschema.Draft202012Validator.check_schema(GENERATED[name][0]())


@pytest.mark.parametrize("path", REPORT_FILES, ids=str)
def test_reports_that_pass_the_checker_pass_the_schema(path):
    validate(load(path), json_schema(builtin_registry()))


@pytest.mark.parametrize("path", SET_FILES, ids=str)
def test_set_files_that_pass_the_checker_pass_their_schema(path):
    validate(load(path), set_json_schema())


@pytest.mark.parametrize("path", sorted(BUILTIN_DIR.glob("*.yaml")), ids=lambda p: p.name)
def test_the_built_in_member_types_pass_the_type_schema(path):
    if path.name != "method.yaml" and not is_set_type(path.read_bytes()):
        validate(load(path), type_json_schema())


def test_there_are_built_in_and_collection_set_types_to_validate():
    assert {p.name for p in SET_TYPE_FILES} >= {"analysis-set.yaml", "analysis-set-six.yaml", "runtime-set.yaml"}


@pytest.mark.parametrize("path", SET_TYPE_FILES, ids=lambda p: p.name)
def test_set_types_pass_the_published_set_type_schema(path):
    validate(load(path), set_type_json_schema())


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.pop("layout"),
        lambda d: d.update(entry="Overview"),
        lambda d: d["layout"]["roles"]["overview"].update(path="overview.txt"),
        lambda d: d["layout"]["roles"]["overview"].update(cited=["runtime"]),
        lambda d: d.update(rules={"no_such_rule": {}}),
        lambda d: d.update(front={"parts": [{"show": "everything"}]}),
        lambda d: d["layout"].update(membership="ajar"),
    ],
    ids=["no layout", "entry not a role name", "path not Markdown", "unknown role key", "unknown rule", "unknown part", "membership"],
)
def test_the_set_type_schema_refuses_what_the_checker_refuses(edit, tmp_path):
    from mkdocs_reports.core.diagnostics import Diagnostics
    from mkdocs_reports.core.schemas.type_files import collection_registry

    def declared(document: dict) -> list[str]:
        """What the checker says of the document as a collection's set type."""
        types = tmp_path / "reports" / "_types"
        types.mkdir(parents=True, exist_ok=True)
        (types / "my-set.yaml").write_text(yaml.safe_dump({**document, "name": "my-set"}, sort_keys=False), encoding="utf-8")
        diagnostics = Diagnostics()
        collection_registry(tmp_path / "reports", diagnostics, lambda path: path.name)
        return [str(diagnostic) for diagnostic in diagnostics]

    document = load(BUILTIN_DIR / "analysis-set.yaml")
    assert declared(document) == []  # the twin before its edit: a set type the checker takes
    edit(document)
    with pytest.raises(jsonschema.ValidationError):
        validate(document, set_type_json_schema())
    said = declared(document)
    assert said, "the checker accepts what the schema refuses"
    assert re.match(r"my-set\.yaml:\d+:\d+: error: .+ — .+", said[0]), said


@pytest.mark.parametrize(
    "document",
    [
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "lable": "x"},
        {"type": "agentic-system-memory-report", "system": "A"},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "records": [{"id": "MEM-OBJ-Bad", "label": "x"}]},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "runtime_account": "x"},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T",
         "records": [{"id": "MEM-RTE-a", "label": "x", "body": [{"fields": {"a": "b"}, "text": "two keys"}]}]},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "write_side": [{"paragraph": "x"}]},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "run_id": "AAS-1"},
        {"type": "agentic-system-memory-report", "system": "A", "title": "T", "run_id": "not recorded"},
    ],
)
def test_the_schema_refuses_what_the_checker_refuses(document):
    with pytest.raises(jsonschema.ValidationError):
        validate(document, json_schema(builtin_registry()))


SCHEMA_LINE = f"# yaml-language-server: $schema={SCHEMA_URL}"
SET_SCHEMA_LINE = f"# yaml-language-server: $schema={SCHEMA_BASE}set.schema.json"


def test_the_schema_id_is_its_published_address_on_the_projects_site():
    """The package's Homepage is the site; the plugin publishes the schema at SCHEMA_PATH there."""
    urls = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert json_schema(builtin_registry())["$id"] == SCHEMA_URL == urls["Schema"] == urls["Homepage"] + SCHEMA_PATH
    assert set_json_schema()["$id"] == urls["Homepage"] + "schema/set.schema.json"
    assert type_json_schema()["$id"] == urls["Homepage"] + "schema/member-type.schema.json"
    assert set_type_json_schema()["$id"] == urls["Homepage"] + "schema/set-type.schema.json"


@pytest.mark.parametrize("path", REPORT_FILES + sorted((FIXTURES / "set").glob("[!_]*/[!_]*.yaml")), ids=str)
def test_reports_name_the_published_schema(path):
    assert path.read_text(encoding="utf-8").splitlines()[0] == SCHEMA_LINE
    assert SCHEMA_LINE in (REPO / "docs" / "format.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", SET_FILES + sorted((FIXTURES / "set").glob("*/_set.yaml")), ids=str)
def test_set_files_name_the_published_set_schema(path):
    assert path.read_text(encoding="utf-8").splitlines()[0] == SET_SCHEMA_LINE


def test_a_collections_member_type_passes_the_published_type_schema():
    from test_member_types import SECURITY

    validate(yaml.safe_load(SECURITY), type_json_schema())
