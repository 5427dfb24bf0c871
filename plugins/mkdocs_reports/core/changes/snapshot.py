"""The two sides of a comparison: collection exports, read from a folder, a file or a git ref.

A base that fails ``check`` is still compared: the loader keeps every report it could read,
so a file with rule errors contributes its records as usual, while a file that cannot be
read at all (bad YAML, not a mapping) contributes none — its records then show as added.
The errors travel with the snapshot so that a Changes page can say why.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..export.json import FORMAT, VERSION, collection_json
from ..check import CheckedCollection, check_collection


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
    if not isinstance(export, dict) or export.get("format") != FORMAT:
        raise SnapshotError(f"{path} is not a collection export (no \"format\": \"{FORMAT}\"); {how}")
    if export.get("version") != VERSION:
        raise SnapshotError(f"{path} is export version {export.get('version')!r}; this tool reads version {VERSION}; {how}")
    missing = [key for key in ("systems", "records", "annotations", "citations") if not isinstance(export.get(key), list)]
    if missing:
        raise SnapshotError(f"{path} lacks the list(s) {', '.join(missing)}; {how}")
    return Snapshot(export, Path(path).name)


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

    The folder is read with ``git archive`` into a temporary folder: the work tree, the
    index and the checked-out branch are left alone. A ref without the folder is an empty
    collection (everything in head is then added).
    """
    if not ref or ref.startswith("-"):
        raise SnapshotError(f"{ref!r} is not a git ref; name a branch, tag or commit, e.g. origin/main")
    folder = Path(reports).absolute()
    where = _existing(folder)
    top = _git(["rev-parse", "--show-toplevel"], where)
    if top.returncode:
        raise SnapshotError(f"{where} is not inside a git repository, so there is no {ref!r} to compare with")
    toplevel = Path(os.fsdecode(top.stdout.strip()))
    commit = _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], toplevel)
    if commit.returncode:
        raise SnapshotError(
            f"no commit {ref!r} in {toplevel}: check the name, or fetch it first (e.g. git fetch origin main)"
        )
    sha = commit.stdout.decode().strip()
    relative = folder.resolve().relative_to(toplevel.resolve()).as_posix()
    return _snapshot_at(toplevel, sha, relative, f"{ref} at {sha[:7]}")


@lru_cache(maxsize=8)
def _snapshot_at(toplevel: Path, sha: str, relative: str, label: str) -> Snapshot:
    """One commit's reports, kept: a commit never changes, and ``mkdocs serve`` rebuilds often."""
    with tempfile.TemporaryDirectory(prefix="reports-base-") as temp:
        target = Path(temp, relative)
        target.mkdir(parents=True, exist_ok=True)
        listed = _git(["ls-tree", "--name-only", sha, "--", relative], toplevel)
        if listed.stdout.strip():
            archive = _git(["archive", "--format=tar", sha, "--", relative], toplevel)
            if archive.returncode:
                raise SnapshotError(f"git archive {label} failed: {archive.stderr.decode(errors='replace').strip()}")
            with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
                tar.extractall(temp, filter="data")
        return snapshot_from_folder(target, label, base=temp)


def load_base(
    *, ref: str | None = None, export: str | os.PathLike[str] | None = None, reports: str | os.PathLike[str] = "reports"
) -> Snapshot:
    """The base to compare with: an export file when given, else the reports folder at ``ref``."""
    if export is not None:
        return snapshot_from_export(export)
    if ref is not None:
        return snapshot_from_git(ref, reports)
    raise SnapshotError("no base to compare with: give a git ref (e.g. origin/main) or an export file")
