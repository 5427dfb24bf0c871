"""How long `mkdocs-reports import` and `check` take for N published six-member sets, against
a plain parse of the same files, side by side in one run.

The sets are the complete fixture set (``tests/fixtures/sets/retained/inkwell``: overview,
runtime, memory, epistemic, reconciliation and memory profile, and its ``ARTIFACT.yaml``),
copied N times under a ``retained/`` folder with a system slug and run ID of their own and
each manifest pinned anew. Timed, on the same files:

- the import of the whole ``retained/`` folder (read the manifests and check every digest,
  place every line, write the YAML and _set.yaml, check it all, write);
- the baseline for it: a plain parse of the same input, Python-Markdown (``markdown.markdown``,
  the converter MkDocs uses) of every member and PyYAML's C loader of every manifest and every
  member's front matter;
- ``mkdocs-reports check`` of the imported collection;
- the baseline for it: PyYAML's C loader of every YAML file the import wrote.

Each ratio is the command's time over its baseline's (the import's wall time: it shares its
sets between two processes; ``cpu s`` is its processor time, its own and its workers').

``--generation current`` times sets of the method's current generation instead: the
fixture ``tests/fixtures/sets/current/quill-runtime`` (a boundary, the overview the method's
code writes and a runtime report declaring and citing the ADR-115 way), read with its
collection's set type (``quill-runtime-types/runtime-set.yaml``).

    python benchmarks/import_sets.py [--sizes 250 1000] [--repeat 1] [--generation current]
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

import markdown
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_members import _best as best  # noqa: E402  (the same timing as the members' benchmark)
from mkdocs_reports.core.check import check_collection  # noqa: E402
from mkdocs_reports.core.markdown_import import import_markdown  # noqa: E402

SETS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sets"
FIXTURE = SETS / "retained" / "inkwell"
MEMBERS = ("overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile")
#: the current generation's fixture, its members and the set type its collection declares
CURRENT = (SETS / "current" / "quill-runtime", ("boundary", "overview", "runtime"), SETS / "current" / "quill-runtime-types")


def retained(folder: Path, count: int, fixture: Path = FIXTURE, members: tuple[str, ...] = MEMBERS) -> Path:
    """``count`` copies of the fixture set as ``folder/retained/s<n>/``, each pinned anew."""
    root = folder / "retained"
    texts = {name: (fixture / f"{name}.md").read_text(encoding="utf-8") for name in members}
    for number in range(count):
        slug = f"s{number:05d}"
        target = root / slug
        target.mkdir(parents=True)
        lines = ["type: agentic-system-analyses/types/agentic-system-analysis-set.md", "members:"]
        for name, text in texts.items():
            data = (text.replace("AAS-2026-04-02-inkwell-01", f"AAS-2026-04-02-{slug}-01")
                    .replace("AAS-2026-06-01-quill-01", f"AAS-2026-06-01-{slug}-01").encode("utf-8"))
            (target / f"{name}.md").write_bytes(data)
            lines += [f"  {name}.md:", f"    sha256: {hashlib.sha256(data).hexdigest()}"]
        (target / "ARTIFACT.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def plain_parse(files: list[Path], manifests: list[Path]) -> None:
    """What parsing the input costs with the usual libraries, checking nothing."""
    for path in files:
        text = path.read_text(encoding="utf-8")
        _, front, body = text.split("---\n", 2)
        yaml.load(front, Loader=yaml.CSafeLoader)
        markdown.markdown(body, extensions=["tables"])
    for path in manifests:
        yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)


def run(sizes: list[int], repeat: int, generation: str = "previous") -> None:
    print(f"{'sets':>6} {'members':>8} {'MB md':>6} {'import s':>9} {'cpu s':>6} {'parse s':>8} {'ratio':>6} "
          f"{'check s':>8} {'PyYAML C s':>11} {'ratio':>6}")
    for size in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            into = folder / "reports"
            if generation == "current":
                fixture, members, types = CURRENT
                root = retained(folder, size, fixture, members)

                def fresh() -> None:
                    shutil.rmtree(into, ignore_errors=True)
                    shutil.copytree(types, into / "_types")
            else:
                root = retained(folder, size)

                def fresh() -> None:
                    shutil.rmtree(into, ignore_errors=True)
            files = sorted(root.glob("*/*.md"))
            manifests = sorted(root.glob("*/ARTIFACT.yaml"))
            mb = sum(f.stat().st_size for f in files) / 1e6
            seconds, cpu, result = best(repeat, lambda: import_markdown([root], into), before=fresh)
            assert result.ok, result.diagnostics[:3]
            parse, _, _ = best(repeat, lambda: plain_parse(files, manifests))
            written = sorted(into.glob("*/*.yaml"))
            check, _, checked = best(repeat, lambda: check_collection(into))
            assert checked.ok, checked.messages()[:3]
            load, _, _ = best(repeat, lambda: [yaml.load(f.read_bytes(), Loader=yaml.CSafeLoader) for f in written])
            print(f"{size:>6} {len(files):>8} {mb:>6.1f} {seconds:>9.2f} {cpu:>6.2f} {parse:>8.2f} {seconds / parse:>6.2f} "
                  f"{check:>8.2f} {load:>11.2f} {check / load:>6.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 1000])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--generation", choices=("previous", "current"), default="previous")
    args = parser.parse_args()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    run(args.sizes, args.repeat, args.generation)


if __name__ == "__main__":
    main()
