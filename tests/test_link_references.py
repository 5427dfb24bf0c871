"""A field's text is converted on its own, so a link reference defined in one field and used
in another would silently break: ``check`` refuses both halves, where they stand."""

from __future__ import annotations

from conftest import only


def test_a_reference_used_in_another_field_is_refused_where_it_is_used(reports):
    reports.report("alpha", """\
        core_ideas: |
          See [the spec][spec] for more.
        write_side: |
          Writes, and [spec] too.

          [spec]: https://example.org/spec
        """)
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:7:7: error: [spec] uses a link reference defined in Write side")
    assert "write the link inline, [text](URL), or define it in this field" in message


def test_a_definition_its_own_field_does_not_use_is_refused_where_it_stands(reports):
    reports.report("alpha", """\
        core_ideas: |
          Nothing links here.

          [Unused Label]: https://example.org/u
        """)
    message = only(reports.messages())
    assert message.startswith("reports/alpha/memory.yaml:9:3: error: the link reference [unused label] is defined in Core ideas but not used there")


def test_a_reference_defined_and_used_in_one_field_is_fine_in_every_form(reports):
    reports.report("alpha", """\
        core_ideas: |
          The [spec][s], the [S][] and [s] alone, in `[code][x]` too.

          [s]: https://example.org/spec
        write_side: |
          Brackets [like these] and a [link](https://example.org/) are no references.
        """)
    assert reports.messages() == []


def test_a_definition_inside_code_is_no_definition(reports):
    reports.report("alpha", """\
        core_ideas: |
          ```
          [x]: https://example.org/
          ```
        """)
    assert reports.messages() == []
