"""The MkDocs-free core: the analysis method, the model of a collection, its loading, its
rules, and what is made from it (exports, changes, source grounding). No MkDocs, Markdown
or templates here. Each package maps itself in its ``__init__``; from the bottom up, a
package imports only those listed before it (``tests/test_layers.py``):

- ``diagnostics``: errors an author can act on (``file:line:col``), bounded in number.
- ``method/``: the method as data: member types, vocabularies, front matter, ID grammar,
  site names, "did you mean".
- ``prose/``: Markdown-free scanning of an author's prose (citations, paths, images, link
  references, nesting).
- ``yamlio/``: YAML in and out, and the files it comes from and goes to.
- ``schemas/``: the schema language, its checker, and the type files read with it.
- ``model``: the collection as readers see it (systems, reports, records, blocks, citations).
- ``grounding/``: quotes against the frozen source; the quote lock every build reads.
- ``loading/``: a folder of report files into a ``Collection``.
- ``rules/``: the citation graph and the method's rules; ``check_collection``.
- ``export/``, ``markdown/`` (the method's Markdown, read and written), ``changes/``: what
  is made from a checked collection.
"""

from .diagnostics import Diagnostic, Location
from .loading.loader import load_collection
from .model import Annotation, Citation, Collection, Quote, Record, Report, System
from .rules.graph import CitationGraph

__all__ = [
    "Annotation",
    "Citation",
    "CitationGraph",
    "Collection",
    "Diagnostic",
    "Location",
    "Quote",
    "Record",
    "Report",
    "System",
    "load_collection",
]
