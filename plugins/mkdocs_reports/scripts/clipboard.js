/* Copying to the clipboard, for the copy buttons (record-actions.js, quote-copies.js): the
   button says "Copied" a moment, then its own label again (data-rpt-label). */
(function () {
  "use strict";
  var rpt = window.rptReports;

  function copyBySelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch { /* nothing more to try */ }
    area.remove();
  }

  rpt.copy = function (text, button) {
    var done = function () {
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = button.dataset.rptLabel; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { copyBySelection(text); done(); });
    } else {
      copyBySelection(text);
      done();
    }
  };
})();
