"""Pull-request preview settings: the banner's PR number and the base of the Changes page.

Each setting comes from ``mkdocs.yml`` or, when absent there, from the environment variable
the workflows set, so a preview needs no edit of ``mkdocs.yml``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..core.changes import Changes, SnapshotError, compare, load_base, snapshot_of
from ..core.rules.collection_check import CheckedCollection

_PR_NUMBER = re.compile(r"[1-9][0-9]{0,8}")
ENVIRONMENT = {"preview_pr": "REPORTS_PREVIEW_PR", "base_ref": "REPORTS_BASE_REF", "base_export": "REPORTS_BASE_EXPORT"}


class PullRequestPreviewError(ValueError):
    """A preview setting that cannot be used; the message names it and the fix."""


@dataclass(frozen=True)
class PullRequestPreview:
    pull_request: int | None = None
    base_ref: str | None = None
    base_export: str | None = None

    @classmethod
    def from_settings(cls, configured: dict[str, str | None], environ: Mapping[str, str] = os.environ) -> PullRequestPreview:
        values = {key: configured.get(key) or environ.get(variable) or None for key, variable in ENVIRONMENT.items()}
        number = values["preview_pr"]
        if number is not None and not _PR_NUMBER.fullmatch(number):
            shown = repr(number) if len(number) <= 40 else f"{number[:20]!r}… ({len(number)} characters)"
            raise PullRequestPreviewError(
                f"preview_pr (or {ENVIRONMENT['preview_pr']}) is {shown}, not a pull-request number "
                "— set it to the digits of the number (at most 9), e.g. 42"
            )
        return cls(int(number) if number else None, values["base_ref"], values["base_export"])

    @property
    def compares(self) -> bool:
        return bool(self.base_ref or self.base_export)

    def changes(self, checked: CheckedCollection, reports: Path) -> Changes:
        """This build against its base; raises ``SnapshotError`` when the base cannot be had."""
        base = load_base(ref=self.base_ref, export=self.base_export, reports=reports)
        head = f"pull request #{self.pull_request}" if self.pull_request else "this build"
        return compare(base, snapshot_of(checked, head))


__all__ = ["PullRequestPreview", "PullRequestPreviewError", "SnapshotError"]
