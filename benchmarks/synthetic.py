"""A synthetic collection shaped like the real one, for benchmarks.

Prose is drawn from the seed reports' own sentences, so sizes, punctuation and citation
density are realistic: about 1.5 KB of YAML per record, 2–4 citations per record.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import yaml

SEEDS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "seeds"
KINDS = ["CMP", "OBJ", "OBJ", "RTE", "RTE", "RTE", "CLM", "BAP"]
ROUTE_FIELDS = [
    "Immediate return", "Later read-back", "Delegated visibility", "Selection predicate",
    "Invalidation or expiry", "Activation or effect", "Evidence limits",
]
WORDS = ["memory", "recall", "store", "branch", "tally", "note", "seed", "graph", "head", "cache", "index", "summary"]


def _sentences() -> list[str]:
    text = " ".join(path.read_text(encoding="utf-8") for path in sorted(SEEDS.glob("*.txt")))
    text = re.sub(r"\b(?:RT|MEM|EPI)-[A-Z]{3}-[a-z0-9-]+", "", text)
    found = [" ".join(s.split()) for s in re.split(r"(?<=[.;])\s+", text) if 40 <= len(s.strip()) <= 240 and "---" not in s]
    return found or ["A sentence about retained memory and its later consumers."]


def _prose(rng: random.Random, sentences: list[str], count: int, cites: list[str]) -> str:
    picked = rng.sample(sentences, count)
    for cite in cites:
        index = rng.randrange(len(picked))
        picked[index] = f"{picked[index]} See {cite}."
    return " ".join(picked)


def report_yaml(rng: random.Random, sentences: list[str], system: str, records: int) -> str:
    ids = [f"MEM-{KINDS[i % len(KINDS)]}-{WORDS[i % len(WORDS)]}-n{i}" for i in range(records)]
    coverage = [[f"Entry {n}", "`src/memory.ts`", f"{rng.choice(ids)}. {_prose(rng, sentences, 1, [])}"] for n in range(6)]
    doc: dict = {
        "type": "agentic-system-memory-report",
        "system": system.capitalize(),
        "title": f"{system.capitalize()} memory report",
        "description": _prose(rng, sentences, 1, []),
        "boundary": [
            {"text": _prose(rng, sentences, 6, ["RT-RTE-chat-turn"]) + " [SRC-1: `src/memory.ts`]"},
            {"heading": "Coverage inventory"},
            {"table": {"columns": ["Entry point", "Source path", "Coverage"], "rows": coverage}},
        ],
        "core_ideas": [{"numbered": [_prose(rng, sentences, 2, [rng.choice(ids)]) for _ in range(4)]}],
        "records": [],
        "annotations": [
            {"on": f"RT-RTE-{word}-turn", "body": [
                {"fields": {"Lineage": _prose(rng, sentences, 1, [rng.choice(ids)])}},
                {"text": _prose(rng, sentences, 2, [rng.choice(ids)])},
            ]}
            for word in rng.sample(WORDS, 3)
        ],
        "write_side": _prose(rng, sentences, 5, rng.sample(ids, 2)),
        "read_back": _prose(rng, sentences, 5, rng.sample(ids, 2)),
        "integration_issues": [{"bulleted": [_prose(rng, sentences, 2, [rng.choice(ids)]) for _ in range(5)]}],
        "limitations": _prose(rng, sentences, 4, []),
    }
    for record_id in ids:
        cites = rng.sample(ids, 2) + [f"RT-OBJ-{rng.choice(WORDS)}"]
        body: list = [{"text": _prose(rng, sentences, 3, cites)}]
        if "-RTE-" in record_id:
            fields = {key: _prose(rng, sentences, 1, []) for key in ROUTE_FIELDS}
            fields |= {"implementation conclusion status": "wired", "operation conclusion status": "uninspected"}
            body.append({"fields": fields})
        body.append({"quote": {"passage": "const landings = await recentLandings(tx, root, 10)", "path": "src/memory.ts"}})
        body.append({"text": _prose(rng, sentences, 2, [])})
        doc["records"].append({"id": record_id, "label": f"Label of {record_id.lower()}", "body": body})
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100)


def set_yaml(rng: random.Random, system: str) -> str:
    """The system's shared metadata: run ID and source register."""
    return yaml.safe_dump({
        "run_id": f"AAS-2026-01-01-{system}-01",
        "sources": [{"id": "SRC-1", "kind": "git", "identity": f"https://github.com/example/{system}",
                     "revision": f"{rng.getrandbits(160):040x}"}],
    }, sort_keys=False)


def write_collection(root: Path, reports: int, records_per_report: int, seed: int = 7) -> int:
    """Write ``reports`` systems of one memory report (and a ``_set.yaml``) each; return the
    bytes written."""
    rng = random.Random(seed)
    sentences = _sentences()
    total = 0
    for number in range(reports):
        system = f"system{number:04d}"
        path = root / system / "memory.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        text = report_yaml(rng, sentences, system, records_per_report)
        path.write_text(text, encoding="utf-8")
        shared = set_yaml(rng, system)
        (path.parent / "_set.yaml").write_text(shared, encoding="utf-8")
        total += len(text.encode()) + len(shared.encode())
    return total


def profile_yaml(rng: random.Random, sentences: list[str], system: str, axes: dict[str, list[str]], bases: list[str]) -> str:
    """A memory profile (revision 1) of ``system``: each axis known with one to three of its
    values, each value with a basis, a record of the system's memory report and a note; now
    and then an axis absent (citing an evidenced absence) or uninspected."""
    doc_axes: dict = {}
    for axis, vocabulary in axes.items():
        roll = rng.random()
        if roll < 0.08:
            doc_axes[axis] = {"assessment": "absent", "values": [], "evidence": {}, "records": [f"MEM-ABS-none-{axis.split('_')[0]}"],
                              "note": _prose(rng, sentences, 1, [])}
            continue
        if roll < 0.14:
            doc_axes[axis] = {"assessment": "uninspected", "values": [], "evidence": {}, "records": [],
                              "note": _prose(rng, sentences, 1, [])}
            continue
        values = rng.sample(vocabulary, min(len(vocabulary), rng.choice([1, 1, 2, 3])))
        record = f"MEM-RTE-{rng.choice(WORDS)}-n{rng.randrange(20)}"
        doc_axes[axis] = {
            "assessment": "known", "values": values,
            "evidence": {value: {"basis": rng.choice(bases), "records": [record], "note": _prose(rng, sentences, 1, [])} for value in values},
            "records": [record], "note": _prose(rng, sentences, 1, []),
        }
    doc = {
        "type": "agent-memory-profile",
        "system": system.capitalize(),
        "title": f"{system.capitalize()} memory profile",
        "description": f"Memory profile of {system.capitalize()}: {_prose(rng, sentences, 1, [])}",
        "memory_comparison": {"scope": _prose(rng, sentences, 2, []), "axes": doc_axes},
        "comparison_rationale": _prose(rng, sentences, 3, []),
    }
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100)


def write_profiles(root: Path, systems: int, seed: int = 7) -> int:
    """Write ``systems`` systems of one memory profile (and a ``_set.yaml``) each, their
    values drawn from the method's vocabularies; return the bytes written."""
    from mkdocs_reports.core.schemas.type_files import builtin_method

    spec = builtin_method().comparison
    axes = {axis: list(vocabulary.values) for axis, vocabulary in spec.axes.items()}
    rng = random.Random(seed)
    sentences = _sentences()
    total = 0
    for number in range(systems):
        system = f"system{number:04d}"
        path = root / system / "memory-profile.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        text = profile_yaml(rng, sentences, system, axes, list(spec.basis.values))
        path.write_text(text, encoding="utf-8")
        shared = set_yaml(rng, system)
        (path.parent / "_set.yaml").write_text(shared, encoding="utf-8")
        total += len(text.encode()) + len(shared.encode())
    return total
