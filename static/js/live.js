// Keeps a game board fresh. The table's WebSocket says "version N is out" and, on a game page
// (data-push-board), brings the board as this page's viewer may see it, drawn by the server for
// this socket: the page swaps it in without a request. Other pages (a shared screen) fetch their
// own partial on each push. A push without a board (the server could not draw it) makes the board
// fetch its own partial (its hx-trigger listens for "live"). While the page's own request is out
// (a move), pushes wait: its answer is the fresh board, and a push of that version or older is
// then dropped. A board script may hold a drawing back (a card in the air): it cancels the
// "live:draw" event and calls event.detail.retry() when it is ready. The board's own poll stays
// as the fallback while the socket is down; a page that reconnects says which version it shows.
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

  function shown() {
    var current = board();
    return current ? parseInt(current.dataset.version, 10) : 0;
  }

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
      htmx.trigger(current, "live");
      return;
    }
    var ask = new CustomEvent("live:draw", { bubbles: true, cancelable: true, detail: { retry: draw } });
    if (!current.dispatchEvent(ask)) return;
    var message = pending;
    pending = null;
    htmx.swap(current, message.html, { swapStyle: "outerHTML" });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!inBoard(event.detail.elt)) return;
    busy += 1;
    busySince = Date.now();
  });
  document.addEventListener("htmx:afterRequest", function () {
    // Fired on the element that asked, which the answer may have replaced: count any request down.
    if (busy > 0) busy -= 1;
    if (!busy) setTimeout(draw, 0);
  });

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/ws/g/" + code + "/" + (drawnHere ? "" : "?draw=0"));
    socket.onopen = function () {
      delay = 500;
      document.documentElement.dataset.live = "on";
      socket.send(JSON.stringify({ version: shown() }));
    };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.presence) { document.dispatchEvent(new CustomEvent("presence")); return; }
      if (message.rematch) { document.dispatchEvent(new CustomEvent("rematch")); return; }
      if (message.gone) { gone = true; notice(message.gone, true); socket.close(); return; }
      if (message.removed) { notice(message.removed, false); return; }
      if (typeof message.version !== "number" || message.version <= shown()) return;
      document.dispatchEvent(new CustomEvent("table"));
      if (pending && pending.version > message.version) return;
      pending = message;
      draw();
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "off";
      if (gone || event.code === 4403 || event.code === 4404 || event.code === 4429 || event.code === 4430) return; // refused: the poll carries on
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
