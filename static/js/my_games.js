// Keeps "My games" current without a reload: the player's own WebSocket says "one of your
// games changed" and the list (#my-games, hx-trigger "live") fetches itself again. The list's
// own poll (site.js) stays as the fallback while the socket is down. The tab's title counts the
// games waiting for the player's move, "(2) My games", as the list redraws.
(function () {
  "use strict";
  if (!document.getElementById("my-games")) return;

  document.addEventListener("htmx:afterSettle", function () {
    var list = document.getElementById("my-games");
    if (!list) return;
    var waiting = Number(list.dataset.yourTurn || 0), title = document.title.replace(/^\(\d+\) /, "");
    document.title = waiting ? "(" + waiting + ") " + title : title;
  });

  if (!("WebSocket" in window)) return;
  var delay = 500;

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/ws/me/");
    socket.onopen = function () {
      delay = 500;
      document.documentElement.dataset.live = "on";
    };
    socket.onmessage = function () {
      var list = document.getElementById("my-games");
      if (list && window.htmx) window.htmx.trigger(list, "live");
    };
    socket.onclose = function (event) {
      document.documentElement.dataset.live = "off";
      if (event.code === 4403) return; // signed out: the poll carries on
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
})();
