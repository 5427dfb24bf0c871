"""A published set's manifest (``ARTIFACT.yaml``): the set type and every member's SHA-256.

The method publishes a set frozen, its members pinned by digest, with closed membership
chosen by the result disposition (the set type's layout, ``member_types/analysis-set*.yaml``). Before an
import writes anything, every member's bytes are checked against their digest, every
Markdown file of the folder must be listed, and the members must be those of the
disposition. The manifest goes into ``_set.yaml`` as the method wrote it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...diagnostics import Diagnostics, Location
from ...method.types import SetType
from ...rules.set_members import membership_problems
from ...yamlio.files import read_regular_file
from ...yamlio.reader import MappingNode, Node, ScalarNode, read_yaml
from ...yamlio.styled import StyledMapping, styled_mapping

_DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass
class ReadManifest:
    """A manifest as read: its members' digests by file name, where each stands, the
    manifest as written (for ``_set.yaml``) and its bytes (to tell whether the export will
    give them back)."""

    path: str
    spelling: StyledMapping
    digests: dict[str, str] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)
    data: bytes = b""

    def listed(self, file: str) -> bool:
        return file in self.digests


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(path: Path, display: str, layout: SetType, diagnostics: Diagnostics) -> ReadManifest | None:
    """The manifest of a set folder, checked for its shape; ``None`` after saying why it
    cannot be used."""
    data = read_regular_file(path, display, diagnostics, "a manifest")
    if data is None:
        return None
    yaml_file = read_yaml(display, data, diagnostics)
    if yaml_file is None:
        return None
    root = yaml_file.root
    if not isinstance(root, MappingNode):
        diagnostics.error(yaml_file.location(root), "the manifest is not a mapping", "write 'type:' and 'members:' at the left margin")
        return None
    found = ReadManifest(display, styled_mapping(root), data=data)
    keys = {key.value: (key, value) for key, value in root.value if isinstance(key, ScalarNode)}
    kind = keys.get("type")
    if kind is None or not isinstance(kind[1], ScalarNode) or kind[1].value != layout.method_type:
        where = yaml_file.location(kind[1] if kind else root)
        diagnostics.error(where, f"the manifest's type is {kind[1].value if kind and isinstance(kind[1], ScalarNode) else 'missing'}"
                          f", not the analysis set's", f"write 'type: {layout.method_type}'")
        return None
    members = keys.get("members")
    if members is None or not isinstance(members[1], MappingNode):
        diagnostics.error(yaml_file.location(members[1] if members else root), "the manifest lists no members",
                          "write 'members:' with '<member>.md:' and its 'sha256: <digest>' for each member")
        return None
    for key, value in members[1].value:
        pinned = _pinned(value)
        if not isinstance(key, ScalarNode) or pinned is None:
            diagnostics.error(yaml_file.location(key), "a manifest member is '<file>.md:' with 'sha256: <64 hex digits>' under it",
                              "write each member as the method does: '  memory.md:' and '    sha256: …'")
            continue
        found.digests[key.value] = pinned.value
        found.locations[key.value] = yaml_file.location(pinned)
    return found


def _pinned(node: Node) -> ScalarNode | None:
    if not isinstance(node, MappingNode):
        return None
    for key, value in node.value:
        if isinstance(key, ScalarNode) and key.value == "sha256" and isinstance(value, ScalarNode) and _DIGEST.fullmatch(value.value):
            return value
    return None


def validate_digests(manifest: ReadManifest, folder: Path, files: dict[str, bytes], display: Callable[[Path], str], diagnostics: Diagnostics) -> None:
    """Every member the manifest pins is there with those bytes, and every Markdown file of
    the folder is pinned (``files``: the folder's ``*.md`` by name, as read)."""
    for name, digest in manifest.digests.items():
        where = manifest.locations[name]
        if name not in files:
            diagnostics.error(where, f"the manifest pins {name}, which the set folder does not hold",
                              f"add {display(folder / name)} as published, or correct the manifest")
            continue
        actual = sha256(files[name])
        if actual != digest:
            diagnostics.error(where, f"{name} does not have the bytes the manifest pins: its SHA-256 is {actual}, the manifest's {digest}",
                              "import the set as it was published (a published member is never edited), or a new run's manifest")
    for name in files:
        if name not in manifest.digests:
            diagnostics.error(Location(display(folder / name)), f"{name} is in the set folder, but the manifest does not list it",
                              "remove it from the set folder, or import the set its manifest pins (membership is closed)")


def validate_membership(manifest: ReadManifest, disposition: str | None, disposition_at: Location | None, layout: SetType,
                     diagnostics: Diagnostics) -> None:
    """The members the manifest lists are those of the result disposition (of the member
    whose field the layout reads)."""
    unlisted = [layout.roles[role].path for role in layout.required.always if not manifest.listed(layout.roles[role].path)]
    for entry in unlisted:
        diagnostics.error(Location(manifest.path, 1, 1), f"the manifest does not list {entry}, which every set has",
                          f"add {entry} with its sha256")
    if unlisted:
        return
    compared = layout.membership(disposition, (name.removesuffix(".md") for name in manifest.digests))
    if compared is None:
        return  # no disposition, or one not of the method's: the overview's check says so
    expected, missing, extra = (tuple(map(layout.file_of, names)) for names in compared)
    where = disposition_at or Location(manifest.path, 1, 1)
    membership_problems(where, disposition or "", expected, list(missing), list(extra), ("the manifest does not list", "the manifest also lists"), layout,
                        diagnostics)
