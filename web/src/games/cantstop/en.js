// Can't Stop, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    Roll: 'Roll the dice',
    Choose: 'Choose sums',
    Stop: 'Stop',
  },
  fields: {
    sums: 'sums',
  },
  prompts: prompts.en,
  options: {
    target: ['Columns to win', 'How many columns a player must win: 3 as printed, 4 or 5 for a longer game.', {}],
    no_third_stop: ['No stop on the third column', 'With 4 columns to win: a turn may not end holding exactly 3 columns (the 2-player variant).', {}],
    opponents: ["Other players' squares", 'Shared as printed, skipped when a runner moves (variant A), or no stop while a runner stands on one (variant B).', { share: 'shared', skip: 'skipped (variant A)', reroll: 'roll on (variant B)' }],
  },
  // The board's words.
  board: {
    columns: 'Columns', dice: 'Dice', pairings: 'Pairings', pairing: 'Pairing', roll: 'Roll the dice',
    stop: 'Stop and keep the progress', runner: 'runner', won: 'won by', space: 'space', column: 'Column',
    noDice: 'The dice are not rolled yet.', target: (n) => `Win ${n} columns to win the game.`,
    move: (sums) => (sums.length === 2 ? (sums[0] === sums[1] ? `move twice on ${sums[0]}` : `move on ${sums[0]} and ${sums[1]}`) : `move on ${sums[0]} only`),
    none: 'no move with this pairing', held: (n) => (n === 1 ? 'column won' : 'columns won'), runners: (n) => (n === 1 ? 'runner left' : 'runners left'),
  },
  help: [
    "Roll four dice and split them into two pairs: each pair's sum is a column (2 to 12). Move a runner up those columns; you have three runners a turn.",
    'Roll again as often as you dare, or stop: your squares move up to the runners.',
    "A roll that can move no runner busts: this turn's progress is lost.",
    'A square on the top of a column wins it for good. Win the target number of columns (3 by default) to win the game.',
  ],
  end: (g, winners) => `${winners} won ${g.target} columns.`,
};
