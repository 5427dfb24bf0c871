/* Record links: a preview of their record. Filterable tables (.rpt-index, but the record
   index, which has record-index.js): sort by clicking a column heading, filter by typing;
   data-rpt-noun names what the rows are and data-rpt-hint is the filter box's placeholder.
   What the theme leaves out for keyboard users.
   No dependencies, so it works offline. Material replaces pages without reloading
   (document$), so the setup runs on every page it sees; the tooltip listens on the
   document, so it serves every page. (The record index has its own script.) */
(function () {
  "use strict";

  /* A record link previews its record below it: on hover, on keyboard focus, and on a
     first tap on a touch screen (a second tap follows the link; the preview has a link
     too). Escape, leaving the link or tapping elsewhere closes it. It shows the link's
     label (data-rpt-label) at once, then what previews/<system>.json (previews.py) says:
     kind, label, system and member, statuses as badges, what the reconciliation changed
     (superseded by, supersedes, amended, unresolved conflict), the first sentences, how often
     it is cited, other systems with the same ID. All of it is author text, only ever set
     as text (textContent), never parsed as HTML. */
  var PREVIEWS = "assets/mkdocs-reports/previews/";
  var root = (function () {  // the site's root, as the page says it (site_root.py), whatever the script is named
    var at = document.documentElement.getAttribute("data-rpt-root");
    return at === null ? null : new URL(at, location.href).href;
  })();
  /** each system's previews (a promise), by the system's name: a Map, since a name is the
      author's and an object would answer "constructor" or "__proto__" from its prototype */
  var loaded = new Map();
  var tooltip = null;
  var shownFor = null;
  var pointer = "mouse";

  function recordLink(node) {
    return node && node.closest ? node.closest("a[data-rpt-label]") : null;
  }

  /** {system, anchor} of a record link within this site, or null */
  function target(link) {
    if (!root || link.href.indexOf(root) !== 0 || !link.hash) return null;
    var system = link.href.slice(root.length).split(/[/#?]/)[0];
    return system ? { system: decodeURIComponent(system), anchor: decodeURIComponent(link.hash.slice(1)) } : null;
  }

  /** the entry ``key`` of parsed JSON when it is the JSON's own, else null: a key is the
      author's, and a plain object inherits "constructor", "toString" … */
  function own(data, key) {
    return data && typeof key === "string" && Object.prototype.hasOwnProperty.call(data, key) ? data[key] : null;
  }

  /** a data file of the site, by its JSON file's address: fetched, or, in a page read from
      file:// (where no page may fetch a local file), loaded as the script published beside
      it (data_scripts.py); null when it cannot be had */
  function loadData(url) {
    url = new URL(url, location.href).href;
    if (location.protocol !== "file:") {
      return window.fetch
        ? fetch(url).then(function (r) { return r.ok ? r.json() : null; }).catch(function () { return null; })
        : Promise.resolve(null);
    }
    return new Promise(function (resolve) {
      var script = document.createElement("script");
      script.onload = function () { resolve(own(window.rptData, url)); };
      script.onerror = function () { resolve(null); };
      script.src = url + ".js";
      document.head.appendChild(script);
    });
  }
  window.rptLoadData = loadData;  // record-index.js reads the comparison's JSON with it

  function previews(system) {
    if (!loaded.has(system)) {
      loaded.set(system, root ? loadData(root + PREVIEWS + encodeURIComponent(system) + ".json") : Promise.resolve(null));
    }
    return loaded.get(system);
  }

  function add(parent, tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    parent.appendChild(el);
    return el;
  }

  /** the page's labels by link target, read once per page (not once per hover: a page
      holds thousands of record links); remade when instant navigation replaced the page */
  var labels = null;

  /** a link's label: its own, or (said once per page: label_once.py) the first link's to
      the same place */
  function labelOf(link) {
    var label = link.getAttribute("data-rpt-label");
    if (label) return label;
    if (!labels || !labels.first || !labels.first.isConnected) {
      labels = { first: null, byHref: new Map() };
      document.querySelectorAll("a[data-rpt-label]").forEach(function (other) {
        var text = other.getAttribute("data-rpt-label"), href = other.getAttribute("href");
        if (!text) return;
        if (!labels.first) labels.first = other;
        if (!labels.byHref.has(href)) labels.byHref.set(href, text);
      });
    }
    return labels.byHref.get(link.getAttribute("href")) || "";
  }

  function fill(link, record) {
    tooltip.textContent = "";
    if (!record) {
      add(tooltip, "p", "rpt-preview-label", labelOf(link));
    } else {
      var head = add(tooltip, "p", "rpt-preview-head");
      add(head, "strong", "", record.id);
      add(head, "span", "", " · " + record.kind);
      if (record.label) add(tooltip, "p", "rpt-preview-label", record.label);
      add(tooltip, "p", "rpt-preview-where", record.system + " · " + record.member + (record.published ? "" : " (not published)"));
      if (record.statuses.length) {
        var statuses = add(tooltip, "p", "rpt-preview-statuses");
        record.statuses.forEach(function (s) {
          add(statuses, "span", "rpt-status rpt-status--" + s.tone.replace(/[^a-z-]/g, ""), s.layer + ": " + s.value);
          statuses.appendChild(document.createTextNode(" "));
        });
      }
      (record.corrections || []).forEach(function (c) {
        var line = add(tooltip, "p", "rpt-preview-correction");
        add(line, "strong", "rpt-correction rpt-correction--" + c.kind.replace(/[^a-z-]/g, ""), c.summary);
        if (c.excerpt) line.appendChild(document.createTextNode(": " + c.excerpt));
      });
      if (record.excerpt) add(tooltip, "p", "rpt-preview-excerpt", record.excerpt);
      else if (!record.published) add(tooltip, "p", "rpt-preview-excerpt", "Declared in a member that is not published: cited, not described here.");
      var meta = "Cited by " + record.cited_by + (record.cited_by === 1 ? " place" : " places");
      if (record.also_in.length) meta += " · same ID in " + record.also_in.join(", ");
      add(tooltip, "p", "rpt-preview-meta", meta);
    }
    if (pointer === "touch") {
      var open = add(tooltip, "a", "rpt-preview-open", "Go to " + (record ? record.id : link.textContent));
      open.href = link.href;
    }
    place(link);
  }

  function place(link) {
    var box = link.getBoundingClientRect();
    var right = document.documentElement.clientWidth - tooltip.offsetWidth - 8;
    tooltip.style.left = window.scrollX + Math.max(8, Math.min(box.left, right)) + "px";
    tooltip.style.top = window.scrollY + box.bottom + 6 + "px";
  }

  function show(link) {
    if (!tooltip) {
      tooltip = document.createElement("div");
      tooltip.id = "rpt-tooltip";
      tooltip.className = "rpt-tooltip";
      tooltip.setAttribute("role", "tooltip");
      document.body.appendChild(tooltip);
    }
    shownFor = link;
    tooltip.hidden = false;
    tooltip.classList.toggle("rpt-tooltip--touch", pointer === "touch");
    fill(link, null);
    link.setAttribute("aria-describedby", tooltip.id);
    var where = target(link);
    if (where) {
      previews(where.system).then(function (data) {
        var record = own(data, where.anchor);
        if (record && shownFor === link && !tooltip.hidden) fill(link, record);
      });
    }
  }

  function hide(link) {
    if (tooltip) tooltip.hidden = true;
    shownFor = null;
    if (link) link.removeAttribute("aria-describedby");
  }

  document.addEventListener("pointerdown", function (event) { pointer = event.pointerType || "mouse"; }, true);
  document.addEventListener("mouseover", function (event) {
    var link = recordLink(event.target);
    if (link && pointer !== "touch" && !link.contains(event.relatedTarget)) show(link);
  });
  document.addEventListener("mouseout", function (event) {
    var link = recordLink(event.target);
    if (link && pointer !== "touch" && !link.contains(event.relatedTarget)) hide(link);
  });
  document.addEventListener("click", function (event) {
    var link = recordLink(event.target);
    if (pointer !== "touch") return;
    if (link && shownFor !== link) {
      event.preventDefault();  // the first tap previews; the second follows the link
      show(link);
    } else if (!link && shownFor && !(tooltip && tooltip.contains(event.target))) {
      hide(shownFor);
    }
  });
  document.addEventListener("focusin", function (event) {
    var link = recordLink(event.target);
    if (link && pointer !== "touch") show(link);
  });
  document.addEventListener("focusout", function (event) {
    var link = recordLink(event.target);
    if (link && pointer !== "touch") hide(link);
  });
  document.addEventListener("keydown", function (event) {
    pointer = "keyboard";
    if (event.key === "Escape" && shownFor) hide(shownFor);
  });

  function cellValue(row, column) {
    var text = row.cells[column] ? row.cells[column].textContent.trim() : "";
    return { text: text.toLowerCase(), number: /^\d+$/.test(text) ? Number(text) : null };
  }

  function sortBy(table, column, header) {
    var body = table.tBodies[0];
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = cellValue(a, column), y = cellValue(b, column);
      var order = x.number !== null && y.number !== null
        ? x.number - y.number
        : x.text.localeCompare(y.text);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  function filter(table, query, status, noun, empty) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0, rows = table.tBodies[0].rows;
    Array.prototype.forEach.call(rows, function (row) {
      var text = row.textContent.toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    status.textContent = shown + " of " + rows.length + " " + noun;
    table.hidden = shown === 0;
    empty.hidden = shown !== 0;
  }

  /* Filterable tables other than the record index (which has its own script,
     record-index.js): the systems list. */
  function setup(root) {
    var table = root.querySelector("table");
    if (!table || !table.tHead || !table.tBodies.length || root.dataset.rptReady) return;
    root.dataset.rptReady = "1";

    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = header.textContent;
      button.title = "Sort by " + header.textContent;
      header.textContent = "";
      header.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, column, header); });
    });

    var bar = document.createElement("div");
    bar.className = "rpt-index-filter";
    var input = document.createElement("input");
    input.type = "search";
    var noun = root.dataset.rptNoun || "rows";
    input.placeholder = root.dataset.rptHint || "Filter";
    input.setAttribute("aria-label", "Filter " + noun);
    var status = document.createElement("span");
    status.className = "rpt-index-count";
    status.setAttribute("role", "status");  // announced as it changes
    var empty = document.createElement("p");
    empty.className = "rpt-index-empty";
    empty.textContent = "Nothing matches this filter.";
    empty.hidden = true;
    bar.appendChild(input);
    bar.appendChild(status);
    root.insertBefore(bar, root.firstChild);
    root.appendChild(empty);
    input.addEventListener("input", function () { filter(table, input.value, status, noun, empty); });
    filter(table, "", status, noun, empty);
  }

  /* What the theme leaves out for keyboard and screen-reader users: code and tables that
     scroll sideways take focus (so their hidden part can be scrolled to), the search
     dialog has a name, and the bar of a code block's copy button is no navigation
     landmark (the theme makes it a nameless nav, one per block, which a screen reader
     lists among the site's navigations). */
  function fillGaps() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset pre > code, .md-typeset .md-typeset__scrollwrap"), function (box) {
      if (box.scrollWidth > box.clientWidth + 1 && !box.hasAttribute("tabindex")) box.tabIndex = 0;
    });
    var search = document.querySelector(".md-search[role=dialog]");
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
    Array.prototype.forEach.call(document.querySelectorAll("nav.md-code__nav:not([role])"), function (bar) {
      bar.setAttribute("role", "none");
    });
  }

  /* Every record entry offers "Copy ID" and "Copy link" in sight (the theme's ¶ shows
     only on hover). */
  function copy(text, button) {
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
  }

  function copyBySelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (error) { /* nothing more to try */ }
    area.remove();
  }

  function recordActions() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset .rpt-record[id][data-rpt-id]"), function (heading) {
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
        button.addEventListener("click", function () { copy(action[1](), button); });
        bar.appendChild(button);
      });
      heading.parentNode.insertBefore(bar, heading.nextSibling);
      neighbourhoodToggle(heading, id, bar);
      sameId(heading, id, bar);
    });
  }

  /* A record's neighbourhood, drawn when its "Neighbourhood" button opens it: above, the
     records and annotations that cite it, annotate it or are its parts; in the middle the
     record; below, what it cites and the whole it is part of; then other systems with the
     same ID. Each box is a link (SVG a, reachable by Tab); a list says the same in words.
     The data is the system's preview file (previews.py), already fetched for the
     previews; everything in it is set as text or as an attribute value of the plugin's
     own making (anchors and page paths, checked against a pattern before use). */
  var SVG = "http://www.w3.org/2000/svg";
  var BOX = { width: 250, height: 26, gap: 14, band: 30, pad: 8 };
  var SAFE_ANCHOR = /^[a-z0-9][a-z0-9_-]*$/;
  var SAFE_PAGE = /^(?:[A-Za-z0-9_.-]+\/)*(?:[A-Za-z0-9_.-]+\.html)?$/;

  function svg(parent, tag, attributes, text) {
    var el = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (name) { el.setAttribute(name, String(attributes[name])); });
    if (text !== undefined) el.textContent = text;
    parent.appendChild(el);
    return el;
  }

  function recordNode(data, anchor) {
    var record = SAFE_ANCHOR.test(anchor) ? own(data, anchor) : null;
    if (!record || typeof record.page !== "string" || !SAFE_PAGE.test(record.page)) return null;
    return { text: record.id, title: record.id + (record.label ? " — " + record.label : "") + " (" + record.member + (record.published ? "" : ", not published") + ")",
             href: root + record.page + "#" + anchor, kind: record.published ? "record" : "external" };
  }

  function annotationNode(data, annotation) {
    if (typeof annotation.page !== "string" || !SAFE_PAGE.test(annotation.page) || !SAFE_ANCHOR.test(annotation.anchor)) return null;
    var on = own(data, annotation.on) ? own(data, annotation.on).id : "";
    return { text: "On " + on, title: annotation.where + " on " + on, href: root + annotation.page + "#" + annotation.anchor, kind: "annotation" };
  }

  /** [{name, relation, nodes}] above (incoming) and below (outgoing) the record */
  function neighbours(data, anchor) {
    var record = own(data, anchor), citedBy = [], parts = [], annotatedIn = [], citingAnnotations = [];
    Object.keys(data).forEach(function (key) {
      var other = own(data, key);
      if (key.charAt(0) === "_" || key === anchor || !other) return;
      if ((other.cites || []).indexOf(anchor) !== -1) citedBy.push(recordNode(data, key));
      if (other.part_of === anchor) parts.push(recordNode(data, key));
    });
    (data._annotations || []).forEach(function (annotation) {
      if (annotation.on === anchor) annotatedIn.push(annotationNode(data, annotation));
      else if ((annotation.cites || []).indexOf(anchor) !== -1) citingAnnotations.push(annotationNode(data, annotation));
    });
    var cites = (record.cites || []).map(function (key) { return recordNode(data, key); });
    var whole = record.part_of ? [recordNode(data, record.part_of)] : [];
    var elsewhere = (record.also_in || []).map(function (name) {
      return { text: name, title: record.id + " in " + name, href: root + data._index + "?q=" + encodeURIComponent(record.id), kind: "external" };
    });
    var keep = function (band) { band.nodes = band.nodes.filter(Boolean); return band.nodes.length; };
    return {
      above: [
        { name: "Cited by", relation: "cites", nodes: citedBy.concat(citingAnnotations) },
        { name: "Annotated in", relation: "annotates", nodes: annotatedIn },
        { name: "Its parts", relation: "part-of", nodes: parts }
      ].filter(keep),
      below: [
        { name: "Cites", relation: "cites", nodes: cites },
        { name: "Part of", relation: "part-of", nodes: whole },
        { name: "Same ID in", relation: "same-id", nodes: elsewhere }
      ].filter(keep)
    };
  }

  function drawNeighbourhood(box, data, anchor) {
    var record = own(data, anchor), near = neighbours(data, anchor);
    var columns = Math.max(1, Math.floor((box.clientWidth - 2 * BOX.pad + BOX.gap) / (BOX.width + BOX.gap)));
    var width = 2 * BOX.pad + columns * BOX.width + (columns - 1) * BOX.gap;
    var picture = svg(box, "svg", { "class": "rpt-web rpt-hood-picture", role: "group" });
    var y = BOX.pad, boxes = [], edges = [];

    function place(node, x, top) {
      var link = svg(picture, "a", { href: node.href, "class": "rpt-web-node rpt-web-node--" + node.kind });
      svg(link, "title", {}, node.title);
      svg(link, "rect", { x: x, y: top, width: BOX.width, height: BOX.height, rx: 4 });
      var label = node.text.length > 32 ? node.text.slice(0, 31) + "…" : node.text;
      svg(link, "text", { x: x + 8, y: top + 17 }, label);
      return { x: x + BOX.width / 2, top: top, bottom: top + BOX.height };
    }

    function bands(list, above) {
      list.forEach(function (band) {
        svg(picture, "text", { "class": "rpt-web-kind", x: BOX.pad, y: y + 18 }, band.name + " (" + band.nodes.length + ")");
        y += BOX.band;
        band.nodes.forEach(function (node, index) {
          var column = index % columns;
          if (index && !column) y += BOX.height + BOX.gap / 2;
          boxes.push(place(node, BOX.pad + column * (BOX.width + BOX.gap), y));
          edges.push([boxes[boxes.length - 1], band.relation, above]);
        });
        y += BOX.height + BOX.gap;
      });
    }

    var edgeLayer = svg(picture, "g", {});
    bands(near.above, true);
    y += BOX.gap;
    var self = place({ text: record.id, title: record.id + (record.label ? " — " + record.label : ""), href: "#" + anchor, kind: "self" },
                     (width - BOX.width) / 2, y);
    y += BOX.height + 2 * BOX.gap;
    bands(near.below, false);
    edges.forEach(function (edge) {
      var node = edge[0], above = edge[2];
      var from = above ? { x: node.x, y: node.bottom } : { x: self.x, y: self.bottom };
      var to = above ? { x: self.x, y: self.top } : { x: node.x, y: node.top };
      var group = svg(edgeLayer, "g", { "class": "rpt-web-edge rpt-web-edge--" + edge[1] });
      var middle = (from.y + to.y) / 2;
      svg(group, "path", { d: "M" + from.x + "," + from.y + " C" + from.x + "," + middle + " " + to.x + "," + middle + " " + to.x + "," + (to.y - 1) });
      svg(group, "path", { "class": "rpt-web-head", d: "M" + to.x + "," + to.y + " l-4,-7 l8,0 z" });
    });
    var height = y + BOX.pad;
    picture.setAttribute("viewBox", "0 0 " + width + " " + height);
    picture.setAttribute("width", width);
    picture.setAttribute("height", height);
    var count = near.above.concat(near.below).reduce(function (sum, band) { return sum + band.nodes.length; }, 0);
    // named by its title, as the pictures drawn at build time: a record's ID is the author's
    picture.insertBefore(document.createElementNS(SVG, "title"), picture.firstChild).textContent =
      "Neighbourhood of " + record.id + ": " + count + (count === 1 ? " link" : " links");

    var words = add(box, "ul", "rpt-hood-text");
    if (!count) add(words, "li", "", "Nothing cites or annotates " + record.id + ", and it cites nothing.");
    near.above.concat(near.below).forEach(function (band) {
      var item = add(words, "li", "", band.name + ": ");
      band.nodes.forEach(function (node, index) {
        if (index) item.appendChild(document.createTextNode(", "));
        var link = add(item, "a", "", node.text);
        link.href = node.href;
      });
    });
  }

  function neighbourhoodToggle(heading, id, bar) {
    var button = document.createElement("button");
    var box = document.createElement("div");
    button.type = "button";
    button.textContent = "Neighbourhood";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-label", "Neighbourhood of " + id);
    box.className = "rpt-hood rpt-picture";
    box.id = "rpt-hood-" + heading.id;
    box.hidden = true;
    button.setAttribute("aria-controls", box.id);
    bar.appendChild(button);
    bar.parentNode.insertBefore(box, bar.nextSibling);
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      box.hidden = !open;
      if (!open || box.firstChild) return;
      var self = document.createElement("a");
      self.href = location.href.split("#")[0] + "#" + heading.id;
      var where = target(self);
      add(box, "p", "rpt-hood-loading", "Loading …");
      (where ? previews(where.system) : Promise.resolve(null)).then(function (data) {
        box.textContent = "";
        if (own(data, heading.id)) drawNeighbourhood(box, data, heading.id);
        else add(box, "p", "", "The neighbourhood of " + id + " could not be loaded.");
      });
    });
  }

  /* A record whose ID other systems declare or cite too: a link to the index's rows of
     that ID (previews/<system>.json says which systems), so the records point at each
     other without any page depending on another system's reports. */
  function sameId(heading, id, bar) {
    var self = document.createElement("a");
    self.href = location.href.split("#")[0] + "#" + heading.id;
    var where = target(self);
    if (!where) return;
    previews(where.system).then(function (data) {
      var record = own(data, heading.id);
      if (!record || !record.also_in.length || typeof data._index !== "string") return;
      var more = record.also_in_count - record.also_in.length;
      var link = document.createElement("a");
      link.className = "rpt-same-id";
      link.href = root + data._index + "?q=" + encodeURIComponent(id);
      link.textContent = "Same ID in " + record.also_in.join(", ") + (more > 0 ? " and " + more + " more" : "");
      bar.appendChild(link);
    });
  }

  /* Every quote's passage has a copy button: a plain button per passage, and one listener on
     the document for them all (the theme's copy buttons come with a tooltip and watchers
     each, which thousands of quotes on a page cannot afford). They are made a few hundred
     at a time, in the order of the page, between the reader's own tasks: the page is
     interactive before the last is there. */
  var QUOTES_AT_ONCE = 200;

  function quoteCopies() {
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
  }

  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest(".rpt-copy-quote") : null;
    var code = button && button.parentNode.querySelector(":scope > code");
    if (code) copy(code.textContent, button);
  });

  function setupAll() {
    Array.prototype.forEach.call(document.querySelectorAll(".rpt-index:not(.rpt-records)"), setup);
    fillGaps();
    recordActions();
    quoteCopies();
  }

  if (typeof window.document$ !== "undefined") {
    window.document$.subscribe(setupAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupAll);
  } else {
    setupAll();
  }
})();
