// Sobek, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    ChooseStartPlayer: 'Choose the start player',
    TakeCard: 'Take a card',
    LaySet: 'Lay a set',
    PlayQueen: 'Play the Queen',
    PlayHighPriest: 'Play the High Priest',
    PlayVizier: 'Play the Vizier',
    PlayScribe: 'Play the Scribe',
    PlayThief: 'Play the Thief',
    PlayCourtesan: 'Play the Courtesan',
    PlayMerchant: 'Play the Merchant',
    ChooseEvent: 'Choose an event chip',
    TakeBribe: 'Take a bribe card',
    DiscardCard: 'Discard a card',
    LaySidewaysSet: 'Lay a set sideways',
    FinishLaying: 'Finish laying',
  },
  fields: {
    seat: 'player',
    position: 'place',
    cards: 'cards',
    onto: 'onto',
    card: 'card',
    goods: 'goods',
    victim: 'player',
    back: 'back',
    chip: 'chip',
    target: 'player',
  },
  prompts: prompts.en,
  options: {
    variant: ['What players remember', 'Original: other hands and pots stay hidden; remembered: cards once seen face up stay shown (the second variant of the rules).', { original: 'original', async: 'remembered cards' }],
  },
  help: [
    'Three rounds. On your turn take a goods card from the first four quays: the cards you skip go under your bribe pot.',
    'Or lay a set of at least 3 cards of one goods (amulets join any set): it scores its scarabs times its cards at the round end, and you choose an event chip.',
    'Or play a character card for its power (or use it as goods in a set, never both).',
    'At the round end the cards left in hands go under the pots; whoever bribed the most falls back on the score track. Most points after three rounds wins.',
  ],
  breakdown: { round: (n) => `Round ${n}: sets`, kollegium: 'Kollegium chips', villainy: 'Villainy chips', bribery: 'Bribery penalty', rest: 'Not broken down' },
  board: { backs: { green: 'green back', beige: 'beige back', orange: 'orange back (character)' }, quay: 'Market (quay)', pile: 'pile', hand: 'My hand', pot: 'My pot', players: 'Players', score: 'Score', handN: 'Hand', potN: 'Pot', curses: 'Curses', sets: 'Sets', round: 'Round', phase: 'Phase', chips: 'Event chips', remembered: 'remembered', empty: 'empty', uncertain: 'uncertain', vizier: 'Vizier',
    scores: (n) => `scores ${n}`, newSet: 'a new set', set: (n) => `set ${n}`, legend: '✦ = one scarab: a set scores its cards times its scarabs at the round end.' },
};
