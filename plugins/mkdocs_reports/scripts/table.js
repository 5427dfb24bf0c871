/* One filterable table, as the record index, the comparison and the systems list have it:
   sort by a column heading, filter by the controls above it, count the rows shown
   ("12 of 40 records", announced as it changes; data-rpt-noun names what the rows are),
   say so when none match, and keep the view in the address (?kind=…&sort=…), so that it
   can be shared as a link and other pages link into filtered views.

   Every value comes from the table the plugin wrote and is only ever read and set as text
   (textContent, getAttribute, option values), never as HTML. Every map keyed by what a
   page holds (headings, values) has no prototype (Object.create(null)) or is a Map or Set:
   those are the author's words, and a plain object already "has" constructor and __proto__. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var each = rpt.each;

  function byName() { return Object.create(null); }

  /** a cell's text, its white space collapsed */
  function text(cell) { return cell ? cell.textContent.replace(/\s+/g, " ").trim() : ""; }

  /** the words of a free-text filter, each to be found in a row */
  function words(query) { return query.toLowerCase().split(/\s+/).filter(Boolean); }

  function button(label) {
    var made = document.createElement("button");
    made.type = "button";
    made.textContent = label;
    return made;
  }

  /** a control with its name above it */
  function labelled(labelText, control) {
    var label = document.createElement("label");
    rpt.add(label, "span", "", labelText);
    label.appendChild(control);
    return label;
  }

  /** a choice of ``values`` (or "any"), as a filter keyed ``key`` */
  function choice(key, labelText, values) {
    var select = document.createElement("select");
    select.dataset.rptKey = key;
    rpt.add(select, "option", "", "any").value = "";
    values.forEach(function (value) { rpt.add(select, "option", "", value).value = value; });
    return { key: key, control: select, label: labelled(labelText, select) };
  }

  /** ``values`` without blanks and repeats, in order */
  function unique(values) {
    var seen = new Set();
    return values.filter(function (v) { if (!v || seen.has(v)) return false; seen.add(v); return true; })
      .sort(function (a, b) { return a.localeCompare(b); });
  }

  /** what a filter asks for: a checkbox "1" when checked, else its control's value */
  function value(filter) {
    return filter.control.type === "checkbox" ? (filter.control.checked ? "1" : "") : filter.control.value;
  }

  /** the table of ``root`` (a .rpt-index or .rpt-comparison) with its rows read, or null when
      it has none or is set up already: {root, table, headings, rows, start}. Each row is
      {row, cells (text by heading), words: its text and its data-rpt-words (what else it is
      found by: a record's quoted files)}; ``read(row, entry)`` adds what a page needs. */
  function table(root, read) {
    var element = root.querySelector("table");
    if (!element || !element.tHead || !element.tBodies.length || root.dataset.rptReady) return null;
    root.dataset.rptReady = "1";
    var headings = Array.prototype.map.call(element.tHead.rows[0].cells, text);
    var rows = Array.prototype.map.call(element.tBodies[0].rows, function (row) {
      var cells = byName();
      headings.forEach(function (heading, column) { cells[heading] = text(row.cells[column]); });
      var entry = { row: row, cells: cells, words: (row.textContent + " " + (row.getAttribute("data-rpt-words") || "")).toLowerCase() };
      if (read) read(row, entry);
      return entry;
    });
    var made = { root: root, table: element, headings: headings, rows: rows };
    made.start = function (options) { return start(made, options); };
    return made;
  }

  /* the controls: above the table its filters (``bar``); the count of rows shown in the
     bar, or, with ``actions`` (buttons), in a row of its own before them; below the table
     what is said when no row matches */
  function mount(root, bar, status, actions, emptyText) {
    status.className = "rpt-index-count";
    status.setAttribute("role", "status");
    if (actions) {
      var row = document.createElement("div");
      row.className = "rpt-index-actions";
      [status].concat(actions).forEach(function (el) { row.appendChild(el); });
      root.insertBefore(row, root.firstChild);
    } else {
      bar.appendChild(status);
    }
    root.insertBefore(bar, root.firstChild);
    var empty = rpt.add(root, "p", "rpt-index-empty", emptyText);
    empty.hidden = true;
    return empty;
  }

  /** the table's controls at work. ``options``: bar (the element holding the filters),
      filters ([{key, control, label?, matches(row, wanted), absent(wanted)?}]), actions
      (buttons beside the count, or none), empty (what no match says), sortable, address
      (keep the view in the address), applied(count, chosen) (after every change: the rows
      shown, the filters chosen) */
  function start(t, options) {
    var filters = options.filters;
    var headerCells = t.table.tHead.rows[0].cells;
    var noun = t.root.dataset.rptNoun || "rows";
    var sort = { column: -1, ascending: true };
    var status = document.createElement("span");
    filters.forEach(function (f) { if (f.label) options.bar.appendChild(f.label); });
    var empty = mount(t.root, options.bar, status, options.actions, options.empty);

    function active() { return filters.filter(function (f) { return value(f); }); }

    function matches(r) {
      return active().every(function (f) { return f.matches(r, value(f)); });
    }

    function order() {
      if (sort.column < 0) return t.rows;
      var heading = t.headings[sort.column];
      return t.rows.slice().sort(function (a, b) {
        var x = a.cells[heading], y = b.cells[heading];
        var diff = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.toLowerCase().localeCompare(y.toLowerCase());
        return sort.ascending ? diff : -diff;
      });
    }

    /** the rows shown, in the order shown */
    function shown() { return order().filter(function (r) { return !r.row.hidden; }); }

    function saveView() {
      var params = new URLSearchParams(window.location.search);
      filters.forEach(function (f) { if (value(f)) params.set(f.key, value(f)); else params.delete(f.key); });
      if (sort.column >= 0) {
        params.set("sort", t.headings[sort.column].toLowerCase());
        params.set("order", sort.ascending ? "asc" : "desc");
      }
      var query = params.toString();
      history.replaceState(history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
    }

    function readView() {
      var params = new URLSearchParams(window.location.search);
      filters.forEach(function (f) {
        var wanted = params.get(f.key);
        if (wanted === null) return;
        if (f.control.type === "checkbox") f.control.checked = wanted === "1";
        else if (f.control.tagName === "SELECT") {
          if (!Array.prototype.some.call(f.control.options, function (o) { return o.value === wanted; })) {
            // a value no row has: shown, matching nothing
            rpt.add(f.control, "option", "", f.absent ? f.absent(wanted) : wanted).value = wanted;
          }
          f.control.value = wanted;
        } else f.control.value = wanted;
      });
      var sortBy = t.headings.map(function (h) { return h.toLowerCase(); }).indexOf(params.get("sort"));
      if (options.sortable && sortBy >= 0) sort = { column: sortBy, ascending: params.get("order") !== "desc" };
    }

    function apply(save) {
      var count = 0;
      t.rows.forEach(function (r) {
        var match = matches(r);
        r.row.hidden = !match;
        if (match) count += 1;
      });
      if (options.sortable) {
        var body = t.table.tBodies[0];
        order().forEach(function (r) { body.appendChild(r.row); });
        each(headerCells, function (cell, column) {
          if (column === sort.column) cell.setAttribute("aria-sort", sort.ascending ? "ascending" : "descending");
          else cell.removeAttribute("aria-sort");
        });
      }
      status.textContent = count + " of " + t.rows.length + " " + noun;
      t.table.hidden = count === 0;
      empty.hidden = count !== 0;
      if (options.applied) options.applied(count, active().length);
      if (save && options.address) saveView();
    }

    if (options.sortable) {
      each(headerCells, function (header, column) {
        var sorter = button(t.headings[column]);
        sorter.title = "Sort by " + t.headings[column];
        header.textContent = "";
        header.appendChild(sorter);
        sorter.addEventListener("click", function () {
          sort.ascending = sort.column === column ? !sort.ascending : true;
          sort.column = column;
          apply(true);
        });
      });
    }
    filters.forEach(function (f) {
      f.control.addEventListener(f.control.tagName === "SELECT" || f.control.type === "checkbox" ? "change" : "input",
        function () { apply(true); });
    });
    if (options.address) readView();
    apply(false);
    return { apply: apply, active: active, shown: shown };
  }

  rpt.table = table;
  rpt.table.text = text;
  rpt.table.words = words;
  rpt.table.button = button;
  rpt.table.labelled = labelled;
  rpt.table.choice = choice;
  rpt.table.unique = unique;
  rpt.table.byName = byName;
})();
