"""The package's templates are compiled once per process (``pages.templates.CompiledTemplates``),
whatever folder of its own templates a site has; a template's edited source is compiled anew."""

from __future__ import annotations

import os

from mkdocs_reports.pages.templates import environment


def _override(folder, text: str) -> None:
    (folder / "reports").mkdir(parents=True, exist_ok=True)
    path = folder / "reports" / "own.html.j2"
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # seen as changed however fast the edit


def test_a_second_site_takes_the_package_templates_compiled(tmp_path):
    first, second = environment(tmp_path / "a"), environment(tmp_path / "b")
    assert first is not second
    compiled = first.bytecode_cache
    assert compiled is second.bytecode_cache
    first.get_template("reports/records.html.j2")
    known = dict(compiled.compiled)
    assert known
    second.get_template("reports/records.html.j2")
    assert compiled.compiled == known  # nothing compiled again


def test_an_edited_template_is_compiled_anew(tmp_path):
    _override(tmp_path, "first {{ 1 + 1 }}")
    env = environment(tmp_path)
    assert env.get_template("reports/own.html.j2").render() == "first 2"
    _override(tmp_path, "second {{ 2 + 2 }}")
    assert env.get_template("reports/own.html.j2").render() == "second 4"
    _override(tmp_path.parent / "elsewhere", "third")
    assert environment(tmp_path.parent / "elsewhere").get_template("reports/own.html.j2").render() == "third"
