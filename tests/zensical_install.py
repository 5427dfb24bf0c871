"""Zensical, for the tests that build the ``pages`` export with it: installed from the
package registry into a virtual environment of its own (it cannot share the test
environment: it needs newer Markdown and PyYAML than the lowest versions the package is
tested with), kept in the user's cache folder (``user_cache``) and installed once per
version; the tests skip only when the registry is out of reach."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from user_cache import user_cache

ZENSICAL = "zensical==0.0.73"


def zensical_command() -> Path:
    """Zensical's command. The test modules that use it run side by side (``-n auto``),
    so the first installs while the others wait for it, rather than each installing into
    (and emptying) the same folder."""
    cache = user_cache(f"{ZENSICAL.replace('==', '-')}-py{sys.version_info.major}.{sys.version_info.minor}")
    cache.parent.mkdir(parents=True, exist_ok=True)
    with open(cache.parent / f"{cache.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        return _install(cache)


def _install(cache: Path) -> Path:
    command = cache / "bin" / "zensical"
    if command.is_file():
        return command
    shutil.rmtree(cache, ignore_errors=True)
    venv.create(cache, with_pip=True)
    done = subprocess.run([str(cache / "bin" / "python"), "-m", "pip", "install", "-q", ZENSICAL],
                          check=False, capture_output=True, text=True, timeout=600)
    if done.returncode:
        shutil.rmtree(cache, ignore_errors=True)
        unreachable = ("NewConnectionError", "Temporary failure in name resolution", "Network is unreachable",
                       "Max retries exceeded", "Connection refused", "No matching distribution")
        if any(sign in done.stderr for sign in unreachable):
            pytest.skip(f"the package registry is out of reach, so {ZENSICAL} cannot be installed: "
                        f"{done.stderr.strip().splitlines()[-1]}")
        raise AssertionError(f"pip could not install {ZENSICAL}:\n{done.stderr[-3000:]}")
    return command
