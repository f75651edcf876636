// Roman Road, the live table: move a card by dragging it onto a pile (HTML5 drag and drop with a
// mouse, pointer events with a finger or pen), by tapping it and then a highlighted pile, or with
// the keys (Tab to a card, Enter or Space to pick it up; the piles it fits show a "Put it here"
// button, Tab to one and Enter or Space; Escape puts it back). The picking, dragging, tapping and
// keys are the deck games' one controller (games/decks/static/decks/deck.js, configured by the
// data-deck attributes of the board's root); what is this table's own is here: a double tap (or
// Enter twice) sends a card to the Foundation it fits, a tap on the top card of a pile the picked
// card fits puts it there, F flips, the words of the hint, and the redraws (none while a card is in
// the air; a fetched board at most every FETCH_GAP_MS). Every card move fills the one form #rr-move
// and submits it through HTMX, which swaps the board; a picked card is picked again, by its id, in
// each new board.
(function () {
  "use strict";
  if (!window.Deck || window.rrTable) return; // loaded once by the game page (GameKind.script), after deck.js
  window.rrTable = true;

  var DOUBLE_MS = 400; // two taps on one card this close together: to its Foundation
  var lastTap = { card: null, at: 0 };
  var liveWaiting = false; // a redraw held back while a card is in the air
  var heldDraw = null; // live.js's retry of a pushed board held back
  var focusKey = null;

  function q(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }
  function table() { return document.querySelector(".rr"); }
  function board() { return document.getElementById("board"); }
  function cardEl(card) { return document.querySelector('.rr [data-card="' + card + '"][data-targets]'); }
  function dragging() { return Deck.dragging(); }
  function hint(text) {
    var el = document.getElementById("rr-hint");
    if (el && text) el.textContent = text;
  }
  function zoneName(to) {
    var el = document.querySelector('.rr .rr-drop[data-to="' + to + '"] .rr-sr');
    return el ? el.textContent.replace(/^:\s*/, "") : to;
  }

  function catchUp() {
    var waiting = liveWaiting;
    liveWaiting = false;
    if (!waiting) return;
    if (heldDraw) { var retry = heldDraw; heldDraw = null; retry(); }
    else if (board()) htmx.trigger(board(), "live");
  }

  Deck.game("romanroad", {
    clearOnSend: true, // the card waits, greyed, for the board that shows it moved
    keepPick: true,
    find: cardEl,
    picked: function (picked, how) {
      if (how === "tap" || how === "key") {
        hint("Now tap or press where it goes: " + picked.targets.map(zoneName).join(", ") + ". Escape or “Put it back” to choose again.");
      } else if (how === "gone") {
        hint("That card is no longer where it was: choose again.");
      }
    },
    // A second tap on a card soon after the first sends it to its Foundation; a tap on the top card
    // of a pile the picked card fits puts it there.
    tap: function (card, zone) {
      var now = Date.now();
      var again = lastTap.card === card.dataset.card && now - lastTap.at < DOUBLE_MS;
      lastTap = { card: card.dataset.card, at: now };
      if (again && card.dataset.foundation) {
        Deck.pick(card, "double");
        return Deck.send(card.dataset.foundation) || true;
      }
      var picked = Deck.picked();
      if (picked && picked.key !== card.dataset.card && zone && picked.targets.indexOf(zone.dataset.to) >= 0) {
        Deck.send(zone.dataset.to);
        return true;
      }
      return false;
    },
    send: function (picked, to) {
      var form = document.getElementById("rr-move");
      if (!form) return;
      form.elements.card.value = picked.key;
      form.elements.to.value = to;
      var el = cardEl(picked.key);
      if (el) el.classList.add("is-sending");
      liveWaiting = false; // the answer is a fresh board
      Deck.submit(form);
    },
    settled: catchUp,
    keydown: function (event) {
      var typing = event.target.closest && event.target.closest("input, textarea, select");
      if (!typing && (event.key === "f" || event.key === "F")) {
        var flip = document.querySelector('.rr [data-key="flip"]');
        if (flip && !flip.disabled) { event.preventDefault(); flip.click(); }
      }
    },
  });

  // Redraws: none while a card is in the air (it comes as soon as it lands); after one, the
  // picked card is picked again if it is still there, and the focus goes back where it was.
  // A board the page fetches (the socket is down, or a push came without its board) is asked for
  // at most every FETCH_GAP_MS: at a table of fast computer players "version N is out" arrives
  // several times a second, one fetch shows every move made before it, and the page stays within
  // the site's limit on polls. A pushed board costs no request and is drawn as it comes.
  var FETCH_GAP_MS = 350;
  var lastFetch = 0;
  var fetchTimer = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt || elt.id !== "board" || !table()) return;
    if (dragging()) {
      event.preventDefault();
      liveWaiting = true;
      return;
    }
    var wait = lastFetch + FETCH_GAP_MS - Date.now();
    if (wait > 0) {
      event.preventDefault();
      if (!fetchTimer) {
        fetchTimer = setTimeout(function () {
          fetchTimer = null;
          if (board()) htmx.trigger(board(), "live");
        }, wait);
      }
      return;
    }
    lastFetch = Date.now();
  });
  // A pushed board (live.js) is held back while a card is in the air, and drawn at once otherwise.
  document.addEventListener("live:draw", function (event) {
    if (!table()) return;
    if (dragging()) {
      event.preventDefault();
      liveWaiting = true;
      heldDraw = event.detail.retry;
      return;
    }
    var active = document.activeElement;
    focusKey = active && active.closest && active.closest("#board") && active.dataset ? active.dataset.key || null : null;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    focusKey = active && active.closest && active.closest("#board") && active.dataset ? active.dataset.key || null : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!table()) return;
    if (focusKey) {
      var again = document.querySelector('#board [data-key="' + focusKey + '"]');
      if (again && !again.hidden && !again.disabled) again.focus({ preventScroll: true });
      focusKey = null;
    }
    if (Deck.mouseDragOver()) catchUp();
    tick();
  });

  // The countdown between hands: seconds left when the board was drawn, counted down here
  // (so a clock that is off on this device does not matter).
  var started = new WeakMap();
  function tick() {
    q(".rr-countdown[data-countdown]").forEach(function (el) {
      if (!started.has(el)) started.set(el, Date.now());
      var left = Math.max(0, parseInt(el.dataset.countdown, 10) - Math.floor((Date.now() - started.get(el)) / 1000));
      el.textContent = left + " s";
    });
  }
  setInterval(tick, 250);
  tick();

  // The countdown to Begin, the same way; at nought it reads "Begin!" until the table's push
  // brings the hand into play.
  var beginStarted = new WeakMap();
  function beginTick() {
    q(".rr-begin-countdown[data-countdown]").forEach(function (el) {
      if (!beginStarted.has(el)) beginStarted.set(el, Date.now());
      var left = Math.max(0, parseInt(el.dataset.countdown, 10) - Math.floor((Date.now() - beginStarted.get(el)) / 1000));
      el.textContent = left > 0 ? String(left) : "Begin!";
    });
  }
  setInterval(beginTick, 200);
  beginTick();
})();
