// kg render controls: search, filters, colouring. Every value is written with
// textContent or as a DOM property, never as HTML: article text is untrusted.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("kg-config").textContent);
  var all = nodes.get();  // the vis DataSet filled by pyvis

  // tooltips: vis-network would render a string title as HTML, so the text
  // (kgTip) goes into an element as textContent
  function tip(text) {
    var d = document.createElement("div");
    d.style.whiteSpace = "pre-wrap";
    d.style.maxWidth = "480px";
    d.textContent = text;
    return d;
  }
  nodes.update(all.map(function (n) { return {id: n.id, title: tip(n.kgTip)}; }));
  edges.update(edges.get().map(function (e) { return {id: e.id, title: tip(e.kgTip)}; }));

  function el(tag, text, style) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (style) e.setAttribute("style", style);
    return e;
  }

  // type checkboxes and legend
  var typesBox = document.getElementById("kg-types");
  var legend = document.getElementById("kg-legend");
  Object.keys(cfg.types).forEach(function (t) {
    var label = el("label", "", "margin-right:8px");
    var box = el("input");
    box.type = "checkbox"; box.checked = true; box.value = t; box.className = "kg-type";
    box.addEventListener("change", apply);
    label.appendChild(box);
    label.appendChild(document.createTextNode(" " + t));
    typesBox.appendChild(label);
  });
  function drawLegend(mode) {
    legend.textContent = "";
    if (mode === "community") {
      legend.appendChild(el("span", "Colour: community (networkx modularity); same colour = densely connected group"));
      return;
    }
    Object.keys(cfg.types).forEach(function (t) {
      var item = el("span", "", "margin-right:1em");
      item.appendChild(el("span", "", "display:inline-block;width:12px;height:12px;border-radius:6px;background:" + cfg.types[t]));
      item.appendChild(document.createTextNode(" " + t));
      legend.appendChild(item);
    });
  }

  var sourceSel = document.getElementById("kg-source");
  cfg.sources.forEach(function (s) {
    var o = el("option", s); o.value = s; sourceSel.appendChild(o);
  });
  sourceSel.addEventListener("change", apply);
  var since = document.getElementById("kg-since"), until = document.getElementById("kg-until");
  if (cfg.dates.length) { since.min = until.min = cfg.dates[0]; since.max = until.max = cfg.dates[cfg.dates.length - 1]; }
  since.addEventListener("change", apply);
  until.addEventListener("change", apply);

  var colourSel = document.getElementById("kg-colour");
  colourSel.value = cfg.colourBy;
  colourSel.addEventListener("change", function () {
    var mode = colourSel.value;
    nodes.update(all.map(function (n) {
      return {id: n.id, color: mode === "community" ? n.kgCommunityColour : n.kgTypeColour};
    }));
    drawLegend(mode);
  });

  // filters: hidden nodes hide their edges too
  function visible(n, types, src, from, to) {
    if (types.indexOf(n.kgType) < 0) return false;
    if (src && n.kgSources.indexOf(src) < 0) return false;
    if (from || to) {
      return n.kgDates.some(function (d) { return (!from || d >= from) && (!to || d <= to); });
    }
    return true;
  }
  function apply() {
    var types = Array.prototype.map.call(document.querySelectorAll(".kg-type:checked"), function (b) { return b.value; });
    var src = sourceSel.value, from = since.value, to = until.value;
    var shown = 0;
    nodes.update(all.map(function (n) {
      var v = visible(n, types, src, from, to);
      if (v) shown += 1;
      return {id: n.id, hidden: !v};
    }));
    document.getElementById("kg-count").textContent = shown + " of " + all.length + " entities";
    window.kgShown = shown;
  }

  // search by label or alias: exact match first, then substring
  function find(q) {
    q = q.trim().toLowerCase();
    if (!q) return null;
    var exact = null, part = null;
    all.forEach(function (n) {
      var names = [n.label].concat(n.kgAliases || []).map(function (s) { return String(s).toLowerCase(); });
      if (!exact && names.indexOf(q) >= 0) exact = n;
      if (!part && names.some(function (s) { return s.indexOf(q) >= 0; })) part = n;
    });
    return exact || part;
  }
  function search() {
    var status = document.getElementById("kg-search-status");
    var hit = find(document.getElementById("kg-search").value);
    if (!hit) { status.textContent = "not found"; network.unselectAll(); return; }
    if (nodes.get(hit.id).hidden) { nodes.update({id: hit.id, hidden: false}); }
    network.selectNodes([hit.id]);
    network.focus(hit.id, {scale: 1.4, animation: false});
    status.textContent = "found: " + hit.label + " (" + hit.kgType + ")";
  }
  document.getElementById("kg-search-form").addEventListener("submit", function (e) { e.preventDefault(); search(); });
  window.kgSearch = function (q) { document.getElementById("kg-search").value = q; search(); return network.getSelectedNodes(); };

  drawLegend(cfg.colourBy);
  apply();
  network.once("afterDrawing", function () { window.kgDrawn = true; });
})();
