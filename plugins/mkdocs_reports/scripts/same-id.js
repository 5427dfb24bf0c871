/* A record whose ID other systems declare or cite too: a link in its bar
   (record-actions.js) to the index's rows of that ID (the system's previews say which
   systems), so the records point at each other without any page depending on another
   system's reports. */
(function () {
  "use strict";
  var rpt = window.rptReports;

  rpt.onRecordBar(function (heading, id, bar) {
    var where = rpt.here(heading);
    if (!where) return;
    rpt.previewsOf(where.system).then(function (data) {
      var record = rpt.own(data, heading.id);
      if (!record || !record.also_in.length || typeof data._index !== "string") return;
      var more = record.also_in_count - record.also_in.length;
      var link = document.createElement("a");
      link.className = "rpt-same-id";
      link.href = rpt.root + data._index + "?q=" + encodeURIComponent(id);
      link.textContent = "Same ID in " + record.also_in.join(", ") + (more > 0 ? " and " + more + " more" : "");
      bar.appendChild(link);
    });
  });
})();
