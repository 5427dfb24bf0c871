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

Each ratio is the command's time over its baseline's: wall time, and processor time (user +
system, the import's own and its workers': it shares its sets between two processes). On a
shared machine the processor time is the one to read: another process's load stretches every
wall time, not every processor second.

``--generation current`` times complete sets of the method's current generation instead:
eleven members each (boundary, overview, runtime, memory, epistemic, reconciliation, memory
profile, synthesis and three verifications, declaring and citing the ADR-115 way, and a
manifest pinning them all with its ``worker``), made from the complete fixture
``tests/fixtures/sets/current/tern`` as a template: every set has a run ID, a source
identity, a reviewed revision, a system name and record IDs (declarations, link texts and
their anchors) of its own, so no two sets share an ID. They are read with the built-in set
type, as an author's collection reads them.

    python benchmarks/import_sets.py [--sizes 250 1000] [--repeat 1] [--generation current]
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import sys
import tempfile
from pathlib import Path

import markdown
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from import_members import _best as best  # noqa: E402  (the same timing as the members' benchmark)
from mkdocs_reports.core.markdown.reader import import_markdown  # noqa: E402
from mkdocs_reports.core.rules.collection_check import check_collection  # noqa: E402

SETS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sets"
FIXTURE = SETS / "retained" / "inkwell"
MEMBERS = ("overview", "runtime", "memory", "epistemic", "reconciliation", "memory-profile")
#: the current generation's complete set, the template of every eleven-member set
TERN = SETS / "current" / "tern"
#: the manifest's pinned members in its order, read from the template's own manifest
ELEVEN = tuple(name.removesuffix(".md") for name in yaml.safe_load((TERN / "ARTIFACT.yaml").read_text(encoding="utf-8"))["members"])
#: a record declaration of the current generation: a level-4 heading that is exactly the ID
DECLARATION = re.compile(r"^#### ([A-Z]+-[A-Z]+-[a-z0-9-]+)$", re.MULTILINE)


def retained(folder: Path, count: int, fixture: Path = FIXTURE, members: tuple[str, ...] = MEMBERS) -> Path:
    """``count`` copies of the six-member fixture set as ``folder/retained/s<n>/``, each pinned anew."""
    root = folder / "retained"
    texts = {name: (fixture / f"{name}.md").read_text(encoding="utf-8") for name in members}
    for number in range(count):
        slug = f"s{number:05d}"
        target = root / slug
        target.mkdir(parents=True)
        lines = ["type: agentic-system-analyses/types/agentic-system-analysis-set.md", "members:"]
        for name, text in texts.items():
            data = text.replace("AAS-2026-04-02-inkwell-01", f"AAS-2026-04-02-{slug}-01").encode("utf-8")
            (target / f"{name}.md").write_bytes(data)
            lines += [f"  {name}.md:", f"    sha256: {hashlib.sha256(data).hexdigest()}"]
        (target / "ARTIFACT.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def varied(text: str, number: int, ids: list[str]) -> str:
    """The template member as set ``number`` writes it: its own run ID, source identity,
    reviewed revision, system name and record IDs (each ID and its anchor, whole words only)."""
    slug = f"s{number:05d}"
    revision = hashlib.sha1(slug.encode()).hexdigest()
    text = (text.replace("AAS-2026-06-10-tern-01", f"AAS-2026-06-10-{slug}-01")
            .replace("example/tern", f"example/tern-{slug}")
            .replace("9c2e4a6b8d0f1e3a5c7b9d1f3a5c7e9b0d2f4a6c", revision)
            .replace("Tern", f"Tern {slug.upper()}"))
    for record in ids:  # the last word of its name grows (a name has at most three words)
        for form in (record, record.lower()):
            text = re.sub(rf"(?<![A-Za-z0-9-]){re.escape(form)}(?![A-Za-z0-9-])", f"{form}v{number}", text)
    return text


def current(folder: Path, count: int) -> Path:
    """``count`` complete eleven-member sets made from the template as ``folder/retained/s<n>/``,
    each with a manifest pinning every member and naming its worker."""
    root = folder / "retained"
    texts = {name: (TERN / f"{name}.md").read_text(encoding="utf-8") for name in ELEVEN}
    ids = sorted({match for text in texts.values() for match in DECLARATION.findall(text)})
    manifest = (TERN / "ARTIFACT.yaml").read_text(encoding="utf-8")
    for number in range(count):
        target = root / f"s{number:05d}"
        target.mkdir(parents=True)
        pinned = manifest
        for name, text in texts.items():
            data = varied(text, number, ids).encode("utf-8")
            (target / f"{name}.md").write_bytes(data)
            template = hashlib.sha256(text.encode("utf-8")).hexdigest()
            pinned = pinned.replace(template, hashlib.sha256(data).hexdigest())
        (target / "ARTIFACT.yaml").write_text(pinned, encoding="utf-8")
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
    print(f"{'sets':>6} {'members':>8} {'MB md':>6} | {'import s':>9} {'parse s':>8} {'ratio':>6} | {'import cpu':>10} "
          f"{'parse cpu':>9} {'ratio':>6} | {'check s':>8} {'PyYAML C s':>11} {'ratio':>6} | {'check cpu':>9} "
          f"{'PyYAML cpu':>10} {'ratio':>6}")
    for size in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            into = folder / "reports"
            root = current(folder, size) if generation == "current" else retained(folder, size)

            def fresh() -> None:
                shutil.rmtree(into, ignore_errors=True)
            files = sorted(root.glob("*/*.md"))
            manifests = sorted(root.glob("*/ARTIFACT.yaml"))
            mb = sum(f.stat().st_size for f in files) / 1e6
            seconds, cpu, result = best(repeat, lambda: import_markdown([root], into), before=fresh)
            assert result.ok, result.diagnostics[:3]
            parse, parse_cpu, _ = best(repeat, lambda: plain_parse(files, manifests))
            written = sorted(into.glob("*/*.yaml"))
            check, check_cpu, checked = best(repeat, lambda: check_collection(into))
            assert checked.ok, checked.messages()[:3]
            load, load_cpu, _ = best(repeat, lambda: [yaml.load(f.read_bytes(), Loader=yaml.CSafeLoader) for f in written])
            print(f"{size:>6} {len(files):>8} {mb:>6.1f} | {seconds:>9.2f} {parse:>8.2f} {seconds / parse:>6.2f} | {cpu:>10.2f} "
                  f"{parse_cpu:>9.2f} {cpu / parse_cpu:>6.2f} | {check:>8.2f} {load:>11.2f} {check / load:>6.2f} | "
                  f"{check_cpu:>9.2f} {load_cpu:>10.2f} {check_cpu / load_cpu:>6.2f}", flush=True)


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
