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
  help: [
    'Ein Duell: Hera gegen Zeus. Lege drei Karten verdeckt als erste Reihe; jedes Feld hat drei Spalten mit bis zu vier Karten.',
    'Jeder Zug hat einen Aktionspunkt pro Spalte mit Karte (4 mit der Götterfigur in Reihe 1): ziehen, eine Karte verdeckt spielen, herausfordern oder eine Mythologiekarte für ihre Kraft spielen.',
    'Herausforderung: deine Karte in Reihe 1 gegen die gegenüber; beide werden aufgedeckt, die stärkere bleibt (Sonderkarten haben eigene Regeln).',
    'Wer die Geisel des Gegners (Io oder Argus) herausfordert, gewinnt. Wer seine Punkte nicht ausgeben kann oder ein leeres Feld hat, verliert.',
  ],
  end: (g, winners) => `${winners} gewinnt: ${REASONS[g.reason] || 'das Spiel ist entschieden'}.`,
};
