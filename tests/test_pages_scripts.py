"""The scripts the workflows run, against a local bare repository and a stand-in for `gh`:
the Pages branch keeps previews when main is published, previews come and go, concurrent
deploys all land, and the preview comment is written once and then edited."""

from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import REPO

SCRIPTS = REPO / ".github" / "scripts"


def env(**extra: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "GH_", "PAGES_"))}
    return {**clean, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", **extra}


def script(name: str, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(SCRIPTS / name), *args], capture_output=True, text=True, env=env(**extra), timeout=120
    )


def site(root: Path, name: str, **files: str) -> Path:
    folder = root / name
    folder.mkdir()
    for path, text in {"index.html": name, **files}.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    return folder


class Pages:
    """A bare repository standing for GitHub, and a look at its gh-pages branch."""

    def __init__(self, root: Path) -> None:
        self.remote = root / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(self.remote)], check=True, env=env())

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return script("pages-branch.sh", *args, PAGES_REMOTE=str(self.remote), PAGES_RETRY_DELAY="0.1")

    def files(self) -> dict[str, str]:
        listing = subprocess.run(
            ["git", "-C", str(self.remote), "ls-tree", "-r", "--name-only", "gh-pages"], capture_output=True, text=True, env=env()
        ).stdout.split()
        return {
            path: subprocess.run(
                ["git", "-C", str(self.remote), "show", f"gh-pages:{path}"], capture_output=True, text=True, env=env()
            ).stdout
            for path in listing
        }


@pytest.fixture
def pages(tmp_path: Path) -> Pages:
    return Pages(tmp_path)


def test_main_replaces_the_root_and_keeps_previews(pages, tmp_path):
    assert pages.run("publish", str(site(tmp_path, "main-1", **{"old.html": "old"})), ".").returncode == 0
    assert pages.run("publish", str(site(tmp_path, "pr-7", **{"assets/app.js": "js"})), "pr-preview/pr-7").returncode == 0
    result = pages.run("publish", str(site(tmp_path, "main-2")), ".")
    assert result.returncode == 0, result.stderr
    assert pages.files() == {
        ".nojekyll": "",
        "index.html": "main-2",
        "pr-preview/pr-7/index.html": "pr-7",
        "pr-preview/pr-7/assets/app.js": "js",
    }


def test_a_preview_is_replaced_then_removed(pages, tmp_path):
    pages.run("publish", str(site(tmp_path, "main")), ".")
    pages.run("publish", str(site(tmp_path, "first", **{"gone.html": "x"})), "pr-preview/pr-3")
    pages.run("publish", str(site(tmp_path, "second")), "pr-preview/pr-3")
    assert "pr-preview/pr-3/gone.html" not in pages.files()
    assert pages.run("remove", "pr-preview/pr-3").returncode == 0
    assert pages.files() == {".nojekyll": "", "index.html": "main"}
    again = pages.run("remove", "pr-preview/pr-3")
    assert again.returncode == 0 and "already up to date" in again.stdout


def test_concurrent_deploys_all_land(pages, tmp_path):
    pages.run("publish", str(site(tmp_path, "main")), ".")
    previews = {n: site(tmp_path, f"pr-{n}") for n in range(1, 5)}
    with ThreadPoolExecutor(len(previews)) as pool:
        results = list(pool.map(lambda n: pages.run("publish", str(previews[n]), f"pr-preview/pr-{n}"), previews))
    assert all(r.returncode == 0 for r in results), [r.stderr for r in results]
    assert {f"pr-preview/pr-{n}/index.html" for n in previews} <= set(pages.files())


@pytest.mark.parametrize(
    "args",
    [
        ("publish", "SITE", "../elsewhere"),
        ("publish", "SITE", "pr-preview/pr-0"),
        ("publish", "SITE", "pr-preview/pr-7/../.."),
        ("publish", "SITE", "pr-preview/pr-7x"),
        ("remove", "."),
        ("remove", "pr-preview"),
    ],
)
def test_refuses_destinations_outside_a_preview_folder(pages, tmp_path, args):
    folder = str(site(tmp_path, "s"))
    result = pages.run(*[folder if a == "SITE" else a for a in args])
    assert result.returncode == 1 and result.stderr.startswith("pages-branch: ")
    assert pages.files() == {}


def test_refuses_a_site_with_links_or_without_an_index(pages, tmp_path):
    linked = site(tmp_path, "linked")
    (linked / "secret").symlink_to("/etc/hostname")
    assert "symbolic links" in pages.run("publish", str(linked), "pr-preview/pr-1").stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no index.html" in pages.run("publish", str(empty), ".").stderr


@pytest.mark.parametrize(
    ("repository", "override", "url"),
    [
        ("Some-Owner/reports", "", "https://some-owner.github.io/reports/"),
        ("Some-Owner/some-owner.github.io", "", "https://some-owner.github.io/"),
        ("Some-Owner/reports", "https://reports.example.org", "https://reports.example.org/"),
    ],
)
def test_pages_url(repository, override, url):
    result = script(
        "pages-url.sh", GITHUB_REPOSITORY=repository, GITHUB_REPOSITORY_OWNER=repository.split("/")[0], PAGES_URL=override
    )
    assert result.stdout == url + "\n"


@pytest.fixture
def gh(tmp_path: Path) -> Path:
    """A stand-in `gh` that logs its arguments and lists the comment ids in $EXISTING."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "gh"
    fake.write_text(
        '#!/bin/sh\necho "$@" >> "$GH_LOG"\n'
        'case "$*" in *--paginate*) [ -n "$EXISTING" ] && echo "$EXISTING";; esac\nexit 0\n'
    )
    fake.chmod(0o755)
    return bin_dir


@pytest.mark.parametrize(
    ("existing", "call"),
    [("", "api --method POST repos/o/r/issues/12/comments"), ("99", "api --method PATCH repos/o/r/issues/comments/99")],
)
def test_the_preview_comment_is_written_once_then_edited(gh, tmp_path, existing, call):
    log = tmp_path / "gh.log"
    result = script(
        "preview-comment.sh", "12", "Preview: https://x/", PATH=f"{gh}{os.pathsep}{os.environ['PATH']}",
        GH_LOG=str(log), EXISTING=existing, GITHUB_REPOSITORY="o/r",
    )
    assert result.returncode == 0, result.stderr
    listing, write = log.read_text().splitlines()[:2]
    assert listing.startswith("api --paginate repos/o/r/issues/12/comments --jq")
    assert write.startswith(call + " -f body=<!-- mkdocs-reports-preview -->")


def test_on_close_the_comment_is_only_edited(gh, tmp_path):
    log, path = tmp_path / "gh.log", f"{gh}{os.pathsep}{os.environ['PATH']}"
    script("preview-comment.sh", "12", "Removed.", "--edit-only", PATH=path, GH_LOG=str(log), GITHUB_REPOSITORY="o/r")
    assert len(log.read_text().splitlines()) == 1  # looked for one, added none
    script("preview-comment.sh", "12", "Removed.", "--edit-only", PATH=path, GH_LOG=str(log), EXISTING="5", GITHUB_REPOSITORY="o/r")
    assert "api --method PATCH repos/o/r/issues/comments/5 " in log.read_text() and "POST" not in log.read_text()


def test_the_preview_comment_refuses_a_bad_number(gh, tmp_path):
    path = f"{gh}{os.pathsep}{os.environ['PATH']}"
    result = script("preview-comment.sh", "12; rm -rf /", "x", PATH=path, GH_LOG=str(tmp_path / "log"))
    assert result.returncode == 1 and not (tmp_path / "log").exists()


def test_the_sweep_removes_the_previews_of_closed_pull_requests(pages, tmp_path):
    pages.run("publish", str(site(tmp_path, "main")), ".")
    for number in (3, 7, 12):
        pages.run("publish", str(site(tmp_path, f"pr-{number}")), f"pr-preview/pr-{number}")
    (tmp_path / "open.txt").write_text("7\n40\n", encoding="utf-8")
    result = pages.run("sweep", str(tmp_path / "open.txt"))
    assert result.returncode == 0, result.stderr
    assert "removed pr-12 pr-3 on gh-pages" in result.stdout
    assert sorted(pages.files()) == [".nojekyll", "index.html", "pr-preview/pr-7/index.html"]
    again = pages.run("sweep", str(tmp_path / "open.txt"))
    assert again.returncode == 0 and "already up to date" in again.stdout
    (tmp_path / "bad.txt").write_text("7\n../..\n", encoding="utf-8")
    refused = pages.run("sweep", str(tmp_path / "bad.txt"))
    assert refused.returncode == 1 and "is not a pull request number" in refused.stderr
    assert "pr-preview/pr-7/index.html" in pages.files()


def test_a_preview_over_the_size_cap_is_refused(pages, tmp_path):
    big = site(tmp_path, "big", **{"data.bin": "x" * (2 * 1024 * 1024)})
    over = script("pages-branch.sh", "publish", str(big), "pr-preview/pr-5", PAGES_REMOTE=str(pages.remote), PREVIEW_MAX_MIB="1")
    assert over.returncode == 1 and "the preview is 2 MiB, over the cap of 1 MiB (PREVIEW_MAX_MIB)" in over.stderr
    assert pages.files() == {}
    fits = script("pages-branch.sh", "publish", str(big), "pr-preview/pr-5", PAGES_REMOTE=str(pages.remote), PREVIEW_MAX_MIB="3")
    assert fits.returncode == 0, fits.stderr
    main = script("pages-branch.sh", "publish", str(big), ".", PAGES_REMOTE=str(pages.remote), PREVIEW_MAX_MIB="1")
    assert main.returncode == 0, main.stderr  # the cap is for previews; main is the maintainers' own build
