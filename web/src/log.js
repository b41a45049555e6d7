// The game log in words: one line per event as the viewer may see it, in English or German.
import { lang } from './i18n.js';
import istanbul from './log/istanbul.js';

const FACE = {
  en: { sun: 'sun', ankh: 'ankh', pharaoh: 'Pharaoh', nile: 'Nile', civilization: 'Civilization', monument: 'Monument', monuments: 'Monuments' },
  de: { sun: 'Sonne', ankh: 'Anch', pharaoh: 'Pharao', nile: 'Nil', civilization: 'Zivilisation', monument: 'Monument', monuments: 'Monumente' },
};
const face = (f) => (FACE[lang()] && FACE[lang()][f]) || f;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const list = (xs) => xs.join(', ');

const EN = {
  TableCreated: (p) => `Table opened for ${p.game} with ${p.seats} seats`,
  SeatTaken: (p) => `${p.player_name} sat down`,
  PlayerLeft: (p) => `The player in seat ${p.seat + 1} left the table`,
  SeatResigned: (p, n) => `${n(p.seat)} resigned`,
  PlayerInvited: (p) => `The host invited ${p.name}`,
  InvitationDeclined: () => 'An invited player declined',
  InvitationWithdrawn: () => 'The host withdrew an invitation',
  TimingChosen: (p) => `The host chose the turn timing (deadline ${p.deadline ? `${p.deadline} h` : 'none'}, then ${p.policy})`,
  RematchOffered: (p, n) => `${n(p.seat)} offered a rematch`,
  RematchAccepted: (p, n) => `${n(p.seat)} accepted the rematch`,
  RematchDeclined: (p, n) => `${n(p.seat)} declined the rematch`,
  RematchAgreed: (p) => `Everyone agreed: the rematch is on (${list(p.names)})`,
  UndoRequested: (p, n) => `${n(p.seat)} asked to take back the last move`,
  UndoAccepted: (p, n) => `${n(p.seat)} allowed the take-back`,
  UndoDeclined: (p, n) => `${n(p.seat)} refused the take-back`,
  MoveUndone: (p, n) => `${n(p.seat)}'s last move was taken back`,
  PlayerRemoved: (p) => `The host removed the player in seat ${p.seat + 1}`,
  TableCancelled: (p) => (p.reason === 'inactive' ? 'The table was cancelled after a long time without activity' : 'The host cancelled the table'),
  TableStarted: () => 'The game began',
  SeedRevealed: () => 'The secret seed was revealed: every draw can now be checked',
  TurnTimedOut: (p, n) => `${n(p.seat)} ran out of time (${p.policy})`,
  SeatForfeited: (p, n) => `${n(p.seat)} forfeited`,
  DiceRolled: (p, n) => `${n(p.seat)} rolled ${list(p.faces.map(face))}`,
  SunsLocked: (p, n) => `${n(p.seat)} locked ${plural(p.dice.length, 'sun', 'suns')}`,
  RollingStopped: (p, n) => `${n(p.seat)} stopped rolling`,
  PharaohAdvanced: (p, n) => `${n(p.seat)} advanced the Pharaoh ${plural(p.spaces, 'space', 'spaces')} (now ${p.position})`,
  NileAdvanced: (p, n) => `${n(p.seat)} advanced on the Nile ${plural(p.spaces, 'space', 'spaces')} (now ${p.position})`,
  NileFlooded: (p, n) => `${n(p.seat)} flooded the Nile (${plural(p.floods, 'flood', 'floods')})`,
  CivilizationPlaced: (p, n) => `${n(p.seat)} placed Civilization on ${list(p.colours)}`,
  MonumentPlaced: (p, n) => `${n(p.seat)} built a ${p.colour} Monument in column ${p.column + 1}`,
  AnkhPairScored: (p, n) => `${n(p.seat)} scored an Ankh pair: +${p.points}`,
  DisasterDeclared: (p, n) => `${n(p.seat)} declared a ${face(p.disaster)} disaster`,
  SunsScored: (p, n) => `${n(p.seat)} scored ${plural(p.suns, 'sun', 'suns')}: +${p.points}`,
  RaAdvanced: (p, n) => `Ra moved ${plural(p.spaces, 'space', 'spaces')} (now ${p.position})`,
  TurnEnded: (p, n) => `${n(p.seat)} ended the turn; ${n(p.next_seat)} is next`,
  EpochStarted: (p, n) => `Epoch ${p.epoch} began; ${n(p.start_player)} starts`,
  EpochScored: (p, n) => `Epoch ${p.epoch} scored: ${p.totals.map((v, s) => `${n(s)} ${v >= 0 ? '+' : ''}${v}`).join(', ')}`,
  GameEnded: (p, n) => `Game over: ${p.scores.map((v, s) => `${n(s)} ${v}`).join(', ')}`,
  TurnBegan: (p, n) => `${n(p.seat)}'s turn${p.flood ? ' (flood)' : ''}`,
  CardTaken: (p, n) => `${n(p.seat)} took a card from position ${p.position + 1}${p.skipped && p.skipped.length ? ` (skipping ${p.skipped.length})` : ''}`,
  SetLaid: (p, n) => `${n(p.seat)} laid ${p.cards.length} cards${p.goods ? ` of ${p.goods}` : ''}${p.onto !== null && p.onto !== undefined ? ' onto a set' : ''}`,
  CharacterPlayed: (p, n) => `${n(p.seat)} played the ${p.character}`,
  RoundScored: (p, n) => `Round ${p.round} scored: ${p.points.map((v, s) => `${n(s)} +${v}`).join(', ')}`,
  ShipPlaced: (p, n) => `${n(p.seat)} placed a ship at stop ${p.stop + 1}`,
  NileCardTaken: (p, n) => `${n(p.seat)} took Nile card ${p.card}`,
  CrewAssigned: (p, n) => `${n(p.seat)} assigned ${p.crew === null ? `card ${p.card}` : p.crew === 3 ? 'the joker' : `crew ${p.crew + 1}`} (strength ${p.strength})`,
  PointsScored: (p, n) => `${n(p.seat)} scored ${p.points} points (${p.reason})`,
};
const DE = {
  TableCreated: (p) => `Tisch für ${p.game} mit ${p.seats} Plätzen eröffnet`,
  SeatTaken: (p) => `${p.player_name} hat Platz genommen`,
  PlayerLeft: (p) => `Der Spieler auf Platz ${p.seat + 1} hat den Tisch verlassen`,
  SeatResigned: (p, n) => `${n(p.seat)} hat aufgegeben`,
  PlayerInvited: (p) => `Der Gastgeber hat ${p.name} eingeladen`,
  InvitationDeclined: () => 'Ein Eingeladener hat abgelehnt',
  InvitationWithdrawn: () => 'Der Gastgeber hat eine Einladung zurückgezogen',
  TimingChosen: (p) => `Der Gastgeber hat die Zugzeiten gewählt (Frist ${p.deadline ? `${p.deadline} h` : 'keine'}, dann ${p.policy})`,
  RematchOffered: (p, n) => `${n(p.seat)} bietet eine Revanche an`,
  RematchAccepted: (p, n) => `${n(p.seat)} nimmt die Revanche an`,
  RematchDeclined: (p, n) => `${n(p.seat)} lehnt die Revanche ab`,
  RematchAgreed: (p) => `Alle sind einverstanden: die Revanche beginnt (${list(p.names)})`,
  UndoRequested: (p, n) => `${n(p.seat)} möchte den letzten Zug zurücknehmen`,
  UndoAccepted: (p, n) => `${n(p.seat)} erlaubt die Zurücknahme`,
  UndoDeclined: (p, n) => `${n(p.seat)} lehnt die Zurücknahme ab`,
  MoveUndone: (p, n) => `Der letzte Zug von ${n(p.seat)} wurde zurückgenommen`,
  PlayerRemoved: (p) => `Der Gastgeber hat den Spieler auf Platz ${p.seat + 1} entfernt`,
  TableCancelled: (p) => (p.reason === 'inactive' ? 'Der Tisch wurde nach langer Untätigkeit abgesagt' : 'Der Gastgeber hat den Tisch abgesagt'),
  TableStarted: () => 'Das Spiel hat begonnen',
  SeedRevealed: () => 'Der geheime Startwert wurde aufgedeckt: jeder Zufall ist nun prüfbar',
  TurnTimedOut: (p, n) => `${n(p.seat)} hat die Zeit überschritten (${p.policy})`,
  SeatForfeited: (p, n) => `${n(p.seat)} hat aufgegeben`,
  DiceRolled: (p, n) => `${n(p.seat)} würfelte ${list(p.faces.map(face))}`,
  SunsLocked: (p, n) => `${n(p.seat)} legte ${p.dice.length} ${p.dice.length === 1 ? 'Sonne' : 'Sonnen'} fest`,
  RollingStopped: (p, n) => `${n(p.seat)} hörte auf zu würfeln`,
  PharaohAdvanced: (p, n) => `${n(p.seat)} rückte den Pharao ${p.spaces} Felder vor (jetzt ${p.position})`,
  NileAdvanced: (p, n) => `${n(p.seat)} rückte auf dem Nil ${p.spaces} Felder vor (jetzt ${p.position})`,
  NileFlooded: (p, n) => `${n(p.seat)} flutete den Nil (${p.floods} Fluten)`,
  CivilizationPlaced: (p, n) => `${n(p.seat)} setzte Zivilisation auf ${list(p.colours)}`,
  MonumentPlaced: (p, n) => `${n(p.seat)} baute ein Monument (${p.colour}) in Spalte ${p.column + 1}`,
  AnkhPairScored: (p, n) => `${n(p.seat)} wertete ein Anch-Paar: +${p.points}`,
  DisasterDeclared: (p, n) => `${n(p.seat)} rief eine Katastrophe aus: ${face(p.disaster)}`,
  SunsScored: (p, n) => `${n(p.seat)} wertete ${p.suns} Sonnen: +${p.points}`,
  RaAdvanced: (p) => `Ra rückte ${p.spaces} Felder vor (jetzt ${p.position})`,
  TurnEnded: (p, n) => `${n(p.seat)} beendete den Zug; ${n(p.next_seat)} ist dran`,
  EpochStarted: (p, n) => `Epoche ${p.epoch} begann; ${n(p.start_player)} beginnt`,
  EpochScored: (p, n) => `Epoche ${p.epoch} gewertet: ${p.totals.map((v, s) => `${n(s)} ${v >= 0 ? '+' : ''}${v}`).join(', ')}`,
  GameEnded: (p, n) => `Spielende: ${p.scores.map((v, s) => `${n(s)} ${v}`).join(', ')}`,
  TurnBegan: (p, n) => `${n(p.seat)} ist am Zug${p.flood ? ' (Flut)' : ''}`,
  CardTaken: (p, n) => `${n(p.seat)} nahm eine Karte von Feld ${p.position + 1}${p.skipped && p.skipped.length ? ` (${p.skipped.length} übersprungen)` : ''}`,
  SetLaid: (p, n) => `${n(p.seat)} legte ${p.cards.length} Karten${p.goods ? ` ${p.goods}` : ''} aus`,
  CharacterPlayed: (p, n) => `${n(p.seat)} spielte die Figur ${p.character}`,
  RoundScored: (p, n) => `Runde ${p.round} gewertet: ${p.points.map((v, s) => `${n(s)} +${v}`).join(', ')}`,
  ShipPlaced: (p, n) => `${n(p.seat)} setzte ein Schiff auf Halt ${p.stop + 1}`,
  NileCardTaken: (p, n) => `${n(p.seat)} nahm Nilkarte ${p.card}`,
  CrewAssigned: (p, n) => `${n(p.seat)} setzte ${p.crew === null ? `Karte ${p.card}` : p.crew === 3 ? 'den Joker' : `Crew ${p.crew + 1}`} ein (Stärke ${p.strength})`,
  PointsScored: (p, n) => `${n(p.seat)} erhielt ${p.points} Punkte (${p.reason})`,
};

// Words for the names of events without a sentence of their own (English comes from the name).
const DE_WORDS = {
  Round: 'Runde', Prepared: 'vorbereitet', Goods: 'Waren', Delivered: 'geliefert', Start: 'Start', Player: 'Spieler',
  Chosen: 'gewählt', Turn: 'Zug', Began: 'begann', Card: 'Karte', Cards: 'Karten', Taken: 'genommen', Set: 'Satz',
  Laid: 'ausgelegt', Character: 'Figur', Played: 'gespielt', Drawn: 'gezogen', Bribes: 'Bestechungen', Bribe: 'Bestechung',
  Removed: 'entfernt', Stolen: 'gestohlen', Discarded: 'abgeworfen', Added: 'hinzugefügt', Moved: 'bewegt', Flood: 'Flut',
  Curse: 'Fluch', Prosperity: 'Wohlstand', Placed: 'gesetzt', Pot: 'Topf', Embalmed: 'einbalsamiert', Villainy: 'Schurkerei',
  Scored: 'gewertet', Ended: 'beendet', Sideways: 'quer', Laying: 'Auslegen', Finished: 'beendet', Hands: 'Hände',
  Bribed: 'bestochen', Penalty: 'Strafe', Game: 'Spiel', Set_: 'Satz', Up: 'aufgebaut', Nile: 'Nil', Ship: 'Schiff',
  Remaining: 'Restliche', Declined: 'abgelehnt', City: 'Stadt', Visited: 'besucht', Choice: 'Wahl', Offered: 'angeboten',
  Closed: 'geschlossen', Crew: 'Crew', Advanced: 'vorgerückt', Water: 'Wasser', Ring: 'Ring', Marker: 'Marker',
  Bottom: 'Unteres', Field: 'Feld', Reached: 'erreicht', Stones: 'Steine', Gained: 'erhalten', Points: 'Punkte',
  Grain: 'Getreide', Improved: 'verbessert', Ships: 'Schiffe', Returned: 'zurück', Feeding: 'Ernährung',
  Help: 'Hilfe', Crews: 'Crews', Fed: 'ernährt', Produced: 'erzeugt', Site: 'Baustelle', Opened: 'geöffnet',
  Building: 'Bau', Reserve: 'Reserve', Skipped: 'übersprungen', Assigned: 'zugeteilt', Sphinx: 'Sphinx', Kept: 'behalten',
  Obelisk: 'Obelisk', Built: 'gebaut', Tomb: 'Grab', Pyramid: 'Pyramide', Temple: 'Tempel', Event: 'Ereignis',
};

for (const [l, table] of [['en', EN], ['de', DE]]) for (const [k, f] of Object.entries(istanbul[l])) table[k] ??= (p, n) => f(p, { n }); // Istanbul

function words(name) {
  const parts = name.match(/[A-Z][a-z]*/g) || [name];
  if (lang() === 'de') return parts.map((w) => DE_WORDS[w] || w).join(' ');
  return parts.map((w, i) => (i ? w.toLowerCase() : w)).join(' ');
}

function detail(payload, n) {
  if (!payload || typeof payload !== 'object') return '';
  const bits = [];
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'type' || value === null || value === undefined || value === false) continue;
    if (Array.isArray(value) && !value.length) continue;
    if (key === 'seat') continue;
    if (key.endsWith('_seat')) { bits.push(n(value)); continue; }
    if (typeof value === 'object') {
      const text = JSON.stringify(value);
      if (text.length <= 60) bits.push(`${key.replaceAll('_', ' ')} ${text}`);
      continue;
    }
    bits.push(`${key.replaceAll('_', ' ')} ${value}`);
  }
  return bits.join(', ');
}

/** One log entry (`{version, name, seat, payload}`) in words; `names[seat]` are the players. */
export function describe(entry, names) {
  const n = (seat) => (seat === null || seat === undefined ? '?' : names[seat] || `#${seat + 1}`);
  const table = lang() === 'de' ? DE : EN;
  const sentence = table[entry.name];
  if (sentence) {
    try { return sentence(entry.payload || {}, n); } catch { /* fall through to the generic words */ }
  }
  const who = entry.payload && entry.payload.seat !== undefined ? `${n(entry.payload.seat)}: ` : '';
  const rest = detail(entry.payload, n);
  return `${who}${words(entry.name)}${rest ? ` (${rest})` : ''}`;
}
