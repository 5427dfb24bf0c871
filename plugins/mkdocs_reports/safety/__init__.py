"""The safety layer: what keeps report text (untrusted: a pull request's preview publishes
it on the production origin) from running script, setting ids, classes or attributes the
theme acts on, or loading anything from another origin — in every page and export.

Two independent layers:

1. ``author_text``: before Markdown reads author text, every character it could turn into
   markup is carried through as a placeholder, unsafe links and images are broken, fence
   info strings are cut to a language (the templates escape everything else: Jinja's
   autoescape);
2. ``sanitize``: the HTML of every generated page, whatever made it, goes through an
   allowlist (``nh3``) that keeps only the ids the page declared (``anchors``), plain
   titles, the site's and Markdown's classes, relative or http(s) links.

``chrome`` makes author text inert where a theme re-inserts it as HTML (titles, the
navigation, the table of contents); ``template_plugins`` keeps it from other plugins'
template engines (mkdocs-macros renders titles and Markdown as Jinja); ``urls`` says which
URLs are safe.
"""
