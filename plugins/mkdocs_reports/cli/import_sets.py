"""``mkdocs-reports import PATH… [--system SLUG] [--into DIR]``: members written in the
analysis method's Markdown (a set folder, or member files) into the collection's YAML.

    mkdocs-reports import runs/AAS-2026-03-14-tallybook-01/        # a whole set
    mkdocs-reports import memory.md --system tallybook             # one member
    mkdocs-reports import ../commonplace/kb/agentic-system-analyses/retained/   # every published set
    mkdocs-reports import --check ../commonplace/kb/agentic-system-analyses/retained/   # in CI

A published set (a folder with the method's ARTIFACT.yaml) is checked against its manifest
first: every member's SHA-256, and the members its set type requires by the result
disposition (the boundary's in the method's current sets). A folder of set folders imports every set beneath it. With --check nothing is written, and the
exit code is 1 when the collection differs from what the import would write.

It writes ``<DIR>/<system>/<member>.yaml`` for each member and the set's ``_set.yaml`` (from
the members' front matter, unless the system already has one, which is kept), checks them
as ``mkdocs-reports check`` does, and writes nothing when anything is wrong: every error
names the Markdown file, line and column, and how to fix it (exit 1). It then reports what
it wrote, with counts, and every judgement it made.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.diagnostics import PRINT_LIMIT, shown
from ..core.markdown.reader import ImportResult, import_markdown
from .command import Commands
from .output import say
from .site_config import reports_site, site_names

#: notes shown before the rest are only counted (as errors are: ``diagnostics.shown``)
MAX_SHOWN = PRINT_LIMIT


def _run(args: argparse.Namespace) -> int:
    if args.into is not None:
        into, names = Path(args.into), site_names(args.config_file)
    else:
        site = reports_site(args.config_file)
        into, names = site.reports, site.names
    result = import_markdown([Path(p) for p in args.paths], into, system=args.system, dry_run=args.check, names=names)
    for line in result.skipped:
        say(line)
    for judgement in result.judgements[:MAX_SHOWN]:
        say(judgement)
    if len(result.judgements) > MAX_SHOWN:
        say(f"… and {len(result.judgements) - MAX_SHOWN} more notes")
    if not result.ok:
        for line in shown(result.diagnostics, result.diagnostics.omitted):
            say(line, file=sys.stderr)
        count = len(result.diagnostics) + result.diagnostics.omitted
        say(f"nothing imported: {count} error{'s' if count != 1 else ''}", file=sys.stderr)
        return 1
    members = [o for o in result.outputs if o.counts is not None]
    if args.check:
        return _report_dry_run(result)
    for output in result.outputs:
        if output.status == "removed":
            say(f"removed {output.display}: not a member of the published set")
        elif output.written is None:
            say(f"kept {output.display}: the set's metadata as it stands")
        elif output.counts is None:
            say(f"{output.status} {output.display}: the set's metadata from the members' front matter")
        else:
            say(f"{output.status} {output.display} from {output.markdown_path}: {output.counts}")
    systems = len({o.path.parent for o in members})
    say(f"imported {len(members)} member{'s' if len(members) != 1 else ''} of {systems} "
          f"system{'s' if systems != 1 else ''}: {result.counts()}; "
          f"{len(result.judgements)} judgement{'s' if len(result.judgements) != 1 else ''}; 0 errors")
    return 0


def _report_dry_run(result: ImportResult) -> int:
    """``--check``: every file the import would change, and whether any."""
    changed = [o for o in result.outputs if o.status in ("created", "updated", "removed")]
    words = {"created": "would create", "updated": "would update", "removed": "would remove"}
    for output in changed:
        say(f"{words[output.status]} {output.display}" + (f" from {output.markdown_path}" if output.markdown_path else ""))
    if changed:
        say(f"out of date: {len(changed)} file{'s' if len(changed) != 1 else ''} differ from what the import would write; "
              "run the same command without --check", file=sys.stderr)
        return 1
    say(f"up to date: {len(result.outputs)} file{'s' if len(result.outputs) != 1 else ''} are what the import writes")
    return 0


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "import",
        help="import members written in the analysis method's Markdown (a set folder or member files) as report YAML",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="a member file (runtime.md, …) or a set folder")
    parser.add_argument("--system", metavar="SLUG", help="the system's folder (default: the set folder's name, or from the run ID)")
    parser.add_argument("--into", metavar="DIR",
                        help="the reports folder (default: reports_dir of the reports plugin in mkdocs.yml, else reports)")
    parser.add_argument("-f", "--config-file", metavar="FILE", help="the site's configuration file to take reports_dir from")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when the collection differs from what the import would write")
    parser.set_defaults(run=_run)
