/* Romi Rami board: the Take button is enabled only when the tapped market cards
   are one group the page lists as legal (the server judges anyway); the button and its
   status sit in the turn's bar, tied to the take form by their form attribute.
   The folds of the board (the log, the trophies, each player's contracts) start open on a wide
   screen and folded on a phone, and one the player opened or closed stays so across redraws.
   Loaded once by the game page (RomiRamiKind.script); every board swapped in is set up on htmx:load. */
(function () {
  "use strict";
  if (window.romiRami) return; // loaded once by the game page (GameKind.script), whatever the board shows

  function key(ids) {
    return ids.map(Number).sort(function (a, b) { return a - b; }).join(",");
  }

  function control(form, attribute) {
    // form.elements holds the controls outside the form that name it (form="rami-take").
    return Array.prototype.find.call(form.elements, function (el) { return el.hasAttribute(attribute); });
  }

  function refresh(form) {
    var legal = JSON.parse(form.dataset.takes || "[]").map(key);
    var picked = Array.prototype.map.call(
      form.querySelectorAll("input[name=cards]:checked"), function (input) { return input.value; });
    var ok = picked.length > 0 && legal.indexOf(key(picked)) !== -1;
    var button = control(form, "data-take-button");
    var status = control(form, "data-take-status");
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

  var folds = {}; // a fold's id: open or not, as the player left it
  var wide = window.matchMedia && window.matchMedia("(min-width: 48rem)");

  function unfold() {
    document.querySelectorAll("#board details[id]").forEach(function (box) {
      if (box.id in folds) box.open = folds[box.id];
      else if (box.hasAttribute("data-open-wide") && wide && wide.matches) box.open = true;
    });
  }

  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (box instanceof HTMLDetailsElement && box.id && box.closest("#board")) folds[box.id] = box.open;
  }, true); // "toggle" does not bubble

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-takes]");
    if (form) refresh(form);
  });
  document.addEventListener("htmx:load", function (event) {
    unfold();
    refreshAll(event.detail.elt);
  });
  window.romiRami = { refresh: refresh, refreshAll: refreshAll };
  unfold();
  refreshAll(document);
})();
