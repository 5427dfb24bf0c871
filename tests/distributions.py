"""Installed distributions by the names requirements give them: what the tests of the
declared dependencies and of the build requirements both ask of ``importlib.metadata``."""

from __future__ import annotations

import importlib.metadata
import re


def requirement_name(requirement: str) -> str:
    """The distribution a requirement names, as ``importlib.metadata`` finds it."""
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def with_their_requirements(names: set[str]) -> set[str]:
    """The distributions named and everything they require (not their extras), as installed."""
    seen, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        todo += [requirement_name(r) for r in requires if "extra ==" not in r]
    return seen
