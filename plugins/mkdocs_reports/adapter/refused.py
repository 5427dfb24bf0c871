"""Plugins the ``reports`` plugin cannot live beside, refused at ``on_config`` in one line
that names the plugin and says why, instead of a site that silently lacks its pages.

A plugin is known by the package its class comes from (the name a site gives it in
``plugins:`` may differ, e.g. ``i18n`` or ``static-i18n/i18n``).
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig

#: the plugin's package → (its name on PyPI, why it cannot be used with ``reports``)
REFUSED = {
    "mkdocs_static_i18n": (
        "mkdocs-static-i18n",
        "it keeps only the pages whose source is in docs_dir, and the reports plugin's pages are made from reports_dir, "
        "so every report page would be left out",
    ),
}


def refusal(config: MkDocsConfig) -> str | None:
    """The message refusing the first plugin of ``config`` that cannot be used with ``reports``, if any."""
    for name, plugin in config.plugins.items():
        package = type(plugin).__module__.partition(".")[0]
        if package in REFUSED:
            pypi, why = REFUSED[package]
            return f"The reports plugin cannot be used with {pypi} ('{name}' in plugins): {why}. Remove one of the two."
    return None
