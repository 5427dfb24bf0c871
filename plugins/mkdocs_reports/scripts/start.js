/* Last of the plugin's scripts: every feature's setup on this page and, with Material's
   instant navigation (document$), on every page it shows after it. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  if (typeof window.document$ !== "undefined") {
    window.document$.subscribe(rpt.setupAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", rpt.setupAll);
  } else {
    rpt.setupAll();
  }
})();
