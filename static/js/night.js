// Keeps a group's night TV current without a reload: its WebSocket says "the night moved" (a move
// at one of its tables, someone coming or going, a table starting) and the board (#night-board,
// hx-trigger "live") fetches itself again, at most once a second and one request at a time, so a
// table of computer players playing fast costs one request a second. The board's own poll (site.js)
// stays as the fallback while the socket is down.
(function () {
  "use strict";
  var start = document.getElementById("night-board");
  if (!start || !start.dataset.nightSocket || !("WebSocket" in window) || window.nightTv) return;
  window.nightTv = true;
  var address = start.dataset.nightSocket;
  var delay = 500, wanted = false, busy = false, last = 0;

  function fetchBoard() {
    var board = document.getElementById("night-board");
    if (!wanted || busy || !board || !window.htmx) return;
    var wait = 1000 - (Date.now() - last);
    if (wait > 0) { setTimeout(fetchBoard, wait); return; }
    wanted = false;
    busy = true;
    last = Date.now();
    window.htmx.trigger(board, "live");
  }

  document.addEventListener("htmx:afterRequest", function () {
    busy = false;
    fetchBoard();
  });

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + address);
    socket.onopen = function () {
      delay = 500;
      document.documentElement.dataset.live = "on";
      wanted = true; // what moved while the socket was down
      fetchBoard();
    };
    socket.onmessage = function () {
      wanted = true;
      fetchBoard();
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "off";
      if (event.code === 4403) return; // the link no longer works: the poll says so
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
