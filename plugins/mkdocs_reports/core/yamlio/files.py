"""Reading the files of a collection: regular files inside it, and no more of them than a
report may be.

A collection comes from contributors. A FIFO would block the read forever, ``/dev/zero``
never ends, and a symbolic link may point at any file of the machine (a secret's text was
published that way). So only regular files are read — opened without blocking and checked
on the open descriptor, so nothing can be swapped in between — at most up to the size
limit, and a symbolic link only when it points inside the collection's folder.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..diagnostics import Diagnostics, Location
from .reader import MAX_FILE_BYTES, too_large


def links_inside(path: Path, folder: Path, display: str, diagnostics: Diagnostics, *, where: str = "the reports folder",
                 why: str = "so that no other file can be published") -> bool:
    """Whether ``path`` is no symbolic link, or one to a file inside ``folder``; one that
    leaves it is refused with an error (``where`` names the folder, ``why`` says why)."""
    if not path.is_symlink() or path.resolve().is_relative_to(folder.resolve()):
        return True
    diagnostics.error(
        Location(display),
        f"this file is a symbolic link to a file outside {where}",
        f"copy the file into {where}; links out of it are not read, {why}",
    )
    return False


def read_regular_file(path: Path, display: str, diagnostics: Diagnostics, what: str = "a report") -> bytes | None:
    """The bytes of a regular file, read at most to the size limit; ``None`` after an error.
    ``what`` names the kind of file in a message about its size."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        diagnostics.error(Location(display), f"cannot read the file: {error.strerror}", "check that it exists and is readable")
        return None
    status = os.fstat(descriptor)  # (before the descriptor becomes a file object, which a folder's cannot)
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        diagnostics.error(
            Location(display),
            f"this is not a regular file but {file_kind(status.st_mode)}",
            f"{what} is a plain {path.suffix or 'regular'} file: replace it with one",
        )
        return None
    with os.fdopen(descriptor, "rb") as file:
        if too_large(display, status.st_size, diagnostics, what):
            return None
        # what its size says, and one byte more to see whether it grew: a read of the limit
        # itself would ask for a buffer of 10 MiB for every file
        data = file.read(status.st_size + 1)
        if len(data) > status.st_size:
            data += file.read(MAX_FILE_BYTES + 1 - len(data))
    if too_large(display, len(data), diagnostics, what):  # it grew since its size was read
        return None
    return data


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    for test, name in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "a special file"
