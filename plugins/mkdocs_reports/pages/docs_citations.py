"""Record citations in hand-written pages: ``<system>:<ID>``, e.g. ``ultimate:MEM-RTE-memory-edit``.

A docs page belongs to no system, so it names one. Like report text, citations inside
code stay text; so do citations inside an HTML tag or comment a maintainer wrote
(``<img alt="ultimate:MEM-CMP-x">``): a link there would put the record's label into the
attribute, where a quote in the label would end it. A citation that names no known record
is a problem with its offset.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..core.method.ids import IdGrammar
from ..core.method.site_names import SLUG
from ..core.prose.citations import mask_code
from ..core.rules.graph import CitationGraph
from .paths import Paths
from .prose_html import Links

#: an HTML comment or tag, its attribute values quoted or not (each quoted value is one run)
_TAG = re.compile(r"<!--.*?-->|<[A-Za-z/!?][^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*>", re.DOTALL)


@lru_cache(maxsize=8)
def _docs_citation(grammar: IdGrammar) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w/.:-])(?P<system>{SLUG.pattern}):(?P<id>{grammar.candidate_re.pattern})")


@dataclass(frozen=True)
class DocsProblem:
    offset: int
    message: str
    fix: str


def _problem(graph: CitationGraph, system: str, record_id: str) -> tuple[str, str] | None:
    systems = graph.collection.systems
    if system not in systems:
        known = ", ".join(sorted(systems)) or "none yet"
        return f"{system}:{record_id} names no system of the collection", f"systems are: {known}"
    problem = graph.grammar.id_problem(record_id)
    if problem:
        return f"{record_id!r} is not a record ID: {problem}", "correct the ID"
    if graph.resolve(system, record_id) is None:
        close = graph.closest_declared(system, record_id)
        fix = f"did you mean {system}:{close}?" if close else f"cite a record declared in {system}"
        return f"{record_id} is not declared in {system}", fix
    return None


def link_docs_citations(markdown: str, page: str, url: str, graph: CitationGraph, paths: Paths) -> tuple[str, list[DocsProblem]]:
    """The page (``page`` in the docs tree, at ``url`` from the site's root) with every
    ``system:ID`` outside code made a link, and what could not be."""
    if ":" not in markdown or "-" not in markdown:
        return markdown, []
    problems: list[DocsProblem] = []
    out, last = [], 0
    masked = mask_code(markdown)
    if "<" in masked:
        masked = _TAG.sub(lambda tag: " " * len(tag.group()), masked)
    for match in _docs_citation(graph.grammar).finditer(masked):
        system, record_id = match.group("system"), match.group("id")
        problem = _problem(graph, system, record_id)
        if problem:
            problems.append(DocsProblem(match.start(), *problem))
            continue
        out.append(markdown[last : match.start()])
        out.append(str(Links(graph, paths, system, page, url).ref(record_id)))
        last = match.end()
    out.append(markdown[last:])
    return "".join(out), problems
