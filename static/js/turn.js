// "Your turn" wherever the player looks: when the board says the viewer's move is awaited
// (#board[data-my-turn]), the tab title reads "● Your turn — <game> <code>", the favicon carries a
// mark, screen readers hear it once (#turn-announce, aria-live), and — if the player turned it on
// (#turn-sound, remembered in localStorage, off by default) — a short sound plays.
(function () {
  "use strict";
  var KEY = "roman-games:turn-sound";
  var baseTitle = document.title;
  var mine = null;
  var audio = null;

  function board() { return document.getElementById("board"); }

  // Every icon link of the page shows the marked icon during the turn, its own otherwise.
  function icon(turnHref) {
    document.querySelectorAll("link[rel='icon']").forEach(function (link) {
      if (!link.dataset.own) link.dataset.own = link.getAttribute("href");
      link.href = turnHref || link.dataset.own;
    });
  }

  function soundOn() {
    try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      var tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
    } catch (e) { /* no sound where the browser has none */ }
  }

  var lastMove = null;

  // Every move is heard too: the board's latest log line (#board[data-last-move]) when a redraw
  // brings a new one (the others' moves, and what the viewer's own move turned up).
  function moveNews(current) {
    var line = current.dataset.lastMove || "";
    var news = lastMove !== null && line && line !== lastMove;
    lastMove = line;
    return news ? line : "";
  }

  function update() {
    var current = board();
    if (!current) return;
    var news = moveNews(current);
    var now = current.dataset.myTurn === "1";
    var label = current.dataset.title || "";
    document.title = now ? "\u25CF Your turn \u2014 " + label : baseTitle;
    document.documentElement.dataset.myTurn = now ? "1" : "0";
    icon(now ? current.dataset.iconTurn : null);
    var say = document.getElementById("turn-announce");
    if (now && mine === false) {
      if (say) say.textContent = (news ? news + " " : "") + "Your turn in " + label + ".";
      if (soundOn()) beep();
    } else if (say) {
      say.textContent = news;
    }
    mine = now;
  }

  function setUpSound() {
    var box = document.getElementById("turn-sound");
    if (!box) return;
    box.checked = soundOn();
    box.addEventListener("change", function () {
      try { window.localStorage.setItem(KEY, box.checked ? "on" : "off"); } catch (e) { /* private mode */ }
      if (box.checked) beep();
    });
  }

  document.addEventListener("htmx:afterSettle", update);
  setUpSound();
  update();  // the page as loaded: title and icon, no announcement
})();
