// Hera und Zeus, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

// Why a game ended (the view's `reason`).
const REASONS = {
  cannot_spend_action_points: 'the opponent could not spend the action points',
  empty_field: "the opponent's field was empty at the start of the turn",
  hostage_challenged: "the opponent's hostage was challenged",
  hostage_picked: "Pegasus picked the opponent's hostage",
  pandora_picked_with_hostage: "Pegasus picked Pandora with the hostage in the opponent's hand",
  pandora_column_with_hostage: "Pandora's box took a hostage",
};
const DECIDED = 'the game is decided';

export default {
  moves: {
    PlaceOpening: 'Lay the first row',
    Draw: 'Draw a card',
    PlayCard: 'Play a card',
    Challenge: 'Challenge',
    PlayHeraZeus: 'Play the god card',
    RemoveFigure: 'Remove the figure',
    PegasusHand: 'Pegasus on the hand',
    PegasusRow: 'Pegasus on row 1',
    PythiaSpy: 'Pythia: look at the hand',
    PythiaReveal: 'Pythia: turn a column face up',
    PlaySirens: 'Play the Sirens',
    PlayHades: 'Play Hades',
    PlayPersephone: 'Play Persephone',
    PlayDionysus: 'Play Dionysus',
    PlacePicked: 'Place the picked card',
    DiscardNext: 'Put onto the pile',
  },
  fields: {
    cards: 'cards',
    card: 'card',
    column: 'column',
    position: 'place',
    pegasus: 'Pegasus',
    take: 'card to take',
    to_column: 'to column',
    to_position: 'to row',
  },
  prompts: prompts.en,
  options: {
    first: ['Who starts', 'Hera starts by the rules; in a rematch the loser of the last game may start.', { hera: 'Hera', zeus: 'Zeus' }],
    figure_removal: ['Removing the figure', "With an action point (the main rule) or only with a Pegasus from the hand (the authors' optional rule).", { action: 'with an action point', pegasus: 'with a Pegasus' }],
  },
  // The board's words: labels, what to click next, card names (German: ours; English: the
  // data file's) and each card type's effect in our own words (from docs/games/herazeus.md).
  board: {
    hera: 'Hera', zeus: 'Zeus', field: (who) => `${who}'s field`, hand: 'Hand', myHand: 'My hand', deck: 'Deck', discard: 'Discard pile',
    column: 'Column', row: 'row', empty: 'empty place', figure: 'figure', faceDown: 'face down', back: (r) => `card back (${r})`,
    ap: 'Action points', apOf: (l, t) => `${l} of ${t} left`, strength: 'strength', cards: (n) => `${n} ${n === 1 ? 'card' : 'cards'}`,
    cancel: 'Cancel', picked: 'Chosen', next: 'Now click', pending: 'Lost cards: click them in the order they go onto your pile',
    placing: 'Picked card to place', turn: (n) => `${n} ${n === 1 ? 'turn' : 'turns'} played`, none: 'none',
    nexts: {
      hand: 'a card of your hand', deck: 'your deck to draw a card', ins: 'a place of your field (a card to go in front of, or the empty place after the last)',
      mine: 'one of your field cards', opp: 'a column of the opponent', opphand: "the opponent's hand", oppdiscard: "the opponent's discard pile",
      disc: 'a card of your discard pile', mydiscard: 'your discard pile', figure: 'your figure', pend: 'the next lost card for your pile',
    },
    aCard: 'a card', reasons: REASONS, decided: DECIDED,
    names: {},
    effects: {
      hostage: 'Hostage: whoever challenges it in row 1 wins the game.',
      hera_zeus: 'God card (0 action points): your figure takes row 1 of a column; with it there you get 4 action points a turn.',
      medusa: 'Strength 0. Only a Hero or Amazon defeats her; any other challenger is lost.',
      pandora: 'Strength 0. Challenged, she opens the box: every card of that column, on both sides, is lost.',
      pegasus: 'Strength 1. From the hand: pick a random card of the opponent\'s hand, or attack the opponent\'s row-1 card or figure.',
      pythia: 'Strength 3. From the hand: look at the opponent\'s hand (a Poseidon or Nemesis there is discarded) or turn a column face up. She beats Poseidon and Nemesis when she challenges, and loses whenever she is challenged.',
      top: 'Strength 7. Beats every card but Pythia.',
      hero: 'Strength 2. The only card that defeats Medusa.',
      sirens: 'Take the top card of the opponent\'s discard pile (strength 1 to 7) into your hand.',
      hades: 'Take any card of your discard pile back into your hand.',
      persephone: 'Take up to 3 Pegasus from your discard pile into your hand.',
      dionysus: 'Move one of your field cards to another place of your field.',
      number: 'A warrior: in a challenge the higher strength wins; a tie discards both.',
    },
  },
  help: [
    'A duel: Hera against Zeus. Lay three cards face down as your first row; each field has three columns of up to four cards.',
    "Each turn you have an action point per column with a card (4 with your god's figure in row 1): draw, play a card face down, challenge, or play a mythology card for its power.",
    "A challenge: your row-1 card against the opponent's card opposite; both turn face up and the stronger stays (special cards have their own rules).",
    "Challenge the opponent's hostage (Io or Argus) to win. You lose when you cannot spend your points or your field is empty.",
  ],
  end: (g, winners) => `${winners} wins: ${REASONS[g.reason] || DECIDED}.`,
};
