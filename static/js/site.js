// Small behaviours of every page, kept out of the HTML so the Content-Security-Policy
// admits no inline script, no inline handler and no eval:
// - a form with data-confirm asks before it is sent;
// - every [data-deadline] counts down between redraws;
// - the browser's time zone is sent once to data-tz-url when it differs from the page's
//   data-tz (then the page reloads if it shows clock times, [data-local-time]);
// - a button with data-copy copies its text to the clipboard (the join link) and says so;
// - an element with data-poll="N" is sent the htmx event "poll" every N seconds while
//   the tab is visible (every data-poll-live seconds instead while live.js holds a
//   WebSocket open), so its hx-trigger needs no filter expression (which htmx evaluates);
// - every move sent through HTMX carries a fresh request id, so the same request sent again
//   (its answer lost on the way back) is answered by the server, not played twice;
// - a page drawn as the answer to a form sent elsewhere (a refused Start at /g/<code>/start/)
//   shows its own address (meta page-url), so a reload asks for the page, not the form again;
// - a refusal shown on top of the page (#flashes: too many moves, a page out of date) goes
//   once a later form the page sends through HTMX is taken;
// - a plain form posts the page's CSRF token (<body hx-headers>, which htmx sends with its own
//   requests): a board swapped in by a poll or a push carries none, one drawing serving every page.
(function () {
  "use strict";

  function pageToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (form.method === "post" && !form.elements.namedItem("csrfmiddlewaretoken")) {
      var token = document.createElement("input");
      token.type = "hidden";
      token.name = "csrfmiddlewaretoken";
      token.value = pageToken();
      form.appendChild(token);
    }
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element && event.target.closest("[data-copy]");
    if (!button) return;
    var text = button.dataset.copy, label = button.textContent;
    function done() {
      button.textContent = button.dataset.copied || "Copied";
      button.classList.add("copied");
      setTimeout(function () { button.textContent = label; button.classList.remove("copied"); }, 2000);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { window.prompt("Copy this link:", text); });
    } else {
      window.prompt("Copy this link:", text);
    }
  });

  (function tellTimeZone() {
    var root = document.documentElement, zone;
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
    if (!zone || !root.dataset.tzUrl || zone === root.dataset.tz) return;
    var key = "tz-told:" + zone;
    try { if (sessionStorage.getItem(key)) return; sessionStorage.setItem(key, "1"); } catch (e) { /* private mode */ }
    fetch(root.dataset.tzUrl, {
      method: "POST", credentials: "same-origin",
      headers: {"X-CSRFToken": pageToken(), "Content-Type": "application/x-www-form-urlencoded"},
      body: "zone=" + encodeURIComponent(zone)
    }).then(function (response) {
      if (response.ok && document.querySelector("[data-local-time]")) window.location.reload();
    });
  })();

  function countDown() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
      el.textContent = d ? d + " d " + h + " h" : h ? h + " h " + m + " min" : m + " min " + s + " s";
    });
  }

  var lastPoll = new WeakMap();
  function poll() {
    if (document.visibilityState !== "visible" || !window.htmx) return;
    var live = document.documentElement.dataset.live === "on";
    var now = Date.now();
    document.querySelectorAll("[data-poll]").forEach(function (el) {
      var seconds = parseFloat(live && el.dataset.pollLive ? el.dataset.pollLive : el.dataset.poll);
      if (!lastPoll.has(el)) lastPoll.set(el, now);
      if (seconds > 0 && now - lastPoll.get(el) >= seconds * 1000) {
        lastPoll.set(el, now);
        window.htmx.trigger(el, "poll");
      }
    });
  }

  function requestId() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb !== "post" || !/\/move\/$/.test(detail.path || "")) return;
    if (detail.parameters && !detail.parameters.request) detail.parameters.request = requestId();
  });

  var pageUrl = document.querySelector('meta[name="page-url"]');
  if (pageUrl && window.location.pathname !== pageUrl.content && window.history.replaceState) {
    window.history.replaceState(null, "", pageUrl.content);
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail, flashes = document.getElementById("flashes");
    var taken = detail.xhr && detail.xhr.status >= 200 && detail.xhr.status < 300;
    if (flashes && taken && detail.requestConfig && detail.requestConfig.verb === "post") flashes.replaceChildren();
  });

  setInterval(countDown, 1000);
  setInterval(poll, 250);
})();
