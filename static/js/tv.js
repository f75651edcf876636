// A shared screen follows its table when it plays again: when the table's socket says a rematch was
// made (live.js sends "rematch"), and every 15 s while the game is over and the tab visible, it asks
// /g/<code>/tv/next/ and goes to the new table's screen it names (a 204: no rematch yet).
(function () {
  "use strict";
  var wrap = document.querySelector("[data-tv-next]");
  if (!wrap || window.tvFollows) return;
  window.tvFollows = true;
  var asking = false;

  function ask() {
    if (asking) return;
    asking = true;
    fetch(wrap.dataset.tvNext, { credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.json() : null; })
      .then(function (answer) { if (answer && answer.url) location.assign(answer.url); })
      .catch(function () { /* offline: the next event or tick asks again */ })
      .finally(function () { asking = false; });
  }

  function over() {
    var board = document.getElementById("board");
    return Boolean(board && board.hasAttribute("data-over"));
  }

  document.addEventListener("rematch", ask);
  setInterval(function () {
    if (document.visibilityState === "visible" && over()) ask();
  }, 15000);
})();
