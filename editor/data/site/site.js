// Realms Studio site: filters on the index, player-count switch and region details on
// scenario pages. Data is read from the page itself (no fetch), so file:// works.
"use strict";
(function () {
  function text(tag, value, cls) {
    var node = document.createElement(tag);
    node.textContent = value;
    if (cls) { node.className = cls; }
    return node;
  }

  // ---- index: filter and sort cards ----------------------------------------------------
  var cards = document.getElementById("cards");
  if (cards) {
    var ids = ["f-text", "f-players", "f-world", "f-status", "f-stars", "f-sort"];
    var rank = { error: 0, warning: 1, clean: 2 };
    var apply = function () {
      var q = document.getElementById("f-text").value.trim().toLowerCase();
      var players = document.getElementById("f-players").value;
      var world = document.getElementById("f-world").value;
      var status = document.getElementById("f-status").value;
      var stars = document.getElementById("f-stars").value;
      var sort = document.getElementById("f-sort").value;
      var items = Array.prototype.slice.call(cards.children);
      var shown = 0;
      items.forEach(function (card) {
        var d = card.dataset;
        var ok = (!q || d.title.indexOf(q) >= 0 || d.author.indexOf(q) >= 0) &&
          (!players || (+d.min <= +players && +players <= +d.max)) &&
          (!world || d.worlds.split(" ").indexOf(world) >= 0) &&
          (!status || d.status === status) &&
          (!stars || d.stars === stars);
        card.hidden = !ok;
        if (ok) { shown += 1; }
      });
      items.sort(function (a, b) {
        var x = a.dataset, y = b.dataset, c = 0;
        if (sort === "title") { c = x.title.localeCompare(y.title); }
        else if (sort === "players") { c = (+x.min - +y.min) || (+x.max - +y.max); }
        else if (sort === "stars") { c = (+(x.stars || 0)) - (+(y.stars || 0)); }
        else if (sort === "status") { c = rank[x.status] - rank[y.status]; }
        return c || (+x.order - +y.order);
      });
      items.forEach(function (card) { cards.appendChild(card); });
      document.getElementById("f-count").textContent = shown + " shown";
    };
    ids.forEach(function (id) {
      var el = document.getElementById(id);
      el.addEventListener("input", apply);
      el.addEventListener("change", apply);
    });
  }

  // ---- scenario page: player counts, region details, graph overlay -------------------
  var sw = document.getElementById("count-switch");
  if (!sw) { return; }
  var info = document.getElementById("region-info");
  var figures = Array.prototype.slice.call(document.querySelectorAll("figure.count"));
  var data = {};
  figures.forEach(function (fig) {
    data[fig.dataset.count] = JSON.parse(fig.querySelector("script.regions").textContent);
  });
  var pinned = null;
  var HINT = "Point at a region, or reach it with the Tab key, to see its details.";

  function clear(fig) {
    fig.querySelectorAll(".region.active, .region.neighbour").forEach(function (el) {
      el.classList.remove("active", "neighbour");
    });
  }

  function show(fig, id) {
    var region = data[fig.dataset.count][id];
    clear(fig);
    info.textContent = "";
    if (!region) { info.appendChild(text("p", HINT, "hint")); return; }
    info.appendChild(text("h3", id));
    var dl = document.createElement("dl");
    var rows = [["Terrain", region.terrain],
                ["Symbols", region.symbols.join(", ") || "none"],
                ["Markers", region.markers.join(", ") || "none"],
                ["Neighbours", region.neighbours.join(", ") || "none"],
                ["Board edge", region.edge ? "yes" : "no"],
                ["Tiles", region.tiles.join(", ")]];
    rows.forEach(function (row) { dl.appendChild(text("dt", row[0])); dl.appendChild(text("dd", row[1])); });
    info.appendChild(dl);
    info.dataset.region = id;
    fig.querySelectorAll(".region").forEach(function (el) {
      var rid = el.getAttribute("data-region");
      if (rid === id) { el.classList.add("active"); }
      else if (region.neighbours.indexOf(rid) >= 0) { el.classList.add("neighbour"); }
    });
  }

  figures.forEach(function (fig) {
    fig.addEventListener("mouseover", function (ev) {
      var el = ev.target.closest(".region");
      if (el && pinned === null) { show(fig, el.getAttribute("data-region")); }
    });
    fig.addEventListener("click", function (ev) {
      var el = ev.target.closest(".region");
      pinned = el ? el.getAttribute("data-region") : null;
      show(fig, pinned);
    });
    // Keyboard: every region is a tab stop; reaching one shows what pointing at it shows,
    // Enter or Space pins it (as a click does), Escape unpins.
    fig.addEventListener("focusin", function (ev) {
      var el = ev.target.closest(".region");
      if (!el) { return; }
      var id = el.getAttribute("data-region");
      if (pinned !== null) { pinned = id; }
      show(fig, id);
    });
    fig.addEventListener("keydown", function (ev) {
      var el = ev.target.closest(".region");
      if (!el) { return; }
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        pinned = el.getAttribute("data-region");
        show(fig, pinned);
      } else if (ev.key === "Escape") {
        pinned = null;
        show(fig, null);
      }
    });
  });

  sw.addEventListener("click", function (ev) {
    var button = ev.target.closest("button[data-count]");
    if (!button) { return; }
    var count = button.dataset.count;
    sw.querySelectorAll("button").forEach(function (b) {
      b.setAttribute("aria-selected", b === button ? "true" : "false");
    });
    figures.forEach(function (fig) { fig.hidden = fig.dataset.count !== count; clear(fig); });
    document.querySelectorAll(".balance-count").forEach(function (part) {
      part.hidden = part.dataset.count !== count;
    });
    pinned = null;
    show(figures[0], null);
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#players=" + count);
    }
  });
  var graph = document.getElementById("graph-toggle");
  graph.addEventListener("change", function () {
    document.body.classList.toggle("show-graph", graph.checked);
  });
  // The count in the address (#players=4): on opening the page, and when only the hash
  // changes (a link on the page, the address bar), which does not load the page again.
  function countFromHash() {
    var m = /players=(\d+)/.exec(window.location.hash);
    if (!m) { return; }
    var b = sw.querySelector('button[data-count="' + m[1] + '"]');
    if (b && b.getAttribute("aria-selected") !== "true") { b.click(); }
  }
  countFromHash();
  window.addEventListener("hashchange", countFromHash);
})();
