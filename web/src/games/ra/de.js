// Ra, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    RollDice: 'Würfeln',
    RerollDice: 'Neu würfeln',
    StopRolling: 'Aufhören zu würfeln',
    AdvancePharaoh: 'Pharao vorrücken',
    AdvanceNile: 'Auf dem Nil vorrücken',
    FloodNile: 'Nil fluten',
    PlaceCivilization: 'Zivilisation setzen',
    PlaceMonument: 'Monument bauen',
    ScoreAnkhPair: 'Anch-Paar werten',
    DeclareDisaster: 'Katastrophe ausrufen',
    RetrieveMarker: 'Marker zurückgeben',
    EndTurn: 'Zug beenden',
  },
  fields: {
    dice: 'Würfel',
    colours: 'Farben',
    die: 'Würfel',
    column: 'Spalte',
    extra_die: 'Extrawürfel',
    disaster: 'Katastrophe',
    colour: 'Farbe',
  },
  prompts: prompts.de,
  options: {},
  help: [
    'Drei Epochen. In deinem Zug würfelst du die fünf Würfel, Sonnen werden festgelegt (Ra rückt pro Sonne ein Feld), die übrigen darfst du bis zu zweimal neu würfeln.',
    'Dann setzt du die Würfel ein: Pharao, Nil und Flut rücken deine Marker vor; Zivilisation und Monument setzen Marker ihrer Farbe; zwei Anch bringen Punkte.',
    'Mit vier oder fünf Sonnen rufst du eine Katastrophe aus: die anderen Spieler verlieren Marker in einem Bereich.',
    'Erreicht Ra das Ende der Sonnenleiste, wird die Epoche gewertet (Pharao, Nil, Zivilisation, Monumente). Nach drei Epochen gewinnen die meisten Punkte.',
  ],
  breakdown: { start: 'Zu Beginn', pharaoh: 'Pharao', nile: 'Nil', civilization: 'Zivilisation', monuments: 'Monumente', dice: 'Sonnen und Anch', rest: 'Nicht aufgeschlüsselt' },
  board: { letters: { yellow: 'Ge', purple: 'L', green: 'Gr', blue: 'B', red: 'R' }, keep: 'behalten', reroll: 'neu würfeln', rerollN: (n) => `${n} ${n === 1 ? 'Würfel' : 'Würfel'} neu würfeln`, stopRolling: 'Aufhören zu würfeln', clickToKeep: 'Klicke einen Würfel an, um ihn zu behalten; die anderen werden neu gewürfelt.', notLegal: 'Behalte mindestens einen Würfel oder hör auf zu würfeln.', dice: 'Würfel', sun: 'Sonnenleiste', ra: 'Ra', epoch: 'Epoche', players: 'Spieler', score: 'Punkte', pharaoh: 'Pharao', nile: 'Nil', floods: 'Fluten', civ: 'Zivilisation', mon: 'Monumente', rerolls: 'Würfe übrig', disaster: 'Katastrophe', unrolled: 'nicht geworfen', used: 'benutzt', column: 'Spalte', locked: 'feste Sonnen',
    faces: { sun: 'Sonne', ankh: 'Anch', pharaoh: 'Pharao', nile: 'Nil', civilization: 'Zivilisation', monument: 'Monument' },
    colours: { yellow: 'gelb', purple: 'lila', green: 'grün', blue: 'blau', red: 'rot' },
  },
};
