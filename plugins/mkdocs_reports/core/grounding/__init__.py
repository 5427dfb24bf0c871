"""Source grounding: every quote checked against the frozen source and remembered.

``verify`` reads a source at its reviewed revision (``source_tree``), finds each quote's
passage there (``passage``, ``nearest``) and writes what it found into the system's quote
lock (``lock``). Builds and ``check`` read only the lock (``status``): no source is needed
to publish.
"""
