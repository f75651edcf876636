// The boardgame.io server of the peer benchmark: Roman Poker on PostgreSQL (bgio-postgres).
//   DATABASE_URL=postgres://... PORT=8000 node server.mjs
import { createRequire } from "node:module";
import { RomanPoker } from "./game.mjs";

const require = createRequire(import.meta.url);
const { Origins, Server } = require("boardgame.io/server");
const { PostgresStore } = require("bgio-postgres");

const db = new PostgresStore(process.env.DATABASE_URL, { logging: false });
const server = Server({ games: [RomanPoker], db, origins: [Origins.LOCALHOST] });
const port = Number(process.env.PORT || 8000);
await server.run({ port, callback: () => console.log(`listening on ${port}`) });
