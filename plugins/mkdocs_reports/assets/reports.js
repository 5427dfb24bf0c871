/* Filterable tables (.rpt-index: the record index, the systems list): sort by clicking a
   column heading, filter by typing; data-rpt-noun names what the rows are and
   data-rpt-hint is the filter box's placeholder. Record links: their label as a tooltip.
   No dependencies, so it works offline. Material replaces pages without reloading
   (document$), so the index setup runs on every page it sees and marks tables it has
   done; the tooltip listens on the document, so it serves every page. */
(function () {
  "use strict";

  /* A record link's label (data-rpt-label) shows below it on hover and keyboard focus,
     and is its accessible description meanwhile. The label is author text: it is only
     ever set as text (textContent), never parsed as HTML. */
  var tooltip = null;

  function recordLink(node) {
    return node && node.closest ? node.closest("a[data-rpt-label]") : null;
  }

  function showLabel(link) {
    if (!tooltip) {
      tooltip = document.createElement("div");
      tooltip.id = "rpt-tooltip";
      tooltip.className = "rpt-tooltip";
      tooltip.setAttribute("role", "tooltip");
      document.body.appendChild(tooltip);
    }
    tooltip.textContent = link.getAttribute("data-rpt-label");
    tooltip.hidden = false;
    var box = link.getBoundingClientRect();
    var right = document.documentElement.clientWidth - tooltip.offsetWidth - 8;
    tooltip.style.left = window.scrollX + Math.max(8, Math.min(box.left, right)) + "px";
    tooltip.style.top = window.scrollY + box.bottom + 6 + "px";
    link.setAttribute("aria-describedby", tooltip.id);
  }

  function hideLabel(link) {
    if (tooltip) tooltip.hidden = true;
    if (link) link.removeAttribute("aria-describedby");
  }

  document.addEventListener("mouseover", function (event) {
    var link = recordLink(event.target);
    if (link && !link.contains(event.relatedTarget)) showLabel(link);
  });
  document.addEventListener("mouseout", function (event) {
    var link = recordLink(event.target);
    if (link && !link.contains(event.relatedTarget)) hideLabel(link);
  });
  document.addEventListener("focusin", function (event) {
    var link = recordLink(event.target);
    if (link) showLabel(link);
  });
  document.addEventListener("focusout", function (event) {
    hideLabel(recordLink(event.target));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hideLabel(recordLink(document.activeElement));
  });

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

  function filter(table, query, status, noun) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0, rows = table.tBodies[0].rows;
    Array.prototype.forEach.call(rows, function (row) {
      var text = row.textContent.toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    status.textContent = shown + " of " + rows.length + " " + noun;
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
    var noun = root.dataset.rptNoun || "rows";
    input.placeholder = root.dataset.rptHint || "Filter";
    input.setAttribute("aria-label", "Filter " + noun);
    var status = document.createElement("span");
    bar.appendChild(input);
    bar.appendChild(status);
    root.insertBefore(bar, root.firstChild);
    input.addEventListener("input", function () { filter(table, input.value, status, noun); });
    filter(table, "", status, noun);
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
