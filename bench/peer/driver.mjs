// One load driver for both servers: the same seeded Roman Poker moves (rules.mjs's script, the
// dice brought by the table) sent to the site and to the boardgame.io peer, table by table.
//
//   node driver.mjs config.json results.json      (bench/bench_peer.py writes one, reads the other)
//
// At each table the seat to act sends its move; the next move goes once every seat has heard
// it: the site's mover by its POST's answer (the board, after the commit), the other seats by
// their page's WebSocket (the pushed board); at the peer every seat by its socket.io client's
// update (moves run on the server only). Measured per phase and server: the time from a move
// sent to each other seat hearing it, moves per second, the CPU the server's processes and its
// PostgreSQL backends spent (from /proc), and the servers' memory (RSS).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import pg from "pg";
import WebSocket from "ws";
import { RomanPoker } from "./game.mjs";
import { script, seeded } from "./rules.mjs";

const require = createRequire(import.meta.url);
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const SEATS = 4;
const HEAR_TIMEOUT_MS = 20000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- Waiting for what a seat hears ---------------------------------------------------------------

class Seat {
  constructor() {
    this.version = -1; // the site: the board's version; the peer: the state's _stateID
    this.waiters = [];
  }

  heard(version) {
    if (version <= this.version) return;
    this.version = version;
    const now = performance.now();
    this.waiters = this.waiters.filter(([past, resolve]) => (version > past ? (resolve(now), false) : true));
  }

  // When this seat hears a version newer than ``past`` (performance.now()), or null on a timeout.
  after(past) {
    if (this.version > past) return Promise.resolve(performance.now());
    return new Promise((resolve) => {
      const entry = [past, resolve];
      this.waiters.push(entry);
      setTimeout(() => {
        this.waiters = this.waiters.filter((e) => e !== entry);
        resolve(null);
      }, HEAR_TIMEOUT_MS);
    });
  }
}

// --- The site: sessions, the CSRF token, the move POST, the page's WebSocket ----------------------

const TOKEN = /name="turn" value="(\d*)"/;
const VERSION = /data-version="(\d+)"/;

class OurSeat extends Seat {
  constructor(table, spec) {
    super();
    this.code = table.code;
    this.base = spec.base;
    this.headers = { Cookie: spec.cookie };
    this.csrf = spec.csrf;
    this.token = "";
  }

  read(html) {
    const version = Number((html.match(VERSION) || [])[1] ?? -1);
    if (version >= this.version) this.token = (html.match(TOKEN) || [])[1] ?? "";
    this.heard(version);
  }

  async open() {
    const page = await fetch(`${this.base}/g/${this.code}/`, { headers: this.headers });
    if (page.status !== 200) throw new Error(`the game page answered ${page.status}`);
    this.read(await page.text());
    const url = `${this.base.replace("http", "ws")}/ws/g/${this.code}/`;
    this.socket = new WebSocket(url, { headers: { ...this.headers, Origin: this.base } });
    await new Promise((resolve, reject) => {
      this.socket.once("open", resolve);
      this.socket.once("error", reject);
    });
    this.socket.on("message", (data) => {
      const message = JSON.parse(data.toString());
      if (typeof message.html === "string") this.read(message.html);
      else if (typeof message.version === "number" && message.version > this.version) this.fetchBoard();
    });
  }

  // A version pushed without its board (the server could not draw it): the page fetches it.
  async fetchBoard() {
    OurSeat.fetched += 1;
    const answer = await fetch(`${this.base}/g/${this.code}/poll/`, { headers: { ...this.headers, "HX-Request": "true" } });
    if (answer.status === 200) this.read(await answer.text());
  }

  async move(move) {
    const body = new URLSearchParams({ move: JSON.stringify(move), turn: this.token, request: crypto.randomUUID() });
    const answer = await fetch(`${this.base}/g/${this.code}/move/`, {
      method: "POST",
      body,
      headers: {
        ...this.headers, "X-CSRFToken": this.csrf, "HX-Request": "true", Referer: `${this.base}/g/${this.code}/`,
      },
    });
    const html = await answer.text();
    if (answer.status !== 200) throw new Error(`the move answered ${answer.status}: ${html.slice(0, 300)}`);
    this.read(html);
  }

  close() {
    this.socket?.close();
  }
}

OurSeat.fetched = 0;

async function ourTable(spec) {
  const seats = spec.seats.map((seat) => new OurSeat(spec, seat));
  for (const seat of seats) await seat.open();
  return seats;
}

// --- The peer: the lobby API, then boardgame.io's own socket.io client per seat --------------------

class PeerSeat extends Seat {
  constructor(url, matchID, playerID, credentials) {
    super();
    this.client = Client({
      game: RomanPoker, numPlayers: SEATS, multiplayer: SocketIO({ server: url }),
      matchID, playerID: String(playerID), credentials, debug: false,
    });
    this.client.subscribe((state) => {
      if (state && typeof state._stateID === "number") this.heard(state._stateID);
    });
  }

  async open() {
    const connected = this.after(-1);
    this.client.start();
    if ((await connected) === null) throw new Error("the peer sent no state");
  }

  async move(move) {
    const { type, ...args } = move;
    this.client.moves[type](args);
  }

  close() {
    this.client.stop();
  }
}

async function lobby(url, path, body) {
  const answer = await fetch(`${url}/games/${RomanPoker.name}${path}`, {
    method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" },
  });
  if (answer.status !== 200) throw new Error(`the peer's lobby answered ${answer.status}`);
  return answer.json();
}

async function peerTable(url) {
  const { matchID } = await lobby(url, "/create", { numPlayers: SEATS, setupData: { physical_dice: true } });
  const seats = [];
  for (let playerID = 0; playerID < SEATS; playerID++) {
    const { playerCredentials } = await lobby(url, `/${matchID}/join`, {
      playerID: String(playerID), playerName: `Seat ${playerID}`,
    });
    seats.push(new PeerSeat(url, matchID, playerID, playerCredentials));
  }
  for (const seat of seats) await seat.open();
  return seats;
}

// --- Processes: CPU and memory from /proc ---------------------------------------------------------

function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0; // gone
  }
}

function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number((status.match(/VmRSS:\s+(\d+)/) || [])[1] ?? 0);
  } catch {
    return 0;
  }
}

async function backends(database) {
  const db = new pg.Client({ connectionString: `${config.pg}/${database}` });
  await db.connect();
  const { rows } = await db.query(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database],
  );
  await db.end();
  return rows.map((row) => row.pid);
}

async function cpuNow(side) {
  const app = side.pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  const pids = await backends(side.database);
  const database = new Map(pids.map((pid) => [pid, cpuTicks(pid)]));
  return { app, database };
}

function cpuSpent(before, after) {
  let database = 0;
  for (const [pid, ticks] of after.database) database += ticks - (before.database.get(pid) ?? 0);
  return { app: (after.app - before.app) / config.clk_tck, database: database / config.clk_tck };
}

// --- One phase at one server ------------------------------------------------------------------------

// Per table, a seed whose game lasts at least ``moves`` moves: the same for both servers.
function scripts(phase, tables, moves) {
  const found = [];
  let seed = 1000 * (phase + 1);
  while (found.length < tables) {
    const played = script(SEATS, seed++);
    if (played.moves.length >= moves) found.push(played.moves.slice(0, moves));
  }
  return found;
}

async function play(seats, moves, pauseMs, rng, latencies, errors) {
  for (const [seat, move] of moves) {
    if (pauseMs) await sleep(pauseMs * (0.5 + rng()));
    const past = seats[seat].version;
    const sent = performance.now();
    const heard = seats.map((s, n) => (n === seat ? null : s.after(past)));
    try {
      await seats[seat].move(move);
    } catch (error) {
      errors.push(String(error.message || error));
      return false;
    }
    const mover = await seats[seat].after(past);
    const others = await Promise.all(heard.filter((h) => h !== null));
    if (mover === null || others.includes(null)) {
      errors.push(`a move was not heard within ${HEAR_TIMEOUT_MS} ms`);
      return false;
    }
    for (const at of others) latencies.push(at - sent);
  }
  return true;
}

async function phase(side, name, number, spec) {
  const tables = [];
  for (let t = 0; t < spec.tables; t++) {
    tables.push(name === "ours" ? await ourTable(side.tables[spec.first + t]) : await peerTable(side.url));
  }
  const moves = scripts(number, spec.tables, spec.moves);
  await sleep(500); // every socket settled
  const latencies = [], errors = [];
  const before = await cpuNow(side);
  const started = performance.now();
  const done = await Promise.all(
    tables.map((seats, t) => play(seats, moves[t], spec.pause_ms, seeded(7 * number + t), latencies, errors)),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuNow(side);
  const rss = side.pids.reduce((sum, pid) => sum + rssKb(pid), 0);
  const load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  for (const seats of tables) for (const seat of seats) seat.close();
  const made = latencies.length / (SEATS - 1);
  const fetched = OurSeat.fetched;
  OurSeat.fetched = 0;
  return {
    boards_fetched: name === "ours" ? fetched : 0, load,
    moves: made, tables_done: done.filter(Boolean).length, seconds, moves_per_second: made / seconds,
    latencies, errors: errors.slice(0, 5), error_count: errors.length, cpu: cpuSpent(before, after), rss_kb: rss,
  };
}

const results = [];
for (const [number, spec] of config.phases.entries()) {
  const row = { ...spec };
  for (const name of ["peer", "ours"]) {
    process.stderr.write(`${spec.name}: ${name}\n`);
    row[name] = await phase(config[name], name, number, spec);
    const r = row[name];
    process.stderr.write(`  ${r.moves} moves in ${r.seconds.toFixed(1)} s, ${r.error_count} errors ${r.errors.slice(0, 1)}\n`);
    await sleep(1000);
  }
  results.push(row);
}
writeFileSync(process.argv[3], JSON.stringify(results)); // not stdout: a pipe is written after exit
process.exit(0);
