// The card controller of the Roman Road deck games: pick a card (a tap, a click, or Enter/Space on
// it), then one of the places it may go (a tap on the place or its button; from the keyboard the
// first place's button takes the focus, Tab to the others, Enter or Space); or drag it there with a
// mouse (HTML5 drag and drop) or a finger or pen (pointer events). Escape or a "Put it back" button
// puts it back.
//
// A game's board describes itself with data attributes on its root element ([data-deck]):
//   data-deck="<game>"           the game's hooks, registered with Deck.game("<game>", {...})
//   data-deck-zone               selector of the places a card may go
//   data-deck-zone-key           the dataset key naming a place ("space" reads data-space)
//   data-deck-drop               selector, inside a place, of its "put it here" button
//   data-deck-drop-by            how that button is offered: "disabled" (enabled while it may take
//                                the picked card) or "hidden" (shown while it may)
//   data-deck-while              selector of what shows only while a card is picked
//   data-deck-cancel             selector of the "Put it back" buttons
// A button with data-deck-to="<place>" anywhere in the board (a bar listing the places) sends the
// picked card there.
//   data-deck-ghost              the class of the copy that follows a finger
//   data-deck-hold               ms a finger holds a card before it drags (moving sooner scrolls);
//                                0: a finger that moves data-deck-slop px drags at once
//   data-deck-slop               px a finger may move before it is a scroll (or a drag)
//   data-deck-edge               px from the top or bottom of the screen where a dragged card held
//                                there scrolls the page (default 64), so a place off screen comes in
// A card that may move carries data-targets (the places it may go, space-separated).
// The hooks (all but send optional):
//   key(card)                    a card's identity across redraws (default data-card)
//   find(key)                    the card with that identity in the board now
//   send(picked, to)             fill the game's move form and submit it
//   picked(picked, how)          after a pick: "tap", "key", "drag" (a mouse) or "touch"
//   cleared()                    after the marks are taken off
//   tap(card, zone, event)       a tap on a card before the usual handling; true: handled
//   settled()                    a drag ended without a move
//   keydown(event)               other keys
// Options of the hooks object: oneAtATime (no second move before the board is redrawn),
// clearOnSend (take the marks off as a move leaves), keepPick (after a redraw the same card, if
// still there, is picked again).
// Loaded once by the game page before the game's own script; boards are redrawn after moves, so
// everything here listens on the document.
(function () {
  "use strict";
  if (window.Deck) return;

  var games = {};
  var picked = null; // {el, key, targets: [...], data: {...}}
  var sending = false;
  var mouseDrag = false;
  var mouseFromY = 0, mouseAway = false; // where a mouse drag began; whether it has left there
  var dragSeen = 0; // when the last drag event came: a card redrawn under a mouse drag never hears
  // its own dragend (the event stays on the old, detached card), so a drag quiet this long is over
  var DRAG_QUIET_MS = 800;
  var touch = null; // {el, id, x, y, timer, dragging, ghost, over}
  var swallowUntil = 0; // a click this soon after a finger's drag is that drag's, not a tap
  var edgeScroll = null; // {y, timer}: a dragged card held near the top or bottom edge

  function q(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }
  function root() { return document.querySelector("[data-deck]"); }
  function conf(name, fallback) {
    var el = root();
    var value = el && el.getAttribute("data-deck-" + name);
    return value === null || value === undefined ? fallback : value;
  }
  function hooks() { var el = root(); return (el && games[el.dataset.deck]) || {}; }
  function split(text) { return (text || "").split(" ").filter(Boolean); }
  function closest(target, selector) { return target && target.closest ? target.closest(selector) : null; }
  function pickable(target) { var el = root(); var card = closest(target, "[data-targets]"); return card && el && el.contains(card) ? card : null; }
  function zoneId(zone) { return zone ? zone.dataset[conf("zone-key", "to")] : null; }
  function zoneAt(target) { var el = root(); var zone = closest(target, conf("zone", "[data-to]")); return zone && el && el.contains(zone) ? zone : null; }
  function zoneEl(to) {
    var found = null;
    q(conf("zone", "[data-to]"), root() || document).forEach(function (zone) { if (!found && zoneId(zone) === to) found = zone; });
    return found;
  }
  function dropIn(zone) { return zone ? zone.querySelector(conf("drop", "button")) : null; }
  function keyOf(card) { var h = hooks(); return h.key ? h.key(card) : card.dataset.card; }
  function find(key) {
    var h = hooks();
    if (h.find) return h.find(key);
    var el = root();
    return el ? el.querySelector('[data-card="' + key + '"][data-targets]') : null;
  }
  function about(card) { return { el: card, key: keyOf(card), targets: split(card.dataset.targets), data: card.dataset }; }
  function offers(to) { return Boolean(picked && picked.targets.indexOf(to) >= 0); }

  function unmark() {
    var el = root();
    if (!el) return;
    q(".is-picked", el).forEach(function (card) { card.classList.remove("is-picked"); card.setAttribute("aria-pressed", "false"); });
    q(".is-target, .is-over", el).forEach(function (zone) { zone.classList.remove("is-target", "is-over"); });
    var hidden = conf("drop-by", "hidden") === "hidden";
    q(conf("drop", "button"), el).forEach(function (drop) { if (hidden) drop.hidden = true; else drop.disabled = true; });
    el.classList.remove("is-picking");
    q(conf("while", "[data-deck-picking]")).forEach(function (shown) { shown.hidden = true; });
    if (hooks().cleared) hooks().cleared();
  }

  function mark() {
    var card = picked && (picked.el.isConnected ? picked.el : find(picked.key));
    if (!card) return false;
    picked.el = card;
    card.classList.add("is-picked");
    card.setAttribute("aria-pressed", "true");
    var hidden = conf("drop-by", "hidden") === "hidden";
    picked.targets.forEach(function (to) {
      var zone = zoneEl(to);
      if (!zone) return;
      zone.classList.add("is-target");
      var drop = dropIn(zone);
      if (drop) { if (hidden) drop.hidden = false; else drop.disabled = false; }
    });
    root().classList.add("is-picking");
    q(conf("while", "[data-deck-picking]")).forEach(function (shown) { shown.hidden = false; });
    return true;
  }

  function putBack() {
    picked = null;
    unmark();
  }

  function pick(card, how) {
    unmark();
    picked = about(card);
    if (!picked.targets.length || !mark()) { picked = null; return false; }
    if (hooks().picked) hooks().picked(picked, how);
    if (how === "key") {
      var first = dropIn(zoneEl(picked.targets[0]));
      if (first) first.focus();
    }
    return true;
  }

  function send(to) {
    var h = hooks();
    if (!offers(to) || (h.oneAtATime && sending)) return false;
    var card = picked;
    if (h.clearOnSend) putBack();
    sending = true;
    h.send(card, to);
    return true;
  }

  function settled() { if (hooks().settled) hooks().settled(); }

  function dragging() {
    if (mouseDrag && Date.now() - dragSeen > DRAG_QUIET_MS) {
      mouseDrag = false;
      putBack();
    }
    return mouseDrag || Boolean(touch && touch.dragging);
  }

  function submit(form) {
    if (form.requestSubmit) form.requestSubmit(); else htmx.trigger(form, "submit");
  }

  window.Deck = {
    game: function (name, gameHooks) { games[name] = gameHooks; },
    picked: function () { return picked; },
    pick: pick,
    putBack: putBack,
    send: send,
    dragging: dragging,
    mouseDragOver: function () { return mouseDrag && !dragging(); },
    submit: submit,
  };

  document.addEventListener("htmx:afterSwap", function () {
    sending = false;
    if (!picked) return;
    if (!hooks().keepPick) { picked = null; return; }
    var card = root() && find(picked.key);
    if (card) {
      picked = about(card);
      unmark();
      if (!mark()) picked = null;
      if (picked && hooks().picked) hooks().picked(picked, "again");
    } else {
      picked = null;
      if (hooks().picked) hooks().picked(null, "gone");
    }
  });
  document.addEventListener("htmx:afterRequest", function () { sending = false; });

  // Taps and clicks (and Enter or Space on a card or a button, which the browser turns into a click).
  document.addEventListener("click", function (event) {
    if (Date.now() < swallowUntil) { swallowUntil = 0; event.preventDefault(); return; }
    var el = root();
    if (!el || !el.contains(event.target)) return;
    if (closest(event.target, conf("cancel", "[data-deck-cancel]"))) { putBack(); return; }
    var place = closest(event.target, "[data-deck-to]");
    if (place) { if (picked) send(place.dataset.deckTo); return; }
    var card = pickable(event.target);
    var zone = zoneAt(event.target);
    if (card) {
      if (hooks().tap && hooks().tap(card, zone, event)) return;
      if (picked && picked.key === keyOf(card)) { putBack(); return; }
      pick(card, event.detail === 0 ? "key" : "tap"); // detail 0: Enter or Space, not a pointer
      return;
    }
    if (zone && picked) send(zoneId(zone));
  });

  document.addEventListener("keydown", function (event) {
    if (!root() || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape" && picked) {
      var back = picked.el.isConnected ? picked.el : find(picked.key);
      putBack();
      if (back) back.focus();
      return;
    }
    if (hooks().keydown) hooks().keydown(event);
  });

  // A mouse: HTML5 drag and drop.
  document.addEventListener("dragstart", function (event) {
    var card = pickable(event.target);
    if (!card) return;
    pick(card, "drag");
    mouseDrag = true;
    mouseFromY = event.clientY;
    mouseAway = false;
    dragSeen = Date.now();
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", keyOf(card) || "");
  });
  document.addEventListener("dragover", function (event) {
    dragSeen = Date.now();
    if (mouseDrag && Math.abs(event.clientY - mouseFromY) > EDGE_AWAY) mouseAway = true;
    if (mouseDrag && mouseAway) nearEdge(event.clientY);
    var zone = zoneAt(event.target);
    if (!mouseDrag || !zone || !offers(zoneId(zone))) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    q(".is-over", root()).forEach(function (el) { if (el !== zone) el.classList.remove("is-over"); });
    zone.classList.add("is-over");
  });
  document.addEventListener("dragleave", function (event) {
    var zone = zoneAt(event.target);
    if (zone && zone.classList.contains("is-over") && !zone.contains(event.relatedTarget)) zone.classList.remove("is-over");
  });
  document.addEventListener("drop", function (event) {
    stopEdge();
    var was = mouseDrag;
    mouseDrag = false;
    if (!was) return;
    event.preventDefault();
    var zone = zoneAt(event.target);
    if (!(zone && send(zoneId(zone)))) { putBack(); settled(); }
  });
  document.addEventListener("dragend", function () {
    stopEdge();
    if (mouseDrag && !sending) putBack();
    mouseDrag = false;
    settled();
  });

  // A dragged card held near the top or bottom of the screen scrolls the page, faster the nearer
  // the edge, until it moves away: the places above or below the screen come into reach.
  var EDGE_STEP_MS = 16;
  var EDGE_AWAY = 24; // px a dragged card moves from where it was lifted before an edge scrolls
  function edgeSpeed(y) {
    var edge = parseInt(conf("edge", "64"), 10);
    var height = window.innerHeight;
    if (y < edge) return -Math.ceil(18 * (edge - Math.max(y, 0)) / edge);
    if (y > height - edge) return Math.ceil(18 * (Math.min(y, height) - (height - edge)) / edge);
    return 0;
  }
  function edgeTick() {
    if (!edgeScroll) return;
    var speed = edgeSpeed(edgeScroll.y);
    var before = window.scrollY;
    if (speed) window.scrollBy(0, speed);
    if (!speed || window.scrollY === before) { stopEdge(); return; }
    if (touch && touch.dragging) ghostAt(touch.x, touch.y); // the page moved under the finger
    edgeScroll.timer = setTimeout(edgeTick, EDGE_STEP_MS);
  }
  function nearEdge(y) {
    if (!edgeSpeed(y)) { stopEdge(); return; }
    if (edgeScroll) { edgeScroll.y = y; return; }
    edgeScroll = { y: y, timer: setTimeout(edgeTick, EDGE_STEP_MS) };
  }
  function stopEdge() {
    if (edgeScroll) clearTimeout(edgeScroll.timer);
    edgeScroll = null;
  }

  // A finger or a pen: pointer events.
  function ghostAt(x, y) {
    touch.ghost.style.left = x + "px"; // CSSOM, which the Content-Security-Policy allows
    touch.ghost.style.top = y + "px";
    var zone = zoneAt(document.elementFromPoint(x, y));
    var over = zone && offers(zoneId(zone)) ? zone : null;
    if (touch.over && touch.over !== over) touch.over.classList.remove("is-over");
    if (over) over.classList.add("is-over");
    touch.over = over;
  }
  function lift() {
    touch.dragging = true;
    touch.liftY = touch.y;
    pick(touch.el, "touch");
    var ghost = touch.el.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.removeAttribute("data-targets");
    ghost.classList.add(conf("ghost", "deck-ghost"));
    ghost.setAttribute("aria-hidden", "true");
    document.body.appendChild(ghost);
    touch.ghost = ghost;
    ghostAt(touch.x, touch.y);
  }
  function endTouch() {
    stopEdge();
    if (!touch) return;
    clearTimeout(touch.timer);
    if (touch.ghost) touch.ghost.remove();
    touch.el.draggable = true;
    touch = null;
  }
  document.addEventListener("pointerdown", function (event) {
    swallowUntil = 0; // a new gesture
    if (event.pointerType === "mouse" || touch) return;
    var card = pickable(event.target);
    if (!card) return;
    var hold = parseInt(conf("hold", "0"), 10);
    touch = { el: card, id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false, ghost: null, over: null, timer: null };
    if (hold > 0) {
      card.draggable = false; // the browser's own long-press drag would race this one
      touch.timer = setTimeout(function () { if (touch && !touch.dragging) lift(); }, hold);
    }
  });
  document.addEventListener("pointermove", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    if (!touch.dragging) {
      var slop = parseInt(conf("slop", "8"), 10);
      var dx = Math.abs(event.clientX - touch.x), dy = Math.abs(event.clientY - touch.y);
      if (parseInt(conf("hold", "0"), 10) > 0) {
        if (dx > slop || dy > slop) endTouch(); // moved before the hold: a scroll
        return;
      }
      if (dx + dy < slop) return;
      touch.x = event.clientX;
      touch.y = event.clientY;
      lift();
    }
    event.preventDefault();
    touch.x = event.clientX;
    touch.y = event.clientY;
    ghostAt(touch.x, touch.y);
    if (Math.abs(touch.y - touch.liftY) > EDGE_AWAY) touch.away = true;
    if (touch.away) nearEdge(touch.y); // a card lifted near the edge does not scroll at once
  });
  document.addEventListener("pointerup", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    var dragged = touch.dragging;
    if (dragged) ghostAt(event.clientX, event.clientY);
    var over = touch.over;
    endTouch();
    if (!dragged) return; // a tap: the click that follows picks the card
    swallowUntil = Date.now() + 500;
    if (!(over && send(zoneId(over)))) { putBack(); settled(); }
  });
  document.addEventListener("pointercancel", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    var dragged = touch.dragging;
    endTouch();
    if (dragged) { putBack(); settled(); }
  });
  document.addEventListener("touchmove", function (event) {
    if (touch && touch.dragging) event.preventDefault(); // the page stays put under a dragged card
  }, { passive: false });
  document.addEventListener("contextmenu", function (event) {
    if (touch) event.preventDefault();
  });
})();
