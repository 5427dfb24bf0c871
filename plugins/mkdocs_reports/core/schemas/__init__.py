"""The schema language and its checker: the shapes of the collection's files, declared once.

- ``language``: the declarations (``Obj``, ``Seq``, ``Str`` …) of a report, a set file and a
  member type, and the JSON Schemas editors use (``schema/*.schema.json``).
- ``checker``: a composed YAML node tree checked against a declaration, every problem at
  its line and column (``Fields``: the values with their nodes).
- ``type_files``: member and set types read from their YAML declarations with that checker:
  the package's own (``builtin_registry``) and a collection's (``collection_registry``).
"""

from .checker import Fields
from .language import SCHEMA_URL, json_schema
from .type_files import builtin_method, builtin_registry, collection_registry

__all__ = ["SCHEMA_URL", "Fields", "builtin_method", "builtin_registry", "collection_registry", "json_schema"]
