// Istanbul, the English catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    Move: 'Move',
    MoveFar: 'Move 3 or 4 places',
    Stay: 'Stay',
    Enter: 'Assistant',
    EndTurn: 'End the turn',
    Act: 'Carry out the action',
    Skip: 'Skip the action',
    Fountain: 'Fountain',
    BlackMarket: 'Black Market',
    TeaHouse: 'Tea House',
    Sell: 'Sell',
    SendFamily: 'Send the family member',
    Sultan: 'Buy a ruby',
    TakeTile: 'Take a mosque tile',
    TakeCard: 'Take a bonus card',
    DiscardCard: 'Discard a bonus card',
    KeepDice: 'Keep the dice',
    RedTile: 'Red mosque tile',
    Reward: 'Reward',
    UseGovernor: 'Use the governor',
    PayGovernor: 'Pay the governor',
    UseSmuggler: 'Use the smuggler',
    PlayCard: 'Play a bonus card',
    BuyBack: 'Buy back the assistant',
    ExtraGood: 'Buy an extra good',
  },
  fields: {
    to: 'to',
    pay: 'pay',
    places: 'places',
    good: 'good',
    call: 'call',
    goods: 'goods',
    card: 'card',
    any: 'goods',
    source: 'from',
    die: 'die',
    take: 'take',
    place: 'place',
  },
  prompts: prompts.en,
  options: {
    layout: ['Layout of the places', "The printed short paths (best for a first game), the long paths, the places in number order, or a random layout within the rules' limits.", { short: 'short paths', long: 'long paths', number: 'in number order', random: 'random' }],
  },
  help: [
    "Move your merchant 1 or 2 places; leave an assistant there (or collect one of yours) to use the place's action. Without an assistant the turn ends.",
    'Meeting other merchants costs 2 Lira each; the governor and the smuggler offer a deal; your family member can be caught at the Police Station.',
    "Collect goods in your wheelbarrow, sell them at the markets, buy rubies at the Sultan's Palace, the Gemstone Dealer and the Wainwright, and mosque tiles for lasting bonuses.",
    'When a player has the rubies to win (5 or 6 by player count) the round is played out; most rubies wins, ties go to Lira, then goods, then bonus cards.',
  ],
  breakdown: { ruby_wainwright: 'Rubies: Wainwright', ruby_sultan: "Rubies: Sultan's Palace", ruby_gemstone: 'Rubies: Gemstone Dealer', ruby_small_mosque: 'Rubies: Small Mosque', ruby_great_mosque: 'Rubies: Great Mosque', ruby_other: 'Rubies: elsewhere', rest: 'Not broken down', rubies: 'Rubies', tie_lira: 'Tie-break 1: Lira', tie_goods: 'Tie-break 2: goods', tie_cards: 'Tie-break 3: bonus cards' },
  board: {
    // \u00ad: where a long name may break on a phone
    places: ['', 'Wain\u00adwright', 'Fabric Ware\u00adhouse', 'Spice Ware\u00adhouse', 'Fruit Ware\u00adhouse', 'Post Office', 'Cara\u00advan\u00adsary', 'Foun\u00adtain', 'Black Market', 'Tea House', 'Large Market', 'Small Market', 'Police Station', "Sultan's Palace", 'Small Mosque', 'Great Mosque', 'Gem\u00adstone Dealer'],
    goods: { fabric: 'fabric', spice: 'spice', fruit: 'fruit', jewelry: 'jewelry', any: 'any good', lira: 'Lira' },
    cards: { good: '1 good', lira5: '5 Lira', sultan2: "Sultan's Palace 2x", post2: 'Post Office 2x', gemstone2: 'Gemstone Dealer 2x', family: 'Family member home', stay: 'Stay', move34: 'Move 3-4', assistant: 'Return 1 assistant', small_market: 'Small Market: any goods' },
    round: 'Round', target: (n) => `${n} rubies end the game (at the end of the round)`, lira: 'Lira', rubies: 'Rubies', stack: 'assistants with the merchant', at: 'assistants at', reserve: '5th assistant', family: 'family member at', tiles: 'mosque tiles', hand: 'bonus cards', cards_n: (n) => `${n} bonus card${n === 1 ? '' : 's'}`,
    deck: 'deck', discard: 'discard pile', dice: 'dice', call: 'announced', choices: 'Choices at', pick: 'Click a place to see what you can do there.', none: 'Nothing to do at this place now.', demand: 'wants', price: 'price', left: 'left', cost: 'cost', gain: 'gives', ext: 'extensions', players: 'Wheelbarrows', caught: 'caught family members', legend: 'Pieces',
    pieces: { merchant: 'merchant (the number: assistants with it)', assistant: 'assistant', family: 'family member', neutral: 'neutral merchant', governor: 'governor', smuggler: 'smuggler' },
    piece: { merchant: (who, n) => `${who}'s merchant with ${n} assistant${n === 1 ? '' : 's'}`, assistant: (who) => `${who}'s assistant`, family: (who) => `${who}'s family member`, neutral: (n) => `${n} neutral merchant${n === 1 ? '' : 's'}` },
    move: (m, h) => {
      switch (m.type) {
        case 'Move': return 'Move here';
        case 'MoveFar': return 'Move here with the "move 3-4" card';
        case 'Stay': return 'Play "stay"';
        case 'Enter': return m.pay ? 'Leave or collect an assistant (and pay)' : 'Assistant step, but do not pay (turn ends)';
        case 'EndTurn': return 'End the turn';
        case 'Act': return 'Carry out the action';
        case 'Skip': return 'Skip the action';
        case 'Fountain': return `Return assistants from ${m.places.map(h.place).join(', ')}`;
        case 'BlackMarket': return `Take ${h.good(m.good)}, then roll`;
        case 'TeaHouse': return `Announce ${m.call}`;
        case 'Sell': return `Sell ${h.goods(m.goods)}${m.card ? ' (card)' : ''}`;
        case 'SendFamily': return 'Send the family member here';
        case 'Sultan': return `Buy a ruby${m.any.length ? ` (${m.any.map(h.good).join(', ')})` : ''}`;
        case 'TakeTile': return `Take the tile ${h.good(m.good)}`;
        case 'TakeCard': return m.source === 'deck' ? 'Card from the deck' : 'Card from the discard pile';
        case 'DiscardCard': return `Discard: ${h.card(m.card)}`;
        case 'KeepDice': return 'Keep the dice';
        case 'RedTile': return m.die === null || m.die === undefined ? 'Re-roll both dice' : `Die ${m.die + 1} → 4`;
        case 'Reward': return m.take === 'lira' ? '3 Lira' : '1 bonus card';
        case 'UseGovernor': return 'Use the governor';
        case 'PayGovernor': return m.card ? `Governor: discard ${h.card(m.card)}` : 'Governor: pay 2 Lira';
        case 'UseSmuggler': return `Smuggler: ${h.good(m.good)}, pay ${h.pay(m.pay)}`;
        case 'PlayCard': return `Play ${h.card(m.card)}${m.good ? `: ${h.good(m.good)}` : ''}${m.take ? `: ${m.take === 'lira' ? '3 Lira' : 'card'}` : ''}${m.place ? `: ${h.place(m.place)}` : ''}${m.any && m.any.length ? ` (${m.any.map(h.good).join(', ')})` : ''}`;
        case 'BuyBack': return 'Buy back the assistant (2 Lira)';
        case 'ExtraGood': return `Extra ${h.good(m.good)} (2 Lira)`;
        default: return null;
      }
    },
    source: { deck: 'the deck', discard: 'the discard pile' }, take: { lira: '3 Lira', card: '1 bonus card' },
  },
  end: (g, winners, r) => {
    const top = (g.players || [])[r.winners[0]];
    if (!top) return `${winners} won.`;
    const level = g.players.filter((p) => p.rubies === top.rubies).length > 1;
    return `${winners} won with ${top.rubies} rubies${level ? ' (level on rubies: the tie-breaks decided)' : ''}.`;
  },
};
