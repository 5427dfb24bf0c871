"""How long `mkdocs-reports quotes` takes: 10,000 quotes against a 50,000-file repository.

The script makes a git repository with `git fast-import` (50,000 files of generated code,
about 2 KB each) and a collection of one system whose memory report quotes 10,000 of those
files: 85 % passages of one to three lines as written, 10 % flattened onto one line (found
after whitespace normalisation), 4 % edited (not found: the nearest line is searched) and
1 % of files that are not there. Then it times, best of --repeat:

* baseline: git alone reading what the check must read — `git ls-tree -r` of the revision
  and `git cat-file --batch` of the same blobs, output drained;
* load: `check_collection` of the reports (what any command pays first);
* quotes: the whole command in this process (load, verify, write the lock).

    python benchmarks/quotes.py [--files 50000] [--quotes 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from mkdocs_reports.cli import main as cli
from mkdocs_reports.core.rules.collection_check import check_collection

WORDS = ["memory", "recall", "store", "branch", "tally", "note", "seed", "graph", "head", "cache", "index", "summary"]
GIT_ENV = {
    **os.environ, "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.org", "GIT_COMMITTER_NAME": "Bench",
    "GIT_COMMITTER_EMAIL": "bench@example.org",
}


def file_lines(rng: random.Random, number: int) -> list[str]:
    """About 2 KB of code-like lines; every line names its file, so passages are unique."""
    lines = [f"// module {number}", f"import {{ {rng.choice(WORDS)} }} from './{rng.choice(WORDS)}';", ""]
    for i in range(rng.randint(30, 50)):
        indent = "  " * rng.randint(0, 3)
        word, other = rng.choice(WORDS), rng.choice(WORDS)
        lines.append(f"{indent}const {word}_{number}_{i} = await {other}.load('{word}/{number}', {rng.randint(0, 9999)});")
    return lines


def make_repository(path: Path, files: int, rng: random.Random) -> tuple[str, dict[str, list[str]]]:
    """A repository whose one commit holds ``files`` files; (commit, lines by path)."""
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True)
    contents: dict[str, list[str]] = {}
    stream = io.BytesIO()
    for number in range(files):
        name = f"pkg{number % 50:02d}/mod{number // 50 % 40:02d}/file{number}.ts"
        lines = file_lines(rng, number)
        contents[name] = lines
        data = ("\n".join(lines) + "\n").encode()
        stream.write(b"blob\nmark :%d\ndata %d\n" % (number + 1, len(data)) + data + b"\n")
    message = b"the reviewed revision"
    stream.write(b"commit refs/heads/main\ncommitter Bench <bench@example.org> 1767225600 +0000\n")
    stream.write(b"data %d\n%s\n" % (len(message), message))
    for number, name in enumerate(contents):
        stream.write(b"M 100644 :%d %s\n" % (number + 1, name.encode()))
    subprocess.run(["git", "-C", str(path), "fast-import", "--quiet"], input=stream.getvalue(), check=True, env=GIT_ENV)
    commit = subprocess.run(["git", "-C", str(path), "rev-parse", "main"], capture_output=True, text=True, check=True).stdout.strip()
    return commit, contents


def quote_of(rng: random.Random, path: str, lines: list[str]) -> dict:
    """One quote of the mix: as written, flattened, edited or of a missing file."""
    draw = rng.random()
    start = rng.randrange(3, len(lines) - 3)
    picked = lines[start : start + rng.randint(1, 3)]
    if draw < 0.85:
        passage = "\n".join(line.strip() if n == 0 else line for n, line in enumerate(picked))
    elif draw < 0.95:
        passage = " ".join(" ".join(picked).split())
    elif draw < 0.99:
        passage = picked[0].strip().replace("await", "yield")
    else:
        path = path.replace(".ts", ".js")
        passage = picked[0].strip()
    return {"quote": {"passage": passage, "path": path}}


def write_collection(root: Path, commit: str, contents: dict[str, list[str]], quotes: int, rng: random.Random) -> int:
    """One system whose memory report holds ``quotes`` quotes, ten per record."""
    paths = rng.sample(sorted(contents), quotes)
    records = []
    for number in range(0, quotes, 10):
        body: list = [{"text": f"Record {number // 10} of the benchmark."}]
        body += [quote_of(rng, path, contents[path]) for path in paths[number : number + 10]]
        records.append({"id": f"MEM-OBJ-item-n{number // 10}", "label": f"Item {number // 10}", "body": body})
    report = {
        "type": "agentic-system-memory-report", "system": "Bench", "title": "Bench memory report",
        "description": "The benchmark's memory report.", "boundary": "Everything.", "core_ideas": "Ideas.",
        "records": records, "write_side": "Writes.", "read_back": "Reads.", "integration_issues": "none",
        "limitations": "None.",
    }
    shared = {"run_id": "AAS-2026-01-01-bench-01", "sources": [
        {"id": "SRC-1", "kind": "git", "identity": "https://github.com/example/bench", "revision": commit}]}
    (root / "bench").mkdir(parents=True)
    text = yaml.safe_dump(report, sort_keys=False, allow_unicode=True, width=1000)
    (root / "bench" / "memory.yaml").write_text(text, encoding="utf-8")
    (root / "bench" / "_set.yaml").write_text(yaml.safe_dump(shared, sort_keys=False), encoding="utf-8")
    return len(text)


def baseline(repository: Path, commit: str, paths: list[str]) -> None:
    """git alone: list the tree, then stream the same blobs through one cat-file."""
    listed = subprocess.run(["git", "-C", str(repository), "ls-tree", "-r", "-z", "--full-tree", commit],
                            capture_output=True, check=True).stdout
    blobs = {}
    for record in listed.split(b"\0"):
        if record:
            info, _, name = record.partition(b"\t")
            blobs[name.decode()] = info.split()[2]
    wanted = b"".join(blobs[p] + b"\n" for p in dict.fromkeys(paths) if p in blobs)
    subprocess.run(["git", "-C", str(repository), "cat-file", "--batch"], input=wanted, capture_output=True, check=True)


def best_of(repeat: int, work) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def run_quotes(repository: Path, root: Path) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli(["quotes", "--source", f"SRC-1={repository}", str(root)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=50_000)
    parser.add_argument("--quotes", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as folder:
        repository, root = Path(folder) / "source.git", Path(folder) / "reports"
        made = time.perf_counter()
        commit, contents = make_repository(repository, args.files, rng)
        size = write_collection(root, commit, contents, args.quotes, rng)
        print(f"made {args.files} files and {args.quotes} quotes ({size / 1e6:.1f} MB of YAML) in {time.perf_counter() - made:.1f} s")
        quoted = [q["quote"]["path"] for q in yaml.safe_load((root / "bench" / "memory.yaml").read_text())["records"]
                  for q in (b for b in q["body"] if "quote" in b)]
        git_alone = best_of(args.repeat, lambda: baseline(repository, commit, quoted))
        load = best_of(args.repeat, lambda: check_collection(root))
        codes = []
        whole = best_of(args.repeat, lambda: codes.append(run_quotes(repository, root)))
        lock = (root / "bench" / "_quotes.lock.yaml").read_text()
        print(f"cores: {os.cpu_count()}; exit code {codes[-1]} (1: the edited and missing ones fail, as they should); "
              f"{lock.count('  - at: ')} quotes locked")
        print(f"{'baseline (git ls-tree + cat-file)':>36}: {git_alone:7.2f} s")
        print(f"{'load (check_collection)':>36}: {load:7.2f} s")
        print(f"{'mkdocs-reports quotes':>36}: {whole:7.2f} s  ({whole / git_alone:.1f}× git alone; goal < 30 s)")


if __name__ == "__main__":
    sys.exit(main())
