"""Real git repositories made in a test, and collections that quote them."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import textwrap
from pathlib import Path

from conftest import MINIMAL, Collection, completed

#: fixed names and dates, so that every run makes the same commits
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Tester", "GIT_AUTHOR_EMAIL": "tester@example.org", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
    "GIT_COMMITTER_NAME": "Tester", "GIT_COMMITTER_EMAIL": "tester@example.org", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}


def git(repository: Path, *args: str) -> str:
    result = subprocess.run(["git", "-C", str(repository), *args], capture_output=True, check=True,
                            env={**os.environ, **GIT_ENV})
    return result.stdout.decode().strip()


def source_repository(path: Path, files: dict[str, str | bytes], message: str = "the reviewed revision") -> str:
    """A git repository at ``path`` whose new commit holds ``files``; its full commit id."""
    if not (path / ".git").exists():
        path.mkdir(parents=True, exist_ok=True)
        git(path, "init", "-q", "-b", "main")
    for name, content in files.items():
        target = path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_text(textwrap.dedent(content), encoding="utf-8")
        else:
            target.write_bytes(content)
    git(path, "add", "-A")
    git(path, "commit", "-q", "--allow-empty", "-m", message)
    return git(path, "rev-parse", "HEAD")


def set_file(revision: str, identity: str = "https://github.com/example/tallybook", extra: str = "") -> str:
    return textwrap.dedent(f"""\
        system: Tallybook
        run_id: AAS-2026-03-14-tallybook-01
        sources:
          - id: SRC-1
            kind: git
            identity: {identity}
            revision: {revision}
        """) + extra


def quote_block(passage: str, path: str, lines: str | None = None, indent: int = 6) -> str:
    """A ``- quote:`` block with a literal passage, indented for a record's body."""
    pad = " " * indent
    out = f"{pad}- quote:\n{pad}    passage: |-\n" + "".join(f"{pad}        {line}\n" for line in passage.split("\n"))
    out += f"{pad}    path: {path}\n"
    if lines:
        out += f"{pad}    lines: \"{lines}\"\n"
    return out


def record_with_quotes(record_id: str, *quotes: str, text: str = "The record.") -> str:
    return (f"  - id: {record_id}\n    label: A record\n    body:\n      - text: {json.dumps(text, ensure_ascii=False)}\n"
            + "".join(quotes))


def write_system(reports: Collection, revision: str, records: str, identity: str = "https://github.com/example/tallybook",
                 body: str = "") -> Path:
    """reports/tallybook: a set whose SRC-1 is ``revision``, a memory report with ``records``."""
    reports.write("tallybook/_set.yaml", set_file(revision, identity))
    header = MINIMAL.format(system="Tallybook")
    front = f"run_id: AAS-2026-03-14-tallybook-01\nreviewed_boundary: {revision}\nsource_identity: {identity}\n"
    text = completed(header + front + body + "records:\n" + records, "Tallybook", "tallybook")
    path = reports.root / "tallybook" / "memory.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def tree_digest(repository: Path) -> str:
    """Everything in a repository's folder, hashed: it must not change when it is read."""
    digest = hashlib.sha256()
    for file in sorted(repository.rglob("*")):
        if file.is_file():
            stat = file.stat()
            digest.update(f"{file.relative_to(repository)}:{stat.st_mtime_ns}:{stat.st_size}".encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()
