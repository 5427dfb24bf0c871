"""The schema language and its conformer: the shapes of the collection's files, declared once.

- ``language``: the declarations (``Obj``, ``Seq``, ``Str`` …) of a report, a set file and a
  member type, and the JSON Schemas editors use (``schema/*.schema.json``).
- ``conform``: a composed YAML node tree conformed to a declaration, every problem at
  its line and column (``Fields``: the values with their nodes).
- ``type_files``: member and set types read from their YAML declarations with that conformer:
  the package's own (``builtin_registry``) and a collection's (``collection_registry``).
"""

from .conform import Fields
from .language import SCHEMA_URL, json_schema
from .type_files import builtin_method, builtin_registry, collection_registry

__all__ = ["SCHEMA_URL", "Fields", "builtin_method", "builtin_registry", "collection_registry", "json_schema"]
