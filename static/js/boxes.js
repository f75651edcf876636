// Small parts of a board that redraw themselves without htmx, so that a game's own script (which
// may listen to every htmx request and swap on the document) never sees them: an element with
// data-refresh="URL" is fetched again when the document hears one of the events named in
// data-refresh-on (live.js sends them from the table's socket), and every data-refresh-every
// seconds while the tab is visible. A 204 (or any answer but 200) leaves it as it is. An open
// <details> with an id stays open across a redraw.
(function () {
  "use strict";
  var last = new WeakMap();

  function refresh(el) {
    last.set(el, Date.now());
    fetch(el.dataset.refresh, { credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.text() : null; })
      .then(function (html) {
        if (!html || !el.isConnected) return;
        var holder = document.createElement("template");
        holder.innerHTML = html.trim();
        var fresh = holder.content.firstElementChild;
        if (!fresh) return;
        // A disclosure the player opened stays open (and one they closed, closed) across the redraw.
        fresh.querySelectorAll("details[id]").forEach(function (box) {
          var before = el.querySelector("#" + box.id);
          if (before) box.open = before.open;
        });
        el.replaceWith(fresh);
      })
      .catch(function () { /* offline: the next event or tick tries again */ });
  }

  function listen(name) {
    document.addEventListener(name, function () {
      document.querySelectorAll("[data-refresh-on~='" + name + "']").forEach(refresh);
    });
  }
  listen("presence");
  listen("rematch");
  listen("table");

  // A panel marked data-open-wide starts open on a wide screen and folded on a phone; the panel the
  // address names (#host-tools, after one of its buttons) starts open anywhere.
  if (window.matchMedia && window.matchMedia("(min-width: 48rem)").matches) {
    document.querySelectorAll("details[data-open-wide]").forEach(function (box) { box.open = true; });
  }
  var named = location.hash && document.getElementById(location.hash.slice(1));
  if (named && named.tagName === "DETAILS") named.open = true;

  setInterval(function () {
    if (document.visibilityState !== "visible") return;
    var now = Date.now();
    document.querySelectorAll("[data-refresh-every]").forEach(function (el) {
      if (!last.has(el)) last.set(el, now);
      if (now - last.get(el) >= parseFloat(el.dataset.refreshEvery) * 1000) refresh(el);
    });
  }, 1000);
})();
