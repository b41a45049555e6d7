// Tic-tac-toe, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    Mark: 'Feld markieren',
  },
  fields: {
    cell: 'Feld',
  },
  prompts: prompts.de,
  options: {},
  help: [
    'Markiere reihum ein Feld; drei eigene Zeichen in einer Reihe, Spalte oder Diagonale gewinnen.',
  ],
  end: (g, winners, r) => (r.winners.length === 1 ? `${winners} hat drei in einer Reihe.` : 'Unentschieden.'),
  board: { free: 'frei', board: 'Spielfeld', cells: ['oben links', 'oben Mitte', 'oben rechts', 'Mitte links', 'Mitte', 'Mitte rechts', 'unten links', 'unten Mitte', 'unten rechts'] },
};
