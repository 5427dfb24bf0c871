"""Authors' Markdown is converted a fragment at a time (``pages/fragments.py``); a text that
holds no Markdown skips the converter. The shortcut must write exactly what the converter
writes, for every extension it trusts (``TRIGGERS``): random texts made of the characters
that count as plain, the characters each extension acts on, and the line starts of blocks,
are converted both ways."""

from __future__ import annotations

import random

import markdown
import pytest

from mkdocs_reports.pages.fragments import NOT_A_BLOCK, TRIGGERS, FragmentConverter, plain_paragraphs

#: the repository's own extensions (mkdocs.yml)
SITE = ["admonition", "attr_list", "md_in_html", "tables", "toc", "pymdownx.highlight", "pymdownx.superfences"]
_PIECES = [
    *"abcdefxyzABCQ0123456789", "é", "ß", "ж", "中", " ", " ", " ", "\n", "\n\n",
    *" ,.;:?!'\"()%/-", "_", "*", "`", "#", "[", "]", "<", ">", "&", "|", "~", "^", "=", "+", "$", "{", "}", "@", "\\",
    "1.", "1)", "- ", "* ", "+ ", "> ", "# ", "    ", "\t", "  \n", "---", "===", "!!! ", "??? ", "/// ", ": ",
    "www.example.org", "1st", "1/2", "(c)", "--", "...", ":smile:", "a_b", "x@y.org", "http://x.org", "\n- ",
    "•", "“", "”", "—", "→", "≥", "\u00a0", "==", "++", "$x$", "@x", "#x", "a = b", "\n#", "\n=", "}", "\n+",
]


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    plain = [p for p in _PIECES if p.isalnum() or p in (" ", "\n", "\n\n") or p in " ,.;:?!'\"()%/-=+$}@#" or p > "\x7f"]
    texts = []
    for _ in range(count):
        pieces = plain if rng.random() < 0.7 else _PIECES
        texts.append("".join(rng.choice(pieces) for _ in range(rng.randint(1, 30))).strip("\n"))
    return texts


def _trusted() -> list[list[str]]:
    sets = [[], SITE]
    sets += [[name] for name, triggers in TRIGGERS.items() if triggers is not None]
    return sets


@pytest.mark.parametrize("extensions", _trusted(), ids=lambda e: "+".join(e) or "core")
def test_a_plain_text_is_written_as_the_converter_writes_it(extensions):
    fragments = FragmentConverter(extensions)
    kept = [e for e in extensions if e not in ("toc", "md_in_html")]
    reference = markdown.Markdown(extensions=kept)
    plain = 0
    for text in _texts(len(extensions) * 7919 + 1, 1500):
        if not fragments.is_plain(text):
            continue
        plain += 1
        assert plain_paragraphs(text) == reference.reset().convert(text), repr(text)
        one_line = " ".join(text.split())
        if fragments.is_plain(one_line):
            converted = reference.reset().convert(NOT_A_BLOCK + one_line).replace(NOT_A_BLOCK, "")
            assert fragments.inline(one_line) == converted.removeprefix("<p>").removesuffix("</p>"), repr(one_line)
    assert plain > 100  # enough of them are plain to say something


def test_an_extension_the_shortcut_does_not_know_turns_it_off():
    assert FragmentConverter(["pymdownx.magiclink"]).not_plain is None
    assert FragmentConverter(["markdown.extensions.tables", "smarty"]).not_plain is not None
    assert not FragmentConverter(["pymdownx.smartsymbols"]).is_plain("the 1st step")
    assert FragmentConverter([]).is_plain("the 1st step")


def test_an_extension_that_reads_files_or_acts_on_a_page_is_not_used_on_fragments(tmp_path, monkeypatch):
    secret = tmp_path / "secret.txt"
    secret.write_text("the secret", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    fragments = FragmentConverter(["pymdownx.snippets", "toc", "meta"], {"pymdownx.snippets": {"base_path": [str(tmp_path)]}})
    html = fragments.block('Title: kept\n\n--8<-- "secret.txt"\n\n## A heading')
    assert "the secret" not in html and "secret.txt" in html
    assert "Title: kept" in html  # meta would have taken it
    assert "<h2>A heading</h2>" in html  # no id from toc


def test_each_line_is_kept_by_its_text_and_prose_is_not():
    """A label stands in many places and is converted once; prose stands in one, and
    keeping it would hold the collection's prose a second time, as HTML."""
    fragments = FragmentConverter(SITE)
    first = fragments.inline("Some *emphasis* here.")
    assert fragments.inline("Some *emphasis* here.") is first
    prose = fragments.block("Some *emphasis* here.")
    again = fragments.block("Some *emphasis* here.")
    assert again == prose and again is not prose


@pytest.mark.parametrize("name", ["smarty", "markdown.extensions.smarty"])
def test_an_extensions_settings_reach_it_however_the_site_names_it(name):
    """Settings given under ``markdown.extensions.X`` were dropped: they were looked up by
    the short name only."""
    fragments = FragmentConverter([name], {name: {"smart_quotes": False}})
    html = fragments.block('"quoted" -- dashed')
    assert html.startswith('<p>"quoted" ') and "dashed" in html  # no smart quotes, as set
    assert "--" not in html  # and the extension on: smart dashes
