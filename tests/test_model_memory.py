"""What a checked collection holds for each report, counted in objects, not bytes or
time: nothing here depends on the machine. A build holds the whole collection while it
writes the pages, so what each report costs there is what a large site's build grows by."""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from mkdocs_reports.core.model import Collection, FieldList
from mkdocs_reports.core.prose.citations import Mention
from mkdocs_reports.core.rules.collection_check import check_collection
from test_site_navigation import collection


def _objects_per_value(texts: Iterable[str]) -> dict[str, int]:
    """For each value, how many distinct string objects hold it."""
    objects: dict[str, set[int]] = defaultdict(set)
    for text in texts:
        objects[text].add(id(text))
    return {value: len(held) for value, held in objects.items()}


def _checked(root: Path, systems: int = 3) -> Collection:
    checked = check_collection(collection(root, systems))
    assert checked.ok, checked.messages()
    return checked.collection


def test_a_label_every_record_repeats_is_held_once(tmp_path):
    """Each record's ``Later read-back:`` (and every other label, status and short value)
    was a string of its own, as read from its file: a label repeated in every record of
    every report was held as many times as it was written."""
    model = _checked(tmp_path)
    fields = [f for record in model.records() for block in record.body if isinstance(block, FieldList) for f in block.fields]
    labels = _objects_per_value(f.label for f in fields)
    assert len(fields) > 2 * len(labels) and max(labels.values()) == 1, labels
    values = _objects_per_value(f.value for f in fields if len(f.value) < 40)  # statuses: wired, confirmed…
    assert len(values) > 1 and max(values.values()) == 1, values
    layers = _objects_per_value(f.status_layer for f in fields if f.status_layer)
    assert layers and max(layers.values()) == 1, layers


def test_a_record_cited_at_many_places_has_its_id_held_once(tmp_path):
    """A citation held the ID as found in the prose that cites it: a string for every
    place, where one serves them all."""
    model = _checked(tmp_path)
    citations = [c for report in model.reports() for c in report.citations]
    targets = _objects_per_value(c.target for c in citations)
    assert len(citations) > 2 * len(targets) and max(targets.values()) == 1, targets


def test_a_path_every_quote_and_cell_repeats_is_held_once(tmp_path):
    """Source paths recur in every quote and coverage row of a report."""
    model = _checked(tmp_path)
    reports = model.reports()
    paths = [q.path for report in reports for q in report.quotes()]
    paths += [cell for report in reports for table in report.tables() for row in table.rows
              for cell in row.cells if len(cell) < 60]
    held = _objects_per_value(paths)
    assert len(paths) > 2 * len(held) and max(held.values()) == 1, held


def test_the_mentions_found_while_checking_are_not_held_after_it(tmp_path):
    """The citations found in every text were kept (a cache entry and their objects for
    each text) until the page of the text had found them again: 23 MB of the 1,000
    reports' checked collection, held to the end of the build. A checked collection holds
    its citations, not the scanner's findings."""
    model = _checked(tmp_path)
    gc.collect()
    alive = sum(1 for thing in gc.get_objects() if isinstance(thing, Mention))
    assert alive == 0 and sum(len(report.citations) for report in model.reports()) > 20, alive


def test_the_many_small_objects_of_a_report_hold_no_dict_each(tmp_path):
    """A record, a quote, a row, a list item, a source reference, a quote's grounding, a
    record index entry and a backlink each carried a ``__dict__`` (tens of bytes beyond its
    values): a report has hundreds of them."""
    from mkdocs_reports.core.model import Grounding, Quote, Record, Row, SourceReference
    from mkdocs_reports.pages.backlinks import Citing
    from mkdocs_reports.pages.views import IndexEntry

    model = _checked(tmp_path)
    reports = model.reports()
    made: list[object] = [*model.records(), *(q for r in reports for q in r.quotes()), *(g for r in reports for q in r.quotes()
                          if (g := q.grounding) is not None), *(row for r in reports for t in r.tables() for row in t.rows),
                          *(s for r in reports for s in r.source_references)]
    made += [block for record in model.records() for block in record.body]
    made += [place for report in reports for c in report.citations for place in (c.place, c.location)]
    kinds = {type(thing) for thing in made}
    assert {Record, Quote, Grounding, Row, SourceReference, FieldList} <= kinds, kinds
    with_dict = {type(thing).__name__ for thing in made if hasattr(thing, "__dict__")}
    assert not with_dict, with_dict
    for kind in (Citing, IndexEntry):  # the pages': a type's instances have a __dict__ where its offset is set
        assert kind.__dictoffset__ == 0, kind


def test_quotes_told_the_same_share_one_grounding(tmp_path):
    """Each quote of a system without a quote lock had a grounding of its own, every one
    saying "not verified: no usable quote lock"."""
    model = _checked(tmp_path)
    quotes = [q for report in model.reports() for q in report.quotes()]
    groundings = {id(q.grounding) for q in quotes}
    assert len(quotes) > 6 and len(groundings) == len({q.grounding for q in quotes}), (len(quotes), len(groundings))
