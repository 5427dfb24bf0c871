/* The filterable tables other than the record index and the comparison (.rpt-index, as
   the systems list is): sort by a column heading, filter by typing (table.js);
   data-rpt-hint is the filter box's placeholder. Their view is not kept in the address. */
(function () {
  "use strict";
  var rpt = window.rptReports;

  function setup(root) {
    var t = rpt.table(root);
    if (!t) return;
    var bar = document.createElement("div");
    bar.className = "rpt-index-filter";
    var input = document.createElement("input");
    input.type = "search";
    input.placeholder = root.dataset.rptHint || "Filter";
    input.setAttribute("aria-label", "Filter " + (root.dataset.rptNoun || "rows"));
    t.start({
      bar: bar,
      filters: [{
        key: "q", control: input, label: input,
        matches: function (r, wanted) { return rpt.table.words(wanted).every(function (w) { return r.words.indexOf(w) !== -1; }); },
      }],
      empty: "Nothing matches this filter.",
      sortable: true,
    });
  }

  rpt.onEveryPage(function () { rpt.each(document.querySelectorAll(".rpt-index:not(.rpt-records)"), setup); });
})();
