"""The adapter: the ``reports`` plugin for MkDocs and ProperDocs (``plugin.py``), with what
it needs of the generator: its settings (``config.py``), the generated pages as the
generator's own (``page.py``), the navigation each page shows (``navigation.py``), what
``serve --dirty`` rebuilds (``incremental.py``), pull-request previews (``pr_preview.py``) and
what it does to the theme's HTML of every page (``page_edits``: ``landmarks``,
``site_root``, ``label_once``, ``pr_preview_html``)."""
