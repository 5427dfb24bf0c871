"""A generated page's Markdown waits, compressed, from when MkDocs reads the page until it
is converted: in the packed text the page already has when the Markdown is its end (MkDocs
took the front matter off), else packed anew. Either way it comes back unchanged."""

from mkdocs_reports.incremental import GeneratedPage

SOURCE = "---\ntitle: \"A page\"\n---\n\n# A page\n\nText ü, and more.\n"


def _read_page(source: str = SOURCE) -> GeneratedPage:
    page = GeneratedPage("system/memory.md", src_dir=None, dest_dir="/site", use_directory_urls=True)
    page.pack(source)
    assert page.content_string == source  # as MkDocs reads it
    return page


def test_the_markdown_at_the_end_of_the_read_text_is_held_in_the_pages_own_packed_bytes():
    page = _read_page()
    packed = page.packed
    markdown = SOURCE.split("---\n\n", 1)[1]
    held = page.held(markdown)
    assert held.packed is packed
    assert held.unpack() == markdown
    assert page.packed is None and page.content_string == ""  # the page let go of its text


def test_markdown_that_is_not_the_end_of_the_read_text_is_packed_anew():
    for markdown in ("# Another plugin's page\n", SOURCE + "more\n", "A page\n\nText ü"):
        page = _read_page()
        packed = page.packed
        held = page.held(markdown)
        assert held.packed is not packed
        assert held.unpack() == markdown


def test_empty_markdown_and_a_page_never_read_come_back_as_they_were():
    assert _read_page().held("").unpack() == ""
    unread = GeneratedPage("system/runtime.md", src_dir=None, dest_dir="/site", use_directory_urls=True)
    unread.pack(SOURCE)
    assert unread.held("# A page\n").unpack() == "# A page\n"
