/* A record link shows its record's card below it: on hover, on keyboard focus, and on a
   first tap on a touch screen (a second tap follows the link; the card has a link too).
   Escape, leaving the link or tapping elsewhere closes it. It shows the link's label
   (label-once.js) at once, then what the system's previews (data.js) say: kind, label,
   system and member, statuses as badges, what the reconciliation changed (superseded by,
   supersedes, amended, unresolved conflict), the first sentences, how often it is cited,
   other systems with the same ID. It listens on the document, so it serves every page. */
(function () {
  "use strict";
  var rpt = window.rptReports;
  var add = rpt.add;
  var tooltip = null;
  var shownFor = null;
  var pointer = "mouse";

  function recordLink(node) {
    return node && node.closest ? node.closest("a[data-rpt-label]") : null;
  }

  function fill(link, record) {
    tooltip.textContent = "";
    if (!record) {
      add(tooltip, "p", "rpt-preview-label", rpt.labelOf(link));
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
    var where = rpt.target(link);
    if (where) {
      rpt.previewsOf(where.system).then(function (data) {
        var record = rpt.own(data, where.anchor);
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
      event.preventDefault();  // the first tap shows the card; the second follows the link
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
})();
