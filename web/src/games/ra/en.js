// Ra, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    RollDice: 'Roll the dice',
    RerollDice: 'Re-roll dice',
    StopRolling: 'Stop rolling',
    AdvancePharaoh: 'Advance the Pharaoh',
    AdvanceNile: 'Advance on the Nile',
    FloodNile: 'Flood the Nile',
    PlaceCivilization: 'Place Civilization',
    PlaceMonument: 'Build a Monument',
    ScoreAnkhPair: 'Score an Ankh pair',
    DeclareDisaster: 'Declare a disaster',
    RetrieveMarker: 'Give back a marker',
    EndTurn: 'End the turn',
  },
  fields: {
    dice: 'dice',
    colours: 'colours',
    die: 'die',
    column: 'column',
    extra_die: 'extra die',
    disaster: 'disaster',
    colour: 'colour',
  },
  prompts: prompts.en,
  options: {},
  help: [
    'Three epochs. On your turn roll the five dice, lock any Suns (Ra moves one space per Sun), then re-roll the other dice up to twice.',
    'Then use your dice: Pharaoh, Nile and Flood move your markers up; Civilization and Monument dice place markers of their colour; two Ankhs score points.',
    'Four or five Suns let you declare a disaster: the other players lose markers in one area.',
    'When Ra reaches the end of the Sun track the epoch is scored (Pharaoh, Nile, Civilization, Monuments). Most points after three epochs wins.',
  ],
  breakdown: { start: 'At the start', pharaoh: 'Pharaoh', nile: 'Nile', civilization: 'Civilization', monuments: 'Monuments', dice: 'Suns and Ankhs', rest: 'Not broken down' },
  board: { letters: { yellow: 'Y', purple: 'P', green: 'G', blue: 'B', red: 'R' }, keep: 'keep', reroll: 'roll again', rerollN: (n) => `Re-roll ${n} ${n === 1 ? 'die' : 'dice'}`, stopRolling: 'Stop rolling', clickToKeep: 'Click a die to keep it; the others are rolled again.', notLegal: 'Keep at least one die, or stop rolling.', dice: 'Dice', sun: 'Sun track', ra: 'Ra', epoch: 'Epoch', players: 'Players', score: 'Score', pharaoh: 'Pharaoh', nile: 'Nile', floods: 'Floods', civ: 'Civilization', mon: 'Monuments', rerolls: 'rerolls left', disaster: 'Disaster', unrolled: 'not rolled', used: 'used', column: 'column', locked: 'locked suns',
    faces: { sun: 'Sun', ankh: 'Ankh', pharaoh: 'Pharaoh', nile: 'Nile', civilization: 'Civilization', monument: 'Monument' },
    colours: { yellow: 'yellow', purple: 'purple', green: 'green', blue: 'blue', red: 'red' },
  },
};
