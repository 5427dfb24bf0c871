/* The rows a table shows, downloaded as CSV or JSON (the record index, the comparison). */
(function () {
  "use strict";
  var rpt = window.rptReports;

  /* CSV as spreadsheets read it: quoted cells; a cell that would start a formula gets a
     leading apostrophe, since report text is untrusted. */
  function csvCell(value) {
    value = String(value);
    if (/^[=+\-@\t\r]/.test(value)) value = "'" + value;
    return '"' + value.replace(/"/g, '""') + '"';
  }

  /** ``lines`` (each a list of cells) as a CSV file's text */
  function csv(header, lines) {
    return [header.join(",")].concat(lines.map(function (cells) { return cells.map(csvCell).join(","); })).join("\r\n") + "\r\n";
  }

  /** hand the reader a file ``name`` of ``type`` holding ``body`` */
  function download(name, type, body) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([body], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
  }

  rpt.csv = csv;
  rpt.download = download;
})();
