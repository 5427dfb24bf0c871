/* What the theme leaves out for keyboard and screen-reader users: code and tables that
   scroll sideways take focus (so their hidden part can be scrolled to), the search dialog
   has a name, and the bar of a code block's copy button is no navigation landmark (the
   theme makes it a nameless nav, one per block, which a screen reader lists among the
   site's navigations). */
(function () {
  "use strict";
  var rpt = window.rptReports;

  rpt.onEveryPage(function () {
    rpt.each(document.querySelectorAll(".md-typeset pre > code, .md-typeset .md-typeset__scrollwrap"), function (box) {
      if (box.scrollWidth > box.clientWidth + 1 && !box.hasAttribute("tabindex")) box.tabIndex = 0;
    });
    var search = document.querySelector(".md-search[role=dialog]");
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
    rpt.each(document.querySelectorAll("nav.md-code__nav:not([role])"), function (bar) {
      bar.setAttribute("role", "none");
    });
  });
})();
