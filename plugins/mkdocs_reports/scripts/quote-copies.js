/* Every quote's passage has a copy button: a plain button per passage, and one listener on
   the document for them all (the theme's copy buttons come with a tooltip and watchers
   each, which thousands of quotes on a page cannot afford). They are made a few hundred
   at a time, in the order of the page, between the reader's own tasks: the page is
   interactive before the last is there. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var QUOTES_AT_ONCE = 200;

  rpt.onEveryPage(function () {
    var passages = document.querySelectorAll(".rpt-passage");
    var next = 0;
    var later = window.requestIdleCallback || function (run) { return setTimeout(run, 0); };
    function some() {
      var end = Math.min(next + QUOTES_AT_ONCE, passages.length);
      for (; next < end; next++) {
        var passage = passages[next];
        if (!passage.isConnected || passage.querySelector(":scope > .rpt-copy-quote")) continue;
        var button = document.createElement("button");
        button.type = "button";
        button.className = "rpt-copy-quote";
        button.textContent = "Copy";
        button.dataset.rptLabel = "Copy";
        button.setAttribute("aria-label", "Copy the quote");
        passage.insertBefore(button, passage.firstChild);
      }
      if (next < passages.length) later(some);
    }
    some();
  });

  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest(".rpt-copy-quote") : null;
    var code = button && button.parentNode.querySelector(":scope > code");
    if (code) rpt.copy(code.textContent, button);
  });
})();
