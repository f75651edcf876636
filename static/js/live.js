// Keeps a game board fresh. The table's WebSocket says "version N is out" and, on a game page
// (data-push-board), brings the board as this page's viewer may see it, drawn by the server for
// this socket: the page swaps it in without a request. Other pages (a shared screen) fetch their
// own partial on each push. A push without a board (the server could not draw it) makes the board
// fetch its own partial (its hx-get). While the page's own request is out
// (a move), pushes wait: its answer is the fresh board, and a push of that version or older is
// then dropped. A board script may hold a drawing back (a card in the air): it cancels the
// "live:draw" event and calls event.detail.retry() when it is ready. The board's own poll stays
// as the fallback while the socket is down; a page that reconnects says which version it shows.
//
// A phone that slept (or lost its network) cannot trust its socket: on waking (the page visible
// again, the network back) the page asks for its board at once and reconnects if the socket is
// down, and, when it was away for AWAY_MS or more, shows what the table did meanwhile (the log's
// lines since, /g/<code>/since/<moves>/) above the board; what the page showed is kept on the
// device too, so a page opened afresh after the browser dropped it is told the same. While the
// socket is down for more than a moment, a line at the top of the screen says the page is offline.
// A shared screen also redraws on a presence push (it shows who is away).
(function () {
  "use strict";
  var board = function () { return document.getElementById("board"); };
  var start = board();
  if (!start || !start.dataset.code || !("WebSocket" in window)) return;
  var code = start.dataset.code;
  // Only the game page's board (games/board.html) is the partial the server draws for a socket;
  // another page's #board (a shared screen) fetches its own partial on each push.
  var drawnHere = start.hasAttribute("data-push-board");
  var delay = 500;
  var gone = false;
  var socket = null;
  var retry = 0;
  var AWAY_MS = 10000; // a page hidden or offline this long is told what happened meanwhile
  var OFFLINE_AFTER_MS = 3000; // a socket down this long (not a quick reconnect) is shown
  var awaySince = 0; // when the page was hidden or went offline (0: here)
  var movesThen = null; // the log's length the page showed then
  var offlineTimer = 0;

  // The table went away or this player's seat did: say so where the board was (or above it).
  function notice(text, replaceBoard) {
    var current = board();
    var p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.className = "notice";
    p.textContent = text;
    if (!replaceBoard) {
      if (current && !document.getElementById("seat-notice")) {
        p.id = "seat-notice";
        current.parentNode.insertBefore(p, current);
      }
      return;
    }
    var ended = document.createElement("div");
    ended.id = "board";
    ended.className = "board gone";
    var link = document.createElement("a");
    link.href = "/games/";
    link.textContent = "My games";
    ended.appendChild(p);
    ended.appendChild(link);
    if (current) current.replaceWith(ended);
  }

  var pending = null; // the newest push not drawn yet
  var busy = 0; // requests of this page's board that are out
  var busySince = 0;

  // The board's own request, asked for directly (htmx.ajax) rather than through its hx-trigger:
  // htmx binds a board it swapped in only in the swap's settle, some 20 ms later, and a "live" sent
  // before then would be heard by nobody (the page would wait for its 15 s safety poll).
  function fetchBoard(current) {
    var url = current.getAttribute("hx-get");
    if (url) htmx.ajax("GET", url, { source: current, target: current, swap: "outerHTML" });
  }

  function shown() {
    var current = board();
    return current ? parseInt(current.dataset.version, 10) : 0;
  }

  function moves() {
    var current = board();
    return current && current.dataset.moves ? parseInt(current.dataset.moves, 10) : null;
  }

  function offline(on) {
    clearTimeout(offlineTimer);
    var line = document.getElementById("offline");
    if (!on) { if (line) line.remove(); return; }
    offlineTimer = setTimeout(function () {
      if (document.getElementById("offline") || gone) return;
      var p = document.createElement("p");
      p.id = "offline";
      p.className = "offline";
      p.setAttribute("role", "status");
      p.textContent = "Offline: reconnecting… The table may have moved on; this page catches up when it is back.";
      document.body.prepend(p);
    }, navigator.onLine === false ? 0 : OFFLINE_AFTER_MS);
  }

  // What the page showed when it went away, kept on the device too: a phone whose browser dropped
  // the page while it slept opens a new one, which is told all the same.
  var KEPT = "away:" + code;
  function leaving() {
    if (awaySince) return;
    awaySince = Date.now();
    movesThen = moves();
    try { localStorage.setItem(KEPT, JSON.stringify({ at: awaySince, moves: movesThen })); } catch (e) { /* private mode */ }
  }
  function kept() {
    try {
      var saved = JSON.parse(localStorage.getItem(KEPT) || "null");
      localStorage.removeItem(KEPT);
      return saved && typeof saved.moves === "number" && typeof saved.at === "number" ? saved : null;
    } catch (e) { return null; }
  }

  // What the table did while this page was away: the log's lines since, above the board.
  function toldWhatHappened(since) {
    fetch("/g/" + code + "/since/" + since + "/", { credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.text() : null; })
      .then(function (html) {
        var current = board();
        if (!html || !current) return;
        var before = document.getElementById("while-away");
        if (before) before.remove();
        var holder = document.createElement("template");
        holder.innerHTML = html.trim();
        var note = holder.content.firstElementChild;
        if (!note) return;
        current.parentNode.insertBefore(note, current);
        var ok = note.querySelector("button");
        if (ok) ok.addEventListener("click", function () { note.remove(); });
      })
      .catch(function () { /* offline again: the next wake asks */ });
  }

  function back() {
    if (gone || document.visibilityState !== "visible") return;
    var current = board();
    if (current && current.getAttribute("hx-trigger")) fetchBoard(current);
    document.dispatchEvent(new CustomEvent("presence"));
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      clearTimeout(retry);
      delay = 500;
      if (!socket || socket.readyState === WebSocket.CLOSED) connect();
    } else offline(false); // the socket outlived a short drop: nothing to wait for
    if (awaySince && Date.now() - awaySince >= AWAY_MS && movesThen !== null) toldWhatHappened(movesThen);
    awaySince = 0;
    kept();
  }

  // A page that went away and was opened afresh (the browser dropped it while the phone slept).
  var wentAway = kept();
  var showing = moves();
  if (wentAway && showing !== null && wentAway.moves < showing && Date.now() - wentAway.at >= AWAY_MS) {
    toldWhatHappened(wentAway.moves);
  }

  // A shared screen draws who is away: on a presence push it asks for its board although the
  // version is the same, and swaps it in only if something in it changed (nothing moves for naught).
  // While the board's own request is out, the redraw waits for it: that answer is swapped where the
  // board was, and a redraw swapped first would leave it nowhere to go.
  var redrawLater = false;
  function redrawShared() {
    var current = board();
    var url = current && current.getAttribute("hx-get");
    if (!url || !current.getAttribute("hx-trigger")) return;
    if (busy) { redrawLater = true; return; }
    fetch(url.replace(/version=\d+/, "version=-1"), { credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.text() : null; })
      .then(function (html) {
        if (!html || board() !== current) return; // a push redrew it meanwhile
        if (busy) { redrawLater = true; return; }
        var holder = document.createElement("template");
        holder.innerHTML = html.trim();
        var fresh = holder.content.firstElementChild;
        if (fresh && fresh.innerHTML !== current.innerHTML) htmx.swap(current, html, { swapStyle: "outerHTML" });
      })
      .catch(function () { /* offline: the next push or poll redraws it */ });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") back(); else leaving();
  });
  window.addEventListener("online", back);
  window.addEventListener("offline", function () { leaving(); offline(true); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) back(); });

  function inBoard(elt) {
    var current = board();
    return Boolean(current && elt && (elt === current || current.contains(elt)));
  }

  function draw() {
    var current = board();
    if (!pending || !current) return;
    if (pending.version <= shown()) { pending = null; return; }
    if (busy && Date.now() - busySince < 10000) return; // the request's answer comes first
    busy = 0;
    if (typeof pending.html !== "string" || !drawnHere) {
      pending = null;
      fetchBoard(current);
      return;
    }
    var ask = new CustomEvent("live:draw", { bubbles: true, cancelable: true, detail: { retry: draw } });
    if (!current.dispatchEvent(ask)) return;
    var message = pending;
    pending = null;
    htmx.swap(current, message.html, { swapStyle: "outerHTML" });
  }

  // A board request is counted down when its XHR ends, not on htmx:afterRequest: htmx fires that on
  // the element that asked, and when something else replaced that element meanwhile (a presence
  // redraw) the event reaches no listener and the count would stay up, holding every push back.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!inBoard(event.detail.elt)) return;
    busy += 1;
    busySince = Date.now();
    event.detail.xhr.addEventListener("loadend", function () {
      if (busy > 0) busy -= 1;
      if (busy) return;
      setTimeout(function () {
        draw();
        if (redrawLater) { redrawLater = false; redrawShared(); }
      }, 0);
    });
  });

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var opened = new WebSocket(scheme + location.host + "/ws/g/" + code + "/" + (drawnHere ? "" : "?draw=0"));
    socket = opened;
    opened.onopen = function () {
      delay = 500;
      document.documentElement.dataset.live = "on";
      offline(false);
      opened.send(JSON.stringify({ version: shown() }));
      if (awaySince && document.visibilityState === "visible") back();
    };
    opened.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.presence) {
        document.dispatchEvent(new CustomEvent("presence"));
        if (!drawnHere) redrawShared();
        return;
      }
      if (message.rematch) { document.dispatchEvent(new CustomEvent("rematch")); return; }
      if (message.gone) { gone = true; offline(false); notice(message.gone, true); opened.close(); return; }
      if (message.removed) { notice(message.removed, false); return; }
      if (typeof message.version !== "number" || message.version <= shown()) return;
      document.dispatchEvent(new CustomEvent("table"));
      if (pending && pending.version > message.version) return;
      pending = message;
      draw();
    };
    opened.onclose = function (event) {
      if (socket !== opened) return; // a socket this page gave up on for a new one
      document.documentElement.dataset.live = "off";
      if (gone || event.code === 4403 || event.code === 4404 || event.code === 4429 || event.code === 4430) return; // refused: the poll carries on
      leaving();
      offline(true);
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
