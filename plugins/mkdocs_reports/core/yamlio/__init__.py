"""YAML in and out, and the files it comes from and goes to.

- ``reader``: one YAML file into a node tree that remembers every value's line and column,
  refusing what can hurt a build (``read_yaml``: every YAML reader's way in).
- ``styled``: YAML as its author spelled it (plain, quoted, flow), written back the same.
- ``writer``: reports and sets written as YAML in the house style (``dump``).
- ``files``: reading a collection's files: regular files inside it, within the size limit.
- ``writing``: writing many files into a folder: every target checked first, then all or none.
"""

from .files import read_regular_file
from .reader import MappingNode, Node, ScalarNode, YamlFile, read_yaml
from .writer import Sourced, SourcedDict, dump
from .writing import WriteError, write_all

__all__ = [
    "MappingNode", "Node", "ScalarNode", "Sourced", "SourcedDict", "WriteError", "dump", "read_regular_file",
    "read_yaml", "write_all", "YamlFile",
]
