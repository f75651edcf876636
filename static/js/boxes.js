// Small parts of a board that redraw themselves without htmx, so that a game's own script (which
// may listen to every htmx request and swap on the document) never sees them: an element with
// data-refresh="URL" is fetched again REFRESH_AFTER_MS after the document hears one of the events
// named in data-refresh-on (live.js sends them from the table's socket), once for however many came
// meanwhile, and every data-refresh-every seconds while the tab is visible. A 204 (or any answer but 200), or the same content, leaves it as
// it is; across a redraw an open <details> with an id stays open and the focused control keeps focus.
(function () {
  "use strict";
  var last = new WeakMap();
  // A box's own answer carries a CSRF token; the board it came in with, none (games/web/presenter.py).
  var TOKEN = /<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">/g;
  var OPEN = / open=""/g;

  function plain(box) {
    return box.outerHTML.replace(TOKEN, "").replace(OPEN, "");
  }

  function refresh(el) {
    if (!el.isConnected) return; // redrawn since this was asked: the new box is asked in its turn
    last.set(el, Date.now());
    fetch(el.dataset.refresh, { credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.text() : null; })
      .then(function (html) {
        if (!html || !el.isConnected) return;
        var holder = document.createElement("template");
        holder.innerHTML = html.trim();
        var fresh = holder.content.firstElementChild;
        if (!fresh) return;
        // The same content (a form's CSRF token and what is open aside) is left as it is: nothing
        // moves under a finger.
        if (plain(fresh) === plain(el)) return;
        // A disclosure the player opened stays open (and one they closed, closed) across the redraw,
        // and the control they were on keeps the focus.
        fresh.querySelectorAll("details[id]").forEach(function (box) {
          var before = el.querySelector("#" + box.id);
          if (before) box.open = before.open;
        });
        var controls = "summary, button, a[href], input:not([type=hidden]), select, textarea";
        var at = Array.prototype.indexOf.call(el.querySelectorAll(controls), document.activeElement);
        el.replaceWith(fresh);
        if (at >= 0) {
          var again = fresh.querySelectorAll(controls)[at];
          if (again) again.focus();
        }
      })
      .catch(function () { /* offline: the next event or tick tries again */ });
  }

  // Not at once: a push reaches every page of the table together, and the server is then drawing
  // each page's board for its socket; a box's request comes after that, and a quick table's moves
  // cost a box one request, not one each.
  var REFRESH_AFTER_MS = 300;
  var due = new Set();

  function soon(el) {
    if (due.has(el)) return;
    due.add(el);
    setTimeout(function () { due.delete(el); refresh(el); }, REFRESH_AFTER_MS);
  }

  function listen(name) {
    document.addEventListener(name, function () {
      document.querySelectorAll("[data-refresh-on~='" + name + "']").forEach(soon);
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
  function openNamed() {
    var named = location.hash && document.getElementById(location.hash.slice(1));
    if (named && named.tagName === "DETAILS") named.open = true;
  }
  openNamed();
  window.addEventListener("hashchange", openNamed);  // the site bar's "Host tools" link

  setInterval(function () {
    if (document.visibilityState !== "visible") return;
    var now = Date.now();
    document.querySelectorAll("[data-refresh-every]").forEach(function (el) {
      if (!last.has(el)) last.set(el, now);
      if (now - last.get(el) >= parseFloat(el.dataset.refreshEvery) * 1000) refresh(el);
    });
  }, 1000);
})();
