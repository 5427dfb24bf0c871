"""What the copies of Material's partials save: each page's theme template, rendered with
Material's own partials and with the plugin's copies (theme_partials.py), side by side.

Builds a synthetic collection once. While MkDocs renders each page, the page's
``main.html`` is rendered again with each of the two, alternately, in the same process
(so the machine's load falls on both alike): prints the CPU seconds of each, their ratio,
and how many pages came out different (it must be none).

    python benchmarks/theme_partials.py [--reports 200] [--records 20] [--rounds 2]
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

import jinja2
from jinja2 import FileSystemLoader
from mkdocs.commands.build import build
from mkdocs.config import load_config

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_build import plugin_project  # noqa: E402

from mkdocs_reports.theme_partials import COPIES_DIR, helpers  # noqa: E402


class SideBySide:
    """Renders every page's ``main.html`` with both kinds of partials (``rounds`` times
    each, alternating which goes first) and adds up the CPU time of each."""

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        self.jinja_render = jinja2.Template.render  # Jinja's own (the build's is wrapped)
        self.seconds = {"Material's partials": 0.0, "copies": 0.0}
        self.pages = self.different = 0
        self.envs: dict[jinja2.Environment, dict[str, jinja2.Environment]] = {}

    def _envs(self, env: jinja2.Environment) -> dict[str, jinja2.Environment]:
        if env not in self.envs:
            materials = env.overlay(loader=FileSystemLoader([d for d in env.loader.searchpath if Path(d).parent != COPIES_DIR]))
            copies = env.overlay(loader=FileSystemLoader(env.loader.searchpath))  # as the build's
            copies.globals = {**env.globals, **helpers()}  # its own, as in a build
            self.envs[env] = {"Material's partials": materials, "copies": copies}
        return self.envs[env]

    def render(self, template: jinja2.Template, context: dict) -> None:
        envs = self._envs(template.environment)
        templates = {name: env.get_template("main.html") for name, env in envs.items()}
        outputs = {name: self.jinja_render(t, context) for name, t in templates.items()}
        self.different += len(set(outputs.values())) > 1
        self.pages += 1
        order = list(templates)
        for round_ in range(self.rounds):
            for name in order if round_ % 2 == 0 else order[::-1]:
                envs["copies"].globals["reports_once_per_page"].page = None  # each render is the page's first
                start = time.process_time()
                self.jinja_render(templates[name], context)
                self.seconds[name] += time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=200)
    parser.add_argument("--records", type=int, default=20, help="records per report")
    parser.add_argument("--rounds", type=int, default=2, help="renders of each kind per page")
    args = parser.parse_args()
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    side_by_side = SideBySide(args.rounds)
    render = side_by_side.jinja_render

    def measured_render(template: jinja2.Template, *args, **kwargs) -> str:
        if template.name == "main.html" and args:
            side_by_side.render(template, args[0])
        return render(template, *args, **kwargs)

    with tempfile.TemporaryDirectory() as tmp:
        project = plugin_project(Path(tmp) / "project", args.reports, args.records)
        jinja2.Template.render = measured_render
        try:
            build(load_config(str(project / "mkdocs.yml"), site_dir=str(Path(tmp) / "site")))
        finally:
            jinja2.Template.render = render
    material, copies = side_by_side.seconds.values()
    print(f"{args.reports} reports, {side_by_side.pages} pages, {args.rounds} renders of each per page")
    print(f"Material's partials  {material:7.2f} s CPU")
    print(f"copies               {copies:7.2f} s CPU   ratio {copies / material:.3f}")
    print(f"pages that differ    {side_by_side.different}")


if __name__ == "__main__":
    main()
