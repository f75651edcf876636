// Roman Catacombs, a player's board: the picked card survives a redraw, and the table's part fits
// its viewer. The cards are radios (the picked one lights the library's slots it may take, in CSS);
// the board is redrawn whenever anyone at the table moves (a push of live.js, a poll, a move's
// answer), which would drop the pick. Before each redraw the picked card and the focused control
// are noted by their keys (data-key: the turn, the pile and the book for a card; the pile and the
// slot for a "write it here" button); after it, the same card is picked again if it is still
// offered and playable this turn, and the focus goes back. A redraw that changes the choices (a new
// turn, a card no longer playable, a move made) drops the pick, as the same key is not there to
// take it.
// Loaded once by the game page (CatacombsKind.script): a board swapped in later brings no script.
(function () {
  "use strict";
  if (window.ccTable) return;
  window.ccTable = true;

  var pickKey = null;
  var focusKey = null;

  function inBoard(el) { return Boolean(el && el.closest && el.closest("#board")); }

  function remember() {
    var picked = document.querySelector("#board .cc-pick .pick:checked");
    pickKey = picked ? picked.dataset.key : null;
    var active = document.activeElement;
    focusKey = inBoard(active) && active.dataset ? active.dataset.key || null : null;
  }

  function restore() {
    var key = pickKey;
    var focus = focusKey;
    pickKey = null;
    focusKey = null;
    if (!key) return;
    var again = document.querySelector('#board .cc-pick .pick[data-key="' + key + '"]');
    if (!again || again.disabled) return;
    again.checked = true;
    if (!focus) return;
    var target = document.querySelector('#board [data-key="' + focus + '"]');
    if (target && !target.disabled) target.focus({ preventScroll: true });
  }

  // The table's part of the board (catacombs/board_table.html) is one drawing for every viewer;
  // each page fits it to its own: a player's own library there is hidden (theirs is drawn in full
  // above, with this turn's write), a page without a seat (a host who does not play, a watcher)
  // opens every library, and a library someone opened or closed stays so through redraws.
  var leftOpen = {};  // seat -> open, as the viewer left it

  function fitTheTable() {
    var board = document.getElementById("board");
    if (!board) return;
    var mine = board.dataset.seat;
    document.querySelectorAll("#board details.cc-other").forEach(function (library) {
      var seat = library.dataset.seat;
      library.hidden = mine !== undefined && seat === mine;
      library.open = seat in leftOpen ? leftOpen[seat] : mine === undefined;
    });
  }

  document.addEventListener("toggle", function (event) {
    var library = event.target;
    if (library.matches && library.matches("#board details.cc-other")) leftOpen[library.dataset.seat] = library.open;
  }, true);  // toggle does not bubble

  // A pushed board (live.js swaps it without a request) and a fetched or answered one (htmx).
  document.addEventListener("live:draw", remember);
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board") remember();
  });
  document.addEventListener("htmx:afterSwap", function () {
    fitTheTable();
    restore();
  });
  fitTheTable();
})();
