"""Every script module of the package is published in the one script pages load, in an order where each finds what it
uses: a feature module left out of the list would ship and never run."""

from __future__ import annotations

import re

from mkdocs_reports.pages.assets import SCRIPT_FILES, SCRIPT_SOURCES, script_bundle


def test_every_script_in_the_assets_is_loaded_once():
    assert sorted(SCRIPT_FILES) == sorted(path.name for path in SCRIPT_SOURCES.glob("*.js"))
    assert len(set(SCRIPT_FILES)) == len(SCRIPT_FILES)


def test_each_script_loads_after_the_scripts_whose_tools_it_uses():
    made = {}  # tool name -> the script that puts it on the shared object
    for name in SCRIPT_FILES:
        text = (SCRIPT_SOURCES / name).read_text(encoding="utf-8")
        for tool in re.findall(r"\brpt\.(\w+) = ", text) + re.findall(r"^    (\w+): ", text, re.MULTILINE):
            made.setdefault(tool, name)
    assert SCRIPT_FILES[0] == "shared.js" and SCRIPT_FILES[-1] == "start.js"
    for position, name in enumerate(SCRIPT_FILES):
        text = (SCRIPT_SOURCES / name).read_text(encoding="utf-8")
        for tool in set(re.findall(r"\brpt\.(\w+)\b", text)) - set(re.findall(r"\brpt\.(\w+) = ", text)):
            assert tool in made, f"{name} uses rpt.{tool}, which no script makes"
            assert SCRIPT_FILES.index(made[tool]) <= position, f"{name} uses rpt.{tool} before {made[tool]} makes it"


def test_the_published_script_holds_every_module_in_order():
    bundle = script_bundle()
    starts = [bundle.index((SCRIPT_SOURCES / name).read_text(encoding="utf-8")) for name in SCRIPT_FILES]
    assert starts == sorted(starts) and starts[0] == 0
