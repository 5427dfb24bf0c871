"""What a command module adds itself to: the ``mkdocs-reports`` command line's subcommands
(the object ``argparse``'s ``add_subparsers`` returns, by the one method a command uses)."""

from __future__ import annotations

import argparse
from typing import Any, Protocol


class Commands(Protocol):
    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...
