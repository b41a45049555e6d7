// Tic-tac-toe, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    Mark: 'Mark a cell',
  },
  fields: {
    cell: 'cell',
  },
  prompts: prompts.en,
  options: {},
  help: [
    'Mark a cell in turn; three of your marks in a row, column or diagonal win.',
  ],
  end: (g, winners, r) => (r.winners.length === 1 ? `${winners} has three in a row.` : 'A draw.'),
  board: { free: 'free', board: 'Board', cells: ['top left', 'top middle', 'top right', 'middle left', 'centre', 'middle right', 'bottom left', 'bottom middle', 'bottom right'] },
};
