/* The plugin's script, one module per feature, each its own closure, sharing this one
   object, window.rptReports: published one after another as assets/mkdocs-reports/reports.js
   in the order pages/assets.py lists them (SCRIPT_FILES), this one first and start.js,
   which starts every feature on each page, last. A classic script, not ES modules: a site
   read from file:// may load no module.

   No dependencies, so it works offline. Material replaces pages without reloading
   (document$), so each feature's setup runs on every page it sees; features that listen
   on the document serve every page.

   This file: where the site is (the page says it: adapter/site_root.py), and the small
   tools every feature uses. Every value the scripts show is author text, only ever set as
   text (textContent) or an attribute value, never parsed as HTML. */
(function () {
  "use strict";

  /** {root, previews, ids, records}: whole URLs of the site's root, of the previews' and
      the ID lookup files' folders and of the record index, as the page's data-rpt-site
      says them, whatever the scripts are named; null without it */
  function whereTheSiteIs() {
    var said = document.documentElement.getAttribute("data-rpt-site");
    var site = null;
    try { site = said === null ? null : JSON.parse(said); } catch { return null; }
    var names = ["root", "previews", "ids", "records"];
    if (!site || !names.every(function (name) { return typeof site[name] === "string"; })) return null;
    var where = {};
    names.forEach(function (name) { where[name] = new URL(site[name], location.href).href; });
    return where;
  }

  var setups = [];
  var site = whereTheSiteIs();

  window.rptReports = {
    /** the site's root as a whole URL, or null on a page that does not say it */
    root: site && site.root,
    /** the folder of the systems' preview files (pages/previews.py) as a whole URL, or null */
    previews: site && site.previews,
    /** the folder of the record IDs' lookup files (pages/record_lookup.py), or null */
    ids: site && site.ids,
    /** the record index page as a whole URL, or null */
    records: site && site.records,

    /** the entry ``key`` of parsed JSON when it is the JSON's own, else null: a key is the
        author's, and a plain object inherits "constructor", "toString" … */
    own: function (data, key) {
      return data && typeof key === "string" && Object.prototype.hasOwnProperty.call(data, key) ? data[key] : null;
    },

    /** a new element ``tag`` in ``parent``, with a class and text if given */
    add: function (parent, tag, className, text) {
      var el = document.createElement(tag);
      if (className) el.className = className;
      if (text !== undefined) el.textContent = text;
      parent.appendChild(el);
      return el;
    },

    /** forEach over a NodeList, an HTMLCollection or an array */
    each: function (list, fn) { Array.prototype.forEach.call(list, fn); },

    /** run ``setup`` on every page, in the order the features asked (start.js starts them) */
    onEveryPage: function (setup) { setups.push(setup); },

    /** every feature's setup, in order (start.js) */
    setupAll: function () { setups.forEach(function (setup) { setup(); }); },
  };
})();
