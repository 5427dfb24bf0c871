"""``mkdocs-reports quotes``: check every quote against the source at the reviewed revision
and write each system's quote lock.

    mkdocs-reports quotes --source cludebot:SRC-1=../clude              # all of reports/cludebot
    mkdocs-reports quotes --source SRC-1=../clude reports/cludebot/memory.yaml
    mkdocs-reports quotes --source SRC-1=export/ --plain-folder reports/x
    mkdocs-reports quotes --check --source …      # CI: write nothing; fail when a lock is not current

PATH is a git repository that holds the register's revision (read with git, never changed,
no network), or with ``--plain-folder`` a folder taken as that revision. Each quote is
reported as ``file:line:col`` of the quote: verified (exactly or after whitespace
normalisation), or why not and how to fix it. The exit code is 1 when any quote or path
fails, 2 when nothing could be checked.

``--list-sources`` prints, one per line, ``system<TAB>source<TAB>repository URL<TAB>commit``
for every git source with a public https repository and a full commit: what CI fetches.
It fails (exit 1) when a quote lock vouches for a source CI cannot fetch: nothing would
verify that lock again, so its quotes are not shown verified either.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..core.diagnostics import Diagnostic, Location, echoed, printable
from ..core.grounding.lock import LOCK_FILE, lock_text
from ..core.grounding.source_tree import FolderTree, GitTree, SourceError, SourceTree
from ..core.grounding.status import fetch_url, source_id, verifiable
from ..core.grounding.verify import MatchedSource, Outcome, updated_lock, verify_system
from ..core.rules.collection_check import CheckedCollection, check_collection
from .command import Commands
from .output import say
from .site_config import locate


class UsageError(ValueError):
    """The command line names something that is not there; the message says what."""


@dataclass
class Selection:
    """The collection folder, and per system the members asked for (``None``: all)."""

    root: Path
    systems: dict[str, set[str] | None]


def _select(paths: list[str], args: argparse.Namespace) -> Selection:
    """Which reports the paths name: a collection folder, a system folder or report files."""
    if not paths:
        return Selection(locate(argparse.Namespace(path=None, config_file=args.config_file)).reports, {})
    root: Path | None = None
    systems: dict[str, set[str] | None] = {}
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            if path.suffix != ".yaml" or path.name.startswith("_"):
                raise UsageError(f"{raw} is not a report file (<system>/<member>.yaml)")
            here, system, member = path.parent.parent, path.parent.name, path.stem
        elif path.is_dir() and (any(path.glob("*.yaml")) and not any(p.is_dir() and any(p.glob("*.yaml")) for p in path.iterdir())):
            here, system, member = path.parent, path.name, None
        elif path.is_dir():
            here, system, member = path, None, None
        else:
            raise UsageError(f"{raw}: no such file or folder")
        if root is not None and here.resolve() != root.resolve():
            raise UsageError(f"{raw} is in another collection than {root}: check one collection at a time")
        root = here
        if system is None:
            return Selection(here, {})
        if member is None:
            systems[system] = None
        elif systems.get(system, set()) is not None:
            systems.setdefault(system, set()).add(member)  # type: ignore[union-attr]
    assert root is not None
    return Selection(root, systems)


def _trees(args: argparse.Namespace, checked: CheckedCollection, selected: list[str]) -> dict[str, dict[str, SourceTree]]:
    """The checkouts given with --source, by system and source."""
    trees: dict[str, dict[str, SourceTree]] = {}
    for given in args.source or []:
        name, equals, folder = given.partition("=")
        if not equals or not folder:
            raise UsageError(f"--source {echoed(given)}: write [SYSTEM:]SRC-n=PATH, e.g. cludebot:SRC-1=../clude")
        system_slug, colon, source_name = name.rpartition(":")
        if not colon:
            if len(selected) != 1:
                raise UsageError(f"--source {echoed(given)}: {len(selected)} systems are selected; name the system: <system>:{name}={folder}")
            system_slug = selected[0]
        system = checked.collection.systems.get(system_slug)
        if system is None or system_slug not in selected:
            raise UsageError(f"--source {echoed(given)}: no selected system {system_slug!r} (selected: {', '.join(selected) or 'none'})")
        source = system.source_by_id(source_name)
        if source is None:
            raise UsageError(f"--source {echoed(given)}: {source_name} is not in the source register of {system_slug}")
        label = f"{system_slug} {source_name}"
        if not verifiable(source):
            raise UsageError(
                f"--source {echoed(given)}: the register of {system_slug} gives {source_name} no full commit "
                f"({source.revision or 'no revision'}); record the reviewed commit in its _set.yaml first"
            )
        assert source.revision is not None
        tree = FolderTree(folder, label) if args.plain_folder else GitTree(folder, source.revision, label)
        trees.setdefault(system_slug, {})[source_name] = tree
    return trees


def _line(outcome: Outcome) -> str:
    severity = "verified" if outcome.verified else "error"
    text = f"{outcome.location}: {severity}: {outcome.message}"
    return f"{text} — {outcome.fix}" if outcome.fix and not outcome.verified else text


def _write(path: Path, text: str) -> None:
    """Replace the file in one step, so a reader never sees half a lock."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".quotes-lock-", delete=False) as out:
        out.write(text)
    os.replace(out.name, path)


def _list_sources(checked: CheckedCollection, selected: list[str]) -> int:
    """What CI fetches; 1 when a lock vouches for a source CI cannot fetch (nothing would
    check it again), after saying so."""
    unfetchable_locks = 0
    for slug in selected:
        system = checked.collection.systems[slug]
        for source in system.sources:
            url = fetch_url(source)
            if url is not None:
                # fields apart by tabs, for a script: each field escaped as a line would be
                sys.stdout.write("\t".join(printable(str(v)) for v in (slug, source.id, url, source.revision)) + "\n")
                continue
            why = "no full commit" if not verifiable(source) else "no public https repository URL as its identity"
            lock = system.lock
            locked = lock.sources.get(source.id) if lock is not None and source.id else None
            vouches = lock is not None and locked is not None and (bool(locked.paths) or any(q.source == source.id for q in lock.quotes))
            if lock is not None and locked is not None and vouches and locked.read_from == "git":
                unfetchable_locks += 1
                say(Diagnostic(
                    Location(lock.path),
                    f"the lock vouches for quotes of {source.id}, which CI cannot fetch to verify them again ({why})",
                    "register the source's public https repository and full commit in its _set.yaml, or check its quotes "
                    "against a plain folder (--plain-folder: its pages then say they were checked against a capture)",
                ), file=sys.stderr)
            elif vouches:
                say(f"{slug} {source.id}: not fetched ({why}); its lock was checked against a capture, and its quotes are "
                      "shown so", file=sys.stderr)
            elif any(source_id(system, q) == source.id for r in system.reports.values() for q in r.quotes()):
                say(f"{slug} {source.id}: not fetched ({why})", file=sys.stderr)
    return 1 if unfetchable_locks else 0


def run(args: argparse.Namespace) -> int:
    try:
        selection = _select(args.reports or [], args)
    except UsageError as error:
        say(f"mkdocs-reports quotes: error: {error}", file=sys.stderr)
        return 2
    checked = check_collection(selection.root)
    systems = checked.collection.systems
    selected = [slug for slug in systems if not selection.systems or slug in selection.systems]
    for slug in selection.systems:
        if slug not in systems:
            say(f"mkdocs-reports quotes: error: no system {slug!r} in {selection.root}", file=sys.stderr)
            return 2
    if args.list_sources:
        return _list_sources(checked, selected)
    if checked.errors:
        say(f"note: the reports have {len(checked.errors)} check errors (mkdocs-reports check); the quotes are checked anyway",
              file=sys.stderr)
    try:
        trees = _trees(args, checked, selected)
    except (UsageError, SourceError) as error:
        say(f"mkdocs-reports quotes: error: {error}", file=sys.stderr)
        return 2
    outcomes: list[Outcome] = []
    stale_locks: list[str] = []
    unchecked: list[str] = []
    matched_any = False
    for slug in selected:
        system = systems[slug]
        members = selection.systems.get(slug)
        quotes = [q for r in system.reports.values() if members is None or r.member in members for q in r.quotes()]
        given = trees.get(slug, {})
        for name in dict.fromkeys(source_id(system, q) for q in quotes):
            count = sum(1 for q in quotes if source_id(system, q) == name)
            if name not in given:
                unchecked.append(f"{slug} {name or 'an unregistered source'}: {count} quote{'s' if count != 1 else ''} not checked"
                                 + (f" (give --source {slug}:{name}=PATH)" if name else ""))
        if not given:
            continue
        try:
            matched: list[MatchedSource] = verify_system(system, given, members)
        except SourceError as error:
            say(f"mkdocs-reports quotes: error: {error}", file=sys.stderr)
            return 2
        matched_any = True
        for one in matched:
            outcomes += one.outcomes
        lock = updated_lock(system, matched, members)
        lock_path = selection.root / slug / LOCK_FILE
        text = lock_text(lock, system.name)
        current = lock_path.read_text(encoding="utf-8", errors="replace") if lock_path.is_file() else None
        if text != current:
            if args.check and current is None:
                unchecked.append(f"{lock_path} does not exist: the quotes are checked, not locked (run without --check to write it)")
            elif args.check:
                stale_locks.append(f"{lock_path} is not what the sources verify: run mkdocs-reports quotes without --check and commit it")
            else:
                _write(lock_path, text)
                say(f"wrote {lock_path}", file=sys.stderr)
    outcomes.sort(key=lambda o: (o.location, o.message))
    failed = [o for o in outcomes if not o.verified]
    if args.format == "json":
        json.dump({"ok": not failed and not stale_locks and matched_any, "outcomes": [o.to_json() for o in outcomes],
                   "unchecked": unchecked, "stale_locks": stale_locks}, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for outcome in outcomes:
            say(_line(outcome))
        for line in unchecked + stale_locks:
            say(line)
        say(_summary(outcomes))
    if not matched_any:
        say("mkdocs-reports quotes: nothing was checked: give a checkout of a source with --source [SYSTEM:]SRC-n=PATH",
              file=sys.stderr)
        return 2
    return 1 if failed or stale_locks else 0


def _summary(outcomes: list[Outcome]) -> str:
    quotes = [o for o in outcomes if o.quote is not None]
    exact = sum(1 for o in quotes if o.state == "exact")
    whitespace = sum(1 for o in quotes if o.state == "whitespace")
    failed = len(quotes) - exact - whitespace
    paths = sum(1 for o in outcomes if o.quote is None)
    return (f"{len(quotes)} quotes checked: {exact + whitespace} verified ({exact} exactly, {whitespace} after whitespace "
            f"normalisation), {failed} not; {paths} anchor path{'s' if paths != 1 else ''} missing")


def add_parser(subparsers: Commands) -> argparse.ArgumentParser:
    """Add ``quotes`` to the ``mkdocs-reports`` command line."""
    parser = subparsers.add_parser(
        "quotes", help="check every quote against the source at the reviewed revision and write the quote lock",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("reports", nargs="*", metavar="REPORTS",
                        help="the collection, system folders or report files (default: reports_dir of mkdocs.yml, else reports)")
    parser.add_argument("--source", action="append", metavar="[SYSTEM:]SRC-n=PATH",
                        help="a checkout of a registered source: a git repository holding the reviewed commit (repeatable)")
    parser.add_argument("--plain-folder", action="store_true",
                        help="each PATH is a plain folder taken as the reviewed revision, not a git repository")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail when a committed lock is not what the sources verify")
    parser.add_argument("--list-sources", action="store_true", help="print the sources CI can fetch: system, source, URL, commit")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("-f", "--config-file", metavar="FILE",
                        help="the site's configuration file to take reports_dir from (default: properdocs.yml or mkdocs.yml here)")
    parser.set_defaults(run=run)
    return parser
