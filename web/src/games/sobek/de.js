// Sobek, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    ChooseStartPlayer: 'Startspieler bestimmen',
    TakeCard: 'Karte nehmen',
    LaySet: 'Satz auslegen',
    PlayQueen: 'Königin spielen',
    PlayHighPriest: 'Hohepriester spielen',
    PlayVizier: 'Wesir spielen',
    PlayScribe: 'Schreiber spielen',
    PlayThief: 'Dieb spielen',
    PlayCourtesan: 'Kurtisane spielen',
    PlayMerchant: 'Händler spielen',
    ChooseEvent: 'Ereignischip wählen',
    TakeBribe: 'Bestechungskarte nehmen',
    DiscardCard: 'Karte abwerfen',
    LaySidewaysSet: 'Satz quer auslegen',
    FinishLaying: 'Auslegen beenden',
  },
  fields: {
    seat: 'Spieler',
    position: 'Platz',
    cards: 'Karten',
    onto: 'auf',
    card: 'Karte',
    goods: 'Ware',
    victim: 'Spieler',
    back: 'Rückseite',
    chip: 'Chip',
    target: 'Spieler',
  },
  prompts: prompts.de,
  options: {
    variant: ['Was Spieler sich merken', 'Original: andere Hände und Töpfe bleiben verdeckt; gemerkt: einmal offen gesehene Karten bleiben sichtbar (die zweite Variante der Regeln).', { original: 'Original', async: 'gemerkte Karten' }],
  },
  help: [
    'Drei Runden. In deinem Zug nimmst du eine Warenkarte von den ersten vier Kais: übersprungene Karten kommen unter deinen Bestechungstopf.',
    'Oder du legst einen Satz aus mindestens 3 Karten einer Ware aus (Amulette passen überall): er zählt am Rundenende Skarabäen mal Karten, und du wählst einen Ereignischip.',
    'Oder du spielst eine Figurenkarte für ihre Fähigkeit (oder nutzt sie als Ware im Satz, nie beides).',
    'Am Rundenende kommen die Handkarten unter die Töpfe; wer am meisten bestochen hat, fällt auf der Leiste zurück. Nach drei Runden gewinnen die meisten Punkte.',
  ],
  breakdown: { round: (n) => `Runde ${n}: Sätze`, kollegium: 'Kollegium-Chips', villainy: 'Schurkerei-Chips', bribery: 'Bestechungsstrafe', rest: 'Nicht aufgeschlüsselt' },
  board: { backs: { green: 'grüne Rückseite', beige: 'beige Rückseite', orange: 'orange Rückseite (Figur)' }, quay: 'Markt (Kai)', pile: 'Stapel', hand: 'Meine Hand', pot: 'Mein Topf', players: 'Spieler', score: 'Punkte', handN: 'Hand', potN: 'Topf', curses: 'Flüche', sets: 'Sätze', round: 'Runde', phase: 'Phase', chips: 'Ereignisplättchen', remembered: 'erinnert', empty: 'leer', uncertain: 'unsicher', vizier: 'Wesir',
    scores: (n) => `zählt ${n}`, newSet: 'einen neuen Satz', set: (n) => `Satz ${n}`, legend: '✦ = ein Skarabäus: ein Satz zählt am Rundenende seine Karten mal seine Skarabäen.' },
};
