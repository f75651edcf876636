// The end of a game brings the page to its final ranking, once. Each game marks its ranking
// [data-final-ranking]; when a board drawn while the game was in play is replaced by one that shows
// it (a push, a poll or the page's own last move), the ranking is scrolled to the top of the screen
// and takes the focus, so a phone far down the page (the log, the verses) sees who won and a screen
// reader reads it. A page opened on a finished game stays where it is.
(function () {
  "use strict";
  if (window.endingFollowed) return;
  window.endingFollowed = true;
  var board = document.getElementById("board");
  if (!board || board.querySelector("[data-final-ranking]")) return;
  var observer = new MutationObserver(function () {
    var ranking = document.querySelector("#board [data-final-ranking]");
    if (!ranking) return;
    observer.disconnect();
    ranking.setAttribute("tabindex", "-1");
    ranking.scrollIntoView({ block: "start" });
    ranking.focus({ preventScroll: true });
  });
  observer.observe(board.parentNode, { childList: true, subtree: true });
})();
