// Roman Poker's rules as games/poker/engine.py plays them, in plain JavaScript for the
// boardgame.io peer: the same state layout, numerals, rows, misthrows, cards, turn flow, ends and
// scores. Pure: no boardgame.io here, so a test can compare it with the engine without npm.
// Left out: what only pages draw (the misthrow chance, the value helpers).

export const FACES = ["I", "I", "I", "X", "X", "V"];
export const FACE_KINDS = ["I", "V", "X"];
export const DICE = 6;
export const ROWS = 7;
export const CARDS = ["reroll_i", "reroll_v", "reroll_one", "remove_one", "duplicate", "wild"];
export const CARD_BONUS = 5;
export const MAX_ROUNDS = 50;
export const START = "start", VALID = "valid", ROLL_ON = "roll_on", MISTHROW = "misthrow";
const ROW_TARGETS = [6, 12, 17, 22, 27, 32, 36];

export class IllegalMove extends Error {}

function require(ok, reason) {
  if (!ok) throw new IllegalMove(reason);
}

// --- Roman numbers ------------------------------------------------------------------------------

const key = (faces) => [...faces].sort().join("");

const VALUES_BY_KEY = new Map(); // multiset key -> Set of values
export const NUMERAL = new Map(); // value -> numeral
{
  const units = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];
  for (let tens = 0; tens < 4; tens++) {
    units.forEach((unit, unitValue) => {
      const value = 10 * tens + unitValue;
      const numeral = "X".repeat(tens) + unit;
      if (value && numeral.length <= DICE) {
        const k = key(numeral);
        if (!VALUES_BY_KEY.has(k)) VALUES_BY_KEY.set(k, new Set());
        VALUES_BY_KEY.get(k).add(value);
        NUMERAL.set(value, numeral);
      }
    });
  }
}

export function romanValues(faces) {
  return new Set(VALUES_BY_KEY.get(key(faces)) || []);
}

function count(text) {
  const counts = {};
  for (const c of text) counts[c] = (counts[c] || 0) + 1;
  return counts;
}

function completable(k, diceLeft) {
  const have = count(k);
  for (const target of VALUES_BY_KEY.keys()) {
    const need = count(target);
    if (Object.entries(have).every(([f, n]) => (need[f] || 0) >= n) && target.length - k.length <= diceLeft) {
      return true;
    }
  }
  return false;
}

// --- The column ---------------------------------------------------------------------------------

function neighbours(column, index) {
  let lower = null, upper = null;
  for (let i = index - 1; i >= 0; i--) if (column[i] !== null) { lower = column[i]; break; }
  for (let i = index + 1; i < column.length; i++) if (column[i] !== null) { upper = column[i]; break; }
  return [lower, upper];
}

export function placementError(column, value, row, duplicate = false) {
  if (column[row - 1] !== null) return `Row ${row} is already filled.`;
  if (!duplicate && column.includes(value)) return `${value} is already in your column.`;
  const [lower, upper] = neighbours(column, row - 1);
  const [low, high] = duplicate ? ["at least", "at most"] : ["above", "below"];
  if (lower !== null && (value < lower || (value === lower && !duplicate))) return `Row ${row} must be ${low} ${lower}.`;
  if (upper !== null && (value > upper || (value === upper && !duplicate))) return `Row ${row} must be ${high} ${upper}.`;
  return null;
}

export function rowsFor(column, value, duplicate = false) {
  const rows = [];
  for (let r = 1; r <= ROWS; r++) if (placementError(column, value, r, duplicate) === null) rows.push(r);
  return rows;
}

function fitsSomewhere(column, values, duplicate) {
  for (let index = 0; index < column.length; index++) {
    if (column[index] !== null) continue;
    const [lower, upper] = neighbours(column, index);
    const low = lower === null ? 0 : lower + (duplicate ? 0 : 1);
    const high = upper === null ? 40 : upper - (duplicate ? 0 : 1);
    for (const value of values) if (low <= value && value <= high) return true;
  }
  return false;
}

export function canEnter(column, cards = [], anytime = false) {
  if (fitsSomewhere(column, NUMERAL.keys(), false)) return true;
  for (const card of new Set(cards.filter((c) => c === "duplicate" || c === "wild"))) {
    const removals = (cards.includes("remove_one") ? 1 : 0) + (card !== "wild" && cards.includes("wild") ? 1 : 0);
    const values = [...NUMERAL.keys()].filter((v) => anytime || NUMERAL.get(v).length >= DICE - removals);
    if (fitsSomewhere(column, values, true)) return true;
  }
  return false;
}

function duplicateOnlyRows(column, value) {
  const plain = new Set(rowsFor(column, value));
  return rowsFor(column, value, true).filter((r) => !plain.has(r));
}

// --- The dice -----------------------------------------------------------------------------------

export function diceStatus(faces, diceLeft, column) {
  if (!faces.length) return diceLeft ? START : MISTHROW;
  const values = romanValues(faces);
  if (!values.size) return completable(key(faces), diceLeft) ? ROLL_ON : MISTHROW;
  for (const value of values) if (rowsFor(column, value).length) return VALID;
  return diceLeft ? ROLL_ON : MISTHROW;
}

const active = (s) => s.dice.filter((d) => !d.removed).map((d) => d.face);
const diceLeft = (s) => DICE - s.dice.length;
const columnOf = (s) => s.columns[s.turn];
export const status = (s) => diceStatus(active(s), diceLeft(s), columnOf(s));
const cardsOpen = (s) => s.options.cards_anytime || status(s) === MISTHROW;

// --- State --------------------------------------------------------------------------------------

export function setup(players, options = {}) {
  return {
    players,
    options: {
      multi_roll: Boolean(options.multi_roll),
      cards_anytime: Boolean(options.cards_anytime),
      physical_dice: Boolean(options.physical_dice),
    },
    columns: Array.from({ length: players }, () => Array(ROWS).fill(null)),
    cards: Array.from({ length: players }, () => [...CARDS]),
    turn: 0,
    round: 1,
    dice: [],
    cards_at_start: CARDS.length,
    final_round: false,
    end_reason: null,
    over: false,
  };
}

export function scores(s) {
  return s.columns.map((column, seat) => column.reduce((a, v) => a + (v ?? 0), 0) + CARD_BONUS * s.cards[seat].length);
}

export const blocked = (s) => s.columns.map((column, seat) => !canEnter(column, s.cards[seat], s.options.cards_anytime));

function beginTurn(s, seat) {
  s.turn = seat;
  s.dice = [];
  s.cards_at_start = s.cards[seat].length;
}

function markFinal(s, reason) {
  if (!s.final_round) { s.final_round = true; s.end_reason = reason; }
}

function endTurn(s, passed) {
  const seat = s.turn;
  if (s.columns[seat].every((v) => v !== null)) markFinal(s, "full");
  if (passed && s.cards_at_start === 0) markFinal(s, "no_cards");
  if (blocked(s).every(Boolean)) markFinal(s, "stuck");
  const following = (seat + 1) % s.players;
  if (following === 0 && s.final_round) {
    Object.assign(s, { over: true, turn: null, dice: [], cards_at_start: 0 });
    return;
  }
  if (following === 0) {
    s.round += 1;
    if (s.round === MAX_ROUNDS) markFinal(s, "rounds");
  }
  beginTurn(s, following);
}

// --- Moves --------------------------------------------------------------------------------------

function faces(s, move, n, rng) {
  if (!("faces" in move)) {
    require(!s.options.physical_dice, "Enter the faces the dice show on the table.");
    return Array.from({ length: n }, () => FACES[Math.floor(rng() * FACES.length)]);
  }
  require(s.options.physical_dice, "This game rolls its own dice: a move cannot bring faces.");
  require(Array.isArray(move.faces) && move.faces.length === n, `Give ${n} face${n === 1 ? "" : "s"}: one for each die rolled.`);
  require(move.faces.every((f) => FACE_KINDS.includes(f)), "A die shows I, V or X.");
  return [...move.faces];
}

function dieIndex(s, value) {
  const ok = Number.isInteger(value) && value >= 0 && value < s.dice.length;
  require(ok && !s.dice[value].removed, "Choose one of the dice you rolled this turn.");
  return value;
}

function rollCount(s, move) {
  const n = "count" in move ? move.count : Array.isArray(move.faces) ? move.faces.length : 1;
  if (!s.options.multi_roll) {
    require(n === 1, "Roll one die at a time.");
    return 1;
  }
  require(Number.isInteger(n) && n >= 1 && n <= diceLeft(s), "Roll between 1 and the dice left.");
  return n;
}

function checkCard(s, card) {
  require(CARDS.includes(card), "There is no such action card.");
  require(s.cards[s.turn].includes(card), `You have no ${card} card left.`);
  require(cardsOpen(s), "You may play a card only after a misthrow.");
  return card;
}

const useCard = (s, card) => s.cards[s.turn].splice(s.cards[s.turn].indexOf(card), 1);

function roll(s, move, rng) {
  require(diceLeft(s) > 0, "No dice are left to roll.");
  require(status(s) !== MISTHROW, "You misthrew: pass or play a card.");
  const n = rollCount(s, move);
  for (const face of faces(s, move, n, rng)) s.dice.push({ face, removed: false });
}

function stop(s, move) {
  const card = move.card ?? null;
  if (card !== null) {
    require(card === "duplicate" || card === "wild", "Only the duplicate (or wild) card goes with a stop.");
    checkCard(s, card);
  }
  const values = romanValues(active(s));
  require(values.size > 0, "Your dice do not form a Roman number.");
  require(Number.isInteger(move.value) && values.has(move.value), `${move.value} cannot be made from these dice.`);
  require(Number.isInteger(move.row) && move.row >= 1 && move.row <= ROWS, "There is no such row.");
  const column = columnOf(s);
  const error = placementError(column, move.value, move.row, card !== null);
  require(error === null, error);
  if (card !== null) {
    require(placementError(column, move.value, move.row) !== null, `${move.value} fits in row ${move.row} without a card.`);
    useCard(s, card);
  }
  column[move.row - 1] = move.value;
  endTurn(s, false);
}

function rerollDice(s, move, rng, face) {
  require(Array.isArray(move.dice) && move.dice.length, `Choose at least one ${face} die to reroll.`);
  const indices = move.dice.map((i) => dieIndex(s, i));
  require(new Set(indices).size === indices.length, "Choose each die only once.");
  require(indices.every((i) => s.dice[i].face === face), `This card rerolls only ${face} dice.`);
  faces(s, move, indices.length, rng).forEach((f, n) => { s.dice[indices[n]].face = f; });
}

const ACTIONS = {
  reroll_i: (s, m, r) => rerollDice(s, m, r, "I"),
  reroll_v: (s, m, r) => rerollDice(s, m, r, "V"),
  reroll_one: (s, m, r) => { s.dice[dieIndex(s, m.die)].face = faces(s, m, 1, r)[0]; },
  remove_one: (s, m) => {
    require(!("faces" in m), "Removing a die rolls nothing: leave out the faces.");
    s.dice[dieIndex(s, m.die)].removed = true;
  },
};

function card(s, move, rng) {
  const played = checkCard(s, move.card);
  const action = played === "wild" ? move.as : played;
  if (action === "duplicate") throw new IllegalMove("Play the duplicate together with a stop: name the value and the row.");
  require(action in ACTIONS, "Say which card the wild card stands for.");
  ACTIONS[action](s, move, rng);
  useCard(s, played);
}

function pass(s) {
  require(status(s) === MISTHROW, "You may pass only after a misthrow.");
  endTurn(s, true);
}

const HANDLERS = { roll, stop, card, pass };

// A new state after ``move`` by ``seat``; the state given is left untouched. ``rng`` (a function
// returning [0, 1)) rolls only where the table does not bring the faces.
export function apply(state, seat, move, rng = Math.random) {
  require(!state.over, "The game is over.");
  require(seat === state.turn, "It is not your turn.");
  require(move && move.type in HANDLERS, "Roman Poker has no such move.");
  const next = JSON.parse(JSON.stringify(state)); // a plain copy, also of an immer draft
  HANDLERS[move.type](next, move, rng);
  return next;
}

// --- A player for the load: the engine's default stop, rolled on while few dice are out --------

function stopMoves(s) {
  const column = columnOf(s);
  const moves = [];
  for (const value of [...romanValues(active(s))].sort((a, b) => b - a)) {
    for (const row of rowsFor(column, value)) moves.push({ type: "stop", value, row });
  }
  return moves;
}

function preferredStop(stops) {
  const best = Math.max(...stops.map((m) => m.value));
  const rows = stops.filter((m) => m.value === best);
  return rows.reduce((a, b) => (Math.abs(ROW_TARGETS[b.row - 1] - best) < Math.abs(ROW_TARGETS[a.row - 1] - best) ? b : a));
}

// The next move of the seat to act: roll (faces from ``rng``) while fewer than three dice show or
// nothing can be written; else stop with the engine's default stop; after a misthrow reroll the
// last die with a Reroll one card while one is held, else pass.
export function nextMove(s, rng) {
  const face = () => FACES[Math.floor(rng() * FACES.length)];
  const st = status(s);
  const stops = stopMoves(s);
  if (st !== MISTHROW && diceLeft(s) > 0 && (s.dice.length < 3 || !stops.length)) {
    return s.options.physical_dice ? { type: "roll", faces: [face()] } : { type: "roll" };
  }
  if (stops.length) return preferredStop(stops);
  const last = s.dice.length - 1;
  if (st === MISTHROW && s.cards[s.turn].includes("reroll_one") && last >= 0 && !s.dice[last].removed) {
    const move = { type: "card", card: "reroll_one", die: last };
    return s.options.physical_dice ? { ...move, faces: [face()] } : move;
  }
  return { type: "pass" };
}

// A small seeded generator (mulberry32): the same seed, the same faces, on every run.
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A whole game of ``players`` seats played by ``nextMove`` with physical dice from ``seed``:
// the list of [seat, move] both servers are sent, and the final state.
export function script(players, seed) {
  const rng = seeded(seed);
  let s = setup(players, { physical_dice: true });
  const moves = [];
  while (!s.over) {
    const move = nextMove(s, rng);
    moves.push([s.turn, move]);
    s = apply(s, s.turn, move);
  }
  return { moves, state: s };
}
