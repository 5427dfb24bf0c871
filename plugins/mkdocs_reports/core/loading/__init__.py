"""Loading: a folder of report files into one ``Collection`` of the model.

- ``loader``: the folder layout (``<system>/<member>.yaml``, ``_set.yaml``, the quote lock,
  ``_types/``), each file read, checked and built; ``load_collection``.
- ``block_builder``: checked blocks into model blocks, each with its anchor and citing place.
- ``profile_comparison``: a memory profile's comparison read into the model.
- ``sets``: what the members of a set share (``_set.yaml``), applied to each member.
- ``bulk``: a whole collection loaded without the cycle collector in the way.

Linking and the method's rules over what is loaded (the set rules, the comparison's) are
``rules``', run after loading by ``rules.collection_check``.
"""

from .bulk import no_cycle_collection
from .loader import LoadCache, display_path, load_collection

__all__ = ["LoadCache", "display_path", "load_collection", "no_cycle_collection"]
