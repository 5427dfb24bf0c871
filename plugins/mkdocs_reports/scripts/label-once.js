/* A record link's label: its own data-rpt-label, or, where the page says it once
   (adapter/label_once.py: a bare data-rpt-label), the first link's to the same place. */
(function () {
  "use strict";
  var rpt = window.rptReports;

  /** the page's labels by link target, read once per page (not once per hover: a page
      holds thousands of record links); remade when instant navigation replaced the page */
  var labels = null;

  rpt.labelOf = function (link) {
    var label = link.getAttribute("data-rpt-label");
    if (label) return label;
    if (!labels || !labels.first || !labels.first.isConnected) {
      labels = { first: null, byHref: new Map() };
      document.querySelectorAll("a[data-rpt-label]").forEach(function (other) {
        var text = other.getAttribute("data-rpt-label"), href = other.getAttribute("href");
        if (!text) return;
        if (!labels.first) labels.first = other;
        if (!labels.byHref.has(href)) labels.byHref.set(href, text);
      });
    }
    return labels.byHref.get(link.getAttribute("href")) || "";
  };
})();
