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
      var current = board();
      if (current && typeof message.version === "number" && message.version > shown()) {
        htmx.trigger(current, "live");
      }
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "off";
      if (event.code === 4403 || event.code === 4404 || event.code === 4429) return; // refused: the poll carries on
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
