// Istanbul: the 4x4 grid of places (merchant stacks, assistants, family members, governor,
// smuggler, neutral merchants, each place's current offer), every wheelbarrow with goods and
// capacity, Lira, rubies, tiles and bonus cards (mine by name, the others' as a count).
// A move is made by clicking a place, then one of that place's choices (each carries data-move).
import { useState } from 'preact/hooks';
import { api } from '../../api.js';
import { html, Seat, SeatName } from '../../boards/common.js';
import { lang } from '../../i18n.js';

const PLACES = {
  en: ['', 'Wainwright', 'Fabric Warehouse', 'Spice Warehouse', 'Fruit Warehouse', 'Post Office', 'Caravansary', 'Fountain', 'Black Market', 'Tea House', 'Large Market', 'Small Market', 'Police Station', "Sultan's Palace", 'Small Mosque', 'Great Mosque', 'Gemstone Dealer'],
  de: ['', 'Wagnerei', 'Stofflager', 'Gewürzlager', 'Obstlager', 'Post', 'Karawanserei', 'Brunnen', 'Schwarzmarkt', 'Teestube', 'Großer Markt', 'Kleiner Markt', 'Polizeiwache', 'Sultanspalast', 'Kleine Moschee', 'Große Moschee', 'Edelsteinhändler'],
};
const GOODS = { en: { fabric: 'fabric', spice: 'spice', fruit: 'fruit', jewelry: 'jewelry', any: 'any good' }, de: { fabric: 'Stoff', spice: 'Gewürz', fruit: 'Obst', jewelry: 'Schmuck', any: 'beliebige Ware' } };
const CARDS = {
  en: { good: '1 good', lira5: '5 Lira', sultan2: "Sultan's Palace 2x", post2: 'Post Office 2x', gemstone2: 'Gemstone Dealer 2x', family: 'Family member home', stay: 'Stay', move34: 'Move 3-4', assistant: 'Return 1 assistant', small_market: 'Small Market: any goods' },
  de: { good: '1 Ware', lira5: '5 Lira', sultan2: 'Sultanspalast 2x', post2: 'Post 2x', gemstone2: 'Edelsteinhändler 2x', family: 'Familienmitglied heim', stay: 'Stehenbleiben', move34: '3-4 Schritte', assistant: '1 Gehilfe zurück', small_market: 'Kleiner Markt: beliebige Waren' },
};
const W = {
  en: {
    round: 'Round', target: (n) => `${n} rubies end the game (at the end of the round)`, lira: 'Lira', rubies: 'Rubies', cap: 'capacity', stack: 'assistants in the stack', at: 'assistants at', reserve: '5th assistant', family: 'family member at', tiles: 'mosque tiles', hand: 'bonus cards', cards: (n) => `${n} bonus card${n === 1 ? '' : 's'}`,
    governor: 'Governor', smuggler: 'Smuggler', neutral: 'neutral merchant', deck: 'deck', discard: 'discard pile', dice: 'dice', call: 'announced', choices: 'Choices at', pick: 'Click a place to see what you can do there.', none: 'Nothing to do at this place now.', demand: 'wants', price: 'price', left: 'left', cost: 'cost', gain: 'gives', ext: 'extensions', players: 'Wheelbarrows', caught: 'caught family members', noPlay: 'Use the moves panel to play.',
  },
  de: {
    round: 'Runde', target: (n) => `${n} Rubine beenden das Spiel (am Ende der Runde)`, lira: 'Lira', rubies: 'Rubine', cap: 'Kapazität', stack: 'Gehilfen im Stapel', at: 'Gehilfen auf', reserve: '5. Gehilfe', family: 'Familienmitglied auf', tiles: 'Moscheeplättchen', hand: 'Bonuskarten', cards: (n) => `${n} Bonuskarte${n === 1 ? '' : 'n'}`,
    governor: 'Gouverneur', smuggler: 'Schmuggler', neutral: 'neutraler Kaufmann', deck: 'Stapel', discard: 'Ablage', dice: 'Würfel', call: 'angesagt', choices: 'Möglichkeiten auf', pick: 'Klicke einen Ort an, um zu sehen, was du dort tun kannst.', none: 'Hier ist jetzt nichts zu tun.', demand: 'verlangt', price: 'Preis', left: 'übrig', cost: 'Kosten', gain: 'bringt', ext: 'Erweiterungen', players: 'Handkarren', caught: 'erwischte Familienmitglieder', noPlay: 'Spiele über die Zugliste.',
  },
};
const l = () => (lang() === 'de' ? 'de' : 'en');
const w = (k, ...a) => { const v = W[l()][k]; return typeof v === 'function' ? v(...a) : v; };
export const placeName = (n) => PLACES[l()][n] || `#${n}`;
const good = (g) => GOODS[l()][g] || g;
const card = (c) => CARDS[l()][c] || c;
const goodsText = (counts) => Object.entries(counts).filter(([, n]) => n).map(([g, n]) => `${n} ${good(g)}`).join(', ') || '—';
const goodsTuple = (t) => goodsText({ fabric: t[0], spice: t[1], fruit: t[2], jewelry: t[3] });

/** A move in words (English or German). */
export function moveWords(m) {
  const de = l() === 'de';
  switch (m.type) {
    case 'Move': return de ? `Hierher ziehen` : 'Move here';
    case 'MoveFar': return de ? `Mit Karte „3-4 Schritte“ hierher` : 'Move here with the "move 3-4" card';
    case 'Stay': return de ? 'Karte „Stehenbleiben“' : 'Play "stay"';
    case 'Enter': return m.pay ? (de ? 'Gehilfen absetzen/aufnehmen und bezahlen' : 'Leave or collect an assistant (and pay)') : (de ? 'Gehilfe, aber nicht bezahlen (Zugende)' : 'Assistant step, but do not pay (turn ends)');
    case 'EndTurn': return de ? 'Zug beenden' : 'End the turn';
    case 'Act': return de ? 'Aktion ausführen' : 'Carry out the action';
    case 'Skip': return de ? 'Aktion auslassen' : 'Skip the action';
    case 'Fountain': return `${de ? 'Gehilfen zurück von' : 'Return assistants from'} ${m.places.map(placeName).join(', ')}`;
    case 'BlackMarket': return `${de ? 'Nimm' : 'Take'} ${good(m.good)}${de ? ', dann würfeln' : ', then roll'}`;
    case 'TeaHouse': return `${de ? 'Ansage' : 'Announce'} ${m.call}`;
    case 'Sell': return `${de ? 'Verkaufe' : 'Sell'} ${goodsTuple(m.goods)}${m.card ? (de ? ' (Karte)' : ' (card)') : ''}`;
    case 'SendFamily': return de ? 'Familienmitglied hierher schicken' : 'Send the family member here';
    case 'Sultan': return `${de ? 'Ruby kaufen' : 'Buy a ruby'}${m.any.length ? ` (${m.any.map(good).join(', ')})` : ''}`;
    case 'TakeTile': return `${de ? 'Plättchen' : 'Take the tile'} ${good(m.good)}`;
    case 'TakeCard': return m.source === 'deck' ? (de ? 'Karte vom Stapel' : 'Card from the deck') : (de ? 'Karte von der Ablage' : 'Card from the discard pile');
    case 'DiscardCard': return `${de ? 'Abwerfen:' : 'Discard:'} ${card(m.card)}`;
    case 'KeepDice': return de ? 'Würfel behalten' : 'Keep the dice';
    case 'RedTile': return m.die === null || m.die === undefined ? (de ? 'Beide neu würfeln' : 'Re-roll both dice') : `${de ? 'Würfel' : 'Die'} ${m.die + 1} → 4`;
    case 'Reward': return m.take === 'lira' ? '3 Lira' : (de ? '1 Bonuskarte' : '1 bonus card');
    case 'UseGovernor': return de ? 'Gouverneur nutzen' : 'Use the governor';
    case 'PayGovernor': return m.card ? `${de ? 'Gouverneur: abwerfen' : 'Governor: discard'} ${card(m.card)}` : (de ? 'Gouverneur: 2 Lira' : 'Governor: pay 2 Lira');
    case 'UseSmuggler': return `${de ? 'Schmuggler:' : 'Smuggler:'} ${good(m.good)}, ${de ? 'zahle' : 'pay'} ${m.pay === 'lira' ? '2 Lira' : good(m.pay)}`;
    case 'PlayCard': return `${de ? 'Karte' : 'Play'} ${card(m.card)}${m.good ? `: ${good(m.good)}` : ''}${m.take ? `: ${m.take === 'lira' ? '3 Lira' : (de ? 'Karte' : 'card')}` : ''}${m.place ? `: ${placeName(m.place)}` : ''}${m.any && m.any.length ? ` (${m.any.map(good).join(', ')})` : ''}`;
    case 'BuyBack': return de ? 'Gehilfe zurück (2 Lira)' : 'Buy back the assistant (2 Lira)';
    case 'ExtraGood': return `${de ? 'Extra' : 'Extra'} ${good(m.good)} (2 Lira)`;
    default: return m.type;
  }
}

/** The place a move belongs to on the board: its target, else the place of the turn. */
function placeOf(m, g, me) {
  if (typeof m.to === 'number') return m.to;
  if ((m.type === 'BuyBack' || m.type === 'PlayCard') && typeof m.place === 'number') return m.place;
  if (g.action_place) return g.action_place;
  return me !== null && me !== undefined && g.players[me] ? g.players[me].merchant : 0;
}

function offer(p, g) {
  const n = p.number;
  if (n === 10) return `${w('demand')}: ${goodsText(g.large_market.demand)}`;
  if (n === 11) return `${w('demand')}: ${goodsText(g.small_market.demand)}`;
  if (n === 5) return `${w('gain')}: ${goodsText(g.post_office)}`;
  if (n === 13) return `${w('cost')}: ${g.sultan_cost.map(good).join(', ')} · ${g.sultan_rubies} ${w('left')}`;
  if (n === 16) return `${w('price')}: ${g.gem_price} · ${g.gem_rubies} ${w('left')}`;
  if (n === 1) return `7 Lira · ${g.wainwright_rubies} ${w('rubies')}`;
  if (n === 14) return `${good('fabric')} ${g.mosque_tiles.fabric.join('/') || '—'} · ${good('spice')} ${g.mosque_tiles.spice.join('/') || '—'} · ${g.mosque_rubies[0]} ${w('rubies')}`;
  if (n === 15) return `${good('fruit')} ${g.mosque_tiles.fruit.join('/') || '—'} · ${good('jewelry')} ${g.mosque_tiles.jewelry.join('/') || '—'} · ${g.mosque_rubies[1]} ${w('rubies')}`;
  return '';
}

function Place({ p, g, names, moves, selected, onSelect, current }) {
  const cls = `ist-place${selected ? ' ist-selected' : ''}${current ? ' ist-current' : ''}${moves.length ? ' ist-open' : ''}`;
  const mine = (seat) => g.players[seat].stack;
  return html`<li class=${cls} data-place=${p.number} style=${{ gridRow: p.row + 1, gridColumn: p.col + 1, listStyle: 'none', border: selected ? '3px solid #1d4ed8' : '1px solid #8a7f66', borderRadius: '6px', padding: '4px', background: moves.length ? '#fff8e1' : '#fffdf6', minHeight: '7em' }}>
    <button type="button" class="ist-place-name" aria-pressed=${selected} onClick=${() => onSelect(p.number)}
      style=${{ width: '100%', textAlign: 'left', fontWeight: 'bold' }}>${p.number} ${placeName(p.number)}${moves.length ? ` (${moves.length})` : ''}</button>
    <div class="muted small">${offer(p, g)}</div>
    <div class="ist-pieces">
      ${p.merchants.map((s) => html`<span data-merchant=${s} title=${names[s]}><${Seat} seat=${s} names=${names} />×${mine(s) + 1} </span>`)}
      ${p.assistants.length ? html`<span class="muted"> ${w('at')}: </span>` : ''}${p.assistants.map((s) => html`<span data-assistant=${s}><${Seat} seat=${s} names=${names} /> </span>`)}
      ${p.families.map((s) => html`<span data-family=${s}>F<${Seat} seat=${s} names=${names} /> </span>`)}
      ${p.neutrals ? html`<span data-neutral=${p.neutrals}>N×${p.neutrals} </span>` : ''}
      ${p.governor ? html`<strong data-governor="true" title=${w('governor')}>${w('governor')} </strong>` : ''}
      ${p.smuggler ? html`<strong data-smuggler="true" title=${w('smuggler')}>${w('smuggler')}</strong>` : ''}
    </div>
  </li>`;
}

function Wheelbarrow({ p, names, me, target }) {
  return html`<div class="card-box" data-player=${p.seat}>
    <h4><${SeatName} seat=${p.seat} names=${names} me=${me} /></h4>
    <p>${w('lira')}: <strong data-lira=${p.seat}>${p.money}</strong> · ${w('rubies')}: <strong data-rubies=${p.seat}>${p.rubies}</strong>/${target} · ${w('ext')}: ${p.extensions}</p>
    <p>${Object.entries(p.goods).map(([k, n]) => `${good(k)} ${n}/${p.capacity}`).join(' · ')}</p>
    <p class="small">${w('stack')}: ${p.stack} · ${w('at')}: ${p.assistants.map(placeName).join(', ') || '—'}${p.reserve ? ` · ${w('reserve')}` : ''} · ${w('family')}: ${placeName(p.family)}</p>
    ${p.tiles.length ? html`<p class="small">${w('tiles')}: ${p.tiles.map(good).join(', ')}</p>` : ''}
    ${p.hand ? html`<ul class="hand small" aria-label=${w('hand')}>${p.hand.map((c) => html`<li class="card" data-card=${c}>${card(c)}</li>`)}</ul>`
      : html`<p class="small">${w('cards', p.hand_count)}</p>`}
  </div>`;
}

/** A move sent by the board itself where the page hands it no `play` (the page then learns of
 * the move through its live updates, as of any other seat's move). */
function sender(view, setSending) {
  return async (move) => {
    setSending(true);
    try { await api('POST', `/api/tables/${view.table.table_id}/moves`, { move }); } catch { /* the page shows the state */ }
    setSending(false);
  };
}

export function IstanbulBoard({ view, names, play: given, busy: pageBusy }) {
  const [sending, setSending] = useState(false);
  const playing = view.table.status === 'playing';
  const play = given || (playing ? sender(view, setSending) : null);
  const busy = pageBusy || sending;
  const g = view.game;
  const me = view.seat;
  const moves = view.legal_moves || [];
  const [picked, setPicked] = useState(null);
  const byPlace = new Map();
  for (const m of moves) {
    const at = placeOf(m, g, me);
    if (!byPlace.has(at)) byPlace.set(at, []);
    byPlace.get(at).push(m);
  }
  const current = g.action_place || (me !== null && me !== undefined && g.players[me] ? g.players[me].merchant : 0);
  const selected = picked !== null ? picked : (byPlace.has(current) ? current : null);
  const choices = selected !== null ? byPlace.get(selected) || [] : [];
  return html`<div class="board istanbul" data-board="istanbul">
    <p><strong>${w('round')} ${g.round}</strong> · ${w('target', g.ruby_target)} · ${w('deck')}: ${g.deck_count} · ${w('discard')}: ${g.discard.length ? card(g.discard[g.discard.length - 1]) : '—'}
      ${g.dice.length ? html` · ${w('dice')}: <span data-dice="true">${g.dice.join(' + ')}</span>${g.call ? ` (${w('call')} ${g.call})` : ''}` : ''}
      ${g.catches.length ? html` · ${w('caught')}: ${g.catches.map((s) => names[s] || s + 1).join(', ')}` : ''}</p>
    <ol class="ist-grid" style=${{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '6px', padding: 0, margin: '0 0 12px' }}>
      ${g.places.map((p) => html`<${Place} key=${p.number} p=${p} g=${g} names=${names} moves=${byPlace.get(p.number) || []}
        selected=${selected === p.number} current=${current === p.number} onSelect=${setPicked} />`)}
    </ol>
    ${moves.length ? html`<section class="ist-choices" aria-live="polite">
      ${selected !== null ? html`<h3>${w('choices')} ${placeName(selected)}</h3>
        ${choices.length ? html`<div class="row" style=${{ display: 'flex', flexWrap: 'wrap', gap: '6px' }}>${choices.map((m) => html`<button type="button" class="move" data-move=${JSON.stringify(m)}
            disabled=${busy || !play} onClick=${() => { setPicked(null); if (play) play(m); }}>${moveWords(m)}</button>`)}</div>`
          : html`<p class="muted">${w('none')}</p>`}` : html`<p class="muted">${w('pick')}</p>`}
    </section>` : ''}
    <section aria-label=${w('players')} style=${{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16em, 1fr))', gap: '6px' }}>
      ${g.players.map((p) => html`<${Wheelbarrow} p=${p} names=${names} me=${me} target=${g.ruby_target} />`)}
    </section>
  </div>`;
}

export function istanbulLabel(view) {
  return (field, value) => {
    if ((field === 'to' || field === 'place') && typeof value === 'number') return placeName(value);
    if (field === 'places' && Array.isArray(value)) return value.map(placeName).join(', ');
    if (field === 'good' || field === 'pay') return typeof value === 'string' ? (value === 'lira' ? '2 Lira' : good(value)) : null;
    if (field === 'card' && typeof value === 'string') return card(value);
    if (field === 'goods' && Array.isArray(value)) return goodsTuple(value);
    if (field === 'any' && Array.isArray(value)) return value.length ? value.map(good).join(', ') : '—';
    return null;
  };
}
