"""Where the time of one `mkdocs serve --dirty` rebuild goes: a profile of one saved edit.

Builds a synthetic collection (default 200 reports) in this process the way `mkdocs
serve --dirty` does (one plugin instance kept from build to build, a new configuration
for each build, dirty builds into one folder), saves a few edits to one report at a time
(a record's label, as ``serve_edit.py`` does) and prints the CPU seconds of each rebuild,
then cProfile's cumulative view of the last one. No server and no polling: what the
server's CPU does for the rebuild itself (``serve_edit.py`` measures what the author waits).

    python benchmarks/serve_profile.py [--reports 200] [--edits 3] [--lines 40]
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import plugin_project  # noqa: E402

SERVE_URL = "http://127.0.0.1:8000/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=200)
    parser.add_argument("--records", type=int, default=20)
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--lines", type=int, default=40)
    args = parser.parse_args()
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        project = plugin_project(Path(tmp) / "project", args.reports, args.records)
        site = str(Path(tmp) / "site")
        os.chdir(project)

        def rebuild(profile: cProfile.Profile | None = None) -> float:
            config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=site)
            config.site_url = SERVE_URL
            config.plugins.on_startup(command="serve", dirty=True)
            start = time.process_time()
            if profile is not None:
                profile.enable()
            build(config, serve_url=SERVE_URL, dirty=True)
            if profile is not None:
                profile.disable()
            return time.process_time() - start

        print(f"first build: {rebuild():.2f} s CPU")
        profile = cProfile.Profile()
        for number in range(args.edits):
            report = project / "reports" / f"system{(number * 37) % args.reports:04d}" / "memory.yaml"
            text = report.read_text(encoding="utf-8")
            report.write_text(text.replace("label: Label of", f"label: Edited label {number} of", 1), encoding="utf-8")
            last = number == args.edits - 1
            print(f"edit {number}: {rebuild(profile if last else None):.2f} s CPU{' (profiled)' if last else ''}")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.lines)


if __name__ == "__main__":
    main()
