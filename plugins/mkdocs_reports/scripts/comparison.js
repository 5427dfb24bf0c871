/* The comparison of memory profiles (comparison/, .rpt-comparison), a table of table.js:
   a choice per axis ("read-back signal includes inferred-embedding"), with how many
   systems give each value; the view kept in the address (?read_back_signal=…); the rows
   shown downloaded as CSV or JSON, cut from the comparison's JSON the build wrote beside
   the page (data-rpt-json). */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var each = rpt.each, tables = rpt.table;
  var NONE = { values: [], state: "" };

  /** how the comparison's CSV writes one axis of one system (pages/comparison.py, cell_text) */
  function axisText(axis) {
    if (!axis || !axis.assessment) return "";
    var values = (axis.values || []).map(function (v) {
      return v.bases && v.bases.length ? v.value + " (" + v.bases.join(", ") + ")" : v.value;
    }).join("; ");
    if (axis.assessment === "known" && values) return values;
    return values ? axis.assessment + ": " + values : axis.assessment;
  }

  /** a row's system and, by axis, the values it gives or the state it is in */
  function read(row, entry) {
    var axes = tables.byName();
    each(row.querySelectorAll("td[data-rpt-axis]"), function (cell) {
      axes[cell.getAttribute("data-rpt-axis")] = {
        values: Array.prototype.map.call(cell.querySelectorAll("[data-rpt-value]"), function (v) { return v.getAttribute("data-rpt-value"); }),
        state: cell.getAttribute("data-rpt-state") || "",
      };
    });
    entry.axes = axes;
    entry.slug = row.getAttribute("data-rpt-system") || "";
  }

  /** the choice of an axis: its values, the most given first, then (as "no value") the
      states of systems that give none, each with how many systems it holds */
  function axisFilter(axis, rows) {
    var counts = tables.byName(), states = tables.byName();
    rows.forEach(function (r) {
      var cell = r.axes[axis.key] || NONE;
      cell.values.forEach(function (v) { counts[v] = (counts[v] || 0) + 1; });
      if (!cell.values.length && cell.state) states[cell.state] = (states[cell.state] || 0) + 1;
    });
    var select = document.createElement("select");
    select.dataset.rptKey = axis.key;
    rpt.add(select, "option", "", "any").value = "";
    [[counts, null], [states, "no value"]].forEach(function (group) {
      var names = Object.keys(group[0]).sort(function (a, b) { return group[0][b] - group[0][a] || a.localeCompare(b); });
      if (!names.length) return;
      var parent = select;
      if (group[1]) {
        parent = rpt.add(select, "optgroup");
        parent.label = group[1];
      }
      names.forEach(function (name) { rpt.add(parent, "option", "", name + " (" + group[0][name] + ")").value = name; });
    });
    return {
      key: axis.key, control: select, label: tables.labelled(axis.title + " includes", select),
      matches: function (r, wanted) {
        var cell = r.axes[axis.key] || NONE;
        return cell.values.indexOf(wanted) !== -1 || (!cell.values.length && cell.state === wanted);
      },
      absent: function (wanted) { return wanted + " (0)"; },  // a value no system gives
    };
  }

  function setup(root) {
    var t = tables(root, read);
    if (!t) return;
    var axes = Array.prototype.map.call(t.table.tHead.querySelectorAll("th[data-rpt-axis]"), function (th) {
      return { key: th.getAttribute("data-rpt-axis"), title: tables.text(th) };
    });
    var bar = document.createElement("div");
    bar.className = "rpt-index-filter rpt-comparison-filter";
    var filters = axes.map(function (axis) { return axisFilter(axis, t.rows); });
    var clear = tables.button("Show every system");
    var csv = tables.button("Download CSV");
    var json = tables.button("Download JSON");
    var view = t.start({
      bar: bar, filters: filters, actions: [clear, csv, json], empty: "No system matches these choices.", address: true,
      applied: function (count, chosen) { clear.disabled = !chosen; },
    });
    clear.addEventListener("click", function () {
      filters.forEach(function (f) { f.control.value = ""; });
      view.apply(true);
      filters[0].control.focus();
    });

    /* the downloads of the rows shown: the comparison's JSON, cut to the systems shown; a
       system without a profile only when nothing is chosen */
    var data = null;
    function entries() {
      if (!data) {
        data = rpt.loadData(root.getAttribute("data-rpt-json")).then(function (all) {  // from file:// too
          if (!all) throw new Error("the comparison's JSON is not there");
          return all;
        });
      }
      return data.then(function (all) {
        var shown = new Set();
        t.rows.forEach(function (r) { if (!r.row.hidden) shown.add(r.slug); });
        var everything = !view.active().length;
        return all.filter(function (e) { return shown.has(e.slug) || (everything && !e.profiled); });
      });
    }
    csv.addEventListener("click", function () {
      entries().then(function (list) {
        var header = ["system", "profiled"].concat(axes.map(function (a) { return a.key; }), ["url"]);
        rpt.download("comparison.csv", "text/csv;charset=utf-8", rpt.csv(header, list.map(function (e) {
          var cells = axes.map(function (a) { return axisText(rpt.own(e.axes, a.key)); });
          return [e.system, e.profiled ? "yes" : "no"].concat(cells, [e.url]);
        })));
      });
    });
    json.addEventListener("click", function () {
      entries().then(function (list) {
        rpt.download("comparison.json", "application/json", JSON.stringify(list, null, 1) + "\n");
      });
    });
  }

  rpt.onEveryPage(function () { each(document.querySelectorAll(".rpt-comparison"), setup); });
})();
