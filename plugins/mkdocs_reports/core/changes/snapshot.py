"""The two sides of a comparison: collection exports, read from a folder, a file or a git ref.

A base that fails ``check`` is still compared: the loader keeps every report it could read,
so a file with rule errors contributes its records as usual, while a file that cannot be
read at all (bad YAML, not a mapping) contributes none — its records then show as added.
The errors travel with the snapshot so that a Changes page can say why.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..diagnostics import Diagnostic, Location, echoed
from ..export.json import FORMAT, VERSION, collection_json
from ..method.site_names import MAX_SLUG, SLUG
from ..rules.collection_check import CheckedCollection, check_collection
from ..schemas.type_files import TYPES_DIR


class SnapshotError(Exception):
    """The collection to compare against cannot be had; the message says why and what to do."""


@dataclass(frozen=True)
class Snapshot:
    """One side of a comparison. Snapshots of a commit are shared: read, never change, them."""

    export: dict  # the shape of ``mkdocs-reports export --format json``
    label: str  # what it is, for readers: "origin/main at 1a2b3c4", "base.json"
    errors: tuple[str, ...] = ()  # check errors of the collection it was made from


def snapshot_of(checked: CheckedCollection, label: str) -> Snapshot:
    errors = tuple(str(d) for d in checked.errors)
    return Snapshot(collection_json(checked.collection, checked.graph), label, errors)


def snapshot_from_folder(
    root: str | os.PathLike[str] = "reports", label: str | None = None, *, base: str | os.PathLike[str] | None = None
) -> Snapshot:
    """Check and export the reports under ``root``; ``base`` is what messages name files from."""
    return snapshot_of(check_collection(root, base=base), label or str(root))


def snapshot_from_export(path: str | os.PathLike[str]) -> Snapshot:
    """A saved ``mkdocs-reports export --format json``, e.g. of the base branch's build."""
    how = "make one with: mkdocs-reports export --format json > base.json"
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise SnapshotError(f"cannot read the export {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise SnapshotError(f"{path} is not UTF-8 text; {how}") from None
    try:
        export = json.loads(text)
    except json.JSONDecodeError as error:
        raise SnapshotError(f"{path}:{error.lineno}:{error.colno}: not valid JSON ({error.msg}); {how}") from None
    except RecursionError:
        raise SnapshotError(f"{path}: its JSON nests too deep to be a collection export; {how}") from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise SnapshotError(f"{path}: not a usable JSON value ({error}); {how}") from None
    if not isinstance(export, dict) or export.get("format") != FORMAT:
        raise SnapshotError(f"{path} is not a collection export (no \"format\": \"{FORMAT}\"); {how}")
    if export.get("version") != VERSION:
        raise SnapshotError(f"{path} is export version {echoed(export.get('version'))}; this tool reads version {VERSION}; {how}")
    missing = [key for key in ("systems", "records", "annotations", "citations") if not isinstance(export.get(key), list)]
    if missing:
        raise SnapshotError(f"{path} lacks the list(s) {', '.join(missing)}; {how}")
    problem = export_problem(export)
    if problem:
        raise SnapshotError(f"{path} is not a usable collection export: {problem}; {how}")
    return Snapshot(export, Path(path).name)


_TEXT = (str,)
_OPTIONAL_TEXT = (str, type(None))
#: what a comparison reads from an export, with its type: a nested dict is an object, a
#: one-item list a list of such items, ``"slug"`` text that names a page or an anchor
_QUOTES = [{"passage": _TEXT, "path": _TEXT, "lines?": _OPTIONAL_TEXT}]
_FIELDS = [{"label": _TEXT, "value?": _OPTIONAL_TEXT}]
#: the parts of a block a comparison reads (a table's rows, a list's items)
_BLOCKS = [{"kind?": _OPTIONAL_TEXT, "rows?": [{"cells": [_TEXT]}], "items?": [{"text": _TEXT}]}]
_SHAPE: dict = {
    "systems": [{"slug": "slug", "name": _TEXT, "reports": [{
        "member": "slug", "title": _TEXT,
        "sections?": [{"key": _TEXT, "heading": _TEXT, "anchor": "slug", "text": _TEXT}],
    }]}],
    "records": [{
        "system": "slug", "member": "slug", "id": _TEXT, "label": _TEXT, "part_of?": _OPTIONAL_TEXT,
        "text?": _OPTIONAL_TEXT, "fields?": _FIELDS, "quotes?": _QUOTES, "body?": _BLOCKS, "cites?": [_TEXT],
    }],
    "annotations": [{
        "system": "slug", "member": "slug", "on": _TEXT, "label?": _OPTIONAL_TEXT, "anchor?": "slug?",
        "text?": _OPTIONAL_TEXT, "fields?": _FIELDS, "quotes?": _QUOTES, "body?": _BLOCKS,
    }],
    "citations": [{
        "system": "slug", "member": "slug", "target": _TEXT, "resolution": _TEXT,
        "place": {"label": _TEXT, "anchor": "slug"}, "file": _TEXT, "line": int, "column": int,
    }],
}


def export_problem(export: dict) -> str | None:
    """The first place where ``export`` differs from the shape a comparison reads, or
    ``None``. A base export may come from anywhere, so every value is checked before use
    (the walk follows the shape above, so it goes as deep as the shape and no deeper)."""
    work: list[tuple[object, object, str]] = [(export, _SHAPE, "")]
    while work:
        value, shape, where = work.pop()
        if isinstance(shape, dict) and str in shape:  # an object of author labels → values
            if value is None:
                continue
            if not isinstance(value, dict):
                return f"{where} is {echoed(value)}, not an object"
            work += [(item, shape[str], f"{where}.{key}") for key, item in reversed(value.items())]
        elif isinstance(shape, dict):
            if not isinstance(value, dict):
                return f"{where} is {echoed(value)}, not an object"
            for key, inner in reversed(shape.items()):
                name = key.rstrip("?")
                if name in value:
                    work.append((value[name], inner, f"{where}.{name}".lstrip(".")))
                elif not key.endswith("?"):
                    return f"{where or 'it'} lacks {name!r}"
        elif isinstance(shape, list):
            if value is None and where.split(".")[-1] in ("sections", "quotes", "cites", "fields", "body"):
                continue
            if not isinstance(value, list):
                return f"{where} is {echoed(value)}, not a list"
            work += [(item, shape[0], f"{where}[{index}]") for index, item in reversed(list(enumerate(value)))]
        elif shape in ("slug", "slug?"):
            if value is None and shape == "slug?":
                continue
            if not isinstance(value, str) or not SLUG.fullmatch(value):
                return f"{where} is {echoed(value)}, not a name of lowercase letters, digits and '-'"
        elif shape is int:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 10**9:
                return f"{where} is {echoed(value)}, not a line or column number"
        elif isinstance(shape, tuple) and not isinstance(value, shape):  # a tuple of accepted types (every other leaf)
            return f"{where} is {echoed(value)}, not text"
    return None


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=300, check=False)
    except FileNotFoundError:
        raise SnapshotError("git is not installed or not on PATH: install git, or compare against an export file") from None
    except subprocess.TimeoutExpired:
        raise SnapshotError(f"git {args[0]} took longer than 5 minutes in {cwd}") from None


def _existing(path: Path) -> Path:
    while not path.is_dir():
        path = path.parent
    return path


def snapshot_from_git(ref: str, reports: str | os.PathLike[str] = "reports") -> Snapshot:
    """The reports folder as it was at ``ref`` (e.g. ``origin/main``), checked and exported.

    The folder's files are read with ``git ls-tree`` and ``git cat-file`` into a temporary
    folder: the work tree, the index and the checked-out branch are left alone. A ref
    without the folder is an empty collection (everything in head is then added).
    """
    if not ref or ref.startswith("-"):
        raise SnapshotError(f"{echoed(ref)} is not a git ref; name a branch, tag or commit, e.g. origin/main")
    folder = Path(reports).absolute()
    where = _existing(folder)
    top = _git(["rev-parse", "--show-toplevel"], where)
    if top.returncode:
        raise SnapshotError(f"{where} is not inside a git repository, so there is no {echoed(ref)} to compare with")
    toplevel = Path(os.fsdecode(top.stdout.strip()))
    commit = _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], toplevel)
    if commit.returncode:
        raise SnapshotError(
            f"no commit {echoed(ref)} in {toplevel}: check the name, or fetch it first (e.g. git fetch origin main)"
        )
    sha = commit.stdout.decode().strip()
    relative = folder.resolve().relative_to(toplevel.resolve()).as_posix()
    return _snapshot_at(toplevel, sha, relative, f"{ref} at {sha[:7]}")


#: tree entry modes of regular files; symbolic links (120000) and submodules (160000) are not read
REGULAR_FILES = {b"100644", b"100755"}
SYMBOLIC_LINK = b"120000"
CHUNK = 1 << 16


@lru_cache(maxsize=8)
def _snapshot_at(toplevel: Path, sha: str, relative: str, label: str) -> Snapshot:
    """One commit's reports, kept: a commit never changes, and ``mkdocs serve`` rebuilds often."""
    with tempfile.TemporaryDirectory(prefix="reports-base-") as temp:
        target = Path(temp, relative)
        target.mkdir(parents=True, exist_ok=True)
        files, skipped = _regular_files(toplevel, sha, relative, label)
        skipped += _write_blobs(toplevel, files, Path(temp), label)
        snapshot = snapshot_from_folder(target, label, base=temp)
    return Snapshot(snapshot.export, snapshot.label, (*skipped, *snapshot.errors))


def _read_as_reports(inside: str) -> bool:
    """Whether the check would read what stands at ``inside`` (a path in the reports folder):
    a YAML file (a report, a set's file, a quote lock), anything in the member types' folder,
    or a system's folder. Other files (a README, a picture) are never read."""
    parts = inside.split("/")
    return (
        parts[0] == TYPES_DIR
        or parts[-1].lower().endswith((".yaml", ".yml"))
        or (len(parts) == 1 and SLUG.fullmatch(parts[0]) is not None)
    )


def _not_read(path: str, inside: str, mode: bytes, label: str) -> str:
    """The error for a link or submodule where the check would read reports."""
    folder = "/" not in inside and not inside.lower().endswith((".yaml", ".yml"))
    if mode == SYMBOLIC_LINK:
        where = " where a system's folder goes" if folder and inside != TYPES_DIR else ""
        problem = f"in {label} this is a symbolic link{where}, which is not followed: a link could read files outside the reports folder"
        fix = "commit the folder itself in place of the link" if folder else "commit the file itself in place of the link"
    else:
        problem = f"in {label} this is a git submodule, whose files are not in this repository, so they are not read"
        fix = "commit the reports themselves into the reports folder"
    return str(Diagnostic(Location(path), problem, fix))


def _regular_files(toplevel: Path, sha: str, relative: str, label: str) -> tuple[list[tuple[str, bytes]], list[str]]:
    """(path, blob id) of every regular file under ``relative`` at ``sha``, from ``git ls-tree``,
    and an error for each link or submodule where the check would read reports.

    Only what git stores as a regular file is read: a symbolic link in the commit is never
    followed (it could point anywhere on this machine), and a path that would leave the
    folder (``..``, absolute) is refused.
    """
    listed = _git(["ls-tree", "-r", "-z", "--full-tree", sha, "--", relative], toplevel)
    if listed.returncode:
        raise SnapshotError(f"git ls-tree {label} failed: {listed.stderr.decode(errors='replace').strip()}")
    prefix = "" if relative in ("", ".") else relative.rstrip("/") + "/"
    files, skipped = [], []
    for entry in listed.stdout.split(b"\0"):
        if not entry:
            continue
        info, _, raw_path = entry.partition(b"\t")
        mode, kind, blob = info.split(b" ")
        path = os.fsdecode(raw_path)
        if kind != b"blob" or mode not in REGULAR_FILES:
            inside = path.removeprefix(prefix)
            if _read_as_reports(inside):
                skipped.append(_not_read(path, inside, mode, label))
            continue
        if path.startswith("/") or any(part in ("", ".", "..") for part in path.split("/")):
            raise SnapshotError(f"{label} has a file at {echoed(path)}, which is not a plain path inside the repository")
        files.append((path, blob))
    return files, skipped


def _parents(path: str) -> set[str]:
    return {path.rsplit("/", depth)[0] for depth in range(1, path.count("/") + 1)}


def _unwritable(path: str, error: OSError, files: set[str], folders: set[str], label: str) -> str:
    """The error for a file of the base that cannot be put in the temporary folder: a tree
    git would never write (a name listed twice, a file and a folder of one name) or a name
    this file system refuses. ``files`` and ``folders`` are those written so far."""
    not_git = "the commit was not made by git: compare with another base"
    if path in files:
        reason, fix = "it is listed twice in its folder", not_git
    elif _parents(path) & files:
        reason, fix = "a file of that name stands where its folder goes", not_git
    elif path in folders:
        reason, fix = "a folder of that name holds other files", not_git
    elif error.errno == errno.ENAMETOOLONG:
        reason, fix = "its name is too long for this file system", f"shorten the name (a system folder's name has at most {MAX_SLUG} characters)"
    else:
        reason, fix = error.strerror or str(error), "compare with another base"
    return str(Diagnostic(Location(path), f"in {label} this file cannot be written out to be read: {reason}", fix))


def _write_blobs(toplevel: Path, files: list[tuple[str, bytes]], into: Path, label: str) -> list[str]:
    """Stream the files' contents out of one ``git cat-file --batch`` into ``into``; the
    errors of the files that cannot be written there (each is left out, like a file the
    check cannot read).

    Read in chunks, so a huge file costs disk, not memory; the loader then refuses it by
    its size, as it would in the work tree.
    """
    if not files:
        return []
    skipped: list[str] = []
    written: set[str] = set()
    folders: set[str] = set()
    with tempfile.TemporaryFile() as wanted:
        wanted.write(b"".join(blob + b"\n" for _, blob in files))
        wanted.seek(0)
        try:
            process = subprocess.Popen(
                ["git", "cat-file", "--batch"], cwd=toplevel, stdin=wanted, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
            )
        except FileNotFoundError:
            raise SnapshotError("git is not installed or not on PATH: install git, or compare against an export file") from None
        with process:
            assert process.stdout is not None
            for path, blob in files:
                header = process.stdout.readline().split()
                if len(header) != 3 or header[0] != blob or header[1] != b"blob":
                    process.kill()
                    raise SnapshotError(f"git cat-file could not read {path} of {label}")
                destination = into / path
                try:
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    out = destination.open("xb")  # never an existing file, never through a link
                except OSError as error:
                    skipped.append(_unwritable(path, error, written, folders, label))
                    out = None
                with out or open(os.devnull, "wb") as sink:
                    remaining = int(header[2])
                    while remaining:
                        chunk = process.stdout.read(min(CHUNK, remaining))
                        if not chunk:
                            raise SnapshotError(f"git cat-file stopped in the middle of {path} of {label}")
                        sink.write(chunk)
                        remaining -= len(chunk)
                if out is not None:
                    written.add(path)
                    folders |= _parents(path)
                process.stdout.read(1)  # the newline after each object
    return skipped


def load_base(
    *, ref: str | None = None, export: str | os.PathLike[str] | None = None, reports: str | os.PathLike[str] = "reports"
) -> Snapshot:
    """The base to compare with: an export file when given, else the reports folder at ``ref``."""
    if export is not None:
        return snapshot_from_export(export)
    if ref is not None:
        return snapshot_from_git(ref, reports)
    raise SnapshotError("no base to compare with: give a git ref (e.g. origin/main) or an export file")
