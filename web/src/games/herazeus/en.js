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
  help: [
    'A duel: Hera against Zeus. Lay three cards face down as your first row; each field has three columns of up to four cards.',
    "Each turn you have an action point per column with a card (4 with your god's figure in row 1): draw, play a card face down, challenge, or play a mythology card for its power.",
    "A challenge: your row-1 card against the opponent's card opposite; both turn face up and the stronger stays (special cards have their own rules).",
    "Challenge the opponent's hostage (Io or Argus) to win. You lose when you cannot spend your points or your field is empty.",
  ],
  end: (g, winners) => `${winners} wins: ${REASONS[g.reason] || 'the game is decided'}.`,
};
