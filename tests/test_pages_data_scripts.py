"""A data file published as a script too (for ``file://``): the script holds the JSON as one
string literal handed to ``JSON.parse``, so hostile author text in it stays data."""

from __future__ import annotations

import json
import re

from hostile import BLOCK_VECTORS, LINE_VECTORS
from mkdocs_reports.pages.data_scripts import as_script, script_path

SCRIPT = re.compile(r"\(window\.rptData = window\.rptData \|\| \{\}\)\[document\.currentScript\.src\.slice\(0, -3\)\] = JSON\.parse\((\".*\")\);\n", re.DOTALL)


def test_author_text_in_a_data_script_is_one_string_literal_of_its_json():
    text = json.dumps({"label": LINE_VECTORS + ["\u2028</script><!--", '"]); alert(1); (["'], "body": BLOCK_VECTORS})
    script = as_script(text)
    [literal] = SCRIPT.fullmatch(script).groups()
    assert json.loads(literal) == text  # the JSON, whole, as a string: JavaScript reads the same literal the same way
    assert script.isascii()  # no line separator or other character JavaScript and JSON read apart
    assert script_path("assets/mkdocs-reports/previews/alpha.json") == "assets/mkdocs-reports/previews/alpha.json.js"
