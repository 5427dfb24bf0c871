"""Work on a whole collection at once without Python's cycle collector in the way."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause the cycle collector while a collection is loaded and linked.

    Loading and linking create millions of small objects that all stay alive; the collector
    would rescan them again and again (two thirds of the time at 20,000 records, growing
    faster than the collection), and there is no garbage to find meanwhile.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
