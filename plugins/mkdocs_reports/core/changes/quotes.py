"""Quotes of the head build that a reviewer should look at against the base: added,
changed (passage, path, lines or source), or no longer verified against the source.

Quotes are matched by their place (system, report, anchor: ``mem-obj-x--quote-1``), so an
export without quote anchors (made before quotes had them) contributes none.
"""

from __future__ import annotations

from collections.abc import Iterator

from .model import QuoteChange, QuoteChangeKind

_CONTENT = ("passage", "path", "lines", "source")


def _quotes(export: dict) -> Iterator[tuple[tuple[str, str, str], dict]]:
    """Every quote of an export with its (system, member, anchor)."""
    for system in export["systems"]:
        for report in system["reports"]:
            for section in report.get("sections") or []:
                for block in section.get("blocks") or []:
                    if block.get("kind") == "quote":
                        yield (system["slug"], report["member"], block.get("anchor") or ""), block
    for entry in (*export["records"], *export["annotations"]):
        for quote in entry.get("quotes") or []:
            yield (entry["system"], entry["member"], quote.get("anchor") or ""), quote


def _state(quote: dict) -> str | None:
    grounding = quote.get("grounding")
    return grounding.get("state") if isinstance(grounding, dict) else None


def quote_changes(base: dict, head: dict) -> tuple[QuoteChange, ...]:
    before = {key: quote for key, quote in _quotes(base) if key[2]}
    changes = []
    for key, quote in _quotes(head):
        if not key[2]:
            continue
        old = before.get(key)
        state = _state(quote)
        change: QuoteChangeKind
        if old is None:
            change = "added"
        elif any(old.get(k) != quote.get(k) for k in _CONTENT):
            change = "changed"
        elif _state(old) == "verified" and state != "verified":
            change = "no longer verified"
        else:
            continue
        changes.append(QuoteChange(key[0], key[1], key[2], quote.get("place") or key[2], quote.get("path") or "",
                                   change, _state(old) if old else None, state))
    return tuple(changes)
