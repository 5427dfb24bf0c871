"""Where the tests keep what they fetch from a package registry (axe-core, Zensical): the
user's cache folder, so that a new clone or worktree on the same machine reuses it, as pip
reuses its own cache. Each thing's folder names its version: a new pin fetches anew."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache(name: str) -> Path:
    """``$XDG_CACHE_HOME/mkdocs-reports-tests/<name>`` (``~/.cache`` without it)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "mkdocs-reports-tests" / name
