/* The record index (records/, .rpt-records), a table of table.js: sort by a column
   heading; filter by system, report, kind, each status layer, what the reconciliation
   changed (amended, superseded, supersedes, conflicted) and free text; hide records of
   unpublished members; the view kept in the address (?system=…&kind=…); the rows shown
   downloaded as CSV or JSON. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var each = rpt.each, tables = rpt.table;
  /** the columns with a choice of values, by their heading */
  var CHOICE_COLUMNS = ["System", "Report", "Kind"];
  var LAYER_PREFIX = "status:";
  var UNPUBLISHED = /\s*\(not published\)$/;

  /** what a row says beyond its cells: status layers, corrections, link, published */
  function read(row, entry) {
    var layers = tables.byName();
    each(row.querySelectorAll(".rpt-status[data-rpt-layer]"), function (badge) {
      var shown = tables.text(badge);
      layers[badge.getAttribute("data-rpt-layer")] = shown.slice(shown.indexOf(":") + 1).trim();
    });
    entry.layers = layers;
    entry.corrections = Array.prototype.map.call(row.querySelectorAll("[data-rpt-correction]"), function (badge) {
      return badge.getAttribute("data-rpt-correction");
    });
    var link = row.cells[0] && row.cells[0].querySelector("a[href]");
    entry.href = link ? link.href : "";
    entry.unpublished = !!row.querySelector(".rpt-unpublished");
  }

  function report(r) { return r.cells.Report.replace(UNPUBLISHED, ""); }

  /** the filters: free text, a choice per choice column, per status layer (the most used
      first) and of corrections, published only */
  function filtersOf(t) {
    var rows = t.rows;
    var search = document.createElement("input");
    search.type = "search";
    search.placeholder = "ID, label, path or any word";
    var filters = [{
      key: "q", control: search, label: tables.labelled("Filter", search),
      matches: function (r, wanted) { return tables.words(wanted).every(function (w) { return r.words.indexOf(w) !== -1; }); },
    }];
    CHOICE_COLUMNS.forEach(function (heading) {
      if (t.headings.indexOf(heading) === -1) return;
      var cell = heading === "Report" ? report : function (r) { return r.cells[heading]; };
      var filter = tables.choice(heading.toLowerCase(), heading, tables.unique(rows.map(cell)));
      filter.matches = function (r, wanted) { return cell(r) === wanted; };
      filters.push(filter);
    });
    var layerCounts = tables.byName();
    rows.forEach(function (r) { Object.keys(r.layers).forEach(function (l) { layerCounts[l] = (layerCounts[l] || 0) + 1; }); });
    Object.keys(layerCounts).sort(function (a, b) { return layerCounts[b] - layerCounts[a] || a.localeCompare(b); }).forEach(function (layer) {
      var filter = tables.choice(LAYER_PREFIX + layer, layer + " status", tables.unique(rows.map(function (r) { return r.layers[layer]; })));
      filter.matches = function (r, wanted) { return r.layers[layer] === wanted; };
      filters.push(filter);
    });
    var corrected = tables.unique([].concat.apply([], rows.map(function (r) { return r.corrections; })));
    if (corrected.length) {
      var correction = tables.choice("correction", "Correction", corrected);
      correction.matches = function (r, wanted) { return r.corrections.indexOf(wanted) !== -1; };
      filters.push(correction);
    }
    var published = document.createElement("input");
    published.type = "checkbox";
    var publishedLabel = tables.labelled("Published reports only", published);
    publishedLabel.className = "rpt-index-toggle";
    filters.push({ key: "published", control: published, label: publishedLabel, matches: function (r) { return !r.unpublished; } });
    return filters;
  }

  /** a row as the downloads give it */
  function record(r) {
    var statuses = tables.byName();
    Object.keys(r.layers).forEach(function (layer) { statuses[layer] = r.layers[layer]; });
    return {
      id: r.cells.ID, system: r.cells.System, report: report(r),
      published: !r.unpublished, kind: r.cells.Kind, label: r.cells.Label, statuses: statuses, corrections: r.corrections,
      cited_by: Number(r.cells["Cited by"]) || 0, url: r.href,
    };
  }

  function setup(root) {
    var t = tables(root, read);
    if (!t) return;
    /* headings label each cell, for the narrow layout where rows are cards */
    t.rows.forEach(function (r) {
      each(r.row.cells, function (cell, column) {
        cell.setAttribute("data-label", t.headings[column]);
        if (!tables.text(cell)) cell.classList.add("rpt-index-blank");  // a card leaves it out
      });
    });
    var bar = document.createElement("div");
    bar.className = "rpt-index-filter";
    var csv = tables.button("Download CSV");
    var json = tables.button("Download JSON");
    var view = t.start({
      bar: bar, filters: filtersOf(t), actions: [csv, json], empty: "No record matches these filters.",
      sortable: true, address: true,
    });

    csv.addEventListener("click", function () {
      var header = ["id", "system", "report", "published", "kind", "label", "statuses", "corrections", "cited_by", "url"];
      rpt.download("records.csv", "text/csv;charset=utf-8", rpt.csv(header, view.shown().map(function (r) {
        var e = record(r);
        var statuses = Object.keys(e.statuses).map(function (l) { return l + ": " + e.statuses[l]; }).join("; ");
        return [e.id, e.system, e.report, e.published, e.kind, e.label, statuses, e.corrections.join("; "), e.cited_by, e.url];
      })));
    });
    json.addEventListener("click", function () {
      rpt.download("records.json", "application/json", JSON.stringify(view.shown().map(record), null, 2) + "\n");
    });
  }

  rpt.onEveryPage(function () { each(document.querySelectorAll(".rpt-index.rpt-records"), setup); });
})();
