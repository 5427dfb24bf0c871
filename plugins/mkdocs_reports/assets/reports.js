/* Record index: sort by clicking a column heading, filter by typing. No dependencies, so
   it works offline. Material replaces pages without reloading (document$), so the setup
   runs on every page it sees and marks tables it has done. */
(function () {
  "use strict";

  function cellValue(row, column) {
    var text = row.cells[column] ? row.cells[column].textContent.trim() : "";
    return { text: text.toLowerCase(), number: /^\d+$/.test(text) ? Number(text) : null };
  }

  function sortBy(table, column, header) {
    var body = table.tBodies[0];
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = cellValue(a, column), y = cellValue(b, column);
      var order = x.number !== null && y.number !== null
        ? x.number - y.number
        : x.text.localeCompare(y.text);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  function filter(table, query, status) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0, rows = table.tBodies[0].rows;
    Array.prototype.forEach.call(rows, function (row) {
      var text = row.textContent.toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    status.textContent = shown + " of " + rows.length + " records";
  }

  function setup(root) {
    var table = root.querySelector("table");
    if (!table || !table.tHead || !table.tBodies.length || root.dataset.rptReady) return;
    root.dataset.rptReady = "1";

    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = header.textContent;
      button.title = "Sort by " + header.textContent;
      header.textContent = "";
      header.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, column, header); });
    });

    var bar = document.createElement("div");
    bar.className = "rpt-index-filter";
    var input = document.createElement("input");
    input.type = "search";
    input.placeholder = "Filter by ID, system, report, kind, label or status";
    input.setAttribute("aria-label", "Filter records");
    var status = document.createElement("span");
    bar.appendChild(input);
    bar.appendChild(status);
    root.insertBefore(bar, root.firstChild);
    input.addEventListener("input", function () { filter(table, input.value, status); });
    filter(table, "", status);
  }

  function setupAll() {
    Array.prototype.forEach.call(document.querySelectorAll(".rpt-index"), setup);
  }

  if (typeof window.document$ !== "undefined") {
    window.document$.subscribe(setupAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
})();
