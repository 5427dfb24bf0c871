"""Writing files into a collection (an import) or an export's folder: every target checked
first, then all files or none.

An import or an export writes many files from contributors' input into a folder
contributors may also shape (a checkout holds what a pull request committed). A target
that is a folder, a named pipe (opened to write, it waits for a reader forever), a file
where a folder must be, or a folder that refuses new files must not stop the writing
halfway. So every target is looked at (``lstat``: nothing followed or opened) before
anything is written; each file is then written beside its target under a temporary name,
every target is looked at again, and only then are they renamed into place
(``os.replace``, which replaces the directory entry and never opens what was there).
"""

from __future__ import annotations

import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from .files import file_kind


def target_problem(path: Path, root: Path, writer: str = "the import") -> tuple[Path, str] | None:
    """What keeps ``path`` (inside ``root``) from being written or replaced as a regular
    file: the path at fault and what it is (``writer`` names what would write it);
    ``None`` when nothing does."""
    relative = path.relative_to(root)
    folders = [root, *(root / Path(*relative.parts[:end]) for end in range(1, len(relative.parts)))]
    for folder in folders:
        mode = _mode(folder)
        if mode is None:
            return None  # absent: the import makes it, and all below it
        if stat.S_ISLNK(mode):
            return folder, f"{writer} would write into this folder, but it is a symbolic link"
        if not stat.S_ISDIR(mode):
            kind = "a regular file" if stat.S_ISREG(mode) else file_kind(mode)
            return folder, f"{writer} would write into this folder, but it is {kind}"
    mode = _mode(path)
    if mode is None or stat.S_ISREG(mode):
        return None
    kind = "a symbolic link" if stat.S_ISLNK(mode) else file_kind(mode)
    return path, f"{writer} would write this file, but it is {kind}"


def _mode(path: Path) -> int | None:
    try:
        return os.lstat(path).st_mode
    except FileNotFoundError:
        return None


def current_bytes(path: Path) -> bytes | None:
    """The bytes of a regular file at ``path``, or ``None`` when there is none: opened
    without following a link or waiting on a pipe, and checked on the open descriptor."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError):
        return None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise WriteError(path, "it is no longer a regular file")
    with os.fdopen(descriptor, "rb") as file:
        return file.read()


@dataclass
class WriteError(Exception):
    """A file could not be written (then none was): which, and why."""

    path: Path
    why: str


def write_all(files: list[tuple[Path, bytes | None]]) -> None:
    """Write every ``(path, data)`` (``None``: remove the file), all or none: each is
    written to a temporary file in its folder first; on any failure those are removed (and
    the folders made for them) and ``WriteError`` says which file failed."""
    staged: list[tuple[str, Path]] = []
    made: list[Path] = []
    for path, data in files:
        if data is None:
            continue
        try:
            for folder in reversed([path.parent, *path.parent.parents]):
                if _mode(folder) is None:
                    folder.mkdir()
                    made.append(folder)
            temporary = str(path.parent / f".import-{secrets.token_hex(6)}.tmp")  # (no longer than any name)
            # created new (never an existing file or link), with the permissions a plain write gives
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
            staged.append((temporary, path))
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)
        except OSError as error:
            _undo(staged, made)
            raise WriteError(path, error.strerror or str(error)) from None
    for _, path in staged:  # what stands there now: the caller looked before the files were staged
        mode = _mode(path)
        if mode is not None and not stat.S_ISREG(mode):
            _undo(staged, made)
            raise WriteError(path, f"it is {'a symbolic link' if stat.S_ISLNK(mode) else file_kind(mode)} now")
    for done, (temporary, path) in enumerate(staged):
        try:
            os.replace(temporary, path)
        except OSError as error:  # (only a change made at this very moment gets here)
            _undo(staged[done:], [])
            raise WriteError(path, f"{error.strerror or error}; {done} of {len(staged)} files were already written") from None
    for path, data in files:
        if data is None:
            try:
                path.unlink(missing_ok=True)
            except OSError as error:
                raise WriteError(path, f"it could not be removed: {error.strerror or error}") from None


def _undo(staged: list[tuple[str, Path]], made: list[Path]) -> None:
    """Remove the temporary files ``staged`` and the folders ``made`` for them."""
    for temporary, _ in staged:
        Path(temporary).unlink(missing_ok=True)
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:  # something else was put into it meanwhile: it stays
            break
