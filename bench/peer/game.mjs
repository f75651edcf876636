// Roman Poker as a boardgame.io game: the state is rules.mjs's, each move calls its rules.
// Moves run on the server only (``client: false``), so every seat, the mover included, learns a
// move's outcome from the server's update, as a page of the site learns it from the server.
import { apply, IllegalMove, scores, setup } from "./rules.mjs";

const INVALID_MOVE = "INVALID_MOVE"; // boardgame.io's constant, spelled out to keep this file free of imports

function move(type) {
  return {
    client: false,
    move: ({ G, ctx, events, random }, args = {}) => {
      let next;
      try {
        next = apply(G, Number(ctx.currentPlayer), { ...args, type }, () => random.Number());
      } catch (error) {
        if (error instanceof IllegalMove) return INVALID_MOVE;
        throw error;
      }
      if (next.turn !== G.turn && !next.over) events.endTurn();
      return next;
    },
  };
}

export const RomanPoker = {
  name: "roman-poker",
  minPlayers: 2,
  maxPlayers: 6,
  setup: ({ ctx }, setupData) => setup(ctx.numPlayers, setupData || {}),
  moves: { roll: move("roll"), stop: move("stop"), card: move("card"), pass: move("pass") },
  endIf: ({ G }) => (G.over ? { scores: scores(G) } : undefined),
};
