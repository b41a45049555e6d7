// Hera und Zeus, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

// Why a game ended (the view's `reason`).
const REASONS = {
  cannot_spend_action_points: 'der Gegner konnte seine Aktionspunkte nicht ausgeben',
  empty_field: 'das Feld des Gegners war zu Beginn seines Zuges leer',
  hostage_challenged: 'die Geisel des Gegners wurde herausgefordert',
  hostage_picked: 'Pegasus zog die Geisel des Gegners',
  pandora_picked_with_hostage: 'Pegasus zog Pandora, und die Geisel war in der Hand des Gegners',
  pandora_column_with_hostage: 'die Büchse der Pandora traf eine Geisel',
};
const DECIDED = 'das Spiel ist entschieden';

export default {
  moves: {
    PlaceOpening: 'Erste Reihe legen',
    Draw: 'Karte ziehen',
    PlayCard: 'Karte spielen',
    Challenge: 'Herausfordern',
    PlayHeraZeus: 'Götterkarte spielen',
    RemoveFigure: 'Figur entfernen',
    PegasusHand: 'Pegasus auf die Hand',
    PegasusRow: 'Pegasus auf Reihe 1',
    PythiaSpy: 'Pythia: Hand ansehen',
    PythiaReveal: 'Pythia: Spalte aufdecken',
    PlaySirens: 'Sirenen spielen',
    PlayHades: 'Hades spielen',
    PlayPersephone: 'Persephone spielen',
    PlayDionysus: 'Dionysos spielen',
    PlacePicked: 'Gezogene Karte platzieren',
    DiscardNext: 'Auf den Stapel legen',
  },
  fields: {
    cards: 'Karten',
    card: 'Karte',
    column: 'Spalte',
    position: 'Platz',
    pegasus: 'Pegasus',
    take: 'zu nehmende Karte',
    to_column: 'nach Spalte',
    to_position: 'nach Reihe',
  },
  prompts: prompts.de,
  options: {
    first: ['Wer beginnt', 'Nach den Regeln beginnt Hera; bei einer Revanche darf der Verlierer beginnen.', { hera: 'Hera', zeus: 'Zeus' }],
    figure_removal: ['Figur entfernen', 'Mit einem Aktionspunkt (Hauptregel) oder nur mit einem Pegasus aus der Hand (optionale Regel der Autoren).', { action: 'mit einem Aktionspunkt', pegasus: 'mit einem Pegasus' }],
  },
  // The board's words: labels, what to click next, card names (German: ours; English: the
  // data file's) and each card type's effect in our own words (from docs/games/herazeus.md).
  board: {
    hera: 'Hera', zeus: 'Zeus', field: (who) => `Feld von ${who}`, hand: 'Hand', myHand: 'Meine Hand', deck: 'Stapel', discard: 'Ablagestapel',
    column: 'Spalte', row: 'Reihe', empty: 'leerer Platz', figure: 'Figur', faceDown: 'verdeckt', back: (r) => `Kartenrücken (${r})`,
    ap: 'Aktionspunkte', apOf: (l, t) => `${l} von ${t} übrig`, strength: 'Stärke', cards: (n) => `${n} ${n === 1 ? 'Karte' : 'Karten'}`,
    cancel: 'Abbrechen', picked: 'Gewählt', next: 'Klicke jetzt', pending: 'Verlorene Karten: klicke sie in der Reihenfolge, in der sie auf deinen Stapel kommen',
    placing: 'Gezogene Karte zum Platzieren', turn: (n) => `${n} ${n === 1 ? 'Zug' : 'Züge'} gespielt`, none: 'keine',
    nexts: {
      hand: 'eine Karte deiner Hand', deck: 'deinen Stapel, um eine Karte zu ziehen', ins: 'einen Platz deines Feldes (eine Karte, vor die sie kommt, oder den leeren Platz dahinter)',
      mine: 'eine deiner Feldkarten', opp: 'eine Spalte des Gegners', opphand: 'die Hand des Gegners', oppdiscard: 'den Ablagestapel des Gegners',
      disc: 'eine Karte deines Ablagestapels', mydiscard: 'deinen Ablagestapel', figure: 'deine Figur', pend: 'die nächste verlorene Karte für deinen Stapel',
    },
    aCard: 'eine Karte', reasons: REASONS, decided: DECIDED,
    names: { Amazon: 'Amazone', Hero: 'Held', Sirens: 'Sirenen', Dionysus: 'Dionysos', Warrior: 'Krieger', Argus: 'Argos' },
    effects: {
      hostage: 'Geisel: wer sie in Reihe 1 herausfordert, gewinnt das Spiel.',
      hera_zeus: 'Götterkarte (0 Aktionspunkte): deine Figur besetzt Reihe 1 einer Spalte; solange sie dort steht, hast du 4 Aktionspunkte pro Zug.',
      medusa: 'Stärke 0. Nur ein Held oder eine Amazone besiegt sie; jeder andere Herausforderer geht verloren.',
      pandora: 'Stärke 0. Herausgefordert öffnet sie die Büchse: alle Karten dieser Spalte auf beiden Seiten gehen verloren.',
      pegasus: 'Stärke 1. Aus der Hand: zieh eine zufällige Karte aus der Hand des Gegners oder greif dessen Karte oder Figur in Reihe 1 an.',
      pythia: 'Stärke 3. Aus der Hand: sieh dir die Hand des Gegners an (ein Poseidon oder eine Nemesis dort wird abgeworfen) oder decke eine Spalte auf. Sie schlägt Poseidon und Nemesis, wenn sie herausfordert, und verliert immer, wenn sie herausgefordert wird.',
      top: 'Stärke 7. Schlägt jede Karte außer Pythia.',
      hero: 'Stärke 2. Die einzige Karte, die Medusa besiegt.',
      sirens: 'Nimm die oberste Karte vom Ablagestapel des Gegners (Stärke 1 bis 7) auf die Hand.',
      hades: 'Nimm eine beliebige Karte deines Ablagestapels zurück auf die Hand.',
      persephone: 'Nimm bis zu 3 Pegasus von deinem Ablagestapel auf die Hand.',
      dionysus: 'Versetze eine deiner Feldkarten auf einen anderen Platz deines Feldes.',
      number: 'Ein Krieger: bei einer Herausforderung gewinnt die höhere Stärke; Gleichstand wirft beide ab.',
    },
  },
  help: [
    'Ein Duell: Hera gegen Zeus. Lege drei Karten verdeckt als erste Reihe; jedes Feld hat drei Spalten mit bis zu vier Karten.',
    'Jeder Zug hat einen Aktionspunkt pro Spalte mit Karte (4 mit der Götterfigur in Reihe 1): ziehen, eine Karte verdeckt spielen, herausfordern oder eine Mythologiekarte für ihre Kraft spielen.',
    'Herausforderung: deine Karte in Reihe 1 gegen die gegenüber; beide werden aufgedeckt, die stärkere bleibt (Sonderkarten haben eigene Regeln).',
    'Wer die Geisel des Gegners (Io oder Argus) herausfordert, gewinnt. Wer seine Punkte nicht ausgeben kann oder ein leeres Feld hat, verliert.',
  ],
  end: (g, winners) => `${winners} gewinnt: ${REASONS[g.reason] || DECIDED}.`,
};
