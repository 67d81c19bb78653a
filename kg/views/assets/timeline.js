// kg timeline: bars of counts per period (stacked by event), the points of a period, filters and
// a paged table, drawn from the JSON in #timeline-data. Every value is written with textContent
// or as an attribute, never as HTML: article text is untrusted. No library, no network.
(function (start) {  // the data: JSON, or (a big page) gzipped JSON in base64, unpacked by the browser
  "use strict";
  var data = document.getElementById("timeline-data");
  if (data.getAttribute("data-encoding") !== "gzip-base64") { start(JSON.parse(data.textContent)); return; }
  if (typeof DecompressionStream === "undefined") {
    document.getElementById("timeline-status").textContent = "This browser cannot unpack the page's data " +
      "(it needs DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 or later).";
    return;
  }
  var bytes = Uint8Array.from(atob(data.textContent), function (c) { return c.charCodeAt(0); });
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text()
    .then(function (text) { start(JSON.parse(text)); });
})(function (D) {
  "use strict";
  // a row: [date as written, day, event, amount, number, what, kind, place, source, outlet, sentence, disputed]
  var R = D.rows, DAY = 1, EVENT = 2, AMOUNT = 3, NUMBER = 4, WHAT = 5, KIND = 6, PLACE = 7, SOURCE = 8,
      OUTLET = 9, SENTENCE = 10, DISPUTED = 11;
  R.forEach(function (r) {  // rows leave out what the page can tell: the day as written, the plain amount
    r[0] = D.dates[r[0]];
    if (r[DAY] === 1) r[DAY] = r[0];
    if (r[AMOUNT] === null) r[AMOUNT] = r[NUMBER].toLocaleString("en");
  });
  var PAGE = 50, POINTS = 3000, SVG = "http://www.w3.org/2000/svg";
  var state = {event: "", place: "", outlet: "", kind: "", period: "", bucket: null, page: 0, shown: -1};
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }
  function ms(day) { return Date.parse(day + "T00:00:00Z"); }
  function iso(t) { return new Date(t).toISOString().slice(0, 10); }

  // periods: the key of a day's period and the first and last day of a key
  function bucketOf(day, unit) {
    if (unit === "year") return day.slice(0, 4);
    if (unit === "month") return day.slice(0, 7);
    if (unit === "day") return day;
    var d = new Date(ms(day));
    d.setUTCDate(d.getUTCDate() - (d.getUTCDay() + 6) % 7);  // the Monday of its week
    return d.toISOString().slice(0, 10);
  }
  function bounds(key, unit) {
    var first = unit === "year" ? key + "-01-01" : unit === "month" ? key + "-01" : key;
    var d = new Date(ms(first));
    if (unit === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
    else if (unit === "month") d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCDate(d.getUTCDate() + (unit === "week" ? 7 : 1));
    return [ms(first), d.getTime()];
  }
  function label(key, unit) { return unit === "week" ? "week of " + key : key; }

  var days = R.filter(function (r) { return r[DAY]; }).map(function (r) { return r[DAY]; }).sort();
  var span = days.length ? (ms(days[days.length - 1]) - ms(days[0])) / 864e5 : 0;
  state.period = span <= 62 ? "day" : span <= 730 ? "week" : "month";

  // filters: options by how many counts each has
  function fill(id, names, column, extra) {
    var sel = $(id), n = {};
    R.forEach(function (r) { n[r[column]] = (n[r[column]] || 0) + 1; });
    Object.keys(n).map(Number).filter(function (i) { return names[i] !== ""; })
      .sort(function (a, b) { return n[b] - n[a] || (names[a] < names[b] ? -1 : 1); })
      .forEach(function (i) {
        var o = el("option", names[i] + " (" + n[i] + ")" + (extra ? extra(i) : ""));
        o.value = String(i);
        sel.appendChild(o);
      });
    sel.addEventListener("change", function () { state[id.slice(9)] = sel.value; state.bucket = null; draw(); });
  }
  fill("timeline-event", D.events, EVENT);
  fill("timeline-place", D.places, PLACE);
  fill("timeline-outlet", D.outlets, OUTLET);
  fill("timeline-kind", D.kinds, KIND);
  var periodSel = $("timeline-period");
  periodSel.value = state.period;
  periodSel.addEventListener("change", function () { state.period = periodSel.value; state.bucket = null; draw(); });
  $("timeline-all").addEventListener("click", function () { state.bucket = null; draw(); });

  function kept(r) {
    return (state.event === "" || r[EVENT] === +state.event) && (state.place === "" || r[PLACE] === +state.place) &&
      (state.outlet === "" || r[OUTLET] === +state.outlet) && (state.kind === "" || r[KIND] === +state.kind);
  }
  function selected() {  // the indices of the rows the filters and the period keep
    var out = [];
    R.forEach(function (r, i) {
      if (kept(r) && (state.bucket === null || (r[DAY] && bucketOf(r[DAY], state.period) === state.bucket))) out.push(i);
    });
    return out;
  }

  // the legend: one colour per event type
  var legend = $("timeline-legend");
  D.events.forEach(function (name, i) {
    var item = el("span", null, "item"), dot = el("span", null, "dot");
    dot.style.background = D.colours[i];
    item.appendChild(dot);
    item.appendChild(document.createTextNode(name));
    legend.appendChild(item);
  });

  function tip(r) {
    return r[0] + ": " + r[AMOUNT] + " " + D.whats[r[WHAT]] + " (" + D.events[r[EVENT]] + ")" +
      (D.places[r[PLACE]] ? ", " + D.places[r[PLACE]] : "") + " [" + D.sources[r[SOURCE]] + "]";
  }

  // the bars: counts per period, stacked by event; a click drills down to the period
  function bars() {
    var box = $("timeline-chart"), unit = state.period, per = {}, keys = [];
    box.textContent = "";
    R.forEach(function (r) {
      if (!r[DAY] || !kept(r)) return;
      var k = bucketOf(r[DAY], unit);
      if (!per[k]) { per[k] = {}; keys.push(k); }
      per[k][r[EVENT]] = (per[k][r[EVENT]] || 0) + 1;
    });
    if (!keys.length) { box.appendChild(el("p", "No dated count to draw.")); return 0; }
    keys.sort();
    var W = Math.max(300, box.clientWidth || 900), H = 200, L = 44, B = 22;
    var lo = bounds(keys[0], unit)[0], hi = bounds(keys[keys.length - 1], unit)[1];
    var top = 0;
    keys.forEach(function (k) {
      var t = 0;
      Object.keys(per[k]).forEach(function (e) { t += per[k][e]; });
      per[k].total = t;
      top = Math.max(top, t);
    });
    var x = function (t) { return L + (W - L - 4) * (t - lo) / (hi - lo); };
    var y = function (n) { return (H - B) * (1 - n / top); };
    var s = svg("svg", {viewBox: "0 0 " + W + " " + H, height: H, id: "timeline-bars", role: "img"});
    s.appendChild(svg("line", {x1: L, x2: W, y1: H - B, y2: H - B, stroke: "#999"}));
    var yl = svg("text", {x: L - 6, y: 10, "text-anchor": "end"});
    yl.textContent = String(top);
    s.appendChild(yl);
    var y0 = svg("text", {x: L - 6, y: H - B, "text-anchor": "end"});
    y0.textContent = "0";
    s.appendChild(y0);
    var ticks = Math.min(keys.length, Math.max(2, Math.floor(W / 110)));
    for (var j = 0; j < ticks; j++) {
      var k = keys[Math.round(j * (keys.length - 1) / Math.max(1, ticks - 1))];
      var tx = svg("text", {x: x(bounds(k, unit)[0]), y: H - 6, "text-anchor": j && j === ticks - 1 ? "end" : "start"});
      tx.textContent = k;
      s.appendChild(tx);
    }
    keys.forEach(function (k) {
      var b = bounds(k, unit), g = svg("g", {"class": "period", "data-period": k}), base = 0;
      var x0 = x(b[0]), w = Math.max(1.5, x(b[1]) - x0 - 1);
      if (state.bucket !== null && state.bucket !== k) g.setAttribute("class", "period faded");
      var title = svg("title");
      title.textContent = label(k, unit) + ": " + per[k].total + " count" + (per[k].total === 1 ? "" : "s");
      g.appendChild(title);
      D.events.forEach(function (_, e) {
        var n = per[k][e];
        if (!n) return;
        g.appendChild(svg("rect", {"class": "bar", x: x0, width: w, y: y(base + n), height: y(base) - y(base + n),
                                   fill: D.colours[e], "data-event": e}));
        base += n;
      });
      g.addEventListener("click", function () { state.bucket = state.bucket === k ? null : k; state.page = 0; draw(); });
      s.appendChild(g);
    });
    box.appendChild(s);
    return keys.length;
  }

  // the points of the rows shown, a panel per kind of quantity, the value on a log scale
  function points(rows) {
    var box = $("timeline-points");
    box.textContent = "";
    var drawn = rows.filter(function (i) { return R[i][NUMBER] !== null; });
    if (drawn.length > POINTS) {
      box.appendChild(el("p", drawn.length + " counts with a number: click a bar to see the points of its period.",
                         "note"));
      return 0;
    }
    if (!drawn.length) return 0;
    var W = Math.max(300, box.clientWidth || 900), H = 150, L = 44, B = 18;
    var times = drawn.map(function (i) { return ms(R[i][DAY]); });
    var lo = Math.min.apply(null, times), hi = Math.max.apply(null, times);
    if (state.bucket !== null) { var b = bounds(state.bucket, state.period); lo = b[0]; hi = b[1] - 864e5; }
    if (hi - lo < 864e5) { lo -= 864e5; hi += 864e5; }
    D.kinds.forEach(function (name, k) {
      var mine = drawn.filter(function (i) { return R[i][KIND] === k; });
      if (!mine.length) return;
      var logs = mine.map(function (i) { return Math.log10(R[i][NUMBER]); });
      var a = Math.floor(Math.min.apply(null, logs)), z = Math.ceil(Math.max.apply(null, logs));
      if (z === a) z = a + 1;
      var ds = mine.slice().sort(function (i, j) { return R[i][DAY] < R[j][DAY] ? -1 : R[i][DAY] > R[j][DAY] ? 1 : 0; });
      var first = R[ds[0]], last = R[ds[ds.length - 1]];  // the dates as written: 2014, 2018-07, ...
      box.appendChild(el("h2", name + ": " + mine.length + " count" + (mine.length === 1 ? "" : "s") + ", " +
                         (first[DAY] === last[DAY] ? first[0] : first[0] + " to " + last[0]), "panel-title"));
      var s = svg("svg", {viewBox: "0 0 " + W + " " + H, height: H, "class": "panel", "data-kind": name});
      s.appendChild(svg("line", {x1: L, x2: W, y1: H - B, y2: H - B, stroke: "#999"}));
      [a, z].forEach(function (p) {
        var t = svg("text", {x: L - 6, y: p === z ? 10 : H - B, "text-anchor": "end"});
        t.textContent = Math.pow(10, p).toLocaleString("en");
        s.appendChild(t);
      });
      [lo, hi].forEach(function (t, j) {
        var tx = svg("text", {x: j ? W - 4 : L, y: H - 3, "text-anchor": j ? "end" : "start"});
        tx.textContent = iso(t);
        s.appendChild(tx);
      });
      mine.forEach(function (i, j) {
        var r = R[i];
        var c = svg("circle", {"class": "point", r: 5, fill: D.colours[r[EVENT]], "data-row": i,
                               cx: L + (W - L - 10) * (ms(r[DAY]) - lo) / (hi - lo) + 5,
                               cy: 6 + (H - B - 12) * (1 - (logs[j] - a) / (z - a))});
        var t = svg("title");
        t.textContent = tip(r);
        c.appendChild(t);
        c.addEventListener("click", function () { showRow(i); });
        s.appendChild(c);
      });
      box.appendChild(s);
    });
    return drawn.length;
  }

  // the table: a page of rows, each with its sentence
  function table(rows) {
    var body = document.querySelector("#timeline-table tbody");
    body.textContent = "";
    var pages = Math.max(1, Math.ceil(rows.length / PAGE));
    state.page = Math.min(state.page, pages - 1);
    rows.slice(state.page * PAGE, (state.page + 1) * PAGE).forEach(function (i) {
      var r = R[i], tr = el("tr", null, "count" + (r[DISPUTED] ? " disputed" : ""));
      tr.id = "row-" + i;
      tr.appendChild(el("td", r[0], "date"));
      var ev = el("td", null, "event"), dot = el("span", null, "dot");
      dot.style.background = D.colours[r[EVENT]];
      ev.appendChild(dot);
      ev.appendChild(document.createTextNode(D.events[r[EVENT]]));
      tr.appendChild(ev);
      var amount = el("td", r[AMOUNT], "amount");
      if (r[DISPUTED]) {
        var mark = el("span", " \u2260 disputed", "disputed-mark");
        mark.title = "another article gives a figure for the same happening that cannot also be true " +
          "(kg claims --disputed)";
        amount.appendChild(mark);
      }
      tr.appendChild(amount);
      tr.appendChild(el("td", D.whats[r[WHAT]]));
      tr.appendChild(el("td", D.kinds[r[KIND]]));
      tr.appendChild(el("td", D.places[r[PLACE]]));
      tr.appendChild(el("td", D.outlets[r[OUTLET]] ? D.outlets[r[OUTLET]] + " \u00b7 " + D.sources[r[SOURCE]] :
                              D.sources[r[SOURCE]]));
      var st = el("tr", null, "sentence");
      st.id = "sentence-" + i;
      st.appendChild(el("td"));
      var td = el("td", D.sentences[r[SENTENCE]]);
      td.colSpan = 6;
      st.appendChild(td);
      if (i === state.shown) { tr.classList.add("shown"); st.classList.add("shown"); }
      body.appendChild(tr);
      body.appendChild(st);
    });
    $("timeline-page").textContent = rows.length ? "rows " + (state.page * PAGE + 1) + "\u2013" +
      Math.min(rows.length, (state.page + 1) * PAGE) + " of " + rows.length + " (page " + (state.page + 1) +
      " of " + pages + ")" : "no row";
    $("timeline-prev").disabled = state.page === 0;
    $("timeline-next").disabled = state.page >= pages - 1;
  }
  $("timeline-prev").addEventListener("click", function () { state.page -= 1; draw(); });
  $("timeline-next").addEventListener("click", function () { state.page += 1; draw(); });

  var current = [];
  function draw() {
    current = selected();
    var periods = bars(), shown = points(current);
    table(current);
    $("timeline-status").textContent = current.length + " of " + R.length + " counts" +
      (state.bucket !== null ? " in " + label(state.bucket, state.period) : "") + "; " + periods + " " +
      state.period + (periods === 1 ? "" : "s") + " with counts";
    window.kgTimeline = {rows: current.slice(), points: shown, periods: periods, page: state.page, state: state};
  }

  // a row, found: its page of the table, highlighted, scrolled to (the period and filters
  // are let go of when they hide it)
  function showRow(i) {
    if (current.indexOf(i) < 0) { state.bucket = null; current = selected(); }
    if (current.indexOf(i) < 0) { state.event = state.place = state.outlet = state.kind = ""; }
    ["event", "place", "outlet", "kind"].forEach(function (f) { $("timeline-" + f).value = state[f]; });
    state.shown = i;
    state.page = Math.floor(selected().indexOf(i) / PAGE);
    draw();
    var row = $("row-" + i);
    if (row) row.scrollIntoView({block: "center"});
  }
  window.kgShowRow = showRow;
  var resized = null;
  window.addEventListener("resize", function () { clearTimeout(resized); resized = setTimeout(draw, 120); });
  draw();
  window.kgTimelineReady = true;
});
