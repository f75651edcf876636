// Keeps a game board fresh: the table's WebSocket says "version N is out" and the
// board fetches its own partial (its hx-trigger listens for "live"). The board's
// own poll stays as the fallback while the socket is down; a page that reconnects
// says which version it shows and hears the current one.
(function () {
  "use strict";
  var board = function () { return document.getElementById("board"); };
  var start = board();
  if (!start || !start.dataset.code || !("WebSocket" in window)) return;
  var code = start.dataset.code;
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

  function shown() {
    var current = board();
    return current ? parseInt(current.dataset.version, 10) : 0;
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/ws/g/" + code + "/");
    socket.onopen = function () {
      delay = 500;
      document.documentElement.dataset.live = "on";
      socket.send(JSON.stringify({ version: shown() }));
    };
    socket.onmessage = function (event) {
      var message = JSON.parse(event.data);
      if (message.presence) { htmx.trigger(document.body, "presence"); return; }
      if (message.rematch) { htmx.trigger(document.body, "rematch"); return; }
      if (message.gone) { gone = true; notice(message.gone, true); socket.close(); return; }
      if (message.removed) { notice(message.removed, false); return; }
      var current = board();
      if (current && typeof message.version === "number" && message.version > shown()) {
        htmx.trigger(current, "live");
      }
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
