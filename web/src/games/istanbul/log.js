// Istanbul, the log in sentences, one table per language. Pure: `x.n(seat)` names a seat.
const PLACES = {
  en: ['', 'the Wainwright', 'the Fabric Warehouse', 'the Spice Warehouse', 'the Fruit Warehouse', 'the Post Office', 'the Caravansary', 'the Fountain', 'the Black Market', 'the Tea House', 'the Large Market', 'the Small Market', 'the Police Station', "the Sultan's Palace", 'the Small Mosque', 'the Great Mosque', 'the Gemstone Dealer'],
  de: ['', 'die Wagnerei', 'das Stofflager', 'das Gewürzlager', 'das Obstlager', 'die Post', 'die Karawanserei', 'den Brunnen', 'den Schwarzmarkt', 'die Teestube', 'den Großen Markt', 'den Kleinen Markt', 'die Polizeiwache', 'den Sultanspalast', 'die Kleine Moschee', 'die Große Moschee', 'den Edelsteinhändler'],
};
const GOODS = { en: ['fabric', 'spice', 'fruit', 'jewelry'], de: ['Stoff', 'Gewürz', 'Obst', 'Schmuck'] };
const NAMED = { en: { fabric: 'fabric', spice: 'spice', fruit: 'fruit', jewelry: 'jewelry' }, de: { fabric: 'Stoff', spice: 'Gewürz', fruit: 'Obst', jewelry: 'Schmuck' } };
const CARDS = {
  en: { good: '"1 good"', lira5: '"5 Lira"', sultan2: '"Sultan\'s Palace 2x"', post2: '"Post Office 2x"', gemstone2: '"Gemstone Dealer 2x"', family: '"family member home"', stay: '"stay"', move34: '"move 3-4"', assistant: '"return 1 assistant"', small_market: '"Small Market, any goods"' },
  de: { good: '„1 Ware“', lira5: '„5 Lira“', sultan2: '„Sultanspalast 2x“', post2: '„Post 2x“', gemstone2: '„Edelsteinhändler 2x“', family: '„Familienmitglied heim“', stay: '„Stehenbleiben“', move34: '„3-4 Schritte“', assistant: '„1 Gehilfe zurück“', small_market: '„Kleiner Markt, beliebige Waren“' },
};
const RUBY = {
  en: { wainwright: 'the Wainwright', sultan: "the Sultan's Palace", gemstone: 'the Gemstone Dealer', small_mosque: 'the Small Mosque', great_mosque: 'the Great Mosque' },
  de: { wainwright: 'der Wagnerei', sultan: 'dem Sultanspalast', gemstone: 'dem Edelsteinhändler', small_mosque: 'der Kleinen Moschee', great_mosque: 'der Großen Moschee' },
};
const FIGURE = { en: { governor: 'The governor', smuggler: 'The smuggler', neutral: 'A neutral merchant' }, de: { governor: 'Der Gouverneur', smuggler: 'Der Schmuggler', neutral: 'Ein neutraler Kaufmann' } };
const LAYOUT = { en: { short: 'short paths', long: 'long paths', number: 'number order', random: 'random' }, de: { short: 'kurze Wege', long: 'lange Wege', number: 'Zahlenordnung', random: 'zufällig' } };
const WHY = {
  en: { warehouse: 'at the warehouse', post_office: 'at the Post Office', black_market: 'at the Black Market', tea_house: 'at the Tea House', market: 'at the market', wainwright: 'at the Wainwright', gemstone: 'at the Gemstone Dealer', sultan: "at the Sultan's Palace", mosque: 'at the mosque', catch: 'for a caught family member', card: 'with a bonus card', governor: 'to the governor', smuggler: 'with the smuggler', green: 'with the green tile', yellow: 'with the yellow tile' },
  de: { warehouse: 'im Lager', post_office: 'bei der Post', black_market: 'auf dem Schwarzmarkt', tea_house: 'in der Teestube', market: 'auf dem Markt', wainwright: 'in der Wagnerei', gemstone: 'beim Edelsteinhändler', sultan: 'im Sultanspalast', mosque: 'in der Moschee', catch: 'für ein erwischtes Familienmitglied', card: 'mit einer Bonuskarte', governor: 'an den Gouverneur', smuggler: 'beim Schmuggler', green: 'mit dem grünen Plättchen', yellow: 'mit dem gelben Plättchen' },
};
const place = (l, n) => PLACES[l][n] || `#${n}`;
// German names without an article, for sentences where the case would change it.
const NAMED_DE = ['', 'Wagnerei', 'Stofflager', 'Gewürzlager', 'Obstlager', 'Post', 'Karawanserei', 'Brunnen', 'Schwarzmarkt', 'Teestube', 'Großer Markt', 'Kleiner Markt', 'Polizeiwache', 'Sultanspalast', 'Kleine Moschee', 'Große Moschee', 'Edelsteinhändler'];
const named = (n) => NAMED_DE[n] || `#${n}`;
const AND = { en: 'and', de: 'und' };
const and = (l, xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${AND[l]} ${xs[xs.length - 1]}`);

/** A signed change of Lira and goods in words: "+3 Lira, -1 fabric". */
function change(l, p) {
  const bits = [];
  if (p.lira) bits.push(`${p.lira > 0 ? '+' : ''}${p.lira} Lira`);
  (p.goods || []).forEach((n, i) => { if (n) bits.push(`${n > 0 ? '+' : ''}${n} ${GOODS[l][i]}`); });
  return bits.join(', ');
}

const PHASE = {
  en: { move: 'moving', arrive: 'the assistant step', action: "the place's action", caravan: 'drawing at the Caravansary', dice: 'the dice', encounter: 'meeting the others', governor: 'paying the governor', between: 'the next turn', over: 'the end of the game' },
  de: { move: 'Ziehen', arrive: 'der Gehilfenschritt', action: 'die Aktion des Ortes', caravan: 'Ziehen in der Karawanserei', dice: 'die Würfel', encounter: 'Begegnungen', governor: 'Gouverneur bezahlen', between: 'der nächste Zug', over: 'das Spielende' },
};
const MARKET = { en: { large: 'large', small: 'small' }, de: { large: 'Großen', small: 'Kleinen' } };
const REROLL = { en: { reroll: ' (re-rolled)', four: ' (one die turned to 4)' }, de: { reroll: ' (neu)', four: ' (ein Würfel auf 4)' } };

const en = {
  LayoutChosen: (p) => `The places are laid out (${LAYOUT.en[p.layout] || p.layout})`,
  StartPlayerChosen: (p, x) => `${x.n(p.seat)} starts; starting money ${p.money.join(', ')} Lira`,
  DemandShuffled: (p) => `The ${MARKET.en[p.market]} market's demand tiles were shuffled`,
  DemandRotated: (p) => `A new demand tile shows at the ${MARKET.en[p.market]} market`,
  DeckShuffled: (p) => `${p.count} bonus cards were shuffled`,
  CardDrawn: (p, x) => `${x.n(p.seat)} took ${p.card ? CARDS.en[p.card] || p.card : 'a bonus card'} from the ${p.source === 'deck' ? 'deck' : 'discard pile'}`,
  CardDiscarded: (p, x) => `${x.n(p.seat)} ${p.played ? 'played' : 'discarded'} ${CARDS.en[p.card] || p.card}`,
  FigurePlaced: (p) => `${FIGURE.en[p.figure]} goes to ${place('en', p.place)} (dice ${p.dice.join(' + ')})`,
  TurnBegan: (p, x) => `${x.n(p.seat)}'s turn (round ${p.round})`,
  MerchantMoved: (p, x) => (p.card === 'stay' ? `${x.n(p.seat)} stays at ${place('en', p.to)}` : `${x.n(p.seat)} moved to ${place('en', p.to)}`),
  AssistantLeft: (p, x) => `${x.n(p.seat)} left an assistant at ${place('en', p.place)}`,
  AssistantsReturned: (p, x) => `${x.n(p.seat)} took back the assistant${p.places.length === 1 ? '' : 's'} from ${and('en', p.places.map((n) => place('en', n)))}`,
  MerchantPaid: (p, x) => (p.to === null || p.to === undefined
    ? `${x.n(p.seat)} paid ${p.lira} Lira to the bank (neutral merchant)` : `${x.n(p.seat)} paid ${x.n(p.to)} ${p.lira} Lira`),
  Changed: (p, x) => `${x.n(p.seat)}: ${change('en', p)} ${WHY.en[p.why] || ''}`.trim(),
  PhaseChanged: (p) => (p.phase === 'action' && p.place ? `The action of ${place('en', p.place)} is open` : `Next: ${PHASE.en[p.phase] || 'the next step'}`),
  ActionDone: (p) => `The action of ${place('en', p.place)} is done`,
  FamilyMoved: (p, x) => {
    if (p.why === 'caught') return `${x.n(p.by)} caught ${x.n(p.seat)}'s family member: back to the Police Station`;
    if (p.why === 'card') return `${x.n(p.seat)}'s family member returns to the Police Station`;
    return `${x.n(p.seat)} sent the family member to ${place('en', p.to)}`;
  },
  ExtensionBought: (p, x) => `${x.n(p.seat)} extended the wheelbarrow`,
  RubyTaken: (p, x) => `${x.n(p.seat)} took a ruby from ${RUBY.en[p.source] || p.source}`,
  MailMoved: (p) => `Post Office: ${p.down} indicators down`,
  DiceThrown: (p, x) => `${x.n(p.seat)} rolled ${p.dice.join(' + ')}${p.call ? ` calling ${p.call}` : ''}${REROLL.en[p.how] || ''}`,
  TileTaken: (p, x) => `${x.n(p.seat)} took the ${NAMED.en[p.good]} mosque tile ${p.value}`,
  FifthAssistant: (p, x) => `${x.n(p.seat)} gained the 5th assistant`,
  CatchesFound: (p, x) => `Family members caught: ${and('en', p.seats.map(x.n))}`,
  FigureUsed: (p, x) => `${x.n(p.seat)} met the ${p.figure === 'governor' ? 'governor' : 'smuggler'}`,
  TurnFinished: (p, x) => `${x.n(p.seat)} ended the turn`,
  GameEnded: (p, x) => `Game over: ${p.scores.map((v, s) => `${x.n(s)} ${v} rubies, ${p.lira[s]} Lira`).join('; ')}`,
};

const de = {
  LayoutChosen: (p) => `Die Orte liegen aus (${LAYOUT.de[p.layout] || p.layout})`,
  StartPlayerChosen: (p, x) => `${x.n(p.seat)} beginnt; Startgeld ${p.money.join(', ')} Lira`,
  DemandShuffled: (p) => `Die Nachfrageplättchen des ${MARKET.de[p.market]} Marktes wurden gemischt`,
  DemandRotated: (p) => `Ein neues Nachfrageplättchen liegt auf dem ${MARKET.de[p.market]} Markt`,
  DeckShuffled: (p) => `${p.count} Bonuskarten wurden gemischt`,
  CardDrawn: (p, x) => `${x.n(p.seat)} nahm ${p.card ? CARDS.de[p.card] || p.card : 'eine Bonuskarte'} ${p.source === 'deck' ? 'vom Stapel' : 'von der Ablage'}`,
  CardDiscarded: (p, x) => (p.played ? `${x.n(p.seat)} spielte ${CARDS.de[p.card] || p.card}` : `${x.n(p.seat)} warf ${CARDS.de[p.card] || p.card} ab`),
  FigurePlaced: (p) => `${FIGURE.de[p.figure]} geht nach Würfeln ${p.dice.join(' + ')} auf ${place('de', p.place)}`,
  TurnBegan: (p, x) => `${x.n(p.seat)} ist am Zug (Runde ${p.round})`,
  MerchantMoved: (p, x) => (p.card === 'stay' ? `${x.n(p.seat)} bleibt stehen (${named(p.to)})` : `${x.n(p.seat)} zog auf ${place('de', p.to)}`),
  AssistantLeft: (p, x) => `${x.n(p.seat)} ließ einen Gehilfen zurück (${named(p.place)})`,
  AssistantsReturned: (p, x) => `${x.n(p.seat)} holte Gehilfen zurück von ${and('de', p.places.map((n) => place('de', n)))}`,
  MerchantPaid: (p, x) => (p.to === null || p.to === undefined
    ? `${x.n(p.seat)} zahlte ${p.lira} Lira an die Bank (neutraler Kaufmann)` : `${x.n(p.seat)} zahlte ${x.n(p.to)} ${p.lira} Lira`),
  Changed: (p, x) => `${x.n(p.seat)}: ${change('de', p)} ${WHY.de[p.why] || ''}`.trim(),
  PhaseChanged: (p) => (p.phase === 'action' && p.place ? `Aktion offen: ${named(p.place)}` : `Weiter: ${PHASE.de[p.phase] || 'der nächste Schritt'}`),
  ActionDone: (p) => `Aktion ausgeführt: ${named(p.place)}`,
  FamilyMoved: (p, x) => {
    if (p.why === 'caught') return `${x.n(p.by)} erwischte das Familienmitglied von ${x.n(p.seat)}: zurück zur Polizeiwache`;
    if (p.why === 'card') return `Das Familienmitglied von ${x.n(p.seat)} kehrt zur Polizeiwache zurück`;
    return `${x.n(p.seat)} schickte das Familienmitglied auf ${place('de', p.to)}`;
  },
  ExtensionBought: (p, x) => `${x.n(p.seat)} erweiterte den Handkarren`,
  RubyTaken: (p, x) => `${x.n(p.seat)} erhielt einen Rubin von ${RUBY.de[p.source] || p.source}`,
  MailMoved: (p) => `Post: ${p.down} Anzeiger unten`,
  DiceThrown: (p, x) => `${x.n(p.seat)} würfelte ${p.dice.join(' + ')}${p.call ? ` bei Ansage ${p.call}` : ''}${REROLL.de[p.how] || ''}`,
  TileTaken: (p, x) => `${x.n(p.seat)} nahm das Moscheeplättchen ${NAMED.de[p.good]} ${p.value}`,
  FifthAssistant: (p, x) => `${x.n(p.seat)} bekam den 5. Gehilfen`,
  CatchesFound: (p, x) => `Familienmitglieder erwischt: ${and('de', p.seats.map(x.n))}`,
  FigureUsed: (p, x) => `${x.n(p.seat)} traf den ${p.figure === 'governor' ? 'Gouverneur' : 'Schmuggler'}`,
  TurnFinished: (p, x) => `${x.n(p.seat)} beendete den Zug`,
  GameEnded: (p, x) => `Spielende: ${p.scores.map((v, s) => `${x.n(s)} ${v} Rubine, ${p.lira[s]} Lira`).join('; ')}`,
};

export default { en, de };
