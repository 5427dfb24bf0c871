"""Plugins the ``reports`` plugin cannot live beside (or not while it makes the
navigation), refused at ``on_config`` in one line that names the plugin, says why and what
to do, instead of a site that silently lacks its pages or its navigation.

A plugin is known by the package its class comes from (the name a site gives it in
``plugins:`` may differ, e.g. ``i18n`` or ``static-i18n/i18n``); one that its own
``enabled: false`` switches off is not refused, nor a module of the site's ``hooks:``
(MkDocs lists those among the plugins too).
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin

#: the plugin's package → (its name on PyPI, why it cannot be used with ``reports``)
REFUSED = {
    "mkdocs_static_i18n": (
        "mkdocs-static-i18n",
        "it keeps only the pages whose source is in docs_dir, and the reports plugin's pages are made from reports_dir, "
        "so every report page would be left out",
    ),
    "mkdocs_print_site_plugin": (
        "mkdocs-print-site-plugin",
        "its print page gives each page's ids its address as a prefix only on headings, footnotes and list items, "
        "while it rewrites every in-page link, so the report pages' links to their sections, table rows and sources, "
        "and to the record index's filters, would lead nowhere there (and their ids repeat)",
    ),
}

#: plugins that make the whole navigation themselves: with the reports plugin's own
#: (``nav: true``) one of the two would be lost without a word
MAKE_THE_NAVIGATION = {"mkdocs_awesome_nav": "mkdocs-awesome-nav"}


def refusal(config: MkDocsConfig, nav: bool) -> str | None:
    """The message refusing the first plugin of ``config`` that cannot be used with
    ``reports`` (making its navigation when ``nav``), if any."""
    for name, plugin in config.plugins.items():
        if not isinstance(plugin, BasePlugin):  # a module of the site's hooks: none is refused
            continue
        if plugin.config.get("enabled", True) is False:  # switched off by its own option: it does nothing
            continue
        package = type(plugin).__module__.partition(".")[0]
        if package in REFUSED:
            pypi, why = REFUSED[package]
            return f"The reports plugin cannot be used with {pypi} ('{name}' in plugins): {why}. Remove one of the two."
        if nav and package in MAKE_THE_NAVIGATION:
            return (
                f"The reports plugin makes the navigation (its nav option), and so does {MAKE_THE_NAVIGATION[package]} "
                f"('{name}' in plugins), which would replace it: set nav: false under reports in plugins to let "
                f"{MAKE_THE_NAVIGATION[package]} make it (the generated pages are among the files it reads), or remove it."
            )
    return None
