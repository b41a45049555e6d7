// The boardgame.io side of `senet bench peers`: tic-tac-toe (the same rules as senet's
// `tictactoe` game), served by boardgame.io's own server, in memory or on PostgreSQL
// through bgio-postgres. Usage: node bgio_server.js PORT [postgresql://...]
const { Server } = require('boardgame.io/server');
const { INVALID_MOVE } = require('boardgame.io/core');

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

const TicTacToe = {
  name: 'tictactoe',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    mark: ({ G, playerID }, cell) => {
      if (!Number.isInteger(cell) || cell < 0 || cell > 8 || G.cells[cell] !== null) return INVALID_MOVE;
      G.cells[cell] = playerID;
    },
  },
  endIf: ({ G }) => {
    for (const [a, b, c] of LINES) {
      if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) return { winner: G.cells[a] };
    }
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
};

const port = Number(process.argv[2] || 8000);
const url = process.argv[3];
let db;
if (url) {
  const { PostgresStore } = require('bgio-postgres');
  db = new PostgresStore(url, { logging: false });
}
const server = Server({ games: [TicTacToe], db });
server.run(port, () => console.log(`ready ${port}`));
