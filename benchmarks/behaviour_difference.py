"""Whether a change of the code changed anything a reader or an author sees: the sites built
from the repository's own collection and from every collection of the tests' fixtures, and
every command's output, by two installations of the package, compared whole.

A refactoring should leave this at "same". For each collection (the repository's site:
``mkdocs.yml`` + ``reports/``; under ``tests/fixtures/``: each folder of systems holding a
``_set.yaml``, and each folder of sets in the method's Markdown, imported set by set with
the folder's type files, built with a minimal ``mkdocs.yml``: theme material, search and
reports), each installation, in a copy of its own:

* runs every command of ``mkdocs-reports`` (``import`` of the Markdown sets and its
  ``--check``, ``check``, ``export`` in each format, ``schema``, ``changes`` against a git
  ref and a saved export, ``pages``, ``quotes``) and builds the site with MkDocs;
* then each command's exit code, standard output and error are compared (the copy's own
  path read as ``<work>``), and every file either wrote: a page (HTML) by the lines of text
  a reader sees, in order (``site_difference.PageReader``; the first differing lines are
  shown), the addresses it links to or loads and the ids it carries; any other file by its
  content (JSON re-indented, gzip unpacked, the first differing lines shown).

``--help`` of the command and of each of its commands, and the schemas, are compared once.
Exit status 0 when everything is the same, 1 when anything differs.

    python benchmarks/behaviour_difference.py --before-python ../before/.venv/bin/python [--after-python PATH]
"""

from __future__ import annotations

import argparse
import collections
import difflib
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_difference import read_page  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
#: how many lines of a difference are shown
SHOWN = 6
MINIMAL_CONFIG = "site_name: {name}\ntheme:\n  name: material\nplugins:\n  - search\n  - reports\n"
#: a fixed author and date: the commit of the ``changes --base-ref`` base is the same on both sides
GIT = {"GIT_AUTHOR_NAME": "Behaviour", "GIT_AUTHOR_EMAIL": "behaviour@example.org", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
       "GIT_COMMITTER_NAME": "Behaviour", "GIT_COMMITTER_EMAIL": "behaviour@example.org",
       "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


@dataclass(frozen=True)
class Collection:
    """A collection to build and run the commands on, as a project folder is made of it."""

    name: str  # as the summary names it: "site", or its folder under the repository
    reports: Path | None = None  # a collection of report YAML, copied
    sets: tuple[Path, ...] = ()  # set folders in the method's Markdown, imported one by one
    types: tuple[Path, ...] = ()  # type files, into reports/_types before the imports
    own_site: bool = False  # the repository's mkdocs.yml, docs and overrides


@dataclass(frozen=True)
class Run:
    """What a command showed: exit code, standard output and error (paths as ``<work>``)."""

    code: int
    stdout: str
    stderr: str


def fixture_collections(root: Path) -> list[Collection]:
    """Every collection under ``root`` the tests build: a folder whose systems hold a
    ``_set.yaml``, and a folder of set folders in the method's Markdown (a sibling folder
    without Markdown gives its YAML files as type files)."""
    found: list[Collection] = []
    for folder in sorted(p for p in root.rglob("*") if p.is_dir()):
        if any(folder.is_relative_to(REPO / c.name) for c in found):
            continue
        children = sorted(p for p in folder.iterdir() if p.is_dir())
        name = folder.relative_to(REPO).as_posix()
        sets = [child for child in children if any(child.glob("*.md"))]
        if any((child / "_set.yaml").is_file() for child in children):
            found.append(Collection(name, reports=folder))
        elif sets and not any(folder.glob("*.md")):
            types = tuple(f for child in children if child not in sets for f in sorted(child.glob("*.yaml")))
            found.append(Collection(name, sets=tuple(sets), types=types))
    return found


def make_project(collection: Collection, project: Path) -> None:
    """The collection's project folder: configuration, docs, and what is copied of it (the
    Markdown sets into ``sets/``, for the commands to import from there)."""
    project.mkdir(parents=True)
    if collection.own_site:
        shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
        for folder in ("docs", "overrides", "reports"):
            shutil.copytree(REPO / folder, project / folder)
        return
    (project / "mkdocs.yml").write_text(MINIMAL_CONFIG.format(name=collection.name), encoding="utf-8")
    (project / "docs").mkdir()
    if collection.reports is not None:
        shutil.copytree(collection.reports, project / "reports")
    if collection.types:
        (project / "reports" / "_types").mkdir(parents=True)
        for type_file in collection.types:
            shutil.copy(type_file, project / "reports" / "_types")
    for folder in collection.sets:
        shutil.copytree(folder, project / "sets" / folder.name)


class Side:
    """One installation running commands in folders under ``work`` (read as ``<work>``)."""

    def __init__(self, python: str, work: Path) -> None:
        self.python = python
        self.work = work
        self.env = {k: v for k, v in os.environ.items() if k != "REPORTS_SITE_URL"} | GIT | {
            "NO_MKDOCS_2_WARNING": "1", "COLUMNS": "100", "PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": "1767225600"}

    def run(self, argv: list[str], cwd: Path, module: str = "mkdocs_reports.cli") -> Run:
        done = subprocess.run([self.python, "-m", module, *argv], cwd=cwd, env=self.env, capture_output=True,
                              text=True, encoding="utf-8", errors="replace", check=False)
        return Run(done.returncode, self._plain(done.stdout), self._plain(done.stderr))

    def git(self, project: Path, *argv: str) -> None:
        subprocess.run(["git", *argv], cwd=project, env=self.env, check=True, capture_output=True)

    def _plain(self, text: str) -> str:
        text = text.replace(str(self.work), "<work>")
        return re.sub(r"built in [0-9.]+ seconds", "built in N seconds", text)


def run_collection(side: Side, collection: Collection) -> dict[str, Run]:
    """Every command on the collection, in order, in a project folder of the side's own."""
    project = side.work / collection.name
    make_project(collection, project)
    runs: dict[str, Run] = {}

    def command(*argv: str) -> Run:
        runs[" ".join(argv)] = result = side.run(list(argv), project)
        return result

    side.git(project, "init", "-q")
    side.git(project, "add", "mkdocs.yml")
    side.git(project, "commit", "-q", "-m", "the configuration, before the reports")
    for folder in collection.sets:
        command("import", f"sets/{folder.name}", "--into", "reports")
    for folder in collection.sets:
        command("import", f"sets/{folder.name}", "--into", "reports", "--check")
    command("check")
    command("check", "--format", "json")
    (project / "saved").mkdir()
    (project / "saved" / "export.json").write_text(command("export").stdout, encoding="utf-8")
    command("export", "--format", "text")
    command("export", "--format", "markdown")
    command("export", "--format", "markdown", "--out", "out/markdown")
    command("schema", "reports")
    command("changes", "--base-ref", "HEAD")
    command("changes", "--base-ref", "HEAD", "--format", "json")
    command("changes", "--base-export", "saved/export.json")
    command("pages", "--out", "out/pages")
    command("quotes", "--list-sources")
    command("quotes", "--check", "--format", "json")
    runs["mkdocs build"] = side.run(["build", "-d", "site"], project, module="mkdocs")
    return runs


def run_once(side: Side) -> dict[str, Run]:
    """What depends on no collection: the help of the command and of each of its commands,
    and the schemas of the files beside the reports."""
    folder = side.work / "_once"
    folder.mkdir(parents=True)
    runs = {"--help": side.run(["--help"], folder)}
    for name in commands_of(runs["--help"].stdout):
        runs[f"{name} --help"] = side.run([name, "--help"], folder)
    for of in ("set", "type", "set-type"):
        runs[f"schema --of {of}"] = side.run(["schema", "--of", of], folder)
    return runs


def commands_of(help_text: str) -> list[str]:
    """The commands ``--help`` lists (``{check,export,…}`` in its usage line)."""
    found = re.search(r"\{([a-z,-]+)\}", help_text)
    return found.group(1).split(",") if found else []


def first_difference(before: list[str], after: list[str]) -> list[str]:
    """The first differing lines of two texts, as a unified diff's first hunk (a few lines)."""
    hunk: list[str] = []
    for line in difflib.unified_diff(before, after, "before", "after", n=0, lineterm=""):
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("@@") and hunk:
            break
        hunk.append(line)
    return [line[:160] for line in hunk[: SHOWN + 1]]


def counted(kind: str, before: Iterable[str], after: Iterable[str]) -> list[str]:
    """What one side has more of than the other (a duplicated id counts)."""
    a, b = collections.Counter(before), collections.Counter(after)
    lines = []
    for label, extra in (("only before", a - b), ("only after", b - a)):
        if extra:
            names = sorted(extra.elements())
            lines.append(f"{kind} {label}: {names[:SHOWN]}{'…' if len(names) > SHOWN else ''}")
    return lines


def text_lines(name: str, data: bytes) -> list[str] | None:
    """A file's content as lines to compare (JSON re-indented, gzip unpacked), or None."""
    if name.endswith(".gz"):
        data, name = gzip.decompress(data), name[:-3]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if name.endswith(".json"):
        try:
            text = json.dumps(json.loads(text), indent=1, ensure_ascii=False)
        except ValueError:
            pass
    return text.splitlines()


def file_differences(name: str, before: bytes, after: bytes) -> list[str]:
    """How a file written on both sides differs: a page by what a reader sees, another file
    by its content."""
    if name.endswith(".html"):
        a, b = read_page(before.decode("utf-8", "replace")), read_page(after.decode("utf-8", "replace"))
        lines = [f"text: {line}" for line in first_difference(a.lines, b.lines)]
        return lines + counted("targets", a.targets, b.targets) + counted("ids", a.ids, b.ids)
    if before == after:
        return []
    a_lines, b_lines = text_lines(name, before), text_lines(name, after)
    if a_lines is None or b_lines is None:
        return [f"content differs ({len(before)} and {len(after)} bytes)"]
    return first_difference(a_lines, b_lines) or ["content differs only in bytes (line endings, gzip header)"]


def files(folder: Path) -> dict[str, Path]:
    return {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file() and ".git" not in p.parts}


def tree_differences(before: Path, after: Path) -> tuple[list[str], int, int]:
    """What differs between the files two sides wrote, a line per file; and how many pages and
    other files were compared."""
    a, b = files(before), files(after)
    found = [f"{name}: written only {side}" for side, names in (("before", a.keys() - b.keys()), ("after", b.keys() - a.keys()))
             for name in sorted(names)]
    common = sorted(a.keys() & b.keys())
    for name in common:
        for line in file_differences(name, a[name].read_bytes(), b[name].read_bytes()):
            found.append(f"{name}: {line}")
    pages = sum(name.endswith(".html") for name in common)
    return found, pages, len(common) - pages


def run_differences(before: dict[str, Run], after: dict[str, Run]) -> list[str]:
    """What differs between two sides' runs of the same commands, a line per difference."""
    found = [f"`{label}`: run only {side}" for side, labels in (("before", before.keys() - after.keys()),
                                                                ("after", after.keys() - before.keys())) for label in sorted(labels)]
    for label in before.keys() & after.keys():
        a, b = before[label], after[label]
        if a.code != b.code:
            found.append(f"`{label}`: exit code {a.code} before, {b.code} after")
        for stream in ("stdout", "stderr"):
            for line in first_difference(getattr(a, stream).splitlines(), getattr(b, stream).splitlines()):
                found.append(f"`{label}` {stream}: {line}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before-python", required=True, help="a Python with the other installation of the package")
    parser.add_argument("--after-python", default=sys.executable, help="a Python with this installation (default: this one)")
    parser.add_argument("--jobs", type=int, default=2, help="collections run at once (default: 2)")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR (new or empty) and keep it, to look at what was written")
    args = parser.parse_args()
    started = time.monotonic()
    chosen = [Collection("site", own_site=True), *fixture_collections(FIXTURES)]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.keep).resolve() if args.keep else Path(tmp)
        sides = {"before": Side(args.before_python, work / "before"), "after": Side(args.after_python, work / "after")}
        with ThreadPoolExecutor(args.jobs) as pool:
            once = {name: pool.submit(run_once, side) for name, side in sides.items()}
            runs = {(name, c.name): pool.submit(run_collection, side, c) for c in chosen for name, side in sides.items()}
            differences = run_differences(once["before"].result(), once["after"].result())
            lines = [f"  {len(once['after'].result())} command runs once: --help of each command, schemas"]
            for c in chosen:
                before, after = runs["before", c.name].result(), runs["after", c.name].result()
                found, pages, others = tree_differences(sides["before"].work / c.name, sides["after"].work / c.name)
                differences += [f"{c.name}: {line}" for line in run_differences(before, after) + found]
                failed = [label for label, run in after.items() if run.code]
                lines.append(f"  {c.name}: {pages} pages, {others} other files, {len(after)} command runs"
                             f"{' (exit code not 0 after: ' + '; '.join(failed) + ')' if failed else ''}")
    print(f"{len(chosen)} collections, each built and run by both installations in {time.monotonic() - started:.0f} s:")
    print("\n".join(lines))
    if not differences:
        print("same")
        return 0
    print(f"different: {len(differences)} difference{'s' if len(differences) != 1 else ''}")
    for line in differences:
        print("  " + line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
