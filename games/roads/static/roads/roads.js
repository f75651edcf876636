// Building Roman Roads: pick a card of the hand (or the lowest card of a road part), then a
// highlighted space. The picking, dragging, tapping and keys are the deck games' one controller
// (games/decks/static/decks/deck.js, configured by the data-deck attributes of the board's root);
// what is this game's own is here: the words of the hint, the cards lifted with a road part, the
// board brought into view after a tap on a card of the hand, and the fields of the page's one move
// form (#brr-move), submitted through HTMX.
(function () {
  "use strict";
  if (!window.Deck || window.brrRoads) return; // loaded once by the game page (GameKind.script), after deck.js
  window.brrRoads = true;

  function q(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }
  function spaceEl(space) { return document.querySelector('.brr-space[data-space="' + space + '"]'); }
  function hint(text, short) {
    var el = document.getElementById("brr-hint");
    if (el && text) el.textContent = text;
    q(".brr-pickbar-text").forEach(function (bar) { bar.textContent = short || text; });
  }
  // The pick bar (at the bottom of a phone's screen) offers a button per space the card may go to,
  // so it is played without scrolling up to the space.
  function offerSpaces(spaces, names) {
    q("[data-brr-pickbar-to]").forEach(function (box) {
      box.textContent = "";
      spaces.forEach(function (space, at) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "primary brr-pickbar-spot";
        button.dataset.deckTo = space;
        button.textContent = names[at];
        box.appendChild(button);
      });
    });
  }
  // A card's words in quotation marks, without doubling a quotation mark of the verse ("Whoever).
  function quoted(words) {
    return "“" + words.replace(/^["“”]+|["“”]+$/g, "") + "”";
  }
  // Where the screen ends above the pick bar (fixed at the bottom of a phone's screen).
  function screenBottom() {
    var bar = document.querySelector("[data-brr-pickbar]");
    var fixed = bar && !bar.hidden && getComputedStyle(bar).position === "fixed";
    return fixed ? bar.getBoundingClientRect().top : window.innerHeight - 80;
  }
  function wholeInView(el) {
    var box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= screenBottom();
  }

  // After a tap on a card of the hand: bring the whole board into view when it fits the screen
  // (above the pick bar), so every space it may go to shows; otherwise the first such space.
  function revealBoard(cells) {
    var cross = document.querySelector(".brr-cross");
    var room = screenBottom();
    var smooth = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
    if (cross && cross.getBoundingClientRect().height <= room) {
      if (!wholeInView(cross)) window.scrollBy({ top: cross.getBoundingClientRect().top - 4, behavior: smooth });
    } else if (!cells.some(wholeInView)) {
      cells[0].scrollIntoView({ block: "center", behavior: smooth });
    }
  }

  Deck.game("roads", {
    oneAtATime: true, // the board is redrawn after each move: no second one before it
    key: function (el) { return el.dataset.card || el.dataset.from + ":" + el.dataset.index; },
    find: function (key) {
      var part = key.split(":");
      return part.length === 2
        ? document.querySelector('.brr [data-from="' + part[0] + '"][data-index="' + part[1] + '"][data-targets]')
        : document.querySelector('.brr [data-card="' + key + '"][data-targets]');
    },
    picked: function (picked, how) {
      var el = picked.el;
      var play = Boolean(el.dataset.card);
      if (!play) {
        q(".brr-rc", spaceEl(el.dataset.from)).forEach(function (card) {
          if (parseInt(card.dataset.index, 10) >= parseInt(el.dataset.index, 10)) card.classList.add("is-lifted");
        });
      }
      var names = picked.targets.map(function (space) { return spaceEl(space).querySelector(".brr-spot-name").textContent; });
      var words = el.querySelector(".brr-words");
      var what = quoted(words ? words.textContent.trim() : "");
      var above = play ? 0 : q(".brr-rc.is-lifted").length - 1;
      if (above) what += above === 1 ? " and the card above it" : " and the " + above + " cards above it";
      var where = names.join(", ");
      hint(
        (play ? "Play it on: " : "Move it onto: ") + where + ". Esc or “Put it back” to choose again.",
        (play ? "Play " : "Move ") + what + (play ? " on:" : " onto:")
      );
      offerSpaces(picked.targets, names);
      // A tap on a card of the hand while none of its spaces is on screen (a phone) brings them in.
      var cells = picked.targets.map(spaceEl).filter(Boolean);
      if (how === "tap" && play && cells.length) revealBoard(cells);
    },
    cleared: function () {
      q(".brr .is-lifted").forEach(function (el) { el.classList.remove("is-lifted"); });
      offerSpaces([], []);
    },
    send: function (picked, space) {
      var form = document.getElementById("brr-move");
      if (!form) return;
      var el = picked.el;
      var type = el.dataset.card ? "play" : "move";
      var fields = type === "play"
        ? { card: el.dataset.card, from: "", index: "", to: space }
        : { card: "", from: el.dataset.from, index: el.dataset.index, to: space };
      form.elements.move.value = JSON.stringify({ type: type });
      Object.keys(fields).forEach(function (name) { form.elements[name].value = fields[name]; });
      Deck.submit(form);
    },
  });
})();
