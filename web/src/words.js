// Words of the games for the page: move names, move fields, prompts, table options and error
// messages, in English and German. A game adds its entries under its name.

export const MOVES = {
  en: {
    ra: { RollDice: 'Roll the dice', RerollDice: 'Re-roll dice', StopRolling: 'Stop rolling', AdvancePharaoh: 'Advance the Pharaoh', AdvanceNile: 'Advance on the Nile', FloodNile: 'Flood the Nile', PlaceCivilization: 'Place Civilization', PlaceMonument: 'Build a Monument', ScoreAnkhPair: 'Score an Ankh pair', DeclareDisaster: 'Declare a disaster', RetrieveMarker: 'Give back a marker', EndTurn: 'End the turn' },
    egizia: { PlaceShip: 'Place a ship', PlayNileCard: 'Play a Nile card', EndTurn: 'End the turn', AdvanceCrew: 'Advance a crew', MoveWaterRing: 'Move the water ring', TakeLeftoverCard: 'Take a remaining card', TradeStonesForGrain: 'Trade stones for grain', AcceptFeeding: 'Feed the crews', AssignCrew: 'Add a crew to the build', PassBuild: 'Give up the place', DrawSphinxCards: 'Draw Sphinx cards', KeepSphinxCards: 'Keep Sphinx cards', BuildObelisk: 'Build on the obelisk', TakeTomb: 'Take a tomb', BuildPyramid: 'Build on the pyramid', BuildTemple: 'Build on the temple', FinishBuild: 'Finish building' },
    sobek: { ChooseStartPlayer: 'Choose the start player', TakeCard: 'Take a card', LaySet: 'Lay a set', PlayQueen: 'Play the Queen', PlayHighPriest: 'Play the High Priest', PlayVizier: 'Play the Vizier', PlayScribe: 'Play the Scribe', PlayThief: 'Play the Thief', PlayCourtesan: 'Play the Courtesan', PlayMerchant: 'Play the Merchant', ChooseEvent: 'Choose an event chip', TakeBribe: 'Take a bribe card', DiscardCard: 'Discard a card', LaySidewaysSet: 'Lay a set sideways', FinishLaying: 'Finish laying' },
    cantstop: { Roll: 'Roll the dice', Choose: 'Choose sums', Stop: 'Stop' },
    herazeus: { PlaceOpening: 'Lay the first row', Draw: 'Draw a card', PlayCard: 'Play a card', Challenge: 'Challenge', PlayHeraZeus: 'Play the god card', RemoveFigure: 'Remove the figure', PegasusHand: 'Pegasus on the hand', PegasusRow: 'Pegasus on row 1', PythiaSpy: 'Pythia: look at the hand', PythiaReveal: 'Pythia: turn a column face up', PlaySirens: 'Play the Sirens', PlayHades: 'Play Hades', PlayPersephone: 'Play Persephone', PlayDionysus: 'Play Dionysus', PlacePicked: 'Place the picked card', DiscardNext: 'Put onto the pile' },
    tictactoe: { Mark: 'Mark a cell' },
  },
  de: {
    ra: { RollDice: 'Würfeln', RerollDice: 'Neu würfeln', StopRolling: 'Aufhören zu würfeln', AdvancePharaoh: 'Pharao vorrücken', AdvanceNile: 'Auf dem Nil vorrücken', FloodNile: 'Nil fluten', PlaceCivilization: 'Zivilisation setzen', PlaceMonument: 'Monument bauen', ScoreAnkhPair: 'Anch-Paar werten', DeclareDisaster: 'Katastrophe ausrufen', RetrieveMarker: 'Marker zurückgeben', EndTurn: 'Zug beenden' },
    egizia: { PlaceShip: 'Schiff setzen', PlayNileCard: 'Nilkarte spielen', EndTurn: 'Zug beenden', AdvanceCrew: 'Crew verbessern', MoveWaterRing: 'Wasserring bewegen', TakeLeftoverCard: 'Übrige Karte nehmen', TradeStonesForGrain: 'Steine gegen Getreide', AcceptFeeding: 'Crews ernähren', AssignCrew: 'Crew beim Bau einsetzen', PassBuild: 'Platz aufgeben', DrawSphinxCards: 'Sphinxkarten ziehen', KeepSphinxCards: 'Sphinxkarten behalten', BuildObelisk: 'Am Obelisken bauen', TakeTomb: 'Grab nehmen', BuildPyramid: 'An der Pyramide bauen', BuildTemple: 'Am Tempel bauen', FinishBuild: 'Bau beenden' },
    sobek: { ChooseStartPlayer: 'Startspieler bestimmen', TakeCard: 'Karte nehmen', LaySet: 'Satz auslegen', PlayQueen: 'Königin spielen', PlayHighPriest: 'Hohepriester spielen', PlayVizier: 'Wesir spielen', PlayScribe: 'Schreiber spielen', PlayThief: 'Dieb spielen', PlayCourtesan: 'Kurtisane spielen', PlayMerchant: 'Händler spielen', ChooseEvent: 'Ereignischip wählen', TakeBribe: 'Bestechungskarte nehmen', DiscardCard: 'Karte abwerfen', LaySidewaysSet: 'Satz quer auslegen', FinishLaying: 'Auslegen beenden' },
    cantstop: { Roll: 'Würfeln', Choose: 'Summen wählen', Stop: 'Aufhören' },
    herazeus: { PlaceOpening: 'Erste Reihe legen', Draw: 'Karte ziehen', PlayCard: 'Karte spielen', Challenge: 'Herausfordern', PlayHeraZeus: 'Götterkarte spielen', RemoveFigure: 'Figur entfernen', PegasusHand: 'Pegasus auf die Hand', PegasusRow: 'Pegasus auf Reihe 1', PythiaSpy: 'Pythia: Hand ansehen', PythiaReveal: 'Pythia: Spalte aufdecken', PlaySirens: 'Sirenen spielen', PlayHades: 'Hades spielen', PlayPersephone: 'Persephone spielen', PlayDionysus: 'Dionysos spielen', PlacePicked: 'Gezogene Karte platzieren', DiscardNext: 'Auf den Stapel legen' },
    tictactoe: { Mark: 'Feld markieren' },
  },
};

export const FIELDS = {
  en: { dice: 'dice', die: 'die', extra_die: 'extra die', colours: 'colours', colour: 'colour', column: 'column', disaster: 'disaster', stop: 'stop', berth: 'berth', doubled: 'doubled', card: 'card', crew: 'crew', site: 'site', field: 'field', count: 'number', direction: 'direction', cards: 'cards', row: 'row', marker: 'marker', seat: 'player', position: 'place', onto: 'onto', goods: 'goods', victim: 'player', back: 'back', chip: 'chip', target: 'player', sums: 'sums', pegasus: 'Pegasus', take: 'card to take', to_column: 'to column', to_position: 'to row', cell: 'cell' },
  de: { dice: 'Würfel', die: 'Würfel', extra_die: 'Extrawürfel', colours: 'Farben', colour: 'Farbe', column: 'Spalte', disaster: 'Katastrophe', stop: 'Halt', berth: 'Liegeplatz', doubled: 'doppelt', card: 'Karte', crew: 'Crew', site: 'Baustelle', field: 'Feld', count: 'Anzahl', direction: 'Richtung', cards: 'Karten', row: 'Reihe', marker: 'Marker', seat: 'Spieler', position: 'Platz', onto: 'auf', goods: 'Ware', victim: 'Spieler', back: 'Rückseite', chip: 'Chip', target: 'Spieler', sums: 'Summen', pegasus: 'Pegasus', take: 'zu nehmende Karte', to_column: 'nach Spalte', to_position: 'nach Reihe', cell: 'Feld' },
};

export const PROMPTS_DE = {
  'the game is over': 'Das Spiel ist vorbei',
  'roll the dice': 'Würfle',
  'roll again or stop': 'Würfle weiter oder hör auf',
  'choose the sums to move on': 'Wähle die Summen, auf denen du ziehst',
  'wait for the victims of the disaster': 'Warte auf die Opfer der Katastrophe',
  'reroll dice or stop rolling': 'Würfle Würfel neu oder hör auf',
  'apply your dice, declare a disaster if you wish, then end your turn': 'Setze deine Würfel ein, rufe auf Wunsch eine Katastrophe aus und beende den Zug',
  'apply your dice, then end your turn': 'Setze deine Würfel ein und beende den Zug',
  'wait for the other players': 'Warte auf die anderen Spieler',
  'place a ship on the Nile': 'Setze ein Schiff auf den Nil',
  'play a phase-2 card or end your turn': 'Spiele eine Karte für Phase 2 oder beende den Zug',
  'choose a crew to advance': 'Wähle eine Crew zum Verbessern',
  'move the water ring or leave it': 'Bewege den Wasserring oder lass ihn stehen',
  'take a remaining Nile card': 'Nimm eine übrige Nilkarte',
  'use a card to feed your crews or take the penalty': 'Ernähre deine Crews mit einer Karte oder nimm die Strafe',
  'build at the site or give up your place': 'Baue an der Baustelle oder gib deinen Platz auf',
  'choose the Sphinx cards to keep': 'Wähle die Sphinxkarten, die du behältst',
  'play a card or end your building turn': 'Spiele eine Karte oder beende deinen Bauzug',
  wait: 'Warte',
  'place three cards face down as your first row': 'Lege drei Karten verdeckt als deine erste Reihe',
  'spend your action points': 'Gib deine Aktionspunkte aus',
  'choose the column for the card Pegasus found': 'Wähle die Spalte für die Karte, die Pegasus gezogen hat',
  'put your lost cards onto your discard pile, one by one': 'Lege deine verlorenen Karten einzeln auf deinen Ablagestapel',
  'choose the start player': 'Bestimme den Startspieler',
  'take a card, play a character or lay a set': 'Nimm eine Karte, spiele eine Figur oder lege einen Satz aus',
  'choose an event chip': 'Wähle einen Ereignischip',
  'take a card from the pot': 'Nimm eine Karte aus dem Topf',
  'discard to 6 cards': 'Wirf auf 6 Karten ab',
  'lay remaining sets sideways or finish': 'Lege übrige Sätze quer aus oder beende',
  'mark an empty cell': 'Markiere ein leeres Feld',
};

/** The prompt of the server (English, seats from 0) in the language, seats by name. */
export function promptText(prompt, l, names) {
  if (!prompt) return '';
  const wait = /^wait for player (\d+)$/.exec(prompt);
  if (wait) {
    const seat = Number(wait[1]);
    const who = names[seat] || (l === 'de' ? `Platz ${seat + 1}` : `seat ${seat + 1}`);
    return l === 'de' ? `Warte auf ${who}` : `Wait for ${who}`;
  }
  const retrieve = /^retrieve (\d+) (Civilization|Monument) markers?$/.exec(prompt);
  if (retrieve) {
    const n = Number(retrieve[1]);
    if (l === 'de') return `Gib ${n} ${retrieve[2] === 'Civilization' ? 'Zivilisations' : 'Monument'}-Marker zurück`;
    return `Give back ${n} ${retrieve[2]} ${n === 1 ? 'marker' : 'markers'}`;
  }
  if (l === 'de') return PROMPTS_DE[prompt] || prompt;
  return prompt.charAt(0).toUpperCase() + prompt.slice(1);
}

/** Table options: a label, a one-line description and words for each value. */
export const OPTIONS = {
  en: {
    egizia: { variant: ['Online variant', 'Without the two strongest cards: the Nile card "+2 Sphinx cards" and the Sphinx card "1 point per 10 points".', {}] },
    sobek: { variant: ['What players remember', 'Original: other hands and pots stay hidden; remembered: cards once seen face up stay shown (the second variant of the rules).', { original: 'original', async: 'remembered cards' }] },
    cantstop: {
      target: ['Columns to win', 'How many columns a player must win: 3 as printed, 4 or 5 for a longer game.', {}],
      no_third_stop: ['No stop on the third column', 'With 4 columns to win: a turn may not end holding exactly 3 columns (the 2-player variant).', {}],
      opponents: ['Other players\' squares', 'Shared as printed, skipped when a runner moves (variant A), or no stop while a runner stands on one (variant B).', { share: 'shared', skip: 'skipped (variant A)', reroll: 'roll on (variant B)' }],
    },
    herazeus: {
      first: ['Who starts', 'Hera starts by the rules; in a rematch the loser of the last game may start.', { hera: 'Hera', zeus: 'Zeus' }],
      figure_removal: ['Removing the figure', 'With an action point (the main rule) or only with a Pegasus from the hand (the authors\' optional rule).', { action: 'with an action point', pegasus: 'with a Pegasus' }],
    },
  },
  de: {
    egizia: { variant: ['Online-Variante', 'Ohne die zwei stärksten Karten: die Nilkarte „+2 Sphinxkarten“ und die Sphinxkarte „1 Punkt pro 10 Punkte“.', {}] },
    sobek: { variant: ['Was Spieler sich merken', 'Original: andere Hände und Töpfe bleiben verdeckt; gemerkt: einmal offen gesehene Karten bleiben sichtbar (die zweite Variante der Regeln).', { original: 'Original', async: 'gemerkte Karten' }] },
    cantstop: {
      target: ['Spalten zum Sieg', 'Wie viele Spalten ein Spieler gewinnen muss: 3 wie gedruckt, 4 oder 5 für ein längeres Spiel.', {}],
      no_third_stop: ['Kein Halt auf der dritten Spalte', 'Bei 4 Spalten zum Sieg: ein Zug darf nicht mit genau 3 Spalten enden (die Variante für 2 Spieler).', {}],
      opponents: ['Steine der Mitspieler', 'Geteilt wie gedruckt, übersprungen beim Ziehen (Variante A) oder kein Aufhören, solange ein Läufer auf einem steht (Variante B).', { share: 'geteilt', skip: 'übersprungen (Variante A)', reroll: 'weiterwürfeln (Variante B)' }],
    },
    herazeus: {
      first: ['Wer beginnt', 'Nach den Regeln beginnt Hera; bei einer Revanche darf der Verlierer beginnen.', { hera: 'Hera', zeus: 'Zeus' }],
      figure_removal: ['Figur entfernen', 'Mit einem Aktionspunkt (Hauptregel) oder nur mit einem Pegasus aus der Hand (optionale Regel der Autoren).', { action: 'mit einem Aktionspunkt', pegasus: 'mit einem Pegasus' }],
    },
  },
};

const ERRORS = {
  en: {
    illegal_move: 'That move is not allowed now.', not_your_turn: 'It is not your turn.', name_taken: 'That name is taken.',
    bad_invitation: 'This invitation link does not work (any more).', table_not_open: 'This table is not open for that any more.',
    table_full: 'This table is full.', not_creator: 'Only the table\'s host may do that.', not_a_player: 'You are not a player at this table.',
    unknown_table: 'There is no such table.', unknown_player: 'There is no such player.', rate_limited: 'Too many requests: wait a moment.',
    stale_version: 'The table changed meanwhile: look again.', missing_token: 'Please sign in.', bad_token: 'Please sign in again.',
    link_used: 'This sign-in link was used already: ask for a new one.', link_expired: 'This sign-in link has expired: ask for a new one.',
  },
  de: {
    illegal_move: 'Dieser Zug ist jetzt nicht erlaubt.', not_your_turn: 'Du bist nicht am Zug.', name_taken: 'Dieser Name ist vergeben.',
    bad_invitation: 'Dieser Einladungslink gilt nicht (mehr).', table_not_open: 'Dieser Tisch ist dafür nicht mehr offen.',
    table_full: 'Dieser Tisch ist voll.', not_creator: 'Das darf nur der Gastgeber des Tisches.', not_a_player: 'Du spielst an diesem Tisch nicht mit.',
    unknown_table: 'Diesen Tisch gibt es nicht.', unknown_player: 'Diesen Spieler gibt es nicht.', rate_limited: 'Zu viele Anfragen: warte einen Moment.',
    stale_version: 'Der Tisch hat sich inzwischen geändert: schau noch einmal.', missing_token: 'Bitte melde dich an.', bad_token: 'Bitte melde dich erneut an.',
    link_used: 'Dieser Anmeldelink wurde schon benutzt: fordere einen neuen an.', link_expired: 'Dieser Anmeldelink ist abgelaufen: fordere einen neuen an.',
    fallback: 'Das hat nicht geklappt',
  },
};

/** An API error in words, without its code. */
export function errorText(e, l) {
  const code = e && e.code;
  const own = code && ERRORS[l] && ERRORS[l][code];
  if (own) return own;
  const message = (e && e.message) || '';
  if (l === 'de') return message ? `${ERRORS.de.fallback}: ${message}` : `${ERRORS.de.fallback}.`;
  return message || 'Something went wrong.';
}

/** Why the game ended, in a sentence (the result's resignations and forfeits first). */
export function endReason(view, l, names) {
  const r = view.result;
  if (!r) return '';
  const de = l === 'de';
  const n = (s) => names[s] || (de ? `Platz ${s + 1}` : `seat ${s + 1}`);
  const list = (xs) => xs.map(n).join(', ');
  if (r.resigned && r.resigned.length) return de ? `Aufgegeben: ${list(r.resigned)}.` : `${list(r.resigned)} resigned.`;
  if (r.forfeited && r.forfeited.length) return de ? `Zeit überschritten, Platz verloren: ${list(r.forfeited)}.` : `${list(r.forfeited)} ran out of time and forfeited.`;
  const g = view.game || {};
  const winners = list(r.winners || []);
  switch (view.table.game) {
    case 'herazeus': {
      const why = { en: HZ_REASONS_EN, de: HZ_REASONS_DE }[de ? 'de' : 'en'][g.reason];
      return de ? `${winners} gewinnt: ${why || 'das Spiel ist entschieden'}.` : `${winners} wins: ${why || 'the game is decided'}.`;
    }
    case 'cantstop':
      return de ? `${winners} hat ${g.target} Spalten gewonnen.` : `${winners} won ${g.target} columns.`;
    case 'tictactoe':
      return r.winners.length === 1 ? (de ? `${winners} hat drei in einer Reihe.` : `${winners} has three in a row.`) : (de ? 'Unentschieden.' : 'A draw.');
    default:
      return de ? `Die Schlusswertung ist vorbei; es gewinnt ${winners}.` : `The final scoring is done; ${winners} ${r.winners.length === 1 ? 'wins' : 'win'}.`;
  }
}

const HZ_REASONS_EN = {
  cannot_spend_action_points: 'the opponent could not spend the action points',
  empty_field: "the opponent's field was empty at the start of the turn",
  hostage_challenged: "the opponent's hostage was challenged",
  hostage_picked: "Pegasus picked the opponent's hostage",
  pandora_picked_with_hostage: "Pegasus picked Pandora with the hostage in the opponent's hand",
  pandora_column_with_hostage: "Pandora's box took a hostage",
};
const HZ_REASONS_DE = {
  cannot_spend_action_points: 'der Gegner konnte seine Aktionspunkte nicht ausgeben',
  empty_field: 'das Feld des Gegners war zu Beginn seines Zuges leer',
  hostage_challenged: 'die Geisel des Gegners wurde herausgefordert',
  hostage_picked: 'Pegasus zog die Geisel des Gegners',
  pandora_picked_with_hostage: 'Pegasus zog Pandora, und die Geisel war in der Hand des Gegners',
  pandora_column_with_hostage: 'die Büchse der Pandora traf eine Geisel',
};
