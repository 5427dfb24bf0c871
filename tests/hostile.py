"""A hostile collection: every free-text field of every member type carries injection vectors.

Each vector calls ``alert``, ``confirm`` or ``prompt`` with its own number if it ever runs,
so a browser test can say which one got through. The collection is written from the
member types themselves (``REPORT_TYPES``), so a new section or member type is covered
without editing this file. It declares a member type of its own too (``_types/``), whose
words (noun, headings, the wording of an empty section, table columns) are vectors: a
collection's types come with a pull request like its reports.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from mkdocs_reports.core.diagnostics import Diagnostics
from mkdocs_reports.core.method.types import ReportType, Shape
from mkdocs_reports.core.schemas.type_files import TYPES_DIR, builtin_registry, read_type

#: one line each; those without "/" can also stand in a system name
LINE_VECTORS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(2)</script>",
    "<svg onload=alert(3)>",
    "\"><img src=x onerror=alert(4)>",
    "'><img src=x onerror=alert(5)>",
    "<iframe src=\"javascript:alert(6)\"></iframe>",
    "[click](javascript:alert(7))",
    "[click](JaVaScRiPt:alert(8))",
    "[click](  javascript:alert(9))",
    "![x](https://tracker.example/pixel.png?10)",
    "![x](javascript:alert(11))",
    "<a href=\"javascript:alert(12)\">a</a>",
    "*emphasis*{: onmouseover=\"alert(13)\" }",
    "<span id=\"__config\">{\"base\": \"x\", \"features\": [], \"search\": \"x\"}</span>",
    "<div id=\"__search\" data-md-component=\"search\">x</div>",
    "<span class=\"md-ellipsis\" title=\"<img src=x onerror=alert(16)>\">x</span>",
    "`</div><img src=x onerror=alert(17)>` in code",
    "\\`<img src=x onerror=alert(18)>\\` escaped backticks",
    "&lt;img src=x onerror=alert(19)&gt; as entities",
    "<<img src=x onerror=alert(20)>",
    "<!--<img src=x onerror=alert(21)>-->",
    "<style>*{display:none}</style>",
    "<base href=\"https://evil.example/\">",
    "<form action=\"javascript:alert(24)\"><button>x</button></form>",
    "<object data=\"javascript:alert(25)\"></object>",
    "<embed src=\"javascript:alert(26)\">",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(27)>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(28)>\">",
    "<details open ontoggle=alert(29)>",
    "<input autofocus onfocus=alert(30)>",
    "<a href=\"data:text/html,<script>alert(31)</script>\">d</a>",
    "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgzMik8L3NjcmlwdD4=)",
    "<video><source onerror=alert(33)></video>",
    "<javascript:alert(34)>",
    "<https://x.example/\"onmouseover=\"alert(35)>",
    "[x](https://x.example/ \"t\\\" onmouseover=\\\"alert(36)\")",
    "`` `<img src=x onerror=alert(37)>` ``",
    "\\<img src=x onerror=alert(38)\\>",
    "&#60;img src=x onerror=alert(39)&#62;",
    "<img src=x onerror=&#97;lert(40)>",
    "Store ('hot') \"q\" )](javascript:alert(41))",
    "<sCrIpT>alert(42)</ScRiPt>",
    "<img/src=x/onerror=alert(43)>",
    "<a href=\"#\" onclick=\"alert(44)\">x</a>",
    "<x onpointerover=alert(45)>hover</x>",
    "<template><img src=x onerror=alert(46)></template>",
    "<textarea><img src=x onerror=alert(47)></textarea>",
    "<div markdown=\"1\"><img src=x onerror=alert(48)></div>",
    "<span data-md-component=\"announce\" data-md-state=\"x\">a</span>",
    "<img src=\"//tracker.example/p.png\" alt=\"50\">",
]

#: several lines: where escaping and Markdown could disagree about what is code
BLOCK_VECTORS = [
    "Text `code across\n- <img src=x onerror=alert(101)> a list item` end.",
    "Text `code across\n# <img src=x onerror=alert(102)> a heading` end.",
    "Text `code across\n---\n<img src=x onerror=alert(103)> a setext line` end.",
    "Text `code across\n***\n<img src=x onerror=alert(104)> a rule` end.",
    "Text `code across\n!!! note\n    <img src=x onerror=alert(105)> an admonition` end.",
    "- item\n\n        <img src=x onerror=alert(106)> nested at eight spaces\n\n    - nested\n\n            <img src=x onerror=alert(107)>",
    "```{.python onclick=\"alert(108)\"}\nprint(1)\n```",
    "~~~\n<img src=x onerror=alert(109)> after an unclosed fence",
    "A paragraph\n{: onclick=\"alert(110)\" id=\"__config\" }",
    "[ref][r111] and ![img][r112]\n\n[r111]: javascript:alert(111)\n[r112]: https://tracker.example/112.png",
    "<div>\n<img src=x onerror=alert(113)>\n</div>",
    "!!! md-ellipsis \"<img src=x onerror=alert(114)>\"\n    Body `<img src=x onerror=alert(115)>`",
    "| a | b |\n|---|---|\n| <img src=x onerror=alert(116)> | `|` |",
    "> quote <img src=x onerror=alert(117)>\n> more",
    "Setext <img src=x onerror=alert(118)>\n===",
    "    indented <img src=x onerror=alert(119)> code\n\nafter",
]

#: the longest one-line value the checker accepts (schema.LINE_LIMIT)
LINE = 300


def line(number: int, *, path_safe: bool = False) -> str:
    """A one-line value with vectors, long enough to be cut short (and so copied into a
    tooltip by the theme) in headers, navigation and tables of contents."""
    vectors = [v for v in LINE_VECTORS if "/" not in v and "\\" not in v] if path_safe else LINE_VECTORS
    picked = [vectors[(number + step) % len(vectors)] for step in range(4)]
    text = " ".join(picked) + " " + "padding " * 40
    return text[:LINE].rstrip()


def prose(number: int) -> str:
    vectors = LINE_VECTORS + BLOCK_VECTORS
    return "\n\n".join(vectors[(number + step) % len(vectors)] for step in range(0, len(vectors), 7))


def everything() -> str:
    return "\n\n".join(LINE_VECTORS + BLOCK_VECTORS)


class _Literal(str):
    pass


def _literal(dumper: yaml.SafeDumper, value: _Literal):
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else '"')


yaml.SafeDumper.add_representer(_Literal, _literal)


def _text(value: str) -> _Literal:
    return _Literal(value)


ROUTE = {
    "Immediate return": None, "Later read-back": None, "Delegated visibility": None, "Selection predicate": None,
    "Invalidation or expiry": None, "Activation or effect": None, "Evidence limits": None,
    "implementation conclusion status": "wired",
}
NAMES = ["zero", "one", "two", "three", "four", "five"]


def _blocks(next_text, *, table_columns=None, headings: bool = True) -> list[dict]:
    """A list of blocks of every kind, each free-text part with vectors."""
    columns = list(table_columns) if table_columns else [_text(line(12)), _text(line(13))]
    blocks: list[dict] = [{"text": next_text()}]
    if headings:
        blocks += [{"heading": _text(line(11))}, {"subheading": _text(line(15))}]
    blocks += [
        {"table": {"columns": columns, "rows": [[next_text(False) for _ in columns], [next_text() for _ in columns]]}},
        {"bulleted": [next_text(), next_text(False)]},
        {"numbered": [next_text(False)]},
        {"paragraphs": [next_text()]},
    ]
    return blocks


def report(name: str, report_type: ReportType, method_kinds, counter: list[int]) -> dict:
    """One report of ``report_type`` with vectors in every free-text field."""
    prefix = report_type.prefix

    def next_text(block: bool = True) -> _Literal:
        counter[0] += 1
        return _text(prose(counter[0]) if block else line(counter[0]))

    doc: dict = {"type": report_type.name, "system": name, "title": _text(line(counter[0] + 3)), "description": _text(everything())}
    ids = [f"{prefix}-{kind}-evil-{NAMES[n]}" for n, kind in enumerate(method_kinds)]
    for spec in report_type.sections:
        if spec.shape is Shape.BLOCKS:
            doc[spec.key] = _blocks(next_text, table_columns=spec.table.columns if spec.table else None)
        elif spec.shape is Shape.RECORDS:
            doc[spec.key] = []
            for number, record_id in enumerate(ids):
                body = [
                    {"text": _text(f"Cites {ids[(number + 1) % len(ids)]}.\n\n" + everything())},
                    {"quote": {"passage": _text(everything()), "path": _text(("src/" + line(number, path_safe=True)[:200]).strip())}},
                    *(_blocks(next_text, headings=False) if number == 0 else [{"text": next_text()}]),
                ]
                if "-RTE-" in record_id:
                    body.insert(1, {"fields": {label: value or next_text() for label, value in ROUTE.items()}})
                record: dict = {"id": record_id, "label": _text(line(number)), "body": body}
                if number:
                    record["part_of"] = ids[0]
                doc[spec.key].append(record)
        elif spec.shape is Shape.ANNOTATIONS:
            doc[spec.key] = [
                {"on": f"{other}-OBJ-evil-one", "label": _text(line(21)),
                 "body": [{"text": next_text()}, {"quote": {"passage": _text(everything()), "path": "src/a.ts", "lines": "1-2"}}]}
                for other in ("RT", "MEM", "EPI") if other != prefix
            ]
    return doc


def set_file(name: str) -> dict:
    return {
        "system": name,
        "run_id": "AAS-2026-05-01-evil-01",
        "sources": [{"id": "SRC-1", "kind": "git", "identity": _text(line(7)),
                     "revision": "0123456789abcdef0123456789abcdef01234567", "inspected_scope": _text(line(8))}],
    }


def member_type() -> dict:
    """A member type of the collection's own, every word of it a vector."""
    return {
        "name": "evil-report",
        "noun": _text(line(31)),
        "member": "evil",
        "prefix": "EVL",
        "sections": [
            {"key": "notes", "heading": _text(line(32)), "shape": "blocks", "coverage": "true",
             "table": {"columns": [_text(line(33)), _text(line(34))]}},
            {"key": "records", "heading": _text(line(35)), "shape": "records"},
            {"key": "annotations", "heading": _text(line(36)), "shape": "annotations", "empty": _text(line(37))},
            {"key": "gone", "heading": _text(line(38)), "shape": "blocks", "optional": "true"},
        ],
    }


def write_hostile_collection(root: Path) -> Path:
    """Two systems: one with a report of every member type (the collection's own too), and
    one whose name and only report (the memory one) cite members that are not published."""
    registry = builtin_registry()
    kinds = list(registry.method.kinds)
    counter = [0]
    memory = next(t for t in registry.types.values() if t.member == "memory")
    (root / TYPES_DIR).mkdir(parents=True, exist_ok=True)
    own_file = root / TYPES_DIR / "evil.yaml"
    _dump(own_file, member_type())
    own = read_type(str(own_file), own_file.read_bytes(), Diagnostics())
    assert own is not None, "the hostile member type does not load"
    systems = {"evil": (line(5, path_safe=True), [*registry.types.values(), own]), "alone": (line(9, path_safe=True), [memory])}
    for slug, (name, types) in systems.items():
        (root / slug).mkdir(parents=True, exist_ok=True)
        _dump(root / slug / "_set.yaml", set_file(name))
        for report_type in types:
            _dump(root / slug / f"{report_type.member}.yaml", report(name, report_type, kinds, counter))
    return root


def _dump(path: Path, doc: dict) -> None:
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10_000), encoding="utf-8")


#: a hand-written page that cites records in text, in code and inside attributes
DOCS_PAGE = """# Notes on the evil system

Cited in prose: evil:MEM-OBJ-evil-one and evil:RT-RTE-evil-two.

<img alt='evil:MEM-OBJ-evil-one'> <a title="evil:MEM-CMP-evil-zero" href="#">a link</a>

`evil:MEM-OBJ-evil-one` in code.
"""
