// kg render controls: search, filters, colouring, fitting the view. Every value
// is written with textContent or as a DOM property, never as HTML: article text
// is untrusted. Positions come fixed from kg.views.layout (physics is off).
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("kg-config").textContent);
  var all = nodes.get();  // the vis DataSet filled by pyvis
  var byId = {};
  all.forEach(function (n) { byId[n.id] = n; });
  var MAX_ZOOM = 1.6;  // a filter that leaves one node does not blow it up

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

  // the canvas takes the height the window leaves under the controls
  var box = document.getElementById("mynetwork");
  function resize() {
    var h = Math.max(420, window.innerHeight - box.getBoundingClientRect().top - 6);
    box.style.height = h + "px";
    network.setSize("100%", h + "px");
  }

  if (cfg.note) {
    var noteBox = document.getElementById("kg-note");
    noteBox.textContent = cfg.note;
    noteBox.style.display = "block";
  }

  // labels: at least MIN_LABEL px on screen at the current zoom; the focus, the entity
  // found and the one under the mouse always carry theirs, then the most connected
  // while their labels overlap no other label and no node
  var MIN_LABEL = 12.5, FONT = 14, CANDIDATES = 300, OBSTACLES = 2000;
  var pinned = {}, hovered = null;
  var ranked = all.slice().sort(function (a, b) {
    return (b.kgFocus ? 1 : 0) - (a.kgFocus ? 1 : 0) || b.kgDegree - a.kgDegree || (a.kgLabel < b.kgLabel ? -1 : 1);
  });
  var measure = document.createElement("canvas").getContext("2d");
  function overlaps(a, b) { return a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b; }
  function declutter() {
    var scale = network.getScale(), size = Math.max(FONT, MIN_LABEL / scale);
    var shown = ranked.filter(function (n) { return !nodes.get(n.id).hidden; });
    var pos = network.getPositions(shown.map(function (n) { return n.id; }));
    var dots = (shown.length <= OBSTACLES ? shown : shown.slice(0, CANDIDATES)).map(function (n) {
      var p = pos[n.id], r = nodes.get(n.id).size;
      return {id: n.id, l: p.x - r, r: p.x + r, t: p.y - r, b: p.y + r};
    });
    var must = function (n) { return n.kgFocus || pinned[n.id] || hovered === n.id; };
    var order = shown.filter(must).concat(shown.filter(function (n) { return !must(n); }).slice(0, CANDIDATES));
    var kept = [], on = {}, updates = [];
    measure.font = size + "px arial";
    order.forEach(function (n) {
      var p = pos[n.id], r = nodes.get(n.id).size, f = n.kgFocus ? size + 4 : size;
      var w = measure.measureText(n.kgLabel).width * f / size + 4;
      // the box vis-network gives the node: one rectangle around the dot and the label under it
      var box = {l: p.x - Math.max(w / 2, r), r: p.x + Math.max(w / 2, r), t: p.y - r, b: p.y + r + 1.2 * f + 2};
      var free = kept.every(function (k) { return !overlaps(box, k); }) &&
        dots.every(function (d) { return d.id === n.id || !overlaps(box, d); });
      if (must(n) || free) { kept.push(box); on[n.id] = f; }
    });
    all.forEach(function (n) {
      var now = nodes.get(n.id), f = on[n.id];
      if (f && (now.label !== n.kgLabel || now.font.size !== f)) {
        updates.push({id: n.id, label: n.kgLabel, font: {size: f}});
      } else if (!f && now.label) {
        updates.push({id: n.id, label: null});
      }
    });
    if (updates.length) nodes.update(updates);
    window.kgLabels = Object.keys(on).length;
  }
  var pending = null;
  network.on("zoom", function () { clearTimeout(pending); pending = setTimeout(declutter, 80); });
  network.on("dragEnd", declutter);
  network.on("hoverNode", function (p) { hovered = p.node; declutter(); });
  network.on("blurNode", function () { hovered = null; declutter(); });
  // edges are labelled on hover only
  network.on("hoverEdge", function (p) { edges.update({id: p.edge, label: edges.get(p.edge).kgLabel}); });
  network.on("blurEdge", function (p) { edges.update({id: p.edge, label: ""}); });

  // type checkboxes and legend
  var typesBox = document.getElementById("kg-types");
  var legend = document.getElementById("kg-legend");
  Object.keys(cfg.types).forEach(function (t) {
    var label = el("label", "", "margin-right:8px");
    var check = el("input");
    check.type = "checkbox"; check.checked = true; check.value = t; check.className = "kg-type";
    check.addEventListener("change", apply);
    label.appendChild(check);
    label.appendChild(document.createTextNode(" " + t));
    typesBox.appendChild(label);
  });
  function drawLegend(mode) {
    legend.textContent = "";
    if (mode === "community") {
      legend.appendChild(el("span", "Colour: community (networkx Louvain), named by its most connected entity: ",
                            "margin-right:0.5em"));
      communityLegend();
    } else {
      Object.keys(cfg.types).forEach(function (t) {
        var item = el("span", "", "margin-right:1em");
        item.appendChild(el("span", "", "display:inline-block;width:12px;height:12px;border-radius:6px;background:" + cfg.types[t]));
        item.appendChild(document.createTextNode(" " + t));
        legend.appendChild(item);
      });
    }
    if (cfg.focus) {
      legend.appendChild(el("span", "Centre, ringed in black: " + byId[cfg.focus].kgLabel, "margin-left:1em;font-weight:bold"));
    }
    legend.appendChild(el("span", "  Size: number of connections. Hover over a line for the relation. Click an entity" +
                           " to correct it.", "color:#555"));
  }

  // the communities, largest first, each named by its most connected entity (at most COMMUNITIES)
  var COMMUNITIES = 12;
  function communityLegend() {
    var groups = {};
    all.forEach(function (n) {
      var g = groups[n.kgCommunity] || (groups[n.kgCommunity] = {size: 0, lead: n, colour: n.kgCommunityColour});
      g.size += 1;
      if (n.kgDegree > g.lead.kgDegree || (n.kgDegree === g.lead.kgDegree && n.kgLabel < g.lead.kgLabel)) g.lead = n;
    });
    var ranked = Object.keys(groups).map(function (k) { return groups[k]; })
      .sort(function (a, b) { return b.size - a.size || (a.lead.kgLabel < b.lead.kgLabel ? -1 : 1); });
    ranked.slice(0, COMMUNITIES).forEach(function (g) {
      var item = el("span", "", "margin-right:1em;white-space:nowrap");
      item.className = "kg-community";
      item.appendChild(el("span", "", "display:inline-block;width:12px;height:12px;border-radius:6px;background:" + g.colour));
      item.appendChild(document.createTextNode(" " + g.lead.kgLabel + " (" + g.size + ")"));
      legend.appendChild(item);
    });
    if (ranked.length > COMMUNITIES) {
      legend.appendChild(el("span", " and " + (ranked.length - COMMUNITIES) + " smaller; colours repeat after " +
                            (new Set(ranked.map(function (g) { return g.colour; }))).size + ".", "color:#555"));
    }
  }

  // the article picker: every article of the store (or of the drawn entities, for a bare graph), found
  // as one types its date, outlet, title or file name; the menu lists the first matches
  var sourceSel = document.getElementById("kg-source"), sourceList = document.getElementById("kg-source-list");
  var sourceStatus = document.getElementById("kg-source-status"), ARTICLE_CHOICES = 40, bySource = {};
  cfg.articles.forEach(function (a) {
    bySource[a[0]] = {source: a[0], text: [a[1] || "undated", a[2], a[3] || a[0]].filter(Boolean).join(" \u00b7 ")};
  });
  function articleChoices() {
    var q = sourceSel.value.trim().toLowerCase(), shown = 0;
    sourceList.textContent = "";
    cfg.articles.some(function (a) {
      var art = bySource[a[0]];
      if (q && !bySource[sourceSel.value] && (art.text + " " + art.source).toLowerCase().indexOf(q) < 0) return false;
      var o = el("option", art.text); o.value = art.source; sourceList.appendChild(o);
      shown += 1;
      return shown >= ARTICLE_CHOICES;
    });
  }
  sourceSel.addEventListener("input", function () { articleChoices(); if (!sourceSel.value || bySource[sourceSel.value]) apply(); });
  sourceSel.addEventListener("change", apply);
  articleChoices();
  var since = document.getElementById("kg-since"), until = document.getElementById("kg-until");
  if (cfg.dates.length) { since.min = until.min = cfg.dates[0]; since.max = until.max = cfg.dates[cfg.dates.length - 1]; }
  since.addEventListener("change", apply);
  until.addEventListener("change", apply);

  function colourOf(n, mode) {
    var c = mode === "community" ? n.kgCommunityColour : n.kgTypeColour;
    return n.kgFocus ? {background: c, border: "#000000", highlight: {background: c, border: "#000000"},
                        hover: {background: c, border: "#000000"}} : c;
  }
  var colourSel = document.getElementById("kg-colour");
  colourSel.value = cfg.colourBy;
  colourSel.addEventListener("change", function () {
    var mode = colourSel.value;
    nodes.update(all.map(function (n) { return {id: n.id, color: colourOf(n, mode)}; }));
    drawLegend(mode);
  });

  // fitting: the visible nodes fill the canvas; with --focus the centre stays in the middle
  function visibleIds() {
    return nodes.getIds({filter: function (n) { return !n.hidden; }});
  }
  function fit(ids) {
    if (!ids.length) return;
    if (cfg.focus && ids.indexOf(cfg.focus) >= 0) {
      var c = network.getPosition(cfg.focus), dx = 1, dy = 1;
      ids.forEach(function (id) {
        var b = network.getBoundingBox(id);
        dx = Math.max(dx, Math.abs(b.left - c.x), Math.abs(b.right - c.x));
        dy = Math.max(dy, Math.abs(b.top - c.y), Math.abs(b.bottom - c.y));
      });
      var scale = Math.min(box.clientWidth / (2 * dx), box.clientHeight / (2 * dy)) * 0.95;
      network.moveTo({position: c, scale: Math.min(scale, MAX_ZOOM), animation: false});
    } else {
      network.fit({nodes: ids, animation: false, maxZoomLevel: MAX_ZOOM});
    }
    declutter();
    window.kgFitted = (window.kgFitted || 0) + 1;
  }

  // filters: hidden nodes hide their edges too; the view re-fits to what is left
  function visible(n, types, src, from, to) {
    if (n.kgFocus) return true;
    if (types.indexOf(n.kgType) < 0) return false;
    if (src && n.kgSources.indexOf(src) < 0) return false;
    if (from || to) {
      return n.kgDates.some(function (d) { return (!from || d >= from) && (!to || d <= to); });
    }
    return true;
  }
  function apply() {
    var types = Array.prototype.map.call(document.querySelectorAll(".kg-type:checked"), function (b) { return b.value; });
    var src = bySource[sourceSel.value] ? sourceSel.value : "", from = since.value, to = until.value;
    var shown = 0;
    nodes.update(all.map(function (n) {
      var v = visible(n, types, src, from, to);
      if (v) shown += 1;
      return {id: n.id, hidden: !v};
    }));
    document.getElementById("kg-count").textContent = shown + " of " + all.length + " entities";
    sourceStatus.textContent = !src ? (sourceSel.value ? "no article is named so" : "") :
      all.some(function (n) { return n.kgSources.indexOf(src) >= 0; }) ? "" :
      "none of the drawn entities is in this article: kg render --source " + shq(src) + " draws its entities";
    window.kgShown = shown;
    fit(visibleIds());
  }

  // search by label or alias: exact match first, then substring; the view fits the
  // entity found and its visible neighbours
  function find(q) {
    q = q.trim().toLowerCase();
    if (!q) return null;
    var exact = null, part = null;
    all.forEach(function (n) {
      var names = [n.kgLabel].concat(n.kgAliases || []).map(function (s) { return String(s).toLowerCase(); });
      if (!exact && names.indexOf(q) >= 0) exact = n;
      if (!part && names.some(function (s) { return s.indexOf(q) >= 0; })) part = n;
    });
    return exact || part;
  }
  // every entity of the store (cfg.index, kg.views.index): decoded on the first search, most articles first
  var index = null;
  function entities() {
    if (index) return index;
    index = [];
    var ix = cfg.index;
    if (!ix) return index;
    ix.types.forEach(function (t, k) {
      var labels = ix.labels[k].split("\n"), i = 0;
      ix.runs[k].forEach(function (run) {
        for (var j = 0; j < run[1]; j++, i++) index.push({label: labels[i], low: labels[i].toLowerCase(), type: t, n: run[0]});
      });
    });
    index.sort(function (a, b) { return b.n - a.n; });
    return index;
  }
  var drawnLabels = {};
  all.forEach(function (n) { drawnLabels[n.kgLabel.toLowerCase() + "\u0000" + n.kgType] = n; });
  function drawnOf(e) { return drawnLabels[e.low + "\u0000" + e.type] || null; }
  // the entities of the store named q: the label itself, then a label or one of its words starting with
  // q, then a label holding q; most articles first
  function lookUp(q, limit) {
    q = q.trim().toLowerCase();
    var exact = [], start = [], part = [];
    if (!q) return [];
    entities().some(function (e) {
      if (e.low === q) exact.push(e);
      else if (e.low.indexOf(q) === 0 || e.low.indexOf(" " + q) >= 0) start.push(e);
      else if (part.length < limit && e.low.indexOf(q) >= 0) part.push(e);
      return exact.length >= limit;
    });
    return exact.concat(start, part).slice(0, limit);
  }
  function notDrawn(e) {
    return e.label + " (" + e.type + ", in " + e.n + " article" + (e.n === 1 ? "" : "s") + ") is not drawn: " +
      "kg render --focus " + shq(e.label) + " draws it and its neighbours";
  }
  var searchList = document.getElementById("kg-search-list"), SUGGESTIONS = 12;
  document.getElementById("kg-search").addEventListener("input", function (e) {
    var q = e.target.value.trim().toLowerCase(), seen = {};
    searchList.textContent = "";
    if (q.length < 2) return;
    var near = all.filter(function (n) { return n.kgLabel.toLowerCase().indexOf(q) >= 0; }).slice(0, SUGGESTIONS)
      .map(function (n) { return {label: n.kgLabel, type: n.kgType, drawn: true}; });
    near.concat(lookUp(q, SUGGESTIONS)).forEach(function (e) {
      var key = e.label + "\u0000" + e.type;
      if (seen[key] || searchList.children.length >= SUGGESTIONS) return;
      seen[key] = true;
      var drawn = e.drawn || drawnOf(e);
      var o = el("option", e.type + (e.n ? " \u00b7 " + e.n + " article" + (e.n === 1 ? "" : "s") : "") +
                 (drawn ? "" : " \u00b7 not drawn"));
      o.value = e.label;
      searchList.appendChild(o);
    });
  });
  function search() {
    var status = document.getElementById("kg-search-status"), q = document.getElementById("kg-search").value;
    var hit = find(q);
    Object.keys(pinned).forEach(function (id) { delete pinned[id]; });
    window.kgFound = null;
    var exactly = hit && [hit.kgLabel].concat(hit.kgAliases || []).some(function (s) {
      return String(s).toLowerCase() === q.trim().toLowerCase();
    });
    if (!exactly) {  // a part of a drawn name: the store may hold an entity of exactly that name
      var far = lookUp(q, 1)[0];
      if (far && (!hit || far.low === q.trim().toLowerCase())) {
        if (drawnOf(far)) {
          hit = drawnOf(far);
        } else {
          status.textContent = notDrawn(far);
          window.kgFound = {label: far.label, type: far.type, articles: far.n};
          network.unselectAll();
          declutter();
          return;
        }
      }
    }
    if (!hit) { status.textContent = "not found"; network.unselectAll(); declutter(); return; }
    if (nodes.get(hit.id).hidden) { nodes.update({id: hit.id, hidden: false}); }
    pinned[hit.id] = true;
    network.selectNodes([hit.id]);
    var near = network.getConnectedNodes(hit.id).filter(function (id) { return !nodes.get(id).hidden; });
    network.fit({nodes: [hit.id].concat(near), animation: false, maxZoomLevel: MAX_ZOOM});
    declutter();
    status.textContent = "found: " + hit.kgLabel + " (" + hit.kgType + ")";
  }
  document.getElementById("kg-search-form").addEventListener("submit", function (e) { e.preventDefault(); search(); });
  window.kgSearch = function (q) { document.getElementById("kg-search").value = q; search(); return network.getSelectedNodes(); };

  // corrections: the page is static and offline, so it cannot change the store; a node's menu
  // (click or right-click a node) writes the kg command that makes the correction (kg merge,
  // retype, relabel, reject, with the entity's IRI: the node's id) into the Corrections panel,
  // to copy or download as a shell script. Commands are quoted as Python's shlex.quote does.
  var TYPES = ["Person", "Organisation", "Place"];
  var corrections = [];
  var menu = document.getElementById("kg-menu");
  var panel = document.getElementById("kg-corrections");
  var list = document.getElementById("kg-corrections-list");
  var toggle = document.getElementById("kg-corrections-toggle");
  var corrStatus = document.getElementById("kg-corrections-status");
  var merging = null;  // {id, note}: the entity to merge into the next one chosen

  function shq(s) {
    s = String(s);
    if (!s) return "''";
    return /^[A-Za-z0-9_@%+=:,.\/-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\"'\"'") + "'";
  }
  function command(words, note) {
    var line = ["kg"].concat(words);
    if (cfg.store) line.push("--store", cfg.store);
    if (note) line.push("--note", note);
    return line.map(shq).join(" ");
  }
  function drawCorrections() {
    list.textContent = "";
    corrections.forEach(function (line, i) {
      var item = el("li", "", "margin:2px 0");
      item.appendChild(el("code", line));
      var drop = button("\u00d7", function () { corrections.splice(i, 1); drawCorrections(); });
      drop.title = "Remove this command"; drop.setAttribute("aria-label", "Remove this command");
      drop.style.marginLeft = "6px";
      item.appendChild(drop);
      list.appendChild(item);
    });
    toggle.textContent = "Corrections (" + corrections.length + ")";
    window.kgCorrections = corrections.slice();
  }
  function add(line) {
    if (corrections.indexOf(line) < 0) corrections.push(line);
    corrStatus.textContent = "";
    drawCorrections();
    panel.style.display = "block";
  }
  function script() {
    return "#!/bin/sh\n" +
      "# Corrections to a kg store, written by the graph view of kg render (the page cannot change the store).\n" +
      "# Read them, then run: sh kg-corrections.sh  (kg curation lists the corrections; kg curation --undo N\n" +
      "# takes correction N back)\nset -e\n" + corrections.join("\n") + "\n";
  }
  window.kgCorrectionsScript = script;
  function button(text, action, cls) {
    var b = el("button", text);
    b.type = "button";
    if (cls) b.className = cls;
    b.addEventListener("click", function (e) { e.stopPropagation(); action(); });
    return b;
  }
  function closeMenu() { menu.style.display = "none"; menu.textContent = ""; delete menu.dataset.node; }
  function place(dom) {
    var r = box.getBoundingClientRect();
    menu.style.display = "block";
    var x = r.left + dom.x + 12, y = r.top + dom.y + 12;
    x = Math.max(4, Math.min(x, window.innerWidth - menu.offsetWidth - 4));
    y = Math.max(4, Math.min(y, window.innerHeight - menu.offsetHeight - 4));
    menu.style.left = x + "px";
    menu.style.top = y + "px";
  }
  function heading(n) {
    menu.appendChild(el("div", n.kgLabel + " (" + n.kgType + ")", "font-weight:bold"));
    menu.appendChild(el("div", n.id, "font:11px monospace;color:#555;word-break:break-all;margin:2px 0 6px"));
  }
  function row(label) {
    var r = el("div", "", "margin:4px 0;display:flex;flex-wrap:wrap;gap:4px;align-items:center");
    if (label) r.appendChild(el("span", label, "color:#333"));
    menu.appendChild(r);
    return r;
  }
  function openMenu(id, dom) {
    var n = byId[id];
    if (!n) return;
    merging = null;
    menu.textContent = "";
    menu.dataset.node = id;
    heading(n);
    var tipBox = document.querySelector("div.vis-tooltip");  // the menu replaces the tooltip
    if (tipBox) tipBox.style.visibility = "hidden";
    var note = el("input");
    note.type = "text"; note.className = "kg-menu-note"; note.placeholder = "Why (optional, as --note)"; note.size = 30;
    var noteText = function () { return note.value.trim(); };
    var actions = row();
    actions.appendChild(button("Merge into\u2026", function () { startMerge(id, noteText(), dom); }, "kg-menu-merge"));
    var relabel = row();
    relabel.style.display = "none";
    actions.appendChild(button("Relabel\u2026", function () {
      relabel.textContent = "";
      relabel.style.display = "flex";
      var form = el("form", "", "display:flex;gap:4px;margin:0");
      var input = el("input");
      input.type = "text"; input.className = "kg-menu-label"; input.value = n.kgLabel; input.size = 24;
      input.setAttribute("aria-label", "New label");
      form.appendChild(input);
      form.appendChild(el("button", "OK")).type = "submit";
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        var label = input.value.trim();
        if (!label || label === n.kgLabel) { input.focus(); return; }
        add(command(["relabel", id, label], noteText()));
        closeMenu();
      });
      relabel.appendChild(form);
      place(dom);
      input.focus();
      input.select();
    }, "kg-menu-relabel"));
    actions.appendChild(button("Reject", function () { add(command(["reject", id], noteText())); closeMenu(); },
                               "kg-menu-reject"));
    var types = row("Retype as");
    TYPES.forEach(function (t) {
      var b = button(t, function () { add(command(["retype", id, t], noteText())); closeMenu(); }, "kg-menu-retype");
      b.value = t;
      b.disabled = t === n.kgType;
      types.appendChild(b);
    });
    menu.appendChild(relabel);  // the new label's field, under the buttons
    row().appendChild(note);
    place(dom);
  }
  function startMerge(id, note, dom) {
    var n = byId[id];
    merging = {id: id, note: note};
    menu.textContent = "";
    menu.dataset.node = id;
    menu.appendChild(el("div", "Merge " + n.kgLabel + " into\u2026", "font-weight:bold"));
    menu.appendChild(el("div", "Click the entity to keep on the graph, or choose it:", "margin:4px 0;color:#333"));
    var pick = el("select", "", "max-width:330px");
    pick.className = "kg-menu-target";
    pick.setAttribute("aria-label", "Entity to keep");
    pick.appendChild(el("option", "\u2014 entity to keep \u2014")).value = "";
    all.filter(function (m) { return m.id !== id; })
      .sort(function (a, b) { return a.kgLabel.toLowerCase() < b.kgLabel.toLowerCase() ? -1 : 1; })
      .forEach(function (m) { pick.appendChild(el("option", m.kgLabel + " (" + m.kgType + ")")).value = m.id; });
    pick.addEventListener("change", function () { if (pick.value) finishMerge(pick.value); });
    row().appendChild(pick);
    row().appendChild(button("Cancel", function () { merging = null; closeMenu(); }, "kg-menu-cancel"));
    place(dom);
  }
  function finishMerge(keep) {
    if (!merging || keep === merging.id) return;
    add(command(["merge", keep, merging.id], merging.note));
    merging = null;
    closeMenu();
    network.selectNodes([keep]);
  }
  function onNode(p) {
    var id = network.getNodeAt(p.pointer.DOM);
    if (merging) { if (id !== undefined) finishMerge(id); return; }
    if (id === undefined) { closeMenu(); return; }
    network.selectNodes([id]);
    openMenu(id, p.pointer.DOM);
  }
  network.on("click", onNode);
  network.on("oncontext", function (p) { p.event.preventDefault(); onNode(p); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && menu.style.display !== "none") { merging = null; closeMenu(); }
  });
  window.kgMenu = function (id) {  // open a node's menu as a click on it does (tests, scripts)
    network.selectNodes([id]);
    openMenu(id, network.canvasToDOM(network.getPosition(id)));
  };
  toggle.addEventListener("click", function () {
    panel.style.display = panel.style.display === "none" ? "block" : "none";
  });
  document.getElementById("kg-corrections-hide").addEventListener("click", function () { panel.style.display = "none"; });
  document.getElementById("kg-corrections-clear").addEventListener("click", function () {
    corrections.length = 0; drawCorrections(); corrStatus.textContent = "";
  });
  document.getElementById("kg-corrections-copy").addEventListener("click", function () {
    var text = corrections.join("\n") + "\n";
    function fallback() {  // no clipboard API (file:// in some browsers, a sandboxed frame)
      var area = el("textarea", "", "position:fixed;left:-9999px");
      area.value = text;
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      area.remove();
      corrStatus.textContent = ok ? "copied" : "select the commands above and copy them";
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { corrStatus.textContent = "copied"; }, fallback);
    } else {
      fallback();
    }
  });
  document.getElementById("kg-corrections-download").addEventListener("click", function () {
    var a = el("a");
    a.href = URL.createObjectURL(new Blob([script()], {type: "text/x-shellscript"}));
    a.download = "kg-corrections.sh";
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    corrStatus.textContent = "downloaded kg-corrections.sh";
  });
  drawCorrections();

  drawLegend(cfg.colourBy);
  resize();
  window.addEventListener("resize", function () { resize(); fit(visibleIds()); });
  network.once("afterDrawing", function () { window.kgDrawn = true; });
  apply();
})();
