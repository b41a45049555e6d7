// Egizia, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    PlaceShip: 'Schiff setzen',
    PlayNileCard: 'Nilkarte spielen',
    EndTurn: 'Zug beenden',
    AdvanceCrew: 'Crew verbessern',
    MoveWaterRing: 'Wasserring bewegen',
    TakeLeftoverCard: 'Übrige Karte nehmen',
    TradeStonesForGrain: 'Steine gegen Getreide',
    AcceptFeeding: 'Crews ernähren',
    AssignCrew: 'Crew beim Bau einsetzen',
    PassBuild: 'Platz aufgeben',
    DrawSphinxCards: 'Sphinxkarten ziehen',
    KeepSphinxCards: 'Sphinxkarten behalten',
    BuildObelisk: 'Am Obelisken bauen',
    TakeTomb: 'Grab nehmen',
    BuildPyramid: 'An der Pyramide bauen',
    BuildTemple: 'Am Tempel bauen',
    FinishBuild: 'Bau beenden',
  },
  fields: {
    stop: 'Halt',
    berth: 'Liegeplatz',
    doubled: 'doppelt',
    card: 'Karte',
    crew: 'Crew',
    site: 'Baustelle',
    field: 'Feld',
    count: 'Anzahl',
    direction: 'Richtung',
    cards: 'Karten',
    row: 'Reihe',
    marker: 'Marker',
  },
  prompts: prompts.de,
  options: {
    variant: ['Online-Variante', 'Ohne die zwei stärksten Karten: die Nilkarte „+2 Sphinxkarten“ und die Sphinxkarte „1 Punkt pro 10 Punkte“.', {}],
  },
  help: [
    'Fünf Runden. Jede Runde liegen Nilkarten am Fluss; reihum setzt du Schiffe flussabwärts deines letzten: auf eine Karte (du nimmst sie), eine Stadt (ihre Aktion) oder eine Baustelle (ein Liegeplatz, um später zu bauen).',
    'Ernähre deine Bautrupps mit dem Getreide deiner Felder (der Wasserring entscheidet, welche Felder liefern), sonst verlierst du Punkte.',
    'Steinbrüche liefern Steine; an jeder Baustelle bauen die Schiffe in Liegeplatz-Reihenfolge: genug Bautrupp-Stärke und Steine bauen Obelisk, Pyramide, Tempel oder nehmen Gräber, für sofortige Punkte; an der Sphinx ziehst du stattdessen Sphinxkarten.',
    'Am Ende werden Steine verkauft, Gräber und Sphinxkarten gewertet. Die meisten Punkte gewinnen.',
  ],
  breakdown: { obelisk: 'Obelisk', pyramid: 'Pyramide (Steine und Reihen)', temple: 'Tempel', tombsBuilt: 'Gebaute Gräber', sphinxKept: 'Gezogene Sphinxkarten', cards: 'Karten und Verkäufe', bottom: 'Ende einer Leiste', participation: 'Bau an mehreren Baustellen', feeding: 'Nicht ernährte Crews', sold: 'Ende: verkaufte Steine', tombs: 'Ende: Gräber', sphinx: 'Ende: Sphinxkarten', rest: 'Nicht aufgeschlüsselt' },
  board: {
    sites: ['Sphinx', 'Obelisk / Gräber', 'Pyramide / Tempel'],
    stops: { edfu: 'Edfu', sphinx: 'Sphinx', thebae: 'Theben', passalon: 'Passalon', obelisk: 'Obelisk', selinon: 'Selinon', beni_hasan: 'Beni Hasan', pyramid: 'Pyramide', alyi: 'Alyi', heliopolis: 'Heliopolis' },
    river: 'Der Nil', card: 'Nilkarte', round: 'Runde', players: 'Spieler', score: 'Punkte', stones: 'Steine', crews: 'Crews (Joker zuletzt)', ships: 'Schiffe', grain: 'Getreide\u00admarkt', sale: 'Steine\u00adverkauf', sphinx: 'Sphinx\u00adkarten', cards: 'Nilkarten', tombs: 'Gräber', sites_h: 'Baustellen', berths: 'Liegeplätze', obelisk: 'Obelisk', pyramid: 'Pyramide', temple: 'Tempel', mine: 'Meine Sphinxkarten', hidden: 'verdeckt', drawn: 'Gezogen', deck: 'Stapel', build: 'Jetzt gebaut', taken: 'genommen', row: 'Reihe', free: 'frei', reserve: 'Reserve', crew: (n) => `Crew ${n}`, joker: 'Joker',
    ring: 'Wasserring', ringAt: ['links', 'Mitte', 'rechts'], ringHelp: 'Die Felder unter dem Ring liefern Getreide.', order: 'Zugreihenfolge', openTombs: 'Offene Gräber (Wert)', faceDown: 'verdeckt',
    ringMove: ['ein Feld nach links', 'wo er ist', 'ein Feld nach rechts'], markers: { stone_sale: 'Steineverkauf', grain_market: 'Getreidemarkt' },
  },
};
