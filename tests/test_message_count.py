"""The line that counts the messages left unprinted is as grave as the worst of them: a
strict build must not fail on a count of quotes that are only news on a site that does
not require verified quotes."""

from __future__ import annotations

import logging

from mkdocs_reports.adapter.messages import log_level
from mkdocs_reports.core.diagnostics import Diagnostic, Location, shown
from mkdocs_reports.core.grounding.status import UNVERIFIED


def _unverified(n: int) -> Diagnostic:
    return Diagnostic(Location("reports/a/memory.yaml", n), "the quote is not verified", severity="warning", rule=UNVERIFIED)


def test_the_count_names_warnings_as_warnings_and_errors_as_errors():
    warnings = [_unverified(n) for n in range(1, 6)]
    assert shown(warnings, limit=2)[-1].startswith("… and 3 more warnings not shown")
    mixed = warnings + [Diagnostic(Location("reports/a/memory.yaml", 9), "broken")]
    assert shown(mixed, limit=2)[-1].startswith("… and 4 more errors not shown")
    assert shown(warnings, omitted=1, limit=5)[-1].startswith("… and 1 more error not shown")


def test_a_message_is_logged_at_its_own_level():
    assert log_level(_unverified(1), require_verified_quotes=False) == logging.INFO
    assert log_level(Diagnostic(Location("reports/a/memory.yaml"), "broken"), require_verified_quotes=False) == logging.ERROR
    assert log_level(_unverified(1), require_verified_quotes=True) == logging.WARNING
