"""A source at its reviewed revision, read and never changed.

A git repository is read with git itself: ``git ls-tree -r`` lists the revision's tree once,
``git cat-file --batch`` streams each wanted blob once (a blob shared by several paths or
quoted many times is still read once). Nothing is written to the repository and nothing
is fetched: lazy fetching of a partial clone is switched off, so a blob that is not there
is reported, not downloaded. A plain folder is read only when asked for (``FolderTree``):
it is taken as the revision, its symbolic links are never followed and ``.git`` is skipped.
"""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

#: a blob larger than this is not read into memory; its quotes are reported as unchecked
MAX_BLOB_BYTES = 32 * 1024 * 1024
_CHUNK = 1 << 16
#: git reads only, never prompts, never fetches a missing object from a promisor remote
_GIT_ENV = {"GIT_NO_LAZY_FETCH": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}

REGULAR = ("100644", "100755")
SYMLINK = "120000"
SUBMODULE = "160000"


class SourceError(Exception):
    """The source cannot be read at the revision; the message says why and what to do."""


@dataclass(frozen=True)
class Entry:
    """A file of the tree: its path, git mode and blob id (``None`` until a plain folder's
    file is read: its id is computed from the bytes, as git would)."""

    path: str
    mode: str
    blob: str | None


@dataclass(frozen=True)
class Blob:
    entry: Entry
    blob: str
    data: bytes | None  # None: larger than MAX_BLOB_BYTES, not read
    size: int


def blob_id(data: bytes) -> str:
    """The git object id of a blob with these bytes (SHA-1 repositories)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


class SourceTree:
    """A revision's files by path; ``read`` streams the bytes of the entries asked for."""

    label: str  # how messages name it: "SRC-1 at cecf234 (../clude)"
    #: how the revision is read, as the quote lock records it: ``git`` (the commit itself)
    #: or ``folder`` (a plain folder taken as it: a capture, which nothing can check again)
    read_from = "git"

    def entries(self) -> dict[str, Entry]:
        raise NotImplementedError

    def read(self, entries: Iterable[Entry]) -> Iterator[Blob]:
        raise NotImplementedError

    def directories(self) -> set[str]:
        """Every folder that holds a file, without a trailing slash ("" is the root)."""
        folders = {""}
        for path in self.entries():
            while "/" in path:
                path = path.rsplit("/", 1)[0]
                if path in folders:
                    break
                folders.add(path)
        return folders


def _git(repository: Path, args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(
            ["git", "-C", str(repository), *args], capture_output=True, check=False, timeout=600,
            env={**os.environ, **_GIT_ENV}, **kwargs,
        )
    except FileNotFoundError:
        raise SourceError("git is not installed or not on PATH: install git, or read a plain folder (--plain-folder)") from None
    except subprocess.TimeoutExpired:
        raise SourceError(f"git {args[0]} took longer than 10 minutes in {repository}") from None


class GitTree(SourceTree):
    """``revision`` (a full commit) of the git repository at ``repository``."""

    def __init__(self, repository: str | os.PathLike[str], revision: str, name: str = "the source") -> None:
        self.repository = Path(repository)
        self.revision = revision
        self.label = f"{name} at {revision[:12]} ({self.repository})"
        self._entries: dict[str, Entry] | None = None
        if not self.repository.is_dir():
            raise SourceError(f"{self.repository} is not a folder: give the path of a git repository that holds {revision}")
        inside = _git(self.repository, ["rev-parse", "--git-dir"])
        if inside.returncode:
            raise SourceError(
                f"{self.repository} is not a git repository: clone the source there, or pass --plain-folder "
                f"if it is a plain copy of {revision}"
            )
        commit = _git(self.repository, ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"])
        if commit.returncode:
            raise SourceError(
                f"the commit {revision} is not in {self.repository}: fetch it there first "
                f"(git -C {self.repository} fetch --depth 1 origin {revision})"
            )

    def entries(self) -> dict[str, Entry]:
        if self._entries is None:
            listed = _git(self.repository, ["ls-tree", "-r", "-z", "--full-tree", self.revision])
            if listed.returncode:
                raise SourceError(f"git ls-tree failed for {self.label}: {listed.stderr.decode(errors='replace').strip()}")
            entries = {}
            for record in listed.stdout.split(b"\0"):
                if not record:
                    continue
                info, _, raw_path = record.partition(b"\t")
                mode, _kind, blob = info.decode("ascii").split(" ")
                path = raw_path.decode("utf-8", errors="surrogateescape")
                entries[path] = Entry(path, mode, blob)
            self._entries = entries
        return self._entries

    def read(self, entries: Iterable[Entry]) -> Iterator[Blob]:
        """Each distinct blob of ``entries`` once, in one ``git cat-file --batch``."""
        wanted: dict[str, Entry] = {}
        for entry in entries:
            if entry.blob is not None:
                wanted.setdefault(entry.blob, entry)
        if not wanted:
            return
        with tempfile.TemporaryFile() as ids:
            ids.write("".join(f"{blob}\n" for blob in wanted).encode("ascii"))
            ids.seek(0)
            try:
                process = subprocess.Popen(
                    ["git", "-C", str(self.repository), "cat-file", "--batch"], stdin=ids, stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL, env={**os.environ, **_GIT_ENV},
                )
            except FileNotFoundError:
                raise SourceError("git is not installed or not on PATH") from None
            with process:
                assert process.stdout is not None
                out = process.stdout
                try:
                    for blob, entry in wanted.items():
                        header = out.readline().split()
                        if len(header) == 2 and header[1] == b"missing":
                            raise SourceError(f"the blob of {entry.path} is missing from {self.label}: the clone is partial "
                                              "or damaged; fetch the commit in full")
                        if len(header) != 3 or header[0].decode() != blob:
                            raise SourceError(f"git cat-file could not read {entry.path} of {self.label}")
                        size = int(header[2])
                        if size > MAX_BLOB_BYTES:
                            _skip(out, size + 1)
                            yield Blob(entry, blob, None, size)
                            continue
                        data = out.read(size)
                        if len(data) != size:
                            raise SourceError(f"git cat-file stopped in the middle of {entry.path} of {self.label}")
                        out.read(1)  # the newline after each object
                        yield Blob(entry, blob, data, size)
                finally:
                    if process.poll() is None:
                        process.kill()


def _skip(stream: IO[bytes], size: int) -> None:
    while size:
        chunk = stream.read(min(_CHUNK, size))
        if not chunk:
            return
        size -= len(chunk)


class FolderTree(SourceTree):
    """A plain folder taken as the reviewed revision (no git): what an analyst exported."""

    read_from = "folder"

    def __init__(self, folder: str | os.PathLike[str], name: str = "the source") -> None:
        self.folder = Path(folder)
        self.label = f"{name} (the folder {self.folder})"
        self._entries: dict[str, Entry] | None = None
        if not self.folder.is_dir():
            raise SourceError(f"{self.folder} is not a folder: give the folder that holds the source's files")

    def entries(self) -> dict[str, Entry]:
        if self._entries is None:
            entries = {}
            root = str(self.folder)
            for folder, subfolders, files in os.walk(root, followlinks=False):
                subfolders[:] = sorted(d for d in subfolders if d != ".git")
                relative = os.path.relpath(folder, root)
                prefix = "" if relative == "." else relative.replace(os.sep, "/") + "/"
                for name in files:
                    try:
                        info = os.lstat(os.path.join(folder, name))
                    except OSError:
                        continue
                    if stat.S_ISLNK(info.st_mode):
                        mode = SYMLINK
                    elif stat.S_ISREG(info.st_mode):
                        mode = "100755" if info.st_mode & 0o111 else "100644"
                    else:
                        continue
                    entries[prefix + name] = Entry(prefix + name, mode, None)
                for name in list(subfolders):  # a link to a folder is a link, never walked
                    if os.path.islink(os.path.join(folder, name)):
                        entries[prefix + name] = Entry(prefix + name, SYMLINK, None)
                        subfolders.remove(name)
            self._entries = entries
        return self._entries

    def read(self, entries: Iterable[Entry]) -> Iterator[Blob]:
        seen: set[str] = set()
        for entry in entries:
            if entry.path in seen:
                continue
            seen.add(entry.path)
            path = self.folder / entry.path
            try:
                if entry.mode == SYMLINK:
                    data = os.fsencode(os.readlink(path))
                else:
                    size = path.lstat().st_size
                    if size > MAX_BLOB_BYTES:
                        yield Blob(entry, "", None, size)
                        continue
                    with open(path, "rb", opener=_no_follow) as handle:
                        data = handle.read()
            except OSError as error:
                raise SourceError(f"cannot read {entry.path} of {self.label}: {error.strerror or error}") from None
            yield Blob(entry, blob_id(data), data, len(data))


def _no_follow(path: str, flags: int) -> int:
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0))
