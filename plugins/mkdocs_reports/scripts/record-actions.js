/* Every record entry has a bar of actions below its heading, in sight (the theme's ¶
   shows only on hover): "Copy ID" and "Copy link" here, then what other features add to
   it (rpt.onRecordBar: neighbourhood.js, same-id.js), in the order they load. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var more = [];

  /** ``add(heading, id, bar)`` runs for every record's bar, after its copy buttons */
  rpt.onRecordBar = function (add) { more.push(add); };

  rpt.onEveryPage(function () {
    rpt.each(document.querySelectorAll(".md-typeset .rpt-record[id][data-rpt-id]"), function (heading) {
      if (heading.nextElementSibling && heading.nextElementSibling.classList.contains("rpt-record-actions")) return;
      var id = heading.getAttribute("data-rpt-id");
      var bar = document.createElement("div");
      bar.className = "rpt-record-actions";
      [["Copy ID", function () { return id; }],
       ["Copy link", function () { return location.href.split("#")[0] + "#" + heading.id; }]].forEach(function (action) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = action[0];
        button.dataset.rptLabel = action[0];
        button.setAttribute("aria-label", action[0] + " of " + id);
        button.addEventListener("click", function () { rpt.copy(action[1](), button); });
        bar.appendChild(button);
      });
      heading.parentNode.insertBefore(bar, heading.nextSibling);
      more.forEach(function (add) { add(heading, id, bar); });
    });
  });
})();
