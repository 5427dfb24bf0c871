"""``mkdocs-reports``: check, export and describe report collections from the shell.

One module per command beyond the three small ones here (check, export, schema): ``changes``,
``pages``, ``quotes``, ``import_sets``; ``site_config`` finds what a site keeps where."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.diagnostics import Diagnostics, Location, echoed
from ..core.export.json import collection_json
from ..core.export.plain_text import report_text
from ..core.loading.loader import display_path
from ..core.markdown.writer import system_markdown
from ..core.rules.collection_check import CheckedCollection, check_collection
from ..core.schemas.language import json_schema, set_json_schema, set_type_json_schema, type_json_schema
from ..core.schemas.type_files import collection_registry
from ..core.yamlio.writing import WriteError, target_problem, write_all
from .changes import add_parser as add_changes_parser
from .import_sets import add_parser as add_import_parser
from .output import say
from .pages import add_parser as add_pages_parser
from .quotes import add_parser as add_quotes_parser
from .site_config import SiteConfigError, add_location_arguments, locate


def _checked(args: argparse.Namespace) -> CheckedCollection:
    site = locate(args)
    return check_collection(site.reports, base=site.base, names=site.names)


def _check(args: argparse.Namespace) -> int:
    result = _checked(args)
    if args.format == "json":
        json.dump(
            {
                "ok": result.ok,
                "summary": result.summary(),
                "diagnostics": [d.to_json() for d in result.diagnostics],
                "omitted": result.omitted,  # errors beyond what each file keeps, counted only
            },
            sys.stdout,
            indent=2,
            ensure_ascii=False,
        )
        sys.stdout.write("\n")
    else:
        for line in result.messages():
            say(line)
        say(result.summary())
    return 0 if result.ok else 1


def _export(args: argparse.Namespace) -> int:
    result = _checked(args)
    if not result.ok:
        for line in result.messages():
            say(line, file=sys.stderr)
        say(f"not exported: {result.summary()}", file=sys.stderr)
        return 1
    if args.format == "json":
        json.dump(collection_json(result.collection, result.graph), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif args.format == "markdown":
        return _export_markdown(result, args.out)
    else:
        kinds = result.collection.types.method.kinds
        sys.stdout.write("\n\n".join(report_text(report, kinds) for report in result.collection.reports()))
    return 0


def _export_markdown(result: CheckedCollection, out: str | None) -> int:
    """Each report as the method's Markdown: into ``out``/<system>/<member>.md (with a
    published set's ``ARTIFACT.yaml``), all or nothing and never through a link, a folder
    or a pipe where a file goes (``core/yamlio/writing.py``: the folder may hold what a checkout
    committed); or one after another on standard output. What will not read back exactly
    is said on standard error."""
    texts = []
    files: list[tuple[Path, bytes | None]] = []
    for system in result.collection.systems.values():
        member_files, warnings = system_markdown(system, result.collection.types)
        for warning in warnings:
            say(f"warning: {warning}", file=sys.stderr)
        for name, data in member_files.items():
            if out is None:
                if name.endswith(".md"):
                    texts.append(data.decode("utf-8"))
                continue
            files.append((Path(out) / system.slug / name, data))
    if out is None:
        sys.stdout.write("\n".join(texts))
        return 0
    problems = Diagnostics()
    seen: set[Path] = set()
    for path, _ in files:
        if (problem := target_problem(path, Path(out), "the export")) is not None and problem[0] not in seen:
            seen.add(problem[0])
            problems.error(Location(str(problem[0])), problem[1],
                           "move it out of the way (the export writes regular files and their folders only), then export again")
    try:
        if not problems:
            write_all(files)
    except WriteError as error:
        problems.error(Location(str(error.path)), f"cannot write this file: {error.why}; nothing was written",
                       "make its folder writable (and free space for it), then export again")
    if problems:
        for diagnostic in problems:
            say(diagnostic, file=sys.stderr)
        say(f"not exported: {len(problems)} error{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        return 1
    count = sum(path.name.endswith(".md") for path, _ in files)
    say(f"wrote {count} member{'s' if count != 1 else ''} to {out}", file=sys.stderr)
    return 0


def _schema(args: argparse.Namespace) -> int:
    if args.of == "set":
        schema = set_json_schema()
    elif args.of == "type":
        schema = type_json_schema()
    elif args.of == "set-type":
        schema = set_type_json_schema()
    else:
        diagnostics = Diagnostics()
        site = locate(args)
        registry = collection_registry(site.reports, diagnostics, lambda p: display_path(p, site.base))
        for diagnostic in diagnostics:
            say(diagnostic, file=sys.stderr)
        if diagnostics:
            return 1
        schema = json_schema(registry)
    sys.stdout.write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")  # data, not a line of the report
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mkdocs-reports", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate reports: file:line:col messages, exit 1 on errors")
    add_location_arguments(check, "a reports folder or one report file")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(run=_check)
    export = commands.add_parser(
        "export", help="print the collection as JSON (records, citations, annotations) or plain text, "
        "or write each report as the analysis method's Markdown")
    add_location_arguments(export, "a reports folder or one report file")
    export.add_argument("--format", choices=("json", "text", "markdown"), default="json")
    export.add_argument("--out", metavar="DIR", help="markdown: write DIR/<system>/<member>.md instead of printing")
    export.set_defaults(run=_export)
    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of a report file (with the member types PATH/_types/ declares), "
        "of a set's _set.yaml or of a member type declaration",
    )
    add_location_arguments(schema, "the reports folder whose _types/ to include")
    schema.add_argument("--of", choices=("report", "set", "type", "set-type"), default="report",
                        help="which file's schema (default: report; set-type: a set type's, in _types/ with a layout)")
    schema.set_defaults(run=_schema)
    add_changes_parser(commands)
    add_pages_parser(commands)
    add_quotes_parser(commands)
    add_import_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except SiteConfigError as error:
        say(f"mkdocs-reports: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # a folder that cannot be read or written
        say(f"mkdocs-reports: error: {error.strerror or error}: {echoed(error.filename) if error.filename else ''}", file=sys.stderr)
        return 2

