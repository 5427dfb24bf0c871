"""Where a build's memory goes: resident memory at each stage of one `mkdocs build` of a
synthetic collection, and (``--trace``) what Python holds there, by file and by line.

The stages are seen by a MkDocs hook (``hooks:`` in the project's ``mkdocs.yml``, a public
setting): after every plugin's ``on_files`` (the collection checked, its pages given to
MkDocs), ``on_nav``, ``on_env`` (every page read and rendered, none written yet), after the
first page written and every thousandth, ``on_post_build`` before and after every plugin's,
and around one page (``--page``, the record index: the largest), as it is rendered, as the
theme's template writes it, as the plugins' ``on_post_page`` read it and as MkDocs writes
it. With ``--trace`` the build runs under ``tracemalloc`` (much slower; its own bookkeeping
is not counted): the most Python held during each step of that page is said, and the
biggest holders are listed at ``on_env`` (every page rendered), once the theme wrote that
page, and at ``on_post_build`` (every page written, before any plugin's ``on_post_build``).

    python benchmarks/build_memory.py [--reports 200 1000] [--records 20] [--trace] [--page records.md]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import plugin_project  # noqa: E402

#: the hook MkDocs loads (``hooks:``): it prints one line per stage to stderr
HOOK = '''
import sys, tracemalloc
from mkdocs.plugins import CombinedEvent, event_priority

def _status():
    values = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values

_pages = [0]
_top = 20

def _say(stage):
    values = _status()
    traced = ""
    if tracemalloc.is_tracing():
        now, peak = tracemalloc.get_traced_memory()
        traced = f" | traced {now / 1e6:,.0f} MB (peak {peak / 1e6:,.0f} MB)"
    print(f"STAGE {stage:<22} RSS {values['VmRSS']:,.0f} MB, peak so far {values['VmHWM']:,.0f} MB{traced}", file=sys.stderr, flush=True)

def _holders(stage):
    if not tracemalloc.is_tracing():
        return
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    for key in ("filename", "lineno"):
        print(f"HOLDERS at {stage} by {key}:", file=sys.stderr)
        for stat in snapshot.statistics(key)[:_top]:
            frame = stat.traceback[0]
            where = frame.filename.split("site-packages/")[-1].split("/plugins/")[-1]
            print(f"  {stat.size / 1e6:8.1f} MB {stat.count:9,d} blocks  {where}{':' + str(frame.lineno) if key == 'lineno' else ''}", file=sys.stderr)
    sys.stderr.flush()

def on_files(files, config):
    _say("files")

def on_nav(nav, config, files):
    _say("nav")

def on_env(env, config, files):
    _say("env (all rendered)")
    _holders("env")

_watched = __WATCHED__
_written = [False]  # the watched page handed to MkDocs to write (the next stage says what that took)

def _watch(page):
    return page.file.src_uri == _watched

def _peak_since(what):
    """What Python held at most during ``what`` (traced only); counted afresh from here."""
    if tracemalloc.is_tracing():
        print(f"  Python held at most {tracemalloc.get_traced_memory()[1] / 1e6:,.0f} MB {what}", file=sys.stderr)
        tracemalloc.reset_peak()

def _after_write():
    if _written[0]:
        _written[0] = False
        _say(f"{_watched} written")
        _peak_since(f"while MkDocs wrote {_watched}")

@event_priority(100)
def on_pre_page(page, config, files):
    if _watch(page):
        _say(f"{_watched} to render")
        _peak_since("before it")
    return page

@event_priority(-100)  # after every plugin's: the page's HTML as it is to be written
def on_page_content(html, page, config, files):
    if _watch(page):
        _say(f"{_watched} rendered")
        _peak_since(f"while {_watched} was rendered")
    return html

@event_priority(100)
def on_page_context(context, page, config, nav):
    _after_write()
    if _watch(page):
        _say(f"{_watched} to write")
        _peak_since("before it")
    return context

def _post_page_first(output, page, config):
    if _watch(page):
        _say(f"{_watched} themed")
        _peak_since("while the theme's template wrote it")
        _holders(f"{_watched} themed")
        if tracemalloc.is_tracing():
            tracemalloc.reset_peak()  # the listing's own objects are no part of the next step
    return output

def _post_page_last(output, page, config):
    _pages[0] += 1
    if _watch(page):
        _say(f"{_watched} post_page")
        _peak_since("while the plugins' on_post_page read it")
        _written[0] = True
    if _pages[0] == 1 or _pages[0] % 1000 == 0:
        _say(f"page {_pages[0]} written")
    return output

on_post_page = CombinedEvent(event_priority(101)(_post_page_first), event_priority(-101)(_post_page_last))

@event_priority(100)
def on_post_build(config):
    _after_write()
    _say(f"post_build ({_pages[0]} pages)")
    _holders("post_build")


@event_priority(-100)  # after every plugin's (the search index written)
def _built(config):
    _say("build done")


on_post_build = CombinedEvent(on_post_build, _built)
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--records", type=int, default=20)
    parser.add_argument("--trace", action="store_true", help="hold tracemalloc over the build (slow)")
    parser.add_argument("--page", default="records.md", help="the page whose rendering and writing are watched (the record index)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for count in args.reports:
            project = plugin_project(Path(tmp) / f"plugin-{count}", count, args.records)
            (project / "stages_hook.py").write_text(HOOK.replace("__WATCHED__", repr(args.page)), encoding="utf-8")
            config = project / "mkdocs.yml"
            config.write_text(config.read_text(encoding="utf-8") + "\nhooks:\n  - stages_hook.py\n", encoding="utf-8")
            command = [sys.executable, *(["-X", "tracemalloc=1"] if args.trace else []), "-m", "mkdocs", "build", "-q"]
            done = subprocess.run(command, cwd=project, capture_output=True, text=True, check=False)
            print(f"## {count} reports × {args.records} records{' (traced)' if args.trace else ''}")
            for line in done.stderr.splitlines():
                if line.startswith(("STAGE", "HOLDERS", "  ")):
                    print(line)
            if done.returncode:
                raise SystemExit(done.stderr[-3000:])
            print(flush=True)


if __name__ == "__main__":
    main()
