// A half-made choice on a game's board outlives a reload: the board's inputs marked data-keep (a
// ticked market card, a picked card) are noted in the tab's sessionStorage under the game's code
// with the version the board shows; a board drawn again at that same version (a reload, the back
// button, a phone's page brought back) ticks them again and sends "change", so the game's own
// script and CSS light what the pick lights. Any new version drops them: the table moved on, and
// what was a legal choice may be one no more.
(function () {
  "use strict";
  if (window.boardPicks) return;
  window.boardPicks = true;

  function board() { return document.getElementById("board"); }

  function storeKey(el) { return "picks:" + el.dataset.code; }

  function note() {
    var el = board();
    if (!el || !window.sessionStorage) return;
    var kept = Array.prototype.map.call(el.querySelectorAll("input[data-keep]:checked"), function (input) {
      return input.dataset.keep;
    });
    try {
      window.sessionStorage.setItem(storeKey(el), JSON.stringify({ version: el.dataset.version, kept: kept }));
    } catch (error) { /* storage full or refused: the pick just does not survive a reload */ }
  }

  function restore() {
    var el = board();
    if (!el || !window.sessionStorage) return;
    var noted;
    try { noted = JSON.parse(window.sessionStorage.getItem(storeKey(el)) || "null"); } catch (error) { noted = null; }
    if (!noted || noted.version !== el.dataset.version) return;
    noted.kept.forEach(function (key) {
      var input = el.querySelector('input[data-keep="' + key + '"]');
      if (!input || input.disabled || input.checked) return;
      input.checked = true;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target instanceof HTMLInputElement && event.target.dataset.keep !== undefined) note();
  });
  // Shown again from the back-forward cache, the page is as it was; drawn anew, it is restored.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restore);
  else restore();
})();
