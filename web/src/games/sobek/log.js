// Sobek, the log in sentences (cards, characters, chips and symbols by name).
import { characterName, chip, chipName, goodsName, refName, symbolName } from './data.js';

const refs = (xs, l) => xs.map((r) => refName(r, l)).join(', ');
const SOME = { en: { card: 'card', cards: 'cards', chip: 'a chip' }, de: { card: 'Karte', cards: 'Karten', chip: 'ein Chip' } };
const cards = (n, l) => `${n} ${n === 1 ? SOME[l].card : SOME[l].cards}`;
const chipOf = (id, l) => { const c = chip(id); return c ? chipName(c.kind, l) : SOME[l].chip; };
const per = (xs, x, sign) => xs.map((v, s) => `${x.n(s)} ${sign && v >= 0 ? '+' : ''}${v}`).join(', ');

export default {
  en: {
    RoundPrepared: (p, x) => `Round ${p.round} is prepared: hands dealt, ${p.pile_size} cards in the pile${p.start_player !== null && p.start_player !== undefined ? `; ${x.n(p.start_player)} starts` : ''}${p.chooser !== null && p.chooser !== undefined ? `; ${x.n(p.chooser)} chooses who starts` : ''}`,
    GoodsDelivered: (p) => `Goods delivered to the quays: ${refs(p.row, 'en')}`,
    StartPlayerChosen: (p, x) => `${x.n(p.seat)} chose ${x.n(p.start)} to start`,
    TurnBegan: (p, x) => `${x.n(p.seat)}'s turn${p.flood ? ' (again, after the flood)' : ''}`,
    CardTaken: (p, x) => `${x.n(p.seat)} took ${p.shown || p.merchant ? refName(p.card, 'en') : 'a card'} from quay ${p.position + 1}${p.skipped.length ? `, bribing with ${cards(p.skipped.length, 'en')}` : ''}${p.merchant ? ' (Merchant)' : ''}`,
    SetLaid: (p, x) => `${x.n(p.seat)} laid a set of ${cards(p.cards.length, 'en')}${p.goods ? ` of ${goodsName(p.goods, 'en')}` : ''}${p.onto !== null && p.onto !== undefined ? ' onto an earlier set' : ''}`,
    CharacterPlayed: (p, x) => `${x.n(p.seat)} played the ${characterName(p.character, 'en')}${p.target !== null && p.target !== undefined ? ` against ${x.n(p.target)}` : ''}`,
    CardsDrawn: (p, x) => `${x.n(p.seat)} drew ${cards(p.cards.length, 'en')}`,
    BribesRemoved: (p, x) => `${x.n(p.seat)} removed ${goodsName(p.goods, 'en')} from the bribe pot (${cards(p.cards.length, 'en')})`,
    BribeTaken: (p, x) => `${x.n(p.seat)} took ${refName(p.card, 'en')} from ${x.n(p.victim)}'s bribe pot`,
    CardStolen: (p, x) => `${x.n(p.seat)} stole ${refName(p.card, 'en')} from ${x.n(p.victim)}`,
    CardDiscarded: (p, x) => `${x.n(p.seat)} put ${refName(p.card, 'en')} under the bribe pot`,
    CardsAdded: (p, x) => `${x.n(p.seat)} added ${cards(p.cards.length, 'en')} to set ${p.onto + 1}`,
    KollegiumMoved: (p, x) => `${x.n(p.seat)} moved to the next ${symbolName(p.symbol, 'en')} (${p.score_from} to ${p.score_to})${p.target !== null && p.target !== undefined ? `; ${x.n(p.target)} moved back (${p.target_from} to ${p.target_to})` : ''}`,
    FloodChosen: (p, x) => `${x.n(p.seat)} chose the Flood: another turn`,
    CurseLaid: (p, x) => `${x.n(p.seat)} laid a Curse on ${x.n(p.target)}`,
    ProsperityPlaced: (p, x) => `${x.n(p.seat)} ${p.onto !== null && p.onto !== undefined ? `placed Prosperity on set ${p.onto + 1}` : 'set Prosperity aside (no set fits)'}`,
    PotEmbalmed: (p, x) => `${x.n(p.seat)} took the whole bribe pot into the hand (${cards(p.cards.length, 'en')})`,
    VillainyScored: (p, x) => `${x.n(p.seat)} scored ${p.points} points for villainy (${p.score_from} to ${p.score_to})`,
    RoundEnded: (p) => `Round ${p.round} is over`,
    SidewaysSetLaid: (p, x) => `${x.n(p.seat)} laid ${cards(p.cards.length, 'en')}${p.goods ? ` of ${goodsName(p.goods, 'en')}` : ''} sideways`,
    LayingFinished: (p, x) => `${x.n(p.seat)} finished laying sets`,
    HandsBribed: (p) => `The cards left in the hands went under the bribe pots (${p.hands.map((h) => h.length).reduce((a, b) => a + b, 0)} cards)`,
    RoundScored: (p, x) => `Round ${p.round} scored: ${per(p.points, x, true)}`,
    BriberyPenalty: (p, x) => (p.tens
      ? `${x.n(p.seat)} bribed the most and fell back ${p.tens} ${symbolName(p.symbol, 'en')} ${p.tens === 1 ? 'field' : 'fields'} (${p.score_from} to ${p.score_to})`
      : `${x.n(p.seat)} bribed the most but under 10 points: no step back`),
    GameEnded: (p, x) => `Game over: ${per(p.scores, x)}`,
  },
  de: {
    RoundPrepared: (p, x) => `Runde ${p.round} ist vorbereitet: Handkarten verteilt, ${p.pile_size} Karten im Stapel${p.start_player !== null && p.start_player !== undefined ? `; ${x.n(p.start_player)} beginnt` : ''}${p.chooser !== null && p.chooser !== undefined ? `; ${x.n(p.chooser)} bestimmt, wer beginnt` : ''}`,
    GoodsDelivered: (p) => `Waren auf die Kais geliefert: ${refs(p.row, 'de')}`,
    StartPlayerChosen: (p, x) => `${x.n(p.seat)} bestimmte ${x.n(p.start)} als Startspieler`,
    TurnBegan: (p, x) => `${x.n(p.seat)} ist am Zug${p.flood ? ' (noch einmal, nach der Flut)' : ''}`,
    CardTaken: (p, x) => `${x.n(p.seat)} nahm ${p.shown || p.merchant ? refName(p.card, 'de') : 'eine Karte'} von Kai ${p.position + 1}${p.skipped.length ? ` und bestach mit ${cards(p.skipped.length, 'de')}` : ''}${p.merchant ? ' (Händler)' : ''}`,
    SetLaid: (p, x) => `${x.n(p.seat)} legte einen Satz aus ${cards(p.cards.length, 'de')}${p.goods ? ` ${goodsName(p.goods, 'de')}` : ''}${p.onto !== null && p.onto !== undefined ? ' an einen früheren Satz' : ''}`,
    CharacterPlayed: (p, x) => `${x.n(p.seat)} spielte die Figur ${characterName(p.character, 'de')}${p.target !== null && p.target !== undefined ? ` gegen ${x.n(p.target)}` : ''}`,
    CardsDrawn: (p, x) => `${x.n(p.seat)} zog ${cards(p.cards.length, 'de')}`,
    BribesRemoved: (p, x) => `${x.n(p.seat)} entfernte ${goodsName(p.goods, 'de')} aus dem Bestechungstopf (${cards(p.cards.length, 'de')})`,
    BribeTaken: (p, x) => `${x.n(p.seat)} nahm ${refName(p.card, 'de')} aus dem Bestechungstopf von ${x.n(p.victim)}`,
    CardStolen: (p, x) => `${x.n(p.seat)} stahl ${x.n(p.victim)} ${refName(p.card, 'de')}`,
    CardDiscarded: (p, x) => `${x.n(p.seat)} legte ${refName(p.card, 'de')} unter den Bestechungstopf`,
    CardsAdded: (p, x) => `${x.n(p.seat)} legte ${cards(p.cards.length, 'de')} an Satz ${p.onto + 1} an`,
    KollegiumMoved: (p, x) => `${x.n(p.seat)} zog zum nächsten Feld ${symbolName(p.symbol, 'de')} (${p.score_from} auf ${p.score_to})${p.target !== null && p.target !== undefined ? `; ${x.n(p.target)} zog zurück (${p.target_from} auf ${p.target_to})` : ''}`,
    FloodChosen: (p, x) => `${x.n(p.seat)} wählte die Flut: noch ein Zug`,
    CurseLaid: (p, x) => `${x.n(p.seat)} verfluchte ${x.n(p.target)}`,
    ProsperityPlaced: (p, x) => `${x.n(p.seat)} ${p.onto !== null && p.onto !== undefined ? `legte Wohlstand auf Satz ${p.onto + 1}` : 'legte Wohlstand beiseite (kein Satz passt)'}`,
    PotEmbalmed: (p, x) => `${x.n(p.seat)} nahm den ganzen Bestechungstopf auf die Hand (${cards(p.cards.length, 'de')})`,
    VillainyScored: (p, x) => `${x.n(p.seat)} erhielt ${p.points} Punkte für Schurkerei (${p.score_from} auf ${p.score_to})`,
    RoundEnded: (p) => `Runde ${p.round} ist vorbei`,
    SidewaysSetLaid: (p, x) => `${x.n(p.seat)} legte ${cards(p.cards.length, 'de')}${p.goods ? ` ${goodsName(p.goods, 'de')}` : ''} quer aus`,
    LayingFinished: (p, x) => `${x.n(p.seat)} ist mit dem Auslegen fertig`,
    HandsBribed: (p) => `Die übrigen Handkarten kamen unter die Bestechungstöpfe (${p.hands.map((h) => h.length).reduce((a, b) => a + b, 0)} Karten)`,
    RoundScored: (p, x) => `Runde ${p.round} gewertet: ${per(p.points, x, true)}`,
    BriberyPenalty: (p, x) => (p.tens
      ? `${x.n(p.seat)} hat am meisten bestochen und fiel ${p.tens} ${p.tens === 1 ? 'Feld' : 'Felder'} mit ${symbolName(p.symbol, 'de')} zurück (${p.score_from} auf ${p.score_to})`
      : `${x.n(p.seat)} hat am meisten bestochen, aber unter 10 Punkten: kein Schritt zurück`),
    GameEnded: (p, x) => `Spielende: ${per(p.scores, x)}`,
  },
};
