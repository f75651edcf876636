// Building Roman Roads: pick a card of the hand (or the lowest card of a road part), then a
// highlighted space. A tap, a key press, a mouse drag (HTML5 drag and drop) and a touch drag
// (pointer events: hold the card, then slide it) all end the same way: the page's one move
// form (#brr-move) is filled with the same fields and submitted through HTMX.
// The board is redrawn after every move, so everything here listens on the document.
(function () {
  "use strict";
  if (window.brrRoads) return; // loaded once by the game page (GameKind.script), whatever the board shows
  window.brrRoads = true;

  var HOLD_MS = 180; // a touch held this long on a card starts a drag; moving sooner scrolls
  var SLOP_PX = 10;
  var picked = null; // {el, type: "play"|"move", card, from, index, targets: [space, ...]}
  var sending = false;
  var touch = null; // a touch drag in progress: {el, id, x, y, timer, dragging, ghost, over}
  var swallowClick = null; // the card a touch drag ended on: the click it may bring is no tap

  function root() { return document.querySelector(".brr"); }
  function q(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }
  function spaceEl(space) { return document.querySelector('.brr-space[data-space="' + space + '"]'); }
  function pickable(target) { return target && target.closest ? target.closest(".brr [data-targets]") : null; }
  function hint(text, short) {
    var el = document.getElementById("brr-hint");
    if (el && text) el.textContent = text;
    q(".brr-pickbar-text").forEach(function (bar) { bar.textContent = short || text; });
  }
  function wholeInView(el) {
    var box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight - 80;
  }

  // After a tap on a card of the hand: bring the whole board into view when it fits the screen
  // (above the pick bar), so every space it may go to shows; otherwise the first such space.
  function revealBoard(cells) {
    var cross = document.querySelector(".brr-cross");
    var room = window.innerHeight - 80;
    var smooth = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    if (cross && cross.getBoundingClientRect().height <= room) {
      if (!wholeInView(cross)) window.scrollBy({ top: cross.getBoundingClientRect().top - 4, behavior: smooth });
    } else if (!cells.some(wholeInView)) {
      cells[0].scrollIntoView({ block: "center", behavior: smooth });
    }
  }

  function clear() {
    picked = null;
    q(".brr .is-picked").forEach(function (el) { el.classList.remove("is-picked"); el.setAttribute("aria-pressed", "false"); });
    q(".brr .is-lifted").forEach(function (el) { el.classList.remove("is-lifted"); });
    q(".brr .is-target, .brr .is-over").forEach(function (el) { el.classList.remove("is-target", "is-over"); });
    q(".brr-spot").forEach(function (el) { el.disabled = true; });
    var board = root();
    if (board) board.classList.remove("is-picking");
    q("[data-brr-pickbar]").forEach(function (el) { el.hidden = true; });
  }

  // ``reveal``: a tap on a card of the hand while none of its spaces is on screen (a phone)
  // scrolls the first one into view.
  function pick(el, reveal) {
    clear();
    var targets = (el.dataset.targets || "").split(" ").filter(Boolean);
    if (!targets.length) return;
    picked = el.dataset.card
      ? { el: el, type: "play", card: el.dataset.card, targets: targets }
      : { el: el, type: "move", from: el.dataset.from, index: el.dataset.index, targets: targets };
    el.classList.add("is-picked");
    el.setAttribute("aria-pressed", "true");
    if (picked.type === "move") {
      q('.brr-rc', spaceEl(picked.from)).forEach(function (card) {
        if (parseInt(card.dataset.index, 10) >= parseInt(picked.index, 10)) card.classList.add("is-lifted");
      });
    }
    targets.forEach(function (space) {
      var cell = spaceEl(space);
      if (!cell) return;
      cell.classList.add("is-target");
      var spot = cell.querySelector(".brr-spot");
      if (spot) spot.disabled = false;
    });
    root().classList.add("is-picking");
    q("[data-brr-pickbar]").forEach(function (bar) { bar.hidden = false; });
    var names = targets.map(function (space) { return spaceEl(space).querySelector(".brr-spot-name").textContent; });
    var words = el.querySelector(".brr-words");
    var what = "“" + (words ? words.textContent : "") + "”";
    var above = picked.type === "move" ? q(".brr-rc.is-lifted").length - 1 : 0;
    if (above) what += above === 1 ? " and the card above it" : " and the " + above + " cards above it";
    var where = names.join(", ");
    hint(
      (picked.type === "play" ? "Play it on: " : "Move it onto: ") + where + ". Esc or “Put it back” to choose again.",
      (picked.type === "play" ? "Play " : "Move ") + what + (picked.type === "play" ? " on: " : " onto: ") + where
    );
    var cells = targets.map(spaceEl).filter(Boolean);
    if (reveal && cells.length) revealBoard(cells);
  }

  function submit(space) {
    if (!picked || sending || picked.targets.indexOf(space) < 0) return;
    var form = document.getElementById("brr-move");
    if (!form) return;
    var fields = picked.type === "play"
      ? { card: picked.card, from: "", index: "", to: space }
      : { card: "", from: picked.from, index: picked.index, to: space };
    form.elements.move.value = JSON.stringify({ type: picked.type });
    Object.keys(fields).forEach(function (name) { form.elements[name].value = fields[name]; });
    sending = true;
    if (form.requestSubmit) form.requestSubmit(); else htmx.trigger(form, "submit");
  }

  document.addEventListener("htmx:afterSwap", function () { sending = false; picked = null; });
  document.addEventListener("htmx:afterRequest", function () { sending = false; });

  // Taps, clicks and keys (buttons answer Enter and Space with a click).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (swallowClick && swallowClick.contains(target)) { swallowClick = null; event.preventDefault(); return; }
    if (!target.closest || !target.closest(".brr")) return;
    if (target.closest("[data-brr-cancel]")) { clear(); return; }
    var spot = target.closest(".brr-spot");
    if (spot && picked) { submit(spot.dataset.space); return; }
    var card = pickable(target);
    if (card) {
      if (picked && picked.el === card) { clear(); return; }
      pick(card, event.detail > 0 && !!card.dataset.card);
      // From the keyboard (a click with no pointer), go on to the first space it may go to.
      if (event.detail === 0 && picked) {
        var first = spaceEl(picked.targets[0]);
        if (first) first.querySelector(".brr-spot").focus();
      }
      return;
    }
    var cell = target.closest(".brr-space.is-target");
    if (cell && picked) submit(cell.dataset.space);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picked) {
      var back = picked.el;
      clear();
      if (back && back.isConnected) back.focus();
    }
  });

  // Mouse: HTML5 drag and drop.
  document.addEventListener("dragstart", function (event) {
    var card = pickable(event.target);
    if (!card) return;
    pick(card);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", card.dataset.card || card.dataset.from + ":" + card.dataset.index);
  });
  document.addEventListener("dragover", function (event) {
    var cell = event.target.closest ? event.target.closest(".brr-space.is-target") : null;
    if (!cell || !picked) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    q(".brr .is-over").forEach(function (el) { if (el !== cell) el.classList.remove("is-over"); });
    cell.classList.add("is-over");
  });
  document.addEventListener("dragleave", function (event) {
    var cell = event.target.closest ? event.target.closest(".brr-space.is-over") : null;
    if (cell && !cell.contains(event.relatedTarget)) cell.classList.remove("is-over");
  });
  document.addEventListener("drop", function (event) {
    var cell = event.target.closest ? event.target.closest(".brr-space.is-target") : null;
    if (!cell || !picked) return;
    event.preventDefault();
    submit(cell.dataset.space);
  });
  document.addEventListener("dragend", function () {
    if (!sending) clear();
  });

  // Touch and pen: hold a card, slide it onto a highlighted space, let go.
  function spaceAt(x, y) {
    var el = document.elementFromPoint(x, y);
    return el && el.closest ? el.closest(".brr-space") : null;
  }
  function place(ghost, x, y) {
    ghost.style.left = x + "px";
    ghost.style.top = y + "px";
  }
  function endTouch() {
    if (!touch) return;
    clearTimeout(touch.timer);
    if (touch.ghost) touch.ghost.remove();
    touch.el.draggable = true;
    touch = null;
  }
  document.addEventListener("pointerdown", function (event) {
    swallowClick = null; // a new gesture
    if (event.pointerType === "mouse" || touch) return;
    var card = pickable(event.target);
    if (!card) return;
    card.draggable = false; // the browser's own long-press drag would race this one
    touch = { el: card, id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false, ghost: null, over: null };
    touch.timer = setTimeout(function () {
      if (!touch) return;
      touch.dragging = true;
      pick(card);
      touch.ghost = card.cloneNode(true);
      touch.ghost.classList.add("brr-ghost");
      touch.ghost.removeAttribute("id");
      touch.ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(touch.ghost);
      place(touch.ghost, touch.x, touch.y);
    }, HOLD_MS);
  });
  document.addEventListener("pointermove", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    if (!touch.dragging) {
      if (Math.abs(event.clientX - touch.x) > SLOP_PX || Math.abs(event.clientY - touch.y) > SLOP_PX) endTouch();
      return;
    }
    touch.x = event.clientX;
    touch.y = event.clientY;
    place(touch.ghost, touch.x, touch.y);
    var cell = spaceAt(touch.x, touch.y);
    q(".brr .is-over").forEach(function (el) { if (el !== cell) el.classList.remove("is-over"); });
    if (cell && cell.classList.contains("is-target")) cell.classList.add("is-over");
  });
  document.addEventListener("pointerup", function (event) {
    if (!touch || event.pointerId !== touch.id) return;
    if (touch.dragging) {
      swallowClick = touch.el;
      var cell = spaceAt(event.clientX, event.clientY);
      if (touch.ghost) touch.ghost.remove();
      if (cell && cell.classList.contains("is-target")) submit(cell.dataset.space);
      else clear();
    }
    endTouch();
  });
  document.addEventListener("pointercancel", function () {
    if (touch && touch.dragging) clear();
    endTouch();
  });
  document.addEventListener("touchmove", function (event) {
    if (touch && touch.dragging) event.preventDefault(); // the page stays put under a dragged card
  }, { passive: false });
  document.addEventListener("contextmenu", function (event) {
    if (touch) event.preventDefault();
  });
})();
