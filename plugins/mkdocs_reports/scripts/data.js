/* The site's data files: a system's previews (pages/previews.py: what its record links
   preview, what a record's neighbourhood shows), the comparison's JSON. Fetched, or, in a
   page read from file:// (where no page may fetch a local file), loaded as the script
   published beside the JSON (pages/data_scripts.py). */
(function () {
  "use strict";
  var rpt = window.rptReports;

  /** a data file of the site, by its JSON file's address (a promise); null when it cannot be had */
  function loadData(url) {
    url = new URL(url, location.href).href;
    if (location.protocol !== "file:") {
      return window.fetch
        ? fetch(url).then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; })
        : Promise.resolve(null);
    }
    return new Promise(function (resolve) {
      var script = document.createElement("script");
      script.onload = function () { resolve(rpt.own(window.rptData, url)); };
      script.onerror = function () { resolve(null); };
      script.src = url + ".js";
      document.head.appendChild(script);
    });
  }

  /** each system's previews (a promise), by the system's name: a Map, since a name is the
      author's and an object would answer "constructor" or "__proto__" from its prototype */
  var loaded = new Map();

  /** a system's previews: its records by anchor, and its annotations (a promise of null
      on a page that does not say where they are) */
  function previewsOf(system) {
    if (!loaded.has(system)) {
      loaded.set(system, rpt.previews ? loadData(rpt.previews + encodeURIComponent(system) + ".json") : Promise.resolve(null));
    }
    return loaded.get(system);
  }

  /** {system, anchor} of a link to a record within this site, or null */
  function target(link) {
    var root = rpt.root;
    if (!root || link.href.indexOf(root) !== 0 || !link.hash) return null;
    var system = link.href.slice(root.length).split(/[/#?]/)[0];
    return system ? { system: decodeURIComponent(system), anchor: decodeURIComponent(link.hash.slice(1)) } : null;
  }

  /** {system, anchor} of the record whose heading is ``heading`` on this page, or null */
  function here(heading) {
    var self = document.createElement("a");
    self.href = location.href.split("#")[0] + "#" + heading.id;
    return target(self);
  }

  rpt.loadData = loadData;
  rpt.previewsOf = previewsOf;
  rpt.target = target;
  rpt.here = here;
})();
