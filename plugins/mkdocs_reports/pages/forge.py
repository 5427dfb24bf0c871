"""Links into the frozen source: a quoted file, or the whole tree, at the reviewed commit.

Only a repository URL on a forge whose URL scheme is known gets links; anything else is
shown as text, since a wrong guess would send readers to a page that does not exist.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote

from ..core.model import Source

_REPOSITORY = re.compile(r"^https?://(?P<host>[A-Za-z0-9.-]+(?::\d+)?)(?P<repo>(?:/[\w.~-]+){2,})/?$")
_LINES = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$")
_REVISION = re.compile(r"^[0-9a-fA-F]{7,64}$")


def _forge(host: str) -> str | None:
    host = host.split(":")[0].lower()
    if host == "github.com":
        return "github"
    if host == "bitbucket.org":
        return "bitbucket"
    if host == "codeberg.org" or "gitea" in host or "forgejo" in host:
        return "gitea"
    if "gitlab" in host:
        return "gitlab"
    return None


def repository_url(identity: str | None) -> str | None:
    """The identity as a browsable URL, when it is one."""
    match = _REPOSITORY.fullmatch(identity or "")
    if identity is None or not match:
        return None
    repo = match["repo"].removesuffix(".git")
    return f"{identity.split('://', 1)[0]}://{match['host']}{repo}"


def _parts(source: Source) -> tuple[str, str, str] | None:
    return _repository_at(source.identity, source.revision)


@lru_cache(maxsize=4096)  # a system's source stands in every quote and path link of its pages
def _repository_at(identity: str | None, revision: str | None) -> tuple[str, str, str] | None:
    """(repository URL, forge, revision) when both are ones links can be made from."""
    base = repository_url(identity)
    if not base or not revision or not _REVISION.fullmatch(revision):
        return None
    forge = _forge(base.split("://", 1)[1].split("/", 1)[0])
    return (base, forge, revision) if forge else None


def tree_url(source: Source) -> str | None:
    """The repository at the reviewed commit."""
    parts = _parts(source)
    if parts is None:
        return None
    base, forge, revision = parts
    return {
        "github": f"{base}/tree/{revision}",
        "gitlab": f"{base}/-/tree/{revision}",
        "gitea": f"{base}/src/commit/{revision}",
        "bitbucket": f"{base}/src/{revision}/",
    }[forge]


@lru_cache(maxsize=4096)  # the same files are quoted and cited again and again
def _quoted(path: str) -> str:
    return quote(path, safe="/")


def _safe_path(path: str) -> bool:
    return bool(path) and not path.startswith("/") and ".." not in path.split("/")


def folder_url(source: Source, path: str) -> str | None:
    """A folder of the repository at the reviewed commit."""
    parts = _parts(source)
    path = path.strip().strip("/")
    if parts is None or not _safe_path(path):
        return None
    base, forge, revision = parts
    quoted = _quoted(path)
    return {
        "github": f"{base}/tree/{revision}/{quoted}",
        "gitlab": f"{base}/-/tree/{revision}/{quoted}",
        "gitea": f"{base}/src/commit/{revision}/{quoted}",
        "bitbucket": f"{base}/src/{revision}/{quoted}/",
    }[forge]


def file_url(source: Source, path: str, lines: str | None = None) -> str | None:
    """A quoted file at the reviewed commit, with its line range highlighted when given:
    ``#L10-L12`` on GitHub and Gitea/Forgejo/Codeberg, ``#L10-12`` on GitLab,
    ``#lines-10:12`` on Bitbucket."""
    parts = _parts(source)
    path = path.strip().removeprefix("./")
    if parts is None or not _safe_path(path):
        return None
    base, forge, revision = parts
    quoted = _quoted(path.strip())
    url = {
        "github": f"{base}/blob/{revision}/{quoted}",
        "gitlab": f"{base}/-/blob/{revision}/{quoted}",
        "gitea": f"{base}/src/commit/{revision}/{quoted}",
        "bitbucket": f"{base}/src/{revision}/{quoted}",
    }[forge]
    match = _LINES.match(lines or "")
    if match:
        first, last = match.group(1), match.group(2)
        if forge == "bitbucket":
            url += f"#lines-{first}" + (f":{last}" if last else "")
        elif forge == "gitlab":
            url += f"#L{first}" + (f"-{last}" if last else "")
        else:
            url += f"#L{first}" + (f"-L{last}" if last else "")
    return url
