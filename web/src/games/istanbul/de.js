// Istanbul, the German catalogue: move names, move fields, prompts, table
// options, the rules in short (where the game has them: the end, the breakdown's rows, the
// board's words). tests/unit/test_game_words.py checks every move, field, prompt and option.
import prompts from './prompts.js';

export default {
  moves: {
    Move: 'Ziehen',
    MoveFar: '3 oder 4 Orte ziehen',
    Stay: 'Stehenbleiben',
    Enter: 'Gehilfe',
    EndTurn: 'Zug beenden',
    Act: 'Aktion ausführen',
    Skip: 'Aktion auslassen',
    Fountain: 'Brunnen',
    BlackMarket: 'Schwarzmarkt',
    TeaHouse: 'Teestube',
    Sell: 'Verkaufen',
    SendFamily: 'Familienmitglied schicken',
    Sultan: 'Rubin kaufen',
    TakeTile: 'Moscheeplättchen nehmen',
    TakeCard: 'Bonuskarte nehmen',
    DiscardCard: 'Bonuskarte abwerfen',
    KeepDice: 'Würfel behalten',
    RedTile: 'Rotes Moscheeplättchen',
    Reward: 'Belohnung',
    UseGovernor: 'Gouverneur nutzen',
    PayGovernor: 'Gouverneur bezahlen',
    UseSmuggler: 'Schmuggler nutzen',
    PlayCard: 'Bonuskarte spielen',
    BuyBack: 'Gehilfen zurückkaufen',
    ExtraGood: 'Extra-Ware kaufen',
  },
  fields: {
    to: 'nach',
    pay: 'zahlen',
    places: 'Orte',
    good: 'Ware',
    call: 'Ansage',
    goods: 'Waren',
    card: 'Karte',
    any: 'Waren',
    source: 'von',
    die: 'Würfel',
    take: 'nehmen',
    place: 'Ort',
  },
  prompts: prompts.de,
  options: {
    layout: ['Anordnung der Orte', 'Die gedruckten kurzen Wege (am besten für die erste Partie), die langen Wege, die Orte nach Nummer oder eine zufällige Anordnung in den Grenzen der Regeln.', { short: 'kurze Wege', long: 'lange Wege', number: 'nach Nummer', random: 'zufällig' }],
  },
  help: [
    'Zieh deinen Kaufmann 1 oder 2 Orte weit; lass dort einen Gehilfen (oder hol einen deiner zurück), um die Aktion des Ortes zu nutzen. Ohne Gehilfen endet der Zug.',
    'Andere Kaufleute zu treffen kostet je 2 Lira; Gouverneur und Schmuggler bieten ein Geschäft; dein Familienmitglied kann an der Polizeiwache erwischt werden.',
    'Sammle Waren im Handkarren, verkaufe sie auf den Märkten, kaufe Rubine im Sultanspalast, beim Edelsteinhändler und in der Wagnerei, und Moscheeplättchen für dauernde Vorteile.',
    'Hat ein Spieler genug Rubine (5 oder 6, je nach Spielerzahl), wird die Runde zu Ende gespielt; die meisten Rubine gewinnen, bei Gleichstand die meisten Lira, dann Waren, dann Bonuskarten.',
  ],
  breakdown: { ruby_wainwright: 'Rubine: Wagnerei', ruby_sultan: 'Rubine: Sultanspalast', ruby_gemstone: 'Rubine: Edelsteinhändler', ruby_small_mosque: 'Rubine: Kleine Moschee', ruby_great_mosque: 'Rubine: Große Moschee', ruby_other: 'Rubine: anderswo', rest: 'Nicht aufgeschlüsselt', rubies: 'Rubine', tie_lira: 'Gleichstand 1: Lira', tie_goods: 'Gleichstand 2: Waren', tie_cards: 'Gleichstand 3: Bonuskarten' },
  board: {
    // \u00ad: where a long name may break on a phone
    places: ['', 'Wag\u00adnerei', 'Stoff\u00adlager', 'Gewürz\u00adlager', 'Obst\u00adlager', 'Post', 'Kara\u00adwan\u00adserei', 'Brunnen', 'Schwarz\u00admarkt', 'Tee\u00adstube', 'Großer Markt', 'Kleiner Markt', 'Polizei\u00adwache', 'Sultans\u00adpalast', 'Kleine Moschee', 'Große Moschee', 'Edelstein\u00adhändler'],
    goods: { fabric: 'Stoff', spice: 'Gewürz', fruit: 'Obst', jewelry: 'Schmuck', any: 'beliebige Ware', lira: 'Lira' },
    cards: { good: '1 Ware', lira5: '5 Lira', sultan2: 'Sultanspalast 2x', post2: 'Post 2x', gemstone2: 'Edelsteinhändler 2x', family: 'Familienmitglied heim', stay: 'Stehenbleiben', move34: '3-4 Schritte', assistant: '1 Gehilfe zurück', small_market: 'Kleiner Markt: beliebige Waren' },
    round: 'Runde', target: (n) => `${n} Rubine beenden das Spiel (am Ende der Runde)`, lira: 'Lira', rubies: 'Rubine', stack: 'Gehilfen beim Kaufmann', at: 'Gehilfen auf', reserve: '5. Gehilfe', family: 'Familienmitglied auf', tiles: 'Moscheeplättchen', hand: 'Bonuskarten', cards_n: (n) => `${n} Bonuskarte${n === 1 ? '' : 'n'}`,
    deck: 'Stapel', discard: 'Ablage', dice: 'Würfel', call: 'angesagt', choices: 'Möglichkeiten auf', pick: 'Klicke einen Ort an, um zu sehen, was du dort tun kannst.', none: 'Hier ist jetzt nichts zu tun.', demand: 'verlangt', price: 'Preis', left: 'übrig', cost: 'Kosten', gain: 'bringt', ext: 'Erweiterungen', players: 'Handkarren', caught: 'erwischte Familienmitglieder', legend: 'Figuren',
    pieces: { merchant: 'Kaufmann (die Zahl: Gehilfen bei ihm)', assistant: 'Gehilfe', family: 'Familienmitglied', neutral: 'neutraler Kaufmann', governor: 'Gouverneur', smuggler: 'Schmuggler' },
    piece: { merchant: (who, n) => `Kaufmann von ${who} mit ${n} Gehilfen`, assistant: (who) => `Gehilfe von ${who}`, family: (who) => `Familienmitglied von ${who}`, neutral: (n) => `${n} neutrale${n === 1 ? 'r' : ''} Kaufm${n === 1 ? 'ann' : 'änner'}` },
    move: (m, h) => {
      switch (m.type) {
        case 'Move': return 'Hierher ziehen';
        case 'MoveFar': return 'Mit Karte „3-4 Schritte“ hierher';
        case 'Stay': return 'Karte „Stehenbleiben“';
        case 'Enter': return m.pay ? 'Gehilfen absetzen/aufnehmen und bezahlen' : 'Gehilfe, aber nicht bezahlen (Zugende)';
        case 'EndTurn': return 'Zug beenden';
        case 'Act': return 'Aktion ausführen';
        case 'Skip': return 'Aktion auslassen';
        case 'Fountain': return `Gehilfen zurück von ${m.places.map(h.place).join(', ')}`;
        case 'BlackMarket': return `Nimm ${h.good(m.good)}, dann würfeln`;
        case 'TeaHouse': return `Ansage ${m.call}`;
        case 'Sell': return `Verkaufe ${h.goods(m.goods)}${m.card ? ' (Karte)' : ''}`;
        case 'SendFamily': return 'Familienmitglied hierher schicken';
        case 'Sultan': return `Rubin kaufen${m.any.length ? ` (${m.any.map(h.good).join(', ')})` : ''}`;
        case 'TakeTile': return `Plättchen ${h.good(m.good)}`;
        case 'TakeCard': return m.source === 'deck' ? 'Karte vom Stapel' : 'Karte von der Ablage';
        case 'DiscardCard': return `Abwerfen: ${h.card(m.card)}`;
        case 'KeepDice': return 'Würfel behalten';
        case 'RedTile': return m.die === null || m.die === undefined ? 'Beide neu würfeln' : `Würfel ${m.die + 1} → 4`;
        case 'Reward': return m.take === 'lira' ? '3 Lira' : '1 Bonuskarte';
        case 'UseGovernor': return 'Gouverneur nutzen';
        case 'PayGovernor': return m.card ? `Gouverneur: abwerfen ${h.card(m.card)}` : 'Gouverneur: 2 Lira';
        case 'UseSmuggler': return `Schmuggler: ${h.good(m.good)}, zahle ${h.pay(m.pay)}`;
        case 'PlayCard': return `Karte ${h.card(m.card)}${m.good ? `: ${h.good(m.good)}` : ''}${m.take ? `: ${m.take === 'lira' ? '3 Lira' : 'Karte'}` : ''}${m.place ? `: ${h.place(m.place)}` : ''}${m.any && m.any.length ? ` (${m.any.map(h.good).join(', ')})` : ''}`;
        case 'BuyBack': return 'Gehilfe zurück (2 Lira)';
        case 'ExtraGood': return `Extra ${h.good(m.good)} (2 Lira)`;
        default: return null;
      }
    },
    source: { deck: 'dem Stapel', discard: 'der Ablage' }, take: { lira: '3 Lira', card: '1 Bonuskarte' },
  },
  end: (g, winners, r) => {
    const top = (g.players || [])[r.winners[0]];
    if (!top) return `${winners} gewinnt.`;
    const level = g.players.filter((p) => p.rubies === top.rubies).length > 1;
    return `${winners} gewinnt mit ${top.rubies} Rubinen${level ? ' (gleich viele Rubine: der Gleichstand entschied)' : ''}.`;
  },
};
