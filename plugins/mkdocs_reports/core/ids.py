"""Record ID grammar: ``<PREFIX>-<KIND>-<name>``, the one place that knows it."""

from __future__ import annotations

import re

#: Record kinds in page order, with their headings.
KINDS: dict[str, str] = {
    "CMP": "Components",
    "OBJ": "Operative objects",
    "RTE": "Routes",
    "CLM": "Claims",
    "ABS": "Evidenced absences",
    "BAP": "Behavioral-authority paths",
}

#: Member prefixes and the member (file name) that declares them.
PREFIX_MEMBERS: dict[str, str] = {"RT": "runtime", "MEM": "memory", "EPI": "epistemic"}

_NAME = r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*){0,2}"
ID_RE = re.compile(rf"^(RT|MEM|EPI)-(CMP|OBJ|RTE|CLM|ABS|BAP)-({_NAME})$")

#: Anything in prose that looks like an attempt at a record ID, well formed or not.
#: Well-formedness is judged afterwards, so that a typo is reported instead of ignored.
CANDIDATE_RE = re.compile(r"(?<![\w-])(RT|MEM|EPI)-([A-Z]{2,4})-([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?![\w])")


def is_valid_id(value: str) -> bool:
    return ID_RE.match(value) is not None


def id_problem(value: str) -> str | None:
    """Say what is wrong with a would-be record ID, or ``None`` when it is well formed."""
    if is_valid_id(value):
        return None
    parts = value.split("-", 2)
    if len(parts) < 3 or not parts[2]:
        return "a record ID has three parts, <PREFIX>-<KIND>-<name>, e.g. MEM-RTE-memory-edit"
    prefix, kind, name = parts
    if prefix not in PREFIX_MEMBERS:
        return f"unknown prefix {prefix!r}; use one of {', '.join(PREFIX_MEMBERS)}"
    if kind not in KINDS:
        return f"unknown kind {kind!r}; use one of {', '.join(KINDS)}"
    words = name.split("-")
    if len(words) > 3:
        return f"the name {name!r} has {len(words)} words; use one to three words joined by '-'"
    return (
        f"the name {name!r} must be lowercase words joined by '-', each starting with a letter "
        "(e.g. bge-m3, memory-addresses)"
    )


def prefix_of(record_id: str) -> str:
    return record_id.split("-", 1)[0]


def kind_of(record_id: str) -> str:
    return record_id.split("-", 2)[1]


def anchor_of(record_id: str) -> str:
    """The HTML anchor of a record: its ID in lower case."""
    return record_id.lower()
