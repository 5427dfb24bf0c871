"""The MkDocs-free core: model, loader, validator, citation graph and renderers."""

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
