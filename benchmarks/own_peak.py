"""A process's own peak memory, and a runner that reports it for a Python module.

A child's ``ru_maxrss`` (``wait4``, or ``getrusage(RUSAGE_SELF)`` in the child) counts the
parent's resident memory at the fork: a benchmark that has just rendered a large collection
would see its own size in every build it runs. ``VmHWM`` of ``/proc/self/status`` is the
high-water mark of the process's memory since its ``exec``, the build's alone.

    python own_peak.py OUT -m MODULE [ARGS...]   # runs MODULE as __main__, writes its peak to OUT

Stopped by SIGTERM (a time limit), it writes the peak so far and exits.
"""

from __future__ import annotations

import atexit
import os
import runpy
import signal
import sys
from pathlib import Path


def own_peak() -> int:
    """Bytes of resident memory this process has held at most since it started."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc/self/status (Linux only)")


def _main() -> None:
    out, flag, module, *args = sys.argv[1:]
    if flag != "-m":
        raise SystemExit(__doc__)
    def write() -> None:
        Path(out).write_text(str(own_peak()), encoding="ascii")

    def stopped(signum, frame) -> None:  # a run past its time limit: what it used so far
        write()
        os._exit(128 + signum)

    atexit.register(write)
    signal.signal(signal.SIGTERM, stopped)
    sys.argv = [module, *args]
    sys.path[0] = os.getcwd()  # as ``python -m`` has it, not this script's folder
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    _main()
