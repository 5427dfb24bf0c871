"""The package builds with only its declared build requirements (``[build-system] requires``
of ``pyproject.toml``) to import. The wheel test builds without an isolated build
environment, in the test environment, where the ``test`` extra installs the backend: a
requirement missing from ``requires`` would fail no build there, only every user's (pip's
isolated build installs ``requires`` alone). So the backend builds a wheel of a copy of the
project in a new interpreter that sees the standard library and the declared requirements
(with what they require, as installed) and nothing else: a folder of links to their files."""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import REPO
from distributions import requirement_name, with_their_requirements

#: the backend's hooks as a build frontend calls them (PEP 517), in an interpreter started
#: without its site-packages (``-S``) that imports from the folder of links alone
HOOKS = """
import importlib, sys, tempfile
visible, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, visible)
backend = importlib.import_module(sys.argv[3])
extra = backend.get_requires_for_build_wheel()
if extra:
    sys.exit("the backend asks for more: " + " ".join(extra))
print(backend.build_wheel(out))
"""
#: what the build reads of the project besides the package (pyproject.toml names them)
PROJECT_FILES = ("pyproject.toml", "LICENSE")




def _links(names: set[str], folder: Path) -> Path:
    """A folder of links to the top-level files and folders (their metadata too) of the
    installed distributions ``names``: what an isolated build environment would hold."""
    folder.mkdir()
    for name in names:
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # not installed here: the build will say what it misses
        for top in {file.parts[0] for file in distribution.files or [] if file.parts[0] != ".."}:
            source, link = Path(str(distribution.locate_file(top))), folder / top
            if source.exists() and not link.exists():
                link.symlink_to(source)
    return folder


def _build(project: Path, requires: list[str], backend: str, work: Path) -> subprocess.CompletedProcess:
    visible = _links(with_their_requirements({requirement_name(r) for r in requires}), work / "visible")
    (work / "out").mkdir()
    command = [sys.executable, "-S", "-c", HOOKS, str(visible), str(work / "out"), backend]
    return subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=300, check=False)


def test_the_package_builds_with_only_its_declared_build_requirements(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    for name in PROJECT_FILES:
        shutil.copy2(REPO / name, project / name)
    shutil.copytree(REPO / "plugins", project / "plugins", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    system = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    (tmp_path / "declared").mkdir()
    built = _build(project, system["requires"], system["build-backend"], tmp_path / "declared")
    assert built.returncode == 0, "add what the build misses to [build-system] requires in pyproject.toml:\n" + built.stderr[-3000:]
    assert (tmp_path / "declared" / "out" / built.stdout.strip().splitlines()[-1]).is_file()
    # the same build without the declared requirements fails: the folder of links is all it sees
    (tmp_path / "none").mkdir()
    refused = _build(project, [], system["build-backend"], tmp_path / "none")
    assert refused.returncode != 0 and "ModuleNotFoundError" in refused.stderr, refused.stderr[-3000:]
