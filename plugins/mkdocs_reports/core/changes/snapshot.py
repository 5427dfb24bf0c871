"""The two sides of a comparison: collection exports, read from a folder, a file or a git ref.

A base that fails ``check`` is still compared: the loader keeps every report it could read,
so a file with rule errors contributes its records as usual, while a file that cannot be
read at all (bad YAML, not a mapping) contributes none — its records then show as added.
The errors travel with the snapshot so that a Changes page can say why.
"""

from __future__ import annotations

import json
import os
import subprocess
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

    The folder's files are read with ``git ls-tree`` and ``git cat-file`` into a temporary
    folder: the work tree, the index and the checked-out branch are left alone. A ref
    without the folder is an empty collection (everything in head is then added).
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


#: tree entry modes of regular files; symbolic links (120000) and submodules (160000) are skipped
REGULAR_FILES = {b"100644", b"100755"}
CHUNK = 1 << 16


@lru_cache(maxsize=8)
def _snapshot_at(toplevel: Path, sha: str, relative: str, label: str) -> Snapshot:
    """One commit's reports, kept: a commit never changes, and ``mkdocs serve`` rebuilds often."""
    with tempfile.TemporaryDirectory(prefix="reports-base-") as temp:
        target = Path(temp, relative)
        target.mkdir(parents=True, exist_ok=True)
        _write_blobs(toplevel, _regular_files(toplevel, sha, relative, label), Path(temp), label)
        return snapshot_from_folder(target, label, base=temp)


def _regular_files(toplevel: Path, sha: str, relative: str, label: str) -> list[tuple[str, bytes]]:
    """(path, blob id) of every regular file under ``relative`` at ``sha``, from ``git ls-tree``.

    Only what git stores as a regular file is read: a symbolic link in the commit is never
    followed (it could point anywhere on this machine), and a path that would leave the
    folder (``..``, absolute) is refused.
    """
    listed = _git(["ls-tree", "-r", "-z", "--full-tree", sha, "--", relative], toplevel)
    if listed.returncode:
        raise SnapshotError(f"git ls-tree {label} failed: {listed.stderr.decode(errors='replace').strip()}")
    files = []
    for entry in listed.stdout.split(b"\0"):
        if not entry:
            continue
        info, _, raw_path = entry.partition(b"\t")
        mode, kind, blob = info.split(b" ")
        if kind != b"blob" or mode not in REGULAR_FILES:
            continue
        path = os.fsdecode(raw_path)
        if path.startswith("/") or any(part in ("", ".", "..") for part in path.split("/")):
            raise SnapshotError(f"{label} has a file at {path!r}, which is not a plain path inside the repository")
        files.append((path, blob))
    return files


def _write_blobs(toplevel: Path, files: list[tuple[str, bytes]], into: Path, label: str) -> None:
    """Stream the files' contents out of one ``git cat-file --batch`` into ``into``.

    Read in chunks, so a huge file costs disk, not memory; the loader then refuses it by
    its size, as it would in the work tree.
    """
    if not files:
        return
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
                destination.parent.mkdir(parents=True, exist_ok=True)
                with destination.open("xb") as out:  # never an existing file, never through a link
                    remaining = int(header[2])
                    while remaining:
                        chunk = process.stdout.read(min(CHUNK, remaining))
                        if not chunk:
                            raise SnapshotError(f"git cat-file stopped in the middle of {path} of {label}")
                        out.write(chunk)
                        remaining -= len(chunk)
                process.stdout.read(1)  # the newline after each object


def load_base(
    *, ref: str | None = None, export: str | os.PathLike[str] | None = None, reports: str | os.PathLike[str] = "reports"
) -> Snapshot:
    """The base to compare with: an export file when given, else the reports folder at ``ref``."""
    if export is not None:
        return snapshot_from_export(export)
    if ref is not None:
        return snapshot_from_git(ref, reports)
    raise SnapshotError("no base to compare with: give a git ref (e.g. origin/main) or an export file")
