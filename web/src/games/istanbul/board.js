// Istanbul: the 4x4 grid of places (merchant stacks, assistants, family members, governor,
// smuggler, neutral merchants, each place's current offer), every wheelbarrow with goods and
// capacity, Lira, rubies, tiles and bonus cards (mine by name, the others' as a count).
// A move is made by clicking a place, then one of that place's choices (each carries data-move).
import { useState } from 'preact/hooks';
import { html, SeatName } from '../../boards/common.js';
import { lang, t } from '../../i18n.js';
import { moveName } from '../../moves.js';
import { gameWords } from '../../words.js';

const words = () => gameWords('istanbul', lang()).board;
const w = (k, ...a) => { const v = words()[k]; return typeof v === 'function' ? v(...a) : v; };
// A place's name; in the grid with its soft hyphens (where a long name may break on a phone).
const gridName = (n) => words().places[n] || String(n);
export const placeName = (n) => gridName(n).replaceAll('\u00ad', '');
const good = (g) => words().goods[g] || g;
const card = (c) => words().cards[c] || c;
const goodsText = (counts) => Object.entries(counts).filter(([, n]) => n).map(([g, n]) => `${n} ${good(g)}`).join(', ') || '—';
const goodsTuple = (t) => goodsText({ fabric: t[0], spice: t[1], fruit: t[2], jewelry: t[3] });
const pay = (v) => (v === 'lira' ? '2 Lira' : good(v));
const helpers = { place: placeName, good, card, goods: goodsTuple, pay };

/** A move in words, in the page's language. */
export function moveWords(m) {
  return words().move(m, helpers) || moveName(m.type, 'istanbul');
}

// The pieces as symbols (in the seat's colour; the legend above the grid names them).
const SYMBOL = { merchant: '♟', assistant: '■', family: '⚑', neutral: '♙', governor: '♛', smuggler: '✪' };

function Legend() {
  const p = words().pieces;
  return html`<p class="ist-legend small" data-legend="true"><span class="muted">${w('legend')}:</span>
    ${Object.keys(SYMBOL).map((k) => html`<span class="ist-key"><span class="ist-sym" aria-hidden="true">${SYMBOL[k]}</span> ${p[k]}</span>`)}</p>`;
}

function Piece({ kind, seat, text, extra }) {
  return html`<span class=${`ist-piece${seat === undefined ? '' : ` ist-fg-${seat % 6}`}`} title=${text}
    data-piece=${kind}><span aria-hidden="true">${SYMBOL[kind]}${extra !== undefined ? html`<small>${extra}</small>` : ''}</span><span class="sr">${text}</span></span>`;
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
  const who = (s) => names[s] || t('seatN', s);
  const piece = words().piece;
  return html`<li class=${cls} data-place=${p.number} style=${{ gridRow: p.row + 1, gridColumn: p.col + 1 }}>
    <button type="button" class="ist-place-name" aria-pressed=${selected} onClick=${() => onSelect(p.number)}>
      <span class="ist-num">${p.number}</span> ${gridName(p.number)}${moves.length ? html` <span class="ist-count">(${moves.length})</span>` : ''}</button>
    <div class="muted ist-offer">${offer(p, g)}</div>
    <div class="ist-pieces">
      ${p.merchants.map((s) => html`<span data-merchant=${s}><${Piece} kind="merchant" seat=${s} extra=${g.players[s].stack} text=${piece.merchant(who(s), g.players[s].stack)} /></span>`)}
      ${p.assistants.map((s) => html`<span data-assistant=${s}><${Piece} kind="assistant" seat=${s} text=${piece.assistant(who(s))} /></span>`)}
      ${p.families.map((s) => html`<span data-family=${s}><${Piece} kind="family" seat=${s} text=${piece.family(who(s))} /></span>`)}
      ${p.neutrals ? html`<span data-neutral=${p.neutrals}><${Piece} kind="neutral" extra=${p.neutrals > 1 ? p.neutrals : undefined} text=${piece.neutral(p.neutrals)} /></span>` : ''}
      ${p.governor ? html`<span data-governor="true"><${Piece} kind="governor" text=${words().pieces.governor} /></span>` : ''}
      ${p.smuggler ? html`<span data-smuggler="true"><${Piece} kind="smuggler" text=${words().pieces.smuggler} /></span>` : ''}
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
      : html`<p class="small">${w('cards_n', p.hand_count)}</p>`}
  </div>`;
}

/** The board; without `play` (a replay, a spectator, a finished table) it only shows. */
export function IstanbulBoard({ view, names, play, busy }) {
  const g = view.game;
  const me = view.seat;
  const moves = play ? view.legal_moves || [] : [];
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
    <${Legend} />
    <ol class="ist-grid">
      ${g.places.map((p) => html`<${Place} key=${p.number} p=${p} g=${g} names=${names} moves=${byPlace.get(p.number) || []}
        selected=${selected === p.number} current=${current === p.number} onSelect=${setPicked} />`)}
    </ol>
    ${moves.length ? html`<section class="ist-choices" aria-live="polite">
      ${selected !== null ? html`<h3>${w('choices')} ${placeName(selected)}</h3>
        ${choices.length ? html`<div class="row ist-moves">${choices.map((m) => html`<button type="button" class="move" data-move=${JSON.stringify(m)}
            disabled=${busy || !play} onClick=${() => { setPicked(null); if (play) play(m); }}>${moveWords(m)}</button>`)}</div>`
          : html`<p class="muted">${w('none')}</p>`}` : html`<p class="muted">${w('pick')}</p>`}
    </section>` : ''}
    <section class="ist-players" aria-label=${w('players')}>
      ${g.players.map((p) => html`<${Wheelbarrow} p=${p} names=${names} me=${me} target=${g.ruby_target} />`)}
    </section>
  </div>`;
}

export function istanbulLabel(view) {
  return (field, value) => {
    if ((field === 'to' || field === 'place') && typeof value === 'number') return placeName(value);
    if (field === 'places' && Array.isArray(value)) return value.map(placeName).join(', ');
    if (field === 'good') return typeof value === 'string' ? good(value) : null;
    if (field === 'pay') return typeof value === 'string' ? pay(value) : null;
    if (field === 'source' && typeof value === 'string') return words().source[value] || null;
    if (field === 'take' && typeof value === 'string') return words().take[value] || null;
    if (field === 'die' && typeof value === 'number') return String(value + 1);
    if (field === 'card' && typeof value === 'string') return card(value);
    if (field === 'goods' && Array.isArray(value)) return goodsTuple(value);
    if (field === 'any' && Array.isArray(value)) return value.length ? value.map(good).join(', ') : '—';
    return null;
  };
}
