// Can't Stop, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    Roll: 'Würfeln',
    Choose: 'Summen wählen',
    Stop: 'Aufhören',
  },
  fields: {
    sums: 'Summen',
  },
  prompts: prompts.de,
  options: {
    target: ['Spalten zum Sieg', 'Wie viele Spalten ein Spieler gewinnen muss: 3 wie gedruckt, 4 oder 5 für ein längeres Spiel.', {}],
    no_third_stop: ['Kein Halt auf der dritten Spalte', 'Bei 4 Spalten zum Sieg: ein Zug darf nicht mit genau 3 Spalten enden (die Variante für 2 Spieler).', {}],
    opponents: ['Steine der Mitspieler', 'Geteilt wie gedruckt, übersprungen beim Ziehen (Variante A) oder kein Aufhören, solange ein Läufer auf einem steht (Variante B).', { share: 'geteilt', skip: 'übersprungen (Variante A)', reroll: 'weiterwürfeln (Variante B)' }],
  },
  // The board's words.
  board: {
    columns: 'Spalten', dice: 'Würfel', pairings: 'Paarungen', pairing: 'Paarung', roll: 'Würfeln',
    stop: 'Aufhören und Fortschritt sichern', runner: 'Läufer', won: 'gewonnen von', space: 'Feld', column: 'Spalte',
    noDice: 'Noch nicht gewürfelt.', target: (n) => `Wer ${n} Spalten gewinnt, gewinnt das Spiel.`,
    move: (sums) => (sums.length === 2 ? (sums[0] === sums[1] ? `zweimal auf ${sums[0]} ziehen` : `auf ${sums[0]} und ${sums[1]} ziehen`) : `nur auf ${sums[0]} ziehen`),
    none: 'mit dieser Paarung kein Zug', held: (n) => (n === 1 ? 'Spalte gewonnen' : 'Spalten gewonnen'), runners: () => 'Läufer übrig',
  },
  help: [
    'Wirf vier Würfel und teile sie in zwei Paare: jede Paarsumme ist eine Spalte (2 bis 12). Zieh dort einen Läufer hoch; du hast drei Läufer pro Zug.',
    'Würfle so oft du dich traust, oder hör auf: deine Steine rücken zu den Läufern vor.',
    'Ein Wurf, mit dem kein Läufer ziehen kann, scheitert: der Fortschritt des Zuges ist verloren.',
    'Ein Stein ganz oben gewinnt die Spalte endgültig. Wer die Zielzahl an Spalten gewinnt (normal 3), gewinnt das Spiel.',
  ],
  end: (g, winners) => `${winners} hat ${g.target} Spalten gewonnen.`,
};
