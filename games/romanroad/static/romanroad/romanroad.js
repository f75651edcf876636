// Roman Road, the live table: move a card by dragging it onto a pile (HTML5 drag and drop with a
// mouse, pointer events with a finger or pen), by tapping it and then a highlighted pile, or with
// the keys (Tab to a card, Enter or Space to pick it up; the piles it fits show a "Put it here"
// button, Tab to one and Enter or Space; Escape puts it back; F flips). A double tap (or Enter twice) sends a card to the Foundation it
// fits. Every card move fills the one form #rr-move and submits it through HTMX, which swaps the
// board. The board is redrawn whenever anyone moves, so everything here listens on the document
// and a picked card is picked again, by its id, in each new board.
(function () {
  "use strict";
  if (window.rrTable) return; // loaded once by the game page (GameKind.script), whatever the board shows
  window.rrTable = true;

  var DOUBLE_MS = 400; // two taps on one card this close together: to its Foundation
  var SLOP_PX = 8; // a finger that moves this far on a card drags it
  var DRAG_QUIET_MS = 800;
  var picked = null; // {card, from, targets: [...], foundation}
  var lastTap = { card: null, at: 0 };
  var mouseDrag = false;
  var dragSeen = 0; // when the last drag event came: a card whose pile was redrawn under it never
  // hears its own dragend (the event stays on the old, detached card), so a drag that has gone
  // quiet for DRAG_QUIET_MS is over
  var touch = null; // {el, id, x, y, dragging, ghost, over}
  var swallowClick = false;
  var liveWaiting = false; // a redraw held back while a card is in the air
  var heldDraw = null; // live.js's retry of a pushed board held back
  var focusKey = null;

  function q(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }
  function table() { return document.querySelector(".rr"); }
  function board() { return document.getElementById("board"); }
  function split(text) { return (text || "").split(" ").filter(Boolean); }
  function playable(target) { return target && target.closest ? target.closest(".rr [data-card][data-targets]") : null; }
  function zoneAt(target) { return target && target.closest ? target.closest(".rr .rr-zone") : null; }
  function cardEl(card) { return document.querySelector('.rr [data-card="' + card + '"][data-targets]'); }
  function zoneEl(to) { return document.querySelector('.rr .rr-zone[data-to="' + to + '"]'); }
  function about(el) {
    return { card: el.dataset.card, from: el.dataset.from, targets: split(el.dataset.targets), foundation: el.dataset.foundation };
  }
  function hint(text) {
    var el = document.getElementById("rr-hint");
    if (el && text) el.textContent = text;
  }
  function zoneName(to) {
    var el = document.querySelector('.rr .rr-drop[data-to="' + to + '"] .rr-sr');
    return el ? el.textContent.replace(/^:\s*/, "") : to;
  }

  function unmark() {
    q(".rr .is-picked").forEach(function (el) { el.classList.remove("is-picked"); el.setAttribute("aria-pressed", "false"); });
    q(".rr .is-target, .rr .is-over").forEach(function (el) { el.classList.remove("is-target", "is-over"); });
    q(".rr .rr-drop").forEach(function (el) { el.hidden = true; });
    var root = table();
    if (root) root.classList.remove("is-picking");
    q("[data-rr-cancel]").forEach(function (el) { el.hidden = true; });
  }

  function mark() {
    var el = picked && cardEl(picked.card);
    if (!el) return false;
    el.classList.add("is-picked");
    el.setAttribute("aria-pressed", "true");
    picked.targets.forEach(function (to) {
      var zone = zoneEl(to);
      if (!zone) return;
      zone.classList.add("is-target");
      var drop = zone.querySelector(".rr-drop");
      if (drop) drop.hidden = false;
    });
    table().classList.add("is-picking");
    q("[data-rr-cancel]").forEach(function (button) { button.hidden = false; });
    return true;
  }

  function pick(el, byKey) {
    unmark();
    picked = about(el);
    if (!picked.targets.length || !mark()) { picked = null; return; }
    hint("Now tap or press where it goes: " + picked.targets.map(zoneName).join(", ") + ". Escape or “Put it back” to choose again.");
    if (byKey) {
      var first = document.querySelector('.rr .rr-drop[data-to="' + picked.targets[0] + '"]');
      if (first) first.focus();
    }
  }

  function putBack() {
    picked = null;
    unmark();
  }

  function send(to) {
    if (!picked || picked.targets.indexOf(to) < 0) return false;
    var form = document.getElementById("rr-move");
    if (!form) return false;
    form.elements.card.value = picked.card;
    form.elements.to.value = to;
    var el = cardEl(picked.card);
    if (el) el.classList.add("is-sending");
    putBack();
    liveWaiting = false; // the answer is a fresh board
    if (form.requestSubmit) form.requestSubmit(); else htmx.trigger(form, "submit");
    return true;
  }

  function dragging() {
    if (mouseDrag && Date.now() - dragSeen > DRAG_QUIET_MS) {
      mouseDrag = false;
      putBack();
    }
    return mouseDrag || Boolean(touch && touch.dragging);
  }

  function catchUp() {
    var waiting = liveWaiting;
    liveWaiting = false;
    if (!waiting) return;
    if (heldDraw) { var retry = heldDraw; heldDraw = null; retry(); }
    else if (board()) htmx.trigger(board(), "live");
  }

  // Taps and clicks (and Enter or Space on a card, which the browser turns into a click).
  document.addEventListener("click", function (event) {
    if (swallowClick) { swallowClick = false; event.preventDefault(); return; }
    if (!table()) return;
    if (event.target.closest("[data-rr-cancel]")) { putBack(); return; }
    var card = playable(event.target);
    var zone = zoneAt(event.target);
    if (card) {
      var now = Date.now();
      var again = lastTap.card === card.dataset.card && now - lastTap.at < DOUBLE_MS;
      lastTap = { card: card.dataset.card, at: now };
      if (again && card.dataset.foundation) {
        picked = about(card);
        send(card.dataset.foundation);
        return;
      }
      if (picked && picked.card !== card.dataset.card && zone && picked.targets.indexOf(zone.dataset.to) >= 0) {
        send(zone.dataset.to); // a tap on the top card of the pile the picked card goes to
        return;
      }
      if (picked && picked.card === card.dataset.card) { putBack(); return; }
      pick(card, event.detail === 0); // detail 0: Enter or Space, not a pointer
      return;
    }
    if (zone && picked) send(zone.dataset.to);
  });

  document.addEventListener("keydown", function (event) {
    if (!table() || event.altKey || event.ctrlKey || event.metaKey) return;
    var typing = event.target.closest && event.target.closest("input, textarea, select");
    if (event.key === "Escape" && picked) {
      var back = cardEl(picked.card);
      putBack();
      if (back) back.focus();
      return;
    }
    if (!typing && (event.key === "f" || event.key === "F")) {
      var flip = document.querySelector('.rr [data-key="flip"]');
      if (flip && !flip.disabled) { event.preventDefault(); flip.click(); }
    }
  });

  // A mouse: HTML5 drag and drop.
  document.addEventListener("dragstart", function (event) {
    var card = playable(event.target);
    if (!card) return;
    picked = about(card);
    unmark();
    mark();
    mouseDrag = true;
    dragSeen = Date.now();
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", card.dataset.card);
  });
  document.addEventListener("dragover", function (event) {
    dragSeen = Date.now();
    var zone = zoneAt(event.target);
    if (!mouseDrag || !picked || !zone || picked.targets.indexOf(zone.dataset.to) < 0) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    q(".rr .is-over").forEach(function (el) { if (el !== zone) el.classList.remove("is-over"); });
    zone.classList.add("is-over");
  });
  document.addEventListener("drop", function (event) {
    var zone = zoneAt(event.target);
    var was = mouseDrag;
    mouseDrag = false;
    if (!was) return;
    event.preventDefault();
    if (!(zone && send(zone.dataset.to))) { putBack(); catchUp(); }
  });
  document.addEventListener("dragend", function () {
    if (mouseDrag) putBack();
    mouseDrag = false;
    catchUp();
  });

  // A finger or a pen: pointer events (playable cards do not scroll the page: touch-action none).
  function ghostAt(x, y) {
    touch.ghost.style.left = x + "px"; // CSSOM, which the Content-Security-Policy allows
    touch.ghost.style.top = y + "px";
    var under = document.elementFromPoint(x, y);
    var zone = zoneAt(under);
    var over = zone && picked && picked.targets.indexOf(zone.dataset.to) >= 0 ? zone : null;
    if (touch.over && touch.over !== over) touch.over.classList.remove("is-over");
    if (over) over.classList.add("is-over");
    touch.over = over;
  }
  function endTouch() {
    if (!touch) return;
    if (touch.ghost) touch.ghost.remove();
    touch = null;
  }
  document.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse") return;
    var card = playable(event.target);
    if (!card) return;
    touch = { el: card, id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false, ghost: null, over: null };
  });
  document.addEventListener("pointermove", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    if (!touch.dragging) {
      if (Math.abs(event.clientX - touch.x) + Math.abs(event.clientY - touch.y) < SLOP_PX) return;
      touch.dragging = true;
      picked = about(touch.el);
      unmark();
      mark();
      touch.ghost = touch.el.cloneNode(true);
      touch.ghost.removeAttribute("data-targets");
      touch.ghost.classList.add("rr-ghost");
      touch.ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(touch.ghost);
    }
    event.preventDefault();
    ghostAt(event.clientX, event.clientY);
  });
  document.addEventListener("pointerup", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    var dragged = touch.dragging, over = touch.over;
    endTouch();
    if (!dragged) return; // a tap: the click that follows picks the card
    swallowClick = true;
    setTimeout(function () { swallowClick = false; }, 500);
    if (!(over && send(over.dataset.to))) { putBack(); catchUp(); }
  });
  document.addEventListener("pointercancel", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    var dragged = touch.dragging;
    endTouch();
    if (dragged) { putBack(); catchUp(); }
  });

  // Redraws: none while a card is in the air (it comes as soon as it lands); after one, the
  // picked card is picked again if it is still there, and the focus goes back where it was.
  // Redraws also come at most every FETCH_GAP_MS: at a table of fast computer players "version N
  // is out" arrives several times a second, and one redraw shows every move made before it (it
  // also keeps a page within the site's limit on polls).
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
  // A pushed board (live.js) is held back the same way: while a card is in the air, and to one
  // drawing every FETCH_GAP_MS.
  var drawTimer = null;
  document.addEventListener("live:draw", function (event) {
    if (!table()) return;
    if (dragging()) {
      event.preventDefault();
      liveWaiting = true;
      heldDraw = event.detail.retry;
      return;
    }
    var wait = lastFetch + FETCH_GAP_MS - Date.now();
    if (wait > 0) {
      event.preventDefault();
      if (!drawTimer) {
        drawTimer = setTimeout(function () { drawTimer = null; event.detail.retry(); }, wait);
      }
      return;
    }
    lastFetch = Date.now();
    var active = document.activeElement;
    focusKey = active && active.closest && active.closest("#board") && active.dataset ? active.dataset.key || null : null;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    focusKey = active && active.closest && active.closest("#board") && active.dataset ? active.dataset.key || null : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!table()) return;
    if (picked) {
      var el = cardEl(picked.card);
      if (el) {
        picked = about(el);
        unmark();
        if (!mark()) picked = null;
      } else {
        picked = null;
        hint("That card is no longer where it was: choose again.");
      }
    }
    if (focusKey) {
      var again = document.querySelector('#board [data-key="' + focusKey + '"]');
      if (again && !again.hidden && !again.disabled) again.focus({ preventScroll: true });
      focusKey = null;
    }
    if (mouseDrag && !dragging()) catchUp();
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
