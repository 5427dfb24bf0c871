"""A system or member name is a URL slug of its own: whole, short, and none the site keeps.

Each of these passed ``check`` and then broke ``mkdocs build``: a system folder named
``systems`` (an AttributeError), ``records`` or ``coverage`` (an error only at build time),
one of 252 characters (no file can be named after it), ``evil<LF>`` (published at
``evil%0A/``), a member type whose member is ``index`` (its page replaced the system's).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from conftest import Collection, minimal_report, only
from markdown_helpers import INKWELL
from mkdocs_reports import cli
from mkdocs_reports.core.markdown.reader import import_markdown
from mkdocs_reports.core.method.site_names import MAX_SLUG

KEPT = ["assets", "changes", "comparison", "coverage", "pr-preview", "records", "schema", "search", "systems"]


@pytest.mark.parametrize("name", KEPT)
def test_a_system_folder_named_like_a_page_or_folder_of_the_site_is_refused_at_check_time(reports: Collection, name: str) -> None:
    reports.report(name)
    reports.write(f"{name}/_set.yaml", "system: X\n")
    messages = reports.messages()
    assert len(messages) == 2, messages  # the report and the set file, each unread
    for message in messages:
        assert message.startswith(f"reports/{name}/"), message
        assert f":1:1: error: the system folder {name!r} is a name the site keeps for its own pages" in message
        assert f"rename the folder (the site keeps {', '.join(KEPT)})" in message


def _check_in(project: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    """``mkdocs-reports check`` run in ``project``, in this process: exit code and output."""
    monkeypatch.chdir(project)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["check", *args])
    return code, out.getvalue()


def test_the_names_a_site_keeps_come_from_its_mkdocs_yml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "site"
    (project / "pages" / "extra").mkdir(parents=True)
    (project / "pages" / "guide.md").write_text("# Guide\n")
    (project / "pages" / "index.md").write_text("# Home\n")
    (project / "mkdocs.yml").write_text(
        "site_name: S\ndocs_dir: pages\nplugins:\n  - reports:\n      reports_dir: collection\n"
        "      index_page: catalogue.md\n      systems_page: all/index.md\n"
    )
    collection = Collection(project / "collection")
    for name in ("catalogue", "all", "guide", "extra", "records", "systems", "index"):
        collection.report(name)
    for args in ((), ("collection",)):  # the site's reports_dir, or the folder named
        code, out = _check_in(project, monkeypatch, *args)
        refused = sorted(line.split("/")[1] for line in out.splitlines() if "is a name the site keeps" in line)
        assert code == 1 and refused == ["all", "catalogue", "extra", "guide"], out
    assert "index_page (catalogue.md)" in out and "the hand-written page or folder docs/guide" in out
    assert "or set systems_page of the reports plugin in mkdocs.yml to another page" in out


@pytest.mark.parametrize("length", [MAX_SLUG + 1, 252])
def test_a_system_folder_name_too_long_for_its_files_is_refused(reports: Collection, length: int) -> None:
    name = "a" * length
    reports.write(f"{name}/memory.yaml", minimal_report("Long"))
    message = only(reports.messages())
    assert f"{length} characters long; a name has at most {MAX_SLUG} — shorten it" in message
    reports.report("b" * MAX_SLUG)
    assert len(reports.messages()) == 1


@pytest.mark.parametrize("name", ["evil\n", "evil\r\n", "evil\u2028", "evil\t", "ev il"])
def test_a_system_folder_whose_name_ends_in_a_line_break_is_no_slug(reports: Collection, name: str) -> None:
    reports.write(f"{name}/memory.yaml", minimal_report("Evil"))
    message = only(reports.messages())
    assert f"error: the system folder {name!r} is not a URL-safe name — use lowercase letters" in message
    assert reports.check().collection.systems == {}
    # printed on one line: a name cannot start a line of its own in a terminal or a CI log
    escaped = name.encode("unicode_escape").decode("ascii")
    assert message.startswith(f"reports/{escaped}/memory.yaml:1:1: ") and not any(c in message for c in "\n\r\u2028\t")


def test_a_member_file_whose_name_ends_in_a_line_break_is_no_slug(reports: Collection) -> None:
    reports.write("alpha/memory\n.yaml", minimal_report("Alpha"))
    assert "the member file name 'memory\\n' is not a URL-safe name" in only(reports.messages())


@pytest.mark.parametrize("system", ["evil\n", "records", "x" * 100])
def test_import_refuses_a_system_name_that_check_would(tmp_path: Path, system: str) -> None:
    result = import_markdown([INKWELL / "memory.md"], tmp_path / "reports", system=system)
    assert not result.ok and not (tmp_path / "reports").exists()
    message = only([str(d) for d in result.diagnostics])
    assert message.startswith("--system:1:1: error: the system folder"), message


def test_a_member_type_whose_member_is_a_name_the_site_keeps_is_refused(reports: Collection) -> None:
    reports.write("_types/index.yaml", (
        "name: agentic-system-index-report\nnoun: index report\nmember: index\n"
        "method_type: agentic-system-analyses/types/index.md\n"
        "sections:\n  - key: summary\n    heading: Summary\n    shape: blocks\n"
    ))
    reports.report("alpha")
    message = only(reports.messages())
    assert message.startswith("reports/_types/index.yaml:3:9: error: the member name 'index' is kept by the site"), message
    assert "<system>/index.md" in message and "choose another member name" in message
    reports.write("_types/index.yaml", reports.root.joinpath("_types/index.yaml").read_text().replace("member: index", "member: " + "m" * 65))
    assert "a name has at most 64" in only(reports.messages())


#: (a carriage return is refused as a control character, before)
BREAKS = {"line feed": "\\n", "line separator": "\\L", "paragraph separator": "\\P"}


@pytest.mark.parametrize("escape", BREAKS.values(), ids=BREAKS.keys())
@pytest.mark.parametrize("key", ["system", "title"])
def test_a_one_line_value_holding_a_line_break_is_refused_at_check_time(reports: Collection, key: str, escape: str) -> None:
    """``system: "Tally\\u2028book"`` passed the check; the quote lock then written for it
    (its first line names the system) was refused on every later run."""
    reports.write("alpha/memory.yaml", minimal_report("Alpha").replace(f"\n{key}: ", f'\n{key}: "Tally{escape}book" #', 1))
    message = only(reports.messages())
    assert f"'{key}' holds a line break (" in message and "a name, title, label or heading is one line" in message, message
    assert " — write it on one line" in message


def test_a_line_break_in_a_label_identity_or_heading_is_refused_but_a_passage_keeps_its_lines(reports: Collection) -> None:
    reports.report("alpha", (
        'records:\n  - id: MEM-OBJ-a\n    label: "A\\u2029b"\n    body:\n'
        '      - quote:\n          passage: "line one\\nline two"\n          path: a.py\n'
        'core_ideas:\n  - heading: "Two\\nlines"\n  - text: Ideas.\n'
    ))
    reports.write("alpha/_set.yaml", 'sources:\n  - id: SRC-1\n    kind: git\n    identity: "https://github.com/example/alpha\\n"\n'
                                     "    revision: 0123456789abcdef0123456789abcdef01234567\n")
    messages = reports.messages()
    refused = sorted((m.split(":")[0], int(m.split(":")[1])) for m in messages if "holds a line break" in m)
    assert refused == [("reports/alpha/_set.yaml", 4), ("reports/alpha/memory.yaml", 8), ("reports/alpha/memory.yaml", 14)], messages
    assert not any("passage" in m for m in messages), messages


@pytest.mark.parametrize("name", ["Tally\u2028book", "Tally\u2029book", "Tally\rbook", "Tally\x85book", "Tally\ufeffbook", "Tally\nbook"])
def test_the_quote_lock_reads_back_whatever_the_system_is_called(name: str) -> None:
    from mkdocs_reports.core.grounding.lock import LockedQuote, LockedSource, QuoteLock, load_lock_file, lock_text

    commit = "0123456789abcdef0123456789abcdef01234567"
    lock = QuoteLock("x", {"SRC-1": LockedSource("SRC-1", commit, ("src/naïve #1: a.py",))},
                     [LockedQuote("memory#a--quote-1", "SRC-1", "src/naïve #1: a.py", commit, "1", "sha256:" + "0" * 64, "exact")])
    read, problems = load_lock_file("_quotes.lock.yaml", lock_text(lock, name).encode())
    assert not problems, [str(p) for p in problems]
    assert read is not None and read.quotes == lock.quotes and read.sources["SRC-1"].paths == ("src/naïve #1: a.py",)
