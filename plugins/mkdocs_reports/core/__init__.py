"""The MkDocs-free core: model, loader, validator, citation graph and renderers."""

from .diagnostics import Diagnostic, Location
from .graph import CitationGraph
from .loader import load_collection
from .model import Annotation, Citation, Collection, Quote, Record, Report, System

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
