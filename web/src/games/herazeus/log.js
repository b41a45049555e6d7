// Hera und Zeus, the log in sentences (cards by name; a hidden card as "a card").
import { hzName } from './data.js';
import en from './en.js';
import de from './de.js';

const BOARD = { en: en.board, de: de.board };
const why = (l, reason) => BOARD[l].reasons[reason] || BOARD[l].decided;

const ACTION = {
  en: { draw: 'draw a card', play: 'play a card', challenge: 'challenge', hera_zeus: 'the god card', remove_figure: 'remove the figure', pegasus_hand: "Pegasus on the opponent's hand", pegasus_row: 'Pegasus on row 1', pythia_spy: "Pythia looks at the opponent's hand", pythia_reveal: 'Pythia turns a column face up', sirens: 'Sirens', hades: 'Hades', persephone: 'Persephone', dionysus: 'Dionysus' },
  de: { draw: 'Karte ziehen', play: 'Karte spielen', challenge: 'Herausforderung', hera_zeus: 'Götterkarte', remove_figure: 'Figur entfernen', pegasus_hand: 'Pegasus auf die Hand des Gegners', pegasus_row: 'Pegasus auf Reihe 1', pythia_spy: 'Pythia sieht die Hand des Gegners', pythia_reveal: 'Pythia deckt eine Spalte auf', sirens: 'Sirenen', hades: 'Hades', persephone: 'Persephone', dionysus: 'Dionysos' },
};
const SOME = { en: { action: 'an action', card: 'a card' }, de: { action: 'eine Aktion', card: 'eine Karte' } };
const act = (l, a) => ACTION[l][a] || SOME[l].action;
const cn = (id, l) => (id === null || id === undefined ? SOME[l].card : hzName(id, l));
const other = (seat) => 1 - seat;
const names = (ids, l) => ids.map((c) => cn(c, l)).join(', ');

export default {
  en: {
    HandDealt: (p, x) => `${x.n(p.seat)} was dealt ${p.count} cards`,
    DeckShuffled: (p, x) => `${x.n(p.seat)}'s deck of ${p.count} cards was shuffled`,
    HostageShown: (p, x) => `${x.n(p.seat)} showed the hostage ${cn(p.card, 'en')} and put it back into the deck`,
    CardDrawn: (p, x) => `${x.n(p.seat)} drew ${p.card === null || p.card === undefined ? 'a card' : cn(p.card, 'en')}`,
    OpeningPlaced: (p, x) => `${x.n(p.seat)} laid the first row: ${p.count} cards face down`,
    TurnBegan: (p, x) => `${x.n(p.seat)}'s turn ${p.turn}: ${p.ap} action ${p.ap === 1 ? 'point' : 'points'}`,
    ActionTaken: (p, x) => `${x.n(p.seat)}: ${act('en', p.action)} (${p.ap_left} of ${p.ap_total} action points left)`,
    CardPlayed: (p, x) => `${x.n(p.seat)} played ${cn(p.card, 'en')} face down into column ${p.column + 1}, row ${p.position + 1}`,
    Challenged: (p, x) => `${x.n(p.seat)}'s ${cn(p.attacker, 'en')} challenged ${x.n(other(p.seat))}'s ${cn(p.defender, 'en')} in column ${p.column + 1}`,
    FieldCardLost: (p, x) => `${x.n(p.seat)} lost ${cn(p.card, 'en')} from column ${p.column + 1}`,
    FigurePlaced: (p, x) => `${x.n(p.seat)}'s figure took row 1 of column ${p.column + 1}`,
    FigureRemoved: (p, x) => `${x.n(p.seat)} took the figure off column ${p.column + 1}`,
    MythPlayed: (p, x) => `${x.n(p.seat)} played ${cn(p.card, 'en')}`,
    CardPicked: (p, x) => `${x.n(p.seat)}'s Pegasus picked ${cn(p.card, 'en')} from ${x.n(p.victim)}'s hand`,
    PickedCardLost: (p, x) => `${cn(p.card, 'en')} went onto ${x.n(p.seat)}'s discard pile`,
    PickedCardPlaced: (p, x) => `${cn(p.card, 'en')} was placed face up in row 1 of ${x.n(p.seat)}'s column ${p.column + 1}`,
    HandLost: (p, x) => `${x.n(p.seat)} lost the whole hand to Pandora${p.cards.length ? `: ${names(p.cards, 'en')}` : ''}`,
    BoxOpened: (p, x) => `Pandora's box opened in column ${p.column + 1}: ${p.lost.map((ids, s) => `${x.n(s)} lost ${ids.length ? names(ids, 'en') : 'nothing'}`).join('; ')}`,
    CardDiscarded: (p, x) => `${x.n(p.seat)} put ${cn(p.card, 'en')} onto the discard pile`,
    HandShown: (p, x) => `${x.n(p.seat)} showed the hand (${p.count} cards) to ${x.n(p.to)}${p.cards.length ? `: ${names(p.cards, 'en')}` : ''}`,
    HandCardLost: (p, x) => `${x.n(p.seat)} discarded ${cn(p.card, 'en')} from the hand`,
    CardsRevealed: (p, x) => `${x.n(p.seat)}'s column ${p.column + 1} was turned face up${p.cards.length ? `: ${p.cards.map(([, c]) => cn(c, 'en')).join(', ')}` : ''}`,
    CardTaken: (p, x) => `${x.n(p.seat)} took ${cn(p.card, 'en')} from ${p.source === p.seat ? 'the own' : `${x.n(p.source)}'s`} discard pile into the hand`,
    CardMoved: (p, x) => `${x.n(p.seat)} moved a card from column ${p.column + 1}, row ${p.position + 1} to column ${p.to_column + 1}, row ${p.to_position + 1}`,
    GameWon: (p, x) => `${x.n(p.winner)} wins: ${why('en', p.reason)}`,
  },
  de: {
    HandDealt: (p, x) => `${x.n(p.seat)} erhielt ${p.count} Karten`,
    DeckShuffled: (p, x) => `Der Stapel von ${x.n(p.seat)} (${p.count} Karten) wurde gemischt`,
    HostageShown: (p, x) => `${x.n(p.seat)} zeigte die Geisel ${cn(p.card, 'de')} und mischte sie zurück in den Stapel`,
    CardDrawn: (p, x) => `${x.n(p.seat)} zog ${p.card === null || p.card === undefined ? 'eine Karte' : cn(p.card, 'de')}`,
    OpeningPlaced: (p, x) => `${x.n(p.seat)} legte die erste Reihe: ${p.count} Karten verdeckt`,
    TurnBegan: (p, x) => `${x.n(p.seat)} ist am Zug (Zug ${p.turn}): ${p.ap} ${p.ap === 1 ? 'Aktionspunkt' : 'Aktionspunkte'}`,
    ActionTaken: (p, x) => `${x.n(p.seat)}: ${act('de', p.action)} (${p.ap_left} von ${p.ap_total} Aktionspunkten übrig)`,
    CardPlayed: (p, x) => `${x.n(p.seat)} spielte ${cn(p.card, 'de')} verdeckt in Spalte ${p.column + 1}, Reihe ${p.position + 1}`,
    Challenged: (p, x) => `${cn(p.attacker, 'de')} von ${x.n(p.seat)} forderte ${cn(p.defender, 'de')} von ${x.n(other(p.seat))} in Spalte ${p.column + 1} heraus`,
    FieldCardLost: (p, x) => `${x.n(p.seat)} verlor ${cn(p.card, 'de')} aus Spalte ${p.column + 1}`,
    FigurePlaced: (p, x) => `Die Figur von ${x.n(p.seat)} besetzte Reihe 1 von Spalte ${p.column + 1}`,
    FigureRemoved: (p, x) => `${x.n(p.seat)} nahm die Figur von Spalte ${p.column + 1}`,
    MythPlayed: (p, x) => `${x.n(p.seat)} spielte ${cn(p.card, 'de')} aus`,
    CardPicked: (p, x) => `Der Pegasus von ${x.n(p.seat)} zog ${cn(p.card, 'de')} aus der Hand von ${x.n(p.victim)}`,
    PickedCardLost: (p, x) => `${cn(p.card, 'de')} kam auf den Ablagestapel von ${x.n(p.seat)}`,
    PickedCardPlaced: (p, x) => `${cn(p.card, 'de')} wurde offen in Reihe 1 von Spalte ${p.column + 1} bei ${x.n(p.seat)} gelegt`,
    HandLost: (p, x) => `${x.n(p.seat)} verlor durch Pandora die ganze Hand${p.cards.length ? `: ${names(p.cards, 'de')}` : ''}`,
    BoxOpened: (p, x) => `Die Büchse der Pandora öffnete sich in Spalte ${p.column + 1}: ${p.lost.map((ids, s) => `${x.n(s)} verlor ${ids.length ? names(ids, 'de') : 'nichts'}`).join('; ')}`,
    CardDiscarded: (p, x) => `${x.n(p.seat)} legte ${cn(p.card, 'de')} auf den Ablagestapel`,
    HandShown: (p, x) => `${x.n(p.seat)} zeigte ${x.n(p.to)} die Hand (${p.count} Karten)${p.cards.length ? `: ${names(p.cards, 'de')}` : ''}`,
    HandCardLost: (p, x) => `${x.n(p.seat)} warf ${cn(p.card, 'de')} aus der Hand ab`,
    CardsRevealed: (p, x) => `Spalte ${p.column + 1} von ${x.n(p.seat)} wurde aufgedeckt${p.cards.length ? `: ${p.cards.map(([, c]) => cn(c, 'de')).join(', ')}` : ''}`,
    CardTaken: (p, x) => `${x.n(p.seat)} nahm ${cn(p.card, 'de')} vom ${p.source === p.seat ? 'eigenen' : `Ablagestapel von ${x.n(p.source)} auf die Hand`}${p.source === p.seat ? ' Ablagestapel auf die Hand' : ''}`,
    CardMoved: (p, x) => `${x.n(p.seat)} versetzte eine Karte von Spalte ${p.column + 1}, Reihe ${p.position + 1} nach Spalte ${p.to_column + 1}, Reihe ${p.to_position + 1}`,
    GameWon: (p, x) => `${x.n(p.winner)} gewinnt: ${why('de', p.reason)}`,
  },
};
