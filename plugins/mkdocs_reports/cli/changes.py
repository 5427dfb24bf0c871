"""``mkdocs-reports changes``: what a branch changes in the collection, against a base.

    mkdocs-reports changes --base-ref origin/main           # the reports folder vs. main
    mkdocs-reports changes --base-export base.json --format json

The text form marks removed words ``[-so-]`` and added words ``{+so+}`` (as ``git diff
--word-diff`` does), so that a reviewer can read it in a terminal or a CI log.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..core.changes import Changes, ReportChanges, SnapshotError, Span, compare, load_base, snapshot_from_folder
from ..core.diagnostics import printable
from .command import Commands
from .output import say
from .site_config import add_location_arguments, locate

_MARKS = {"same": "{}", "gap": "{}", "removed": "[-{}-]", "added": "{{+{}+}}"}
_SIGNS = {"added": "+", "removed": "-", "changed": "~"}


def _spans(spans: tuple[Span, ...]) -> str:
    return " ".join(_MARKS[span.kind].format(span.text) for span in spans)


def _report_lines(report: ReportChanges) -> list[str]:
    heading = f"{report.system_name} — {report.title} ({report.page})"
    lines = [heading if report.change == "changed" else f"{heading}: report {report.change}"]
    for item in report.items:
        name = item.id if item.item == "record" else item.label
        lines.append(f"  {_SIGNS[item.change]} {name}" + (f" — {item.label}" if item.item == "record" else ""))
        lines.extend(f"      {field.name}: {_spans(field.diff)}" for field in item.fields)
    return lines


def changes_text(changes: Changes) -> str:
    lines = [changes.summary()]
    for what, errors in (("base", changes.base_errors), ("head", changes.head_errors)):
        if errors:
            count = f"{len(errors)} check error{'' if len(errors) == 1 else 's'}"
            lines.append(f"The {what} has {count}: what a file with errors declares may be missing from it.")
    for report in changes.reports:
        lines += ["", *_report_lines(report)]
    for title, citations in (("newly dangling", changes.dangling), ("newly resolved", changes.resolved)):
        if citations:
            lines += ["", f"Citations {title}:"]
            lines += [
                f"  {c.file}:{c.line}:{c.column}: {c.target} in {c.place} ({c.before or 'new'} → {c.after})"
                for c in citations
            ]
    if changes.quotes:
        lines += ["", "Quotes:"]
        lines += [
            f"  {q.change}: {q.place} ({q.path}; {q.page}#{q.anchor}) — {'verified' if q.verified else 'not verified'}"
            for q in changes.quotes
        ]
    return "".join(printable(line) + "\n" for line in lines)  # a name or label in a line stays in it


def run(args: argparse.Namespace) -> int:
    site = locate(args)
    try:
        base = load_base(ref=args.base_ref, export=args.base_export, reports=site.reports)
        changes = compare(base, snapshot_from_folder(site.reports, "working tree", base=site.base))
    except SnapshotError as error:
        say(f"mkdocs-reports changes: error: {error}", file=sys.stderr)
        return 2
    if args.format == "json":
        json.dump(changes.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(changes_text(changes))
    return 0


def add_parser(subparsers: Commands) -> argparse.ArgumentParser:
    """Add ``changes`` to the ``mkdocs-reports`` command line."""
    parser = subparsers.add_parser(
        "changes", help="list records added, removed and changed against a base (git ref or export)"
    )
    add_location_arguments(parser, "the reports folder")
    base = parser.add_mutually_exclusive_group(required=True)
    base.add_argument("--base-ref", metavar="REF", help="compare with the reports folder at this git ref, e.g. origin/main")
    base.add_argument("--base-export", metavar="FILE", help="compare with a saved 'mkdocs-reports export --format json'")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(run=run)
    return parser

