"""The check's messages where authors look: logged under the generator's logger (so that
``--strict`` fails on any), and while serving, listed above every page, with a page of its
errors at the address of a report that could not be read at all."""

from __future__ import annotations

import logging
from pathlib import Path

from ..core.diagnostics import PRINT_LIMIT, Diagnostic
from ..core.grounding.status import UNVERIFIED
from ..core.loading.loader import display_path
from ..core.rules.collection_check import CheckedCollection
from ..pages import Paths, PlannedPage, SitePages


def log_level(diagnostic: Diagnostic, require_verified_quotes: bool) -> int:
    """How a message is logged: a quote not yet verified is only news when the site does
    not require verified quotes (a strict build fails on warnings)."""
    if diagnostic.severity == "error":
        return logging.ERROR
    if diagnostic.rule == UNVERIFIED and not require_verified_quotes:
        return logging.INFO
    return logging.WARNING


def log_checked(log: logging.Logger, checked: CheckedCollection, require_verified_quotes: bool) -> None:
    """Every message of the check, the first ``PRINT_LIMIT`` in full, then how many more."""

    def level(diagnostic: Diagnostic) -> int:
        return log_level(diagnostic, require_verified_quotes)

    for diagnostic in checked.diagnostics[:PRINT_LIMIT]:
        log.log(level(diagnostic), str(diagnostic))
    for more in checked.messages()[PRINT_LIMIT:]:  # how many more there are, as grave as the worst
        hidden = checked.diagnostics[PRINT_LIMIT:]
        log.log(logging.ERROR if checked.omitted else max(map(level, hidden), default=logging.INFO), more)
    log.info(f"Reports: {checked.summary()}")


def errors_banner(site: SitePages, checked: CheckedCollection) -> str:
    """The errors of the build, escaped and capped, for the top of every page."""
    return site.build_errors(checked.messages(), len(checked.errors) + checked.omitted)


def unreadable_pages(site: SitePages, checked: CheckedCollection, paths: Paths, root: Path, base: Path,
                     pages: dict[str, PlannedPage]) -> None:  # fmt: skip
    """A page of its errors for each report that could not be published, at its address."""
    by_file: dict[str, list[str]] = {}
    for diagnostic in checked.diagnostics:
        by_file.setdefault(diagnostic.location.file, []).append(str(diagnostic))
    reports_dir = Path(display_path(root, base))
    for file, messages in by_file.items():
        path = Path(file)
        if path.suffix != ".yaml" or path.parent.parent != reports_dir or path.stem.startswith("_"):
            continue  # not a report (a set's _set.yaml is listed above every page)
        system, member = path.parent.name, path.stem
        page = paths.report(system, member)
        published = system in checked.collection.systems and member in checked.collection.systems[system].reports
        if not published and page not in pages:
            pages[page] = PlannedPage.made(site.unreadable(page, file, messages))
