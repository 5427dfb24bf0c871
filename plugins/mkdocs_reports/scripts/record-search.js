/* A record found from the site's search box by its full ID, and any words taken on to the
   record index. The theme's search index holds one entry per page, no record (it is
   fetched whole on every first visit: pages/search.py); a full ID typed into the box is
   looked up in the one small file its hash names (pages/record_lookup.py), fetched only
   then, and its records shown above the theme's results: Enter opens the first, as it
   would open the theme's best result. Every query also offers the record index filtered
   by its words (labels, paths, statuses of every record). The box is the theme's form
   named "search"; nothing of the theme is changed, only a block of ours added. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  /** the shape of a record ID (core/ids.py), in any case: a reader may type it lower-case */
  var ID_SHAPE = /^[a-z]{2,5}-[a-z]{2,4}-[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*){0,2}$/i;
  var BUCKETS = 256;

  /** the lookup file of a lower-case ID: 32-bit FNV-1a of its UTF-16 code units, modulo
      BUCKETS, as two hex digits (record_lookup.bucket) */
  function bucket(key) {
    var value = 0x811c9dc5;
    for (var i = 0; i < key.length; i++) value = Math.imul(value ^ key.charCodeAt(i), 0x01000193) >>> 0;
    return ("0" + (value % BUCKETS).toString(16)).slice(-2);
  }

  /** each lookup file asked for (a promise), by its name */
  var files = new Map();

  /** the records declaring a lower-case ID (a promise of a list, maybe empty): a record
      whose address is not the site's own is left out */
  function recordsOf(key) {
    var name = bucket(key);
    if (!files.has(name)) files.set(name, rpt.loadData(rpt.ids + name + ".json"));
    return files.get(name).then(function (data) {
      var found = rpt.own(data, key);
      return (Array.isArray(found) ? found : []).filter(function (entry) {
        return entry && typeof entry.location === "string" && typeof entry.title === "string" && typeof entry.where === "string"
          && new URL(entry.location, rpt.root).href.indexOf(rpt.root) === 0;
      });
    });
  }

  var wired = new WeakSet();

  function setup() {
    var form = document.forms.namedItem("search");
    var input = form && form.elements.namedItem("query");
    if (!rpt.ids || !rpt.records || !(input instanceof HTMLInputElement) || wired.has(input)) return;
    wired.add(input);  // the theme keeps its search box across instant navigation

    var panel = document.createElement("div");
    panel.className = "rpt-id-search";
    panel.hidden = true;
    var status = rpt.add(panel, "p", "rpt-id-search-status");
    status.setAttribute("role", "status");
    var list = rpt.add(panel, "ul", "rpt-id-search-list");
    var results = document.querySelector("[data-md-component=search-result]");
    if (results && results.parentNode) results.parentNode.insertBefore(panel, results);
    else form.parentNode.insertBefore(panel, form.nextSibling);

    /** the query shown, its records (null while they are fetched), the first record's link */
    var shown = { query: "", records: [], first: null, enter: false };

    function link(text, href) {
      var a = rpt.add(rpt.add(list, "li"), "a", "", text);
      a.href = href;
      return a;
    }

    function show(query, records) {
      list.textContent = "";
      shown.first = null;
      (records || []).forEach(function (entry) {
        /* each author text in a bdi of its own: a label's bidirectional override (U+202E)
           turns only the label, not the system and report named after it */
        var a = link("", new URL(entry.location, rpt.root).href);
        rpt.add(a, "bdi", "", entry.title);
        a.appendChild(document.createTextNode(" · "));
        rpt.add(a, "bdi", "", entry.where);
        if (!shown.first) shown.first = a;
      });
      link("Find “" + query + "” in the record index", rpt.records + "?q=" + encodeURIComponent(query));
      var count = records ? records.length : 0;
      status.textContent = records === null ? "Looking the ID up…"
        : !ID_SHAPE.test(query) ? ""
          : count === 0 ? "No record has this ID."
            : (count === 1 ? "A record has this ID" : count + " records have this ID") + ": Enter opens " + (count === 1 ? "it." : "the first.");
      panel.hidden = false;
    }

    /** an ID is looked up once the reader stops typing (each keystroke of an ID is an ID
        of another file), at once on Enter */
    var PAUSE = 250;
    var timer = null;

    function update(now) {
      clearTimeout(timer);
      var query = input.value.trim();
      shown.query = query;
      shown.records = [];
      if (!query) {
        panel.hidden = true;
        return;
      }
      if (!ID_SHAPE.test(query)) {
        show(query, []);
        return;
      }
      shown.records = null;
      show(query, null);
      timer = setTimeout(function () {
        recordsOf(query.toLowerCase()).then(function (records) {
          if (shown.query !== query) return;  // the reader typed on
          shown.records = records;
          show(query, records);
          if (shown.enter && shown.first) shown.first.click();
          shown.enter = false;
        });
      }, now === true ? 0 : PAUSE);
    }

    input.addEventListener("input", update);
    form.addEventListener("reset", function () { setTimeout(update); });
    /* before the theme's own Enter (it listens on the window, bubbling): the ID's record
       first; while the ID is being looked up, opened when it is found */
    window.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.target !== input || shown.query !== input.value.trim()) return;
      if (shown.records === null || shown.first) {
        event.preventDefault();
        event.stopImmediatePropagation();
        if (shown.first) shown.first.click();
        else {
          shown.enter = true;
          update(true);
        }
      }
    }, true);
    /* the block's links are reached from the box by keyboard: the theme closes its search
       on Tab and its arrows know only its own results, so Tab, Shift+Tab and the arrows
       move through the box and our links (before the theme's listener); Tab past our last
       link and the arrows past it are the theme's again. The theme hands every other key
       to the box, Shift too, which would take Shift+Tab away from our links */
    window.addEventListener("keydown", function (event) {
      if (panel.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
      var links = Array.prototype.slice.call(list.querySelectorAll("a[href]"));
      var at = event.target === input ? -1 : links.indexOf(event.target);
      if (at === -1 && event.target !== input) return;
      if (event.key === "Shift" && at >= 0) {
        event.stopImmediatePropagation();
        return;
      }
      var back = event.key === "ArrowUp" || (event.key === "Tab" && event.shiftKey);
      var on = event.key === "ArrowDown" || (event.key === "Tab" && !event.shiftKey);
      var to = on ? links[at + 1] : back && at >= 0 ? links[at - 1] || input : null;
      if (!to) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      to.focus();
    }, true);
    if (input.value) update();
  }

  rpt.onEveryPage(setup);
})();
