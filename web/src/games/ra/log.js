// Ra: The Dice Game, the log in sentences.
const COLUMN = { en: 'column', de: 'Spalte' };
const FACE = {
  en: { sun: 'Sun', ankh: 'Ankh', pharaoh: 'Pharaoh', nile: 'Nile', civilization: 'Civilization', monument: 'Monument', monuments: 'Monuments' },
  de: { sun: 'Sonne', ankh: 'Anch', pharaoh: 'Pharao', nile: 'Nil', civilization: 'Zivilisation', monument: 'Monument', monuments: 'Monumente' },
};
const COLOUR = {
  en: { yellow: 'yellow', purple: 'purple', green: 'green', blue: 'blue', red: 'red' },
  de: { yellow: 'gelb', purple: 'lila', green: 'grün', blue: 'blau', red: 'rot' },
};
const f = (l, v) => FACE[l][v] || v;
const c = (l, v) => COLOUR[l][v] || v;
const per = (xs, x, sign) => xs.map((v, s) => `${x.n(s)} ${sign && v >= 0 ? '+' : ''}${v}`).join(', ');
const spaces = (l, list) => list.map((s) => (s.column === null || s.column === undefined ? c(l, s.colour)
  : `${c(l, s.colour)} ${COLUMN[l]} ${s.column + 1}`)).join(', ');

export default {
  en: {
    GameStarted: (p) => `The game is set up for ${p.players} players; Ra stands on space ${p.ra}`,
    EpochStarted: (p, x) => `Epoch ${p.epoch} began; ${x.n(p.start_player)} starts`,
    DiceRolled: (p, x) => `${x.n(p.seat)} rolled ${p.faces.map((v) => f('en', v)).join(', ')}`,
    SunsLocked: (p, x) => `${x.n(p.seat)} locked ${p.dice.length === 1 ? '1 Sun' : `${p.dice.length} Suns`}`,
    RollingStopped: (p, x) => `${x.n(p.seat)} stopped rolling`,
    PharaohAdvanced: (p, x) => `${x.n(p.seat)} moved the Pharaoh ${p.spaces} ${p.spaces === 1 ? 'space' : 'spaces'} up (now ${p.position})`,
    NileAdvanced: (p, x) => `${x.n(p.seat)} moved ${p.spaces} ${p.spaces === 1 ? 'space' : 'spaces'} up the Nile (now ${p.position})`,
    NileFlooded: (p, x) => `${x.n(p.seat)} flooded the Nile (${p.floods} ${p.floods === 1 ? 'flood' : 'floods'})`,
    CivilizationPlaced: (p, x) => `${x.n(p.seat)} placed Civilization on ${p.colours.map((v) => c('en', v)).join(', ')}`,
    MonumentPlaced: (p, x) => `${x.n(p.seat)} built a ${c('en', p.colour)} Monument in column ${p.column + 1}`,
    AnkhPairScored: (p, x) => `${x.n(p.seat)} scored a pair of Ankhs: ${p.points} points`,
    DisasterDeclared: (p, x) => `${x.n(p.seat)} declared a ${f('en', p.disaster)} disaster`,
    PharaohRetreated: (p, x) => `${x.n(p.seat)}'s Pharaoh fell back ${p.spaces} ${p.spaces === 1 ? 'space' : 'spaces'} (now ${p.position})`,
    FloodRetrieved: (p, x) => `${x.n(p.seat)} lost a flood (${p.floods} left)`,
    NileRetreated: (p, x) => `${x.n(p.seat)} fell back ${p.spaces} ${p.spaces === 1 ? 'space' : 'spaces'} on the Nile (now ${p.position})`,
    MarkersRemoved: (p, x) => `${x.n(p.seat)} lost ${f('en', p.area)} markers${p.spaces.length ? `: ${spaces('en', p.spaces)}` : ''}`,
    SunsScored: (p, x) => `${x.n(p.seat)} scored ${p.suns} ${p.suns === 1 ? 'Sun' : 'Suns'}: ${p.points} points`,
    RaAdvanced: (p) => `Ra moved ${p.spaces} ${p.spaces === 1 ? 'space' : 'spaces'} (now ${p.position})`,
    TurnEnded: (p, x) => `${x.n(p.seat)} ended the turn; ${x.n(p.next_seat)} is next`,
    EpochScored: (p, x) => `Epoch ${p.epoch} scored: ${per(p.totals, x, true)}`,
    GameEnded: (p, x) => `Game over: ${per(p.scores, x)}`,
  },
  de: {
    GameStarted: (p) => `Das Spiel ist für ${p.players} Spieler aufgebaut; Ra steht auf Feld ${p.ra}`,
    EpochStarted: (p, x) => `Epoche ${p.epoch} begann; ${x.n(p.start_player)} beginnt`,
    DiceRolled: (p, x) => `${x.n(p.seat)} würfelte ${p.faces.map((v) => f('de', v)).join(', ')}`,
    SunsLocked: (p, x) => `${x.n(p.seat)} legte ${p.dice.length === 1 ? '1 Sonne' : `${p.dice.length} Sonnen`} fest`,
    RollingStopped: (p, x) => `${x.n(p.seat)} hörte auf zu würfeln`,
    PharaohAdvanced: (p, x) => `${x.n(p.seat)} rückte den Pharao ${p.spaces} ${p.spaces === 1 ? 'Feld' : 'Felder'} vor (jetzt ${p.position})`,
    NileAdvanced: (p, x) => `${x.n(p.seat)} rückte auf dem Nil ${p.spaces} ${p.spaces === 1 ? 'Feld' : 'Felder'} vor (jetzt ${p.position})`,
    NileFlooded: (p, x) => `${x.n(p.seat)} flutete den Nil (${p.floods} ${p.floods === 1 ? 'Flut' : 'Fluten'})`,
    CivilizationPlaced: (p, x) => `${x.n(p.seat)} setzte Zivilisation auf ${p.colours.map((v) => c('de', v)).join(', ')}`,
    MonumentPlaced: (p, x) => `${x.n(p.seat)} baute ein Monument (${c('de', p.colour)}) in Spalte ${p.column + 1}`,
    AnkhPairScored: (p, x) => `${x.n(p.seat)} wertete ein Anch-Paar: ${p.points} Punkte`,
    DisasterDeclared: (p, x) => `${x.n(p.seat)} rief eine Katastrophe aus: ${f('de', p.disaster)}`,
    PharaohRetreated: (p, x) => `Der Pharao von ${x.n(p.seat)} fiel ${p.spaces} ${p.spaces === 1 ? 'Feld' : 'Felder'} zurück (jetzt ${p.position})`,
    FloodRetrieved: (p, x) => `${x.n(p.seat)} verlor eine Flut (${p.floods} übrig)`,
    NileRetreated: (p, x) => `${x.n(p.seat)} fiel auf dem Nil ${p.spaces} ${p.spaces === 1 ? 'Feld' : 'Felder'} zurück (jetzt ${p.position})`,
    MarkersRemoved: (p, x) => `${x.n(p.seat)} verlor Marker (${f('de', p.area)})${p.spaces.length ? `: ${spaces('de', p.spaces)}` : ''}`,
    SunsScored: (p, x) => `${x.n(p.seat)} wertete ${p.suns} ${p.suns === 1 ? 'Sonne' : 'Sonnen'}: ${p.points} Punkte`,
    RaAdvanced: (p) => `Ra rückte ${p.spaces} ${p.spaces === 1 ? 'Feld' : 'Felder'} vor (jetzt ${p.position})`,
    TurnEnded: (p, x) => `${x.n(p.seat)} beendete den Zug; ${x.n(p.next_seat)} ist dran`,
    EpochScored: (p, x) => `Epoche ${p.epoch} gewertet: ${per(p.totals, x, true)}`,
    GameEnded: (p, x) => `Spielende: ${per(p.scores, x)}`,
  },
};
