// A short rules summary per game, in English and German, reachable from its board. Written from
// our docs/games pages (docs/games/<game>.md), not copied from any rulebook.
import { html } from './boards/common.js';
import { lang, t } from './i18n.js';

export const HELP = {
  en: {
    ra: [
      'Three epochs. On your turn roll the five dice, lock any Suns (Ra moves one space per Sun), then re-roll the other dice up to twice.',
      'Then use your dice: Pharaoh, Nile and Flood move your markers up; Civilization and Monument dice place markers of their colour; two Ankhs score points.',
      'Four or five Suns let you declare a disaster: the other players lose markers in one area.',
      'When Ra reaches the end of the Sun track the epoch is scored (Pharaoh, Nile, Civilization, Monuments). Most points after three epochs wins.',
    ],
    egizia: [
      'Five rounds. Each round Nile cards are laid along the river; in turn order you place ships downstream of your last one: on a card (take it), a city (its action) or a building site (a berth to build later).',
      'Feed your crews with the grain of your fields (the water ring decides which fields give grain), or lose points.',
      'Your quarries give stones; at each site the ships build in berth order: crews of enough strength and stones raise the obelisk, pyramid, temple or take tombs, for points at once; at the Sphinx you draw Sphinx cards instead.',
      'At the end stones are sold, tombs and Sphinx cards score. Most points wins.',
    ],
    sobek: [
      'Three rounds. On your turn take a goods card from the first four quays: the cards you skip go under your bribe pot.',
      'Or lay a set of at least 3 cards of one goods (amulets join any set): it scores its scarabs times its cards at the round end, and you choose an event chip.',
      'Or play a character card for its power (or use it as goods in a set, never both).',
      'At the round end the cards left in hands go under the pots; whoever bribed the most falls back on the score track. Most points after three rounds wins.',
    ],
    cantstop: [
      'Roll four dice and split them into two pairs: each pair\'s sum is a column (2 to 12). Move a runner up those columns; you have three runners a turn.',
      'Roll again as often as you dare, or stop: your squares move up to the runners.',
      'A roll that can move no runner busts: this turn\'s progress is lost.',
      'A square on the top of a column wins it for good. Win the target number of columns (3 by default) to win the game.',
    ],
    herazeus: [
      'A duel: Hera against Zeus. Lay three cards face down as your first row; each field has three columns of up to four cards.',
      'Each turn you have an action point per column with a card (4 with your god\'s figure in row 1): draw, play a card face down, challenge, or play a mythology card for its power.',
      'A challenge: your row-1 card against the opponent\'s card opposite; both turn face up and the stronger stays (special cards have their own rules).',
      'Challenge the opponent\'s hostage (Io or Argus) to win. You lose when you cannot spend your points or your field is empty.',
    ],
    tictactoe: ['Mark a cell in turn; three of your marks in a row, column or diagonal win.'],
  },
  de: {
    ra: [
      'Drei Epochen. In deinem Zug würfelst du die fünf Würfel, Sonnen werden festgelegt (Ra rückt pro Sonne ein Feld), die übrigen darfst du bis zu zweimal neu würfeln.',
      'Dann setzt du die Würfel ein: Pharao, Nil und Flut rücken deine Marker vor; Zivilisation und Monument setzen Marker ihrer Farbe; zwei Anch bringen Punkte.',
      'Mit vier oder fünf Sonnen rufst du eine Katastrophe aus: die anderen Spieler verlieren Marker in einem Bereich.',
      'Erreicht Ra das Ende der Sonnenleiste, wird die Epoche gewertet (Pharao, Nil, Zivilisation, Monumente). Nach drei Epochen gewinnen die meisten Punkte.',
    ],
    egizia: [
      'Fünf Runden. Jede Runde liegen Nilkarten am Fluss; reihum setzt du Schiffe flussabwärts deines letzten: auf eine Karte (du nimmst sie), eine Stadt (ihre Aktion) oder eine Baustelle (ein Liegeplatz, um später zu bauen).',
      'Ernähre deine Bautrupps mit dem Getreide deiner Felder (der Wasserring entscheidet, welche Felder liefern), sonst verlierst du Punkte.',
      'Steinbrüche liefern Steine; an jeder Baustelle bauen die Schiffe in Liegeplatz-Reihenfolge: genug Bautrupp-Stärke und Steine bauen Obelisk, Pyramide, Tempel oder nehmen Gräber, für sofortige Punkte; an der Sphinx ziehst du stattdessen Sphinxkarten.',
      'Am Ende werden Steine verkauft, Gräber und Sphinxkarten gewertet. Die meisten Punkte gewinnen.',
    ],
    sobek: [
      'Drei Runden. In deinem Zug nimmst du eine Warenkarte von den ersten vier Kais: übersprungene Karten kommen unter deinen Bestechungstopf.',
      'Oder du legst einen Satz aus mindestens 3 Karten einer Ware aus (Amulette passen überall): er zählt am Rundenende Skarabäen mal Karten, und du wählst einen Ereignischip.',
      'Oder du spielst eine Figurenkarte für ihre Fähigkeit (oder nutzt sie als Ware im Satz, nie beides).',
      'Am Rundenende kommen die Handkarten unter die Töpfe; wer am meisten bestochen hat, fällt auf der Leiste zurück. Nach drei Runden gewinnen die meisten Punkte.',
    ],
    cantstop: [
      'Wirf vier Würfel und teile sie in zwei Paare: jede Paarsumme ist eine Spalte (2 bis 12). Zieh dort einen Läufer hoch; du hast drei Läufer pro Zug.',
      'Würfle so oft du dich traust, oder hör auf: deine Steine rücken zu den Läufern vor.',
      'Ein Wurf, mit dem kein Läufer ziehen kann, scheitert: der Fortschritt des Zuges ist verloren.',
      'Ein Stein ganz oben gewinnt die Spalte endgültig. Wer die Zielzahl an Spalten gewinnt (normal 3), gewinnt das Spiel.',
    ],
    herazeus: [
      'Ein Duell: Hera gegen Zeus. Lege drei Karten verdeckt als erste Reihe; jedes Feld hat drei Spalten mit bis zu vier Karten.',
      'Jeder Zug hat einen Aktionspunkt pro Spalte mit Karte (4 mit der Götterfigur in Reihe 1): ziehen, eine Karte verdeckt spielen, herausfordern oder eine Mythologiekarte für ihre Kraft spielen.',
      'Herausforderung: deine Karte in Reihe 1 gegen die gegenüber; beide werden aufgedeckt, die stärkere bleibt (Sonderkarten haben eigene Regeln).',
      'Wer die Geisel des Gegners (Io oder Argus) herausfordert, gewinnt. Wer seine Punkte nicht ausgeben kann oder ein leeres Feld hat, verliert.',
    ],
    tictactoe: ['Markiere reihum ein Feld; drei eigene Zeichen in einer Reihe, Spalte oder Diagonale gewinnen.'],
  },
};

/** The rules in short for a game, as a disclosure below its board. */
export function RulesHelp({ game }) {
  const lines = (HELP[lang()] && HELP[lang()][game]) || HELP.en[game];
  if (!lines) return null;
  return html`<details class="panel rules-help" data-help=${game}><summary>${t('rules')}</summary>
    <ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>
    <p class="muted small-print">${lang() === 'de' ? 'Unsere Zusammenfassung, keine vollständigen Regeln.' : 'Our summary, not the complete rules.'}</p></details>`;
}
