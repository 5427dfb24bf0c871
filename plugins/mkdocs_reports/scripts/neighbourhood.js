/* A record's neighbourhood, drawn when its "Neighbourhood" button (in the record's bar,
   record-actions.js) opens it: above, the records and annotations that cite it, annotate
   it or are its parts; in the middle the record; below, what it cites and the whole it is
   part of; then other systems with the same ID. Each box is a link (SVG a, reachable by
   Tab); a list says the same in words. The data is the system's previews (data.js),
   already fetched for the hover cards; everything in it is set as text or as an attribute
   value of the plugin's own making (anchors and page paths, checked against a pattern
   before use). */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var own = rpt.own, add = rpt.add;
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
             href: rpt.root + record.page + "#" + anchor, kind: record.published ? "record" : "external" };
  }

  function annotationNode(data, annotation) {
    if (typeof annotation.page !== "string" || !SAFE_PAGE.test(annotation.page) || !SAFE_ANCHOR.test(annotation.anchor)) return null;
    var on = own(data, annotation.on) ? own(data, annotation.on).id : "";
    return { text: "On " + on, title: annotation.where + " on " + on, href: rpt.root + annotation.page + "#" + annotation.anchor, kind: "annotation" };
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
      return { text: name, title: record.id + " in " + name, href: rpt.root + data._index + "?q=" + encodeURIComponent(record.id), kind: "external" };
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

  rpt.onRecordBar(function (heading, id, bar) {
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
      var where = rpt.here(heading);
      add(box, "p", "rpt-hood-loading", "Loading …");
      (where ? rpt.previewsOf(where.system) : Promise.resolve(null)).then(function (data) {
        box.textContent = "";
        if (own(data, heading.id)) drawNeighbourhood(box, data, heading.id);
        else add(box, "p", "", "The neighbourhood of " + id + " could not be loaded.");
      });
    });
  });
})();
