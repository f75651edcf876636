/* Romi Rami board: the Take button is enabled only when the tapped market cards
   are one of the groups the page lists as legal (the server judges anyway).
   Loaded once by the game page (RomiRamiKind.script); every board swapped in is set up on htmx:load. */
(function () {
  "use strict";
  if (window.romiRami) return; // loaded once by the game page (GameKind.script), whatever the board shows

  function key(ids) {
    return ids.map(Number).sort(function (a, b) { return a - b; }).join(",");
  }

  function refresh(form) {
    var legal = JSON.parse(form.dataset.takes || "[]").map(key);
    var picked = Array.prototype.map.call(
      form.querySelectorAll("input[name=cards]:checked"), function (input) { return input.value; });
    var ok = picked.length > 0 && legal.indexOf(key(picked)) !== -1;
    var button = form.querySelector("[data-take-button]");
    var status = form.querySelector("[data-take-status]");
    if (button) {
      button.disabled = !ok;
      button.textContent = ok ? "Take " + (picked.length === 1 ? "this card" : "these " + picked.length + " cards")
                              : "Take the chosen cards";
    }
    if (status) {
      status.textContent = !picked.length ? "Tap or press 1, 2 or 3 cards of one number or one suit."
        : ok ? "You may take " + (picked.length === 1 ? "this card." : "these cards.")
        : "These cards are not one group you may take: 1 to 3 cards of one number or one suit.";
      status.classList.toggle("rami-bad", picked.length > 0 && !ok);
    }
  }

  function refreshAll(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("form[data-takes]").forEach(refresh);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-takes]");
    if (form) refresh(form);
  });
  document.addEventListener("htmx:load", function (event) { refreshAll(event.detail.elt); });
  window.romiRami = { refresh: refresh, refreshAll: refreshAll };
  refreshAll(document);
})();
