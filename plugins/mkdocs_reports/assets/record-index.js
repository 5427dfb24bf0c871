/* The filterable tables of the collection, with no dependencies (it works offline):

   - the record index (records/): sort by a column heading, filter by system, report, kind,
     each status layer, what the reconciliation changed (amended, superseded, supersedes,
     conflicted) and free text, hide records of unpublished members;
   - the comparison of memory profiles (comparison/): a choice per axis ("read-back signal
     includes inferred-embedding"), with how many systems give each value.

   Either keeps its view in the address (?system=…&kind=…, ?read_back_signal=…), so it can
   be shared as a link and other pages link into filtered views, and downloads the rows
   shown as CSV or JSON. Every value comes from the table the plugin wrote (or the
   comparison's JSON it wrote beside it) and is only ever read and set as text
   (textContent, getAttribute, option values), never as HTML. */
(function () {
  "use strict";

  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };
  /** the columns with a choice of values, by their heading */
  var CHOICE_COLUMNS = ["System", "Report", "Kind"];
  var LAYER_PREFIX = "status:";

  /* Every map keyed by what a page holds (headings, layers, values, system names) has no
     prototype (Object.create(null)) or is a Map or Set: those are the author's words, and a
     plain object already "has" constructor, toString and __proto__. */
  function byName() { return Object.create(null); }

  function text(cell) { return cell ? cell.textContent.replace(/\s+/g, " ").trim() : ""; }

  function readRows(table, headings) {
    return Array.prototype.map.call(table.tBodies[0].rows, function (row) {
      var cells = byName();
      headings.forEach(function (heading, column) { cells[heading] = text(row.cells[column]); });
      var layers = byName();
      each(row.querySelectorAll(".rpt-status[data-rpt-layer]"), function (badge) {
        var label = badge.getAttribute("data-rpt-layer");
        var shown = text(badge);
        layers[label] = shown.slice(shown.indexOf(":") + 1).trim();
      });
      var corrections = Array.prototype.map.call(row.querySelectorAll("[data-rpt-correction]"), function (badge) {
        return badge.getAttribute("data-rpt-correction");
      });
      var link = row.cells[0] && row.cells[0].querySelector("a[href]");
      return {
        row: row, cells: cells, layers: layers, corrections: corrections, href: link ? link.href : "",
        unpublished: !!row.querySelector(".rpt-unpublished"), words: row.textContent.toLowerCase(),
      };
    });
  }

  function button(text) {
    var made = document.createElement("button");
    made.type = "button";
    made.textContent = text;
    return made;
  }

  // above the table: its filters, then the count of rows shown (announced as it changes)
  // and its buttons in a row; below it, what is said when no row matches (returned)
  function mountControls(root, bar, status, buttons, emptyText) {
    status.className = "rpt-index-count";
    status.setAttribute("role", "status");
    var actions = document.createElement("div");
    actions.className = "rpt-index-actions";
    [status].concat(buttons).forEach(function (el) { actions.appendChild(el); });
    var empty = document.createElement("p");
    empty.className = "rpt-index-empty";
    empty.textContent = emptyText;
    empty.hidden = true;
    root.insertBefore(actions, root.firstChild);
    root.insertBefore(bar, root.firstChild);
    root.appendChild(empty);
    return empty;
  }

  function labelled(labelText, control) {
    var label = document.createElement("label");
    var name = document.createElement("span");
    name.textContent = labelText;
    label.appendChild(name);
    label.appendChild(control);
    return label;
  }

  function choice(key, labelText, values) {
    var select = document.createElement("select");
    select.dataset.rptKey = key;
    var any = document.createElement("option");
    any.value = "";
    any.textContent = "any";
    select.appendChild(any);
    values.forEach(function (value) {
      var option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    });
    return { key: key, control: select, label: labelled(labelText, select) };
  }

  function unique(values) {
    var seen = new Set();
    return values.filter(function (v) { if (!v || seen.has(v)) return false; seen.add(v); return true; })
      .sort(function (a, b) { return a.localeCompare(b); });
  }

  /* CSV as spreadsheets read it: quoted cells; a cell that would start a formula gets a
     leading apostrophe, since report text is untrusted. */
  function csvCell(value) {
    value = String(value);
    if (/^[=+\-@\t\r]/.test(value)) value = "'" + value;
    return '"' + value.replace(/"/g, '""') + '"';
  }

  function download(name, type, body) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([body], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
  }

  function setup(root) {
    var table = root.querySelector("table");
    if (!table || !table.tHead || !table.tBodies.length || root.dataset.rptReady) return;
    root.dataset.rptReady = "1";
    var headerCells = table.tHead.rows[0].cells;
    var headings = Array.prototype.map.call(headerCells, text);
    var rows = readRows(table, headings);
    var sort = { column: -1, ascending: true };

    /* headings label each cell, for the narrow layout where rows are cards */
    rows.forEach(function (r) {
      each(r.row.cells, function (cell, column) {
        cell.setAttribute("data-label", headings[column]);
        if (!text(cell)) cell.classList.add("rpt-index-blank");  // a card leaves it out
      });
    });

    var bar = document.createElement("div");
    bar.className = "rpt-index-filter";
    var search = document.createElement("input");
    search.type = "search";
    search.placeholder = "ID, label, path or any word";
    var filters = [{ key: "q", control: search, label: labelled("Filter", search) }];
    CHOICE_COLUMNS.forEach(function (heading) {
      if (headings.indexOf(heading) === -1) return;
      filters.push(choice(heading.toLowerCase(), heading, unique(rows.map(function (r) {
        return heading === "Report" ? r.cells[heading].replace(/\s*\(not published\)$/, "") : r.cells[heading];
      }))));
    });
    var layerCounts = byName();
    rows.forEach(function (r) { Object.keys(r.layers).forEach(function (l) { layerCounts[l] = (layerCounts[l] || 0) + 1; }); });
    Object.keys(layerCounts).sort(function (a, b) { return layerCounts[b] - layerCounts[a] || a.localeCompare(b); }).forEach(function (layer) {
      filters.push(choice(LAYER_PREFIX + layer, layer + " status", unique(rows.map(function (r) { return r.layers[layer]; }))));
    });
    var corrected = unique([].concat.apply([], rows.map(function (r) { return r.corrections; })));
    if (corrected.length) filters.push(choice("correction", "Correction", corrected));
    var published = document.createElement("input");
    published.type = "checkbox";
    var publishedLabel = labelled("Published reports only", published);
    publishedLabel.className = "rpt-index-toggle";
    filters.push({ key: "published", control: published, label: publishedLabel });
    filters.forEach(function (f) { bar.appendChild(f.label); });

    var status = document.createElement("span");
    var csv = button("Download CSV");
    var json = button("Download JSON");
    var empty = mountControls(root, bar, status, [csv, json], "No record matches these filters.");

    function value(f) { return f.control.type === "checkbox" ? (f.control.checked ? "1" : "") : f.control.value; }

    function matches(r) {
      return filters.every(function (f) {
        var wanted = value(f);
        if (!wanted) return true;
        if (f.key === "q") {
          return wanted.toLowerCase().split(/\s+/).filter(Boolean).every(function (w) { return r.words.indexOf(w) !== -1; });
        }
        if (f.key === "published") return !r.unpublished;
        if (f.key === "correction") return r.corrections.indexOf(wanted) !== -1;
        if (f.key.indexOf(LAYER_PREFIX) === 0) return r.layers[f.key.slice(LAYER_PREFIX.length)] === wanted;
        var heading = f.key.charAt(0).toUpperCase() + f.key.slice(1);
        var cell = r.cells[heading];
        return heading === "Report" ? cell.replace(/\s*\(not published\)$/, "") === wanted : cell === wanted;
      });
    }

    function order() {
      if (sort.column < 0) return rows;
      var heading = headings[sort.column];
      var sorted = rows.slice().sort(function (a, b) {
        var x = a.cells[heading], y = b.cells[heading];
        var diff = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.toLowerCase().localeCompare(y.toLowerCase());
        return sort.ascending ? diff : -diff;
      });
      return sorted;
    }

    function shown() { return order().filter(function (r) { return !r.row.hidden; }); }

    function saveView() {
      var params = new URLSearchParams(window.location.search);
      filters.forEach(function (f) { if (value(f)) params.set(f.key, value(f)); else params.delete(f.key); });
      if (sort.column >= 0) {
        params.set("sort", headings[sort.column].toLowerCase());
        params.set("order", sort.ascending ? "asc" : "desc");
      }
      var query = params.toString();
      history.replaceState(history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
    }

    function apply(save) {
      var count = 0;
      rows.forEach(function (r) {
        var match = matches(r);
        r.row.hidden = !match;
        if (match) count += 1;
      });
      var body = table.tBodies[0];
      order().forEach(function (r) { body.appendChild(r.row); });
      each(headerCells, function (cell, column) {
        if (column === sort.column) cell.setAttribute("aria-sort", sort.ascending ? "ascending" : "descending");
        else cell.removeAttribute("aria-sort");
      });
      status.textContent = count + " of " + rows.length + " records";
      table.hidden = count === 0;
      empty.hidden = count !== 0;
      if (save) saveView();
    }

    each(headerCells, function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = headings[column];
      button.title = "Sort by " + headings[column];
      header.textContent = "";
      header.appendChild(button);
      button.addEventListener("click", function () {
        sort.ascending = sort.column === column ? !sort.ascending : true;
        sort.column = column;
        apply(true);
      });
    });
    filters.forEach(function (f) {
      f.control.addEventListener(f.control.tagName === "SELECT" || f.control.type === "checkbox" ? "change" : "input",
        function () { apply(true); });
    });

    function record(r) {
      var statuses = byName();
      Object.keys(r.layers).forEach(function (layer) { statuses[layer] = r.layers[layer]; });
      return {
        id: r.cells.ID, system: r.cells.System, report: r.cells.Report.replace(/\s*\(not published\)$/, ""),
        published: !r.unpublished, kind: r.cells.Kind, label: r.cells.Label, statuses: statuses, corrections: r.corrections,
        cited_by: Number(r.cells["Cited by"]) || 0, url: r.href,
      };
    }
    csv.addEventListener("click", function () {
      var header = ["id", "system", "report", "published", "kind", "label", "statuses", "corrections", "cited_by", "url"];
      var lines = [header.join(",")].concat(shown().map(function (r) {
        var e = record(r);
        var statuses = Object.keys(e.statuses).map(function (l) { return l + ": " + e.statuses[l]; }).join("; ");
        return [e.id, e.system, e.report, e.published, e.kind, e.label, statuses, e.corrections.join("; "), e.cited_by, e.url].map(csvCell).join(",");
      }));
      download("records.csv", "text/csv;charset=utf-8", lines.join("\r\n") + "\r\n");
    });
    json.addEventListener("click", function () {
      download("records.json", "application/json", JSON.stringify(shown().map(record), null, 2) + "\n");
    });

    /* the view in the address, as a shared link or the coverage overview gives it */
    var params = new URLSearchParams(window.location.search);
    filters.forEach(function (f) {
      var wanted = params.get(f.key);
      if (wanted === null) return;
      if (f.control.type === "checkbox") f.control.checked = wanted === "1";
      else if (f.control.tagName === "SELECT") {
        if (!Array.prototype.some.call(f.control.options, function (o) { return o.value === wanted; })) {
          var option = document.createElement("option");  // a value no row has: shown, matching nothing
          option.value = wanted;
          option.textContent = wanted;
          f.control.appendChild(option);
        }
        f.control.value = wanted;
      } else f.control.value = wanted;
    });
    var sortBy = headings.map(function (h) { return h.toLowerCase(); }).indexOf(params.get("sort"));
    if (sortBy >= 0) sort = { column: sortBy, ascending: params.get("order") !== "desc" };
    apply(false);
  }

  /* -- the comparison of memory profiles ------------------------------------------------ */

  /** how the comparison's CSV writes one axis of one system (pages/comparison.py, cell_text) */
  function axisText(axis) {
    if (!axis || !axis.assessment) return "";
    var values = (axis.values || []).map(function (v) {
      return v.bases && v.bases.length ? v.value + " (" + v.bases.join(", ") + ")" : v.value;
    }).join("; ");
    if (axis.assessment === "known" && values) return values;
    return values ? axis.assessment + ": " + values : axis.assessment;
  }

  function setupComparison(root) {
    var table = root.querySelector("table");
    if (!table || !table.tHead || !table.tBodies.length || root.dataset.rptReady) return;
    root.dataset.rptReady = "1";
    var axes = Array.prototype.map.call(table.tHead.querySelectorAll("th[data-rpt-axis]"), function (th) {
      return { key: th.getAttribute("data-rpt-axis"), title: text(th) };
    });
    var rows = Array.prototype.map.call(table.tBodies[0].rows, function (row) {
      var cells = byName();
      each(row.querySelectorAll("td[data-rpt-axis]"), function (cell) {
        cells[cell.getAttribute("data-rpt-axis")] = {
          values: Array.prototype.map.call(cell.querySelectorAll("[data-rpt-value]"), function (v) { return v.getAttribute("data-rpt-value"); }),
          state: cell.getAttribute("data-rpt-state") || "",
        };
      });
      return { row: row, slug: row.getAttribute("data-rpt-system") || "", cells: cells };
    });

    var bar = document.createElement("div");
    bar.className = "rpt-index-filter rpt-comparison-filter";
    var filters = axes.map(function (axis) {
      var counts = byName(), states = byName();
      rows.forEach(function (r) {
        var cell = r.cells[axis.key] || { values: [], state: "" };
        cell.values.forEach(function (v) { counts[v] = (counts[v] || 0) + 1; });
        if (!cell.values.length && cell.state) states[cell.state] = (states[cell.state] || 0) + 1;
      });
      var select = document.createElement("select");
      select.dataset.rptKey = axis.key;
      var any = document.createElement("option");
      any.value = "";
      any.textContent = "any";
      select.appendChild(any);
      [[counts, null], [states, "no value"]].forEach(function (group) {
        var names = Object.keys(group[0]).sort(function (a, b) { return group[0][b] - group[0][a] || a.localeCompare(b); });
        if (!names.length) return;
        var parent = select;
        if (group[1]) {
          parent = document.createElement("optgroup");
          parent.label = group[1];
          select.appendChild(parent);
        }
        names.forEach(function (name) {
          var option = document.createElement("option");
          option.value = name;
          option.textContent = name + " (" + group[0][name] + ")";
          parent.appendChild(option);
        });
      });
      return { key: axis.key, control: select, label: labelled(axis.title + " includes", select) };
    });
    filters.forEach(function (f) { bar.appendChild(f.label); });

    var status = document.createElement("span");
    var clear = button("Show every system");
    var csv = button("Download CSV");
    var json = button("Download JSON");
    var empty = mountControls(root, bar, status, [clear, csv, json], "No system matches these choices.");

    function active() { return filters.filter(function (f) { return f.control.value; }); }

    function matches(r) {
      return active().every(function (f) {
        var cell = r.cells[f.key] || { values: [], state: "" };
        return cell.values.indexOf(f.control.value) !== -1 || (!cell.values.length && cell.state === f.control.value);
      });
    }

    function apply(save) {
      var count = 0;
      rows.forEach(function (r) {
        var match = matches(r);
        r.row.hidden = !match;
        if (match) count += 1;
      });
      status.textContent = count + " of " + rows.length + " systems";
      table.hidden = count === 0;
      empty.hidden = count !== 0;
      clear.disabled = !active().length;
      if (!save) return;
      var params = new URLSearchParams(window.location.search);
      filters.forEach(function (f) { if (f.control.value) params.set(f.key, f.control.value); else params.delete(f.key); });
      var query = params.toString();
      history.replaceState(history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
    }

    filters.forEach(function (f) { f.control.addEventListener("change", function () { apply(true); }); });
    clear.addEventListener("click", function () {
      filters.forEach(function (f) { f.control.value = ""; });
      apply(true);
      filters[0].control.focus();
    });

    /* the downloads of the rows shown: the comparison's JSON (written at build time beside
       the page), cut to the systems shown; a system without a profile only when nothing is chosen */
    var data = null;
    function entries() {
      if (!data) {
        data = window.rptLoadData(root.getAttribute("data-rpt-json")).then(function (all) {  // reports.js: from file:// too
          if (!all) throw new Error("the comparison's JSON is not there");
          return all;
        });
      }
      return data.then(function (all) {
        var shown = new Set();
        rows.forEach(function (r) { if (!r.row.hidden) shown.add(r.slug); });
        var everything = !active().length;
        return all.filter(function (e) { return shown.has(e.slug) || (everything && !e.profiled); });
      });
    }
    csv.addEventListener("click", function () {
      entries().then(function (list) {
        var header = ["system", "profiled"].concat(axes.map(function (a) { return a.key; }), ["url"]);
        var lines = [header.join(",")].concat(list.map(function (e) {
          var cells = axes.map(function (a) { return axisText(e.axes && Object.prototype.hasOwnProperty.call(e.axes, a.key) ? e.axes[a.key] : null); });
          return [e.system, e.profiled ? "yes" : "no"].concat(cells, [e.url]).map(csvCell).join(",");
        }));
        download("comparison.csv", "text/csv;charset=utf-8", lines.join("\r\n") + "\r\n");
      });
    });
    json.addEventListener("click", function () {
      entries().then(function (list) {
        download("comparison.json", "application/json", JSON.stringify(list, null, 1) + "\n");
      });
    });

    var params = new URLSearchParams(window.location.search);
    filters.forEach(function (f) {
      var wanted = params.get(f.key);
      if (!wanted) return;
      if (!Array.prototype.some.call(f.control.options, function (o) { return o.value === wanted; })) {
        var option = document.createElement("option");  // a value no system gives: shown, matching nothing
        option.value = wanted;
        option.textContent = wanted + " (0)";
        f.control.appendChild(option);
      }
      f.control.value = wanted;
    });
    apply(false);
  }

  function setupAll() {
    each(document.querySelectorAll(".rpt-index.rpt-records"), setup);
    each(document.querySelectorAll(".rpt-comparison"), setupComparison);
  }

  if (typeof window.document$ !== "undefined") {
    window.document$.subscribe(setupAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
})();
