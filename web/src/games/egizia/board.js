// Egizia: the river with its stops and ships, the building sites, the players' tracks, my Sphinx cards.
import { html, Seat, SeatName, useParts, Part, Choices } from '../../boards/common.js';
import { lang } from '../../i18n.js';
import { gameWords } from '../../words.js';
import { nileName, nileText, sphinxName, sphinxText } from './data.js';

// The 20 river stops, upstream first (the game's data file).
const STOPS = ['card', 'edfu', 'card', 'sphinx', 'card', 'thebae', 'card', 'passalon', 'card', 'obelisk',
  'card', 'selinon', 'card', 'beni_hasan', 'card', 'pyramid', 'card', 'alyi', 'card', 'heliopolis'];
const words = () => gameWords('egizia', lang()).board;
const w = (k, ...a) => { const v = words()[k]; return typeof v === 'function' ? v(...a) : v; };
const SITES = new Proxy([], { get: (_, i) => words().sites[i] });
const title = (s) => words().stops[s] || s;

function stopCards(river) {
  // The i-th "card" stop shows river_cards[i].
  const out = [];
  let i = 0;
  for (const stop of STOPS) out.push(stop === 'card' ? river[i++] : undefined);
  return out;
}

/** A Nile card by name, its effect below (and as its tooltip). */
function NileCard({ id, small }) {
  const text = nileText(id, lang());
  return html`<span class=${`nile-card${small ? ' small' : ''}`} data-nile-card=${id} title=${text || undefined}><strong>${nileName(id, lang())}</strong>${text && !small ? html`<span class="card-help">${text}</span>` : ''}</span>`;
}

function Row({ cells, names }) {
  return html`<span class="inline-list">${cells.map((s) => html`<span class="cell">${s === null ? html`<span aria-hidden="true">·</span><span class="sr">${w('free')}</span>` : html`<${Seat} seat=${s} names=${names} />`}</span>`)}</span>`;
}

/** Where on the board each Egizia move is made (null: the action row). */
function egiziaPart(m) {
  switch (m.type) {
    case 'PlaceShip': return `stop:${m.stop}`;
    case 'TakeLeftoverCard': return m.field === null || m.field === undefined ? null : `stop:${cardStop(m.field)}`;
    case 'PlayNileCard': return `card:${m.card}`;
    case 'AdvanceCrew': case 'AssignCrew': return `crew:${m.crew}`;
    case 'BuildObelisk': return 'obelisk';
    case 'TakeTomb': return 'tombs';
    case 'BuildPyramid': return `pyramid:${m.row}`;
    case 'BuildTemple': return 'temple';
    default: return null;
  }
}

/** The river stop of the i-th card field. */
function cardStop(field) {
  let n = -1;
  return STOPS.findIndex((s) => s === 'card' && ++n === field);
}

export function EgiziaBoard({ view, names, play, busy }) {
  const g = view.game;
  const cards = stopCards(g.river_cards);
  const me = view.seat;
  const mine = me !== null && me !== undefined && g.players[me] ? g.players[me] : null;
  const parts = useParts({ view, play, busy, label: egiziaLabel, game: 'egizia', partOf: egiziaPart });
  const order = g.players.map((_, s) => s).sort((a, b) => g.players[a].tile - g.players[b].tile);
  const stopName = (stop, i) => (stop === 'card' ? w('card') : title(stop)) + ` ${i + 1}`;
  return html`<div class="board egizia" data-board="egizia">
    <p><strong>${w('round')} ${g.round}</strong>${g.build ? html` · ${w('build')}: ${SITES[g.build.site] || g.build.site} (${g.build.strength})` : ''}</p>
    <p class="eg-order" data-turn-order="true">${w('order')}: ${order.map((s, i) => html`<span class="eg-order-seat">${i + 1}. <${SeatName} seat=${s} names=${names} me=${me} /></span>`)}</p>
    <p class="eg-ring" data-ring=${g.ring}>${w('ring')}: <span class="eg-ring-cells" aria-hidden="true">${[0, 1, 2].map((i) => html`<span class=${`eg-ring-cell${i === g.ring ? ' eg-ring-at' : ''}`}>${i === g.ring ? '◉' : '○'}</span>`)}</span>
      <strong>${words().ringAt[g.ring]}</strong> <span class="muted small">${w('ringHelp')}</span></p>
    <${Choices} parts=${parts} />
    <section aria-labelledby="eg-river"><h3 id="eg-river">${w('river')}</h3>
      <ol class="river">${STOPS.map((stop, i) => html`<li class=${`stop stop-${stop === 'card' ? 'card' : 'place'}`}>
        <${Part} parts=${parts} at=${`stop:${i}`} name=${stopName(stop, i)} cls="stop-part"><span class="n">${i + 1}</span>
        <span class="stop-name">${stop === 'card' ? (cards[i] === null || cards[i] === undefined ? `${w('card')}: ${w('taken')}` : html`<${NileCard} id=${cards[i]} />`) : title(stop)}</span>
        <span class="ships">${(g.occupancy[i] || []).map((s) => html`<${Seat} seat=${s} names=${names} />`)}</span><//>
      </li>`)}</ol></section>
    <section aria-labelledby="eg-sites"><h3 id="eg-sites">${w('sites_h')}</h3>
      <ul class="plain">${g.sites.map((site, i) => html`<li><strong>${SITES[i] || i}</strong> · ${w('berths')}: <${Row} cells=${site.berths} names=${names} />
        ${site.reserve && site.reserve.length ? html` · ${w('reserve')} <${Row} cells=${site.reserve} names=${names} />` : ''}</li>`)}</ul>
      <p><${Part} parts=${parts} at="obelisk" name=${w('obelisk')}><strong>${w('obelisk')}</strong><//>: <${Row} cells=${g.obelisk} names=${names} /></p>
      <p><strong>${w('pyramid')}</strong>:</p>
      <div class="pyramid">${g.pyramid.map((row, r) => [r, row]).reverse().map(([r, row]) => html`<div><${Part} parts=${parts} at=${`pyramid:${r}`} name=${`${w('pyramid')} ${w('row')} ${r + 1}`}><${Row} cells=${row} names=${names} /><//></div>`)}</div>
      <p><${Part} parts=${parts} at="temple" name=${w('temple')}><strong>${w('temple')}</strong><//>: <${Row} cells=${g.temple} names=${names} /></p>
      <p><${Part} parts=${parts} at="tombs" name=${w('tombs')}>${w('openTombs')}<//>: ${g.open_tombs.join(', ') || '—'}${g.tombs_face_down ? ` · ${g.tombs_face_down} ${w('faceDown')}` : ''}</p>
      <p>${w('deck')}: ${w('cards')} ${g.nile_deck_sizes.join('/')}, ${w('sphinx')} ${g.sphinx_deck_size}</p>
    </section>
    <section aria-labelledby="eg-players"><h3 id="eg-players">${w('players')}</h3><div class="scroll" tabindex="0"><table class="data by-player">
      <thead><tr><th scope="col">${w('players')}</th><th scope="col">${w('score')}</th><th scope="col">${w('stones')}</th><th scope="col">${w('crews')}</th><th scope="col">${w('ships')}</th><th scope="col">${w('grain')}</th><th scope="col">${w('sale')}</th><th scope="col">${w('sphinx')}</th><th scope="col">${w('tombs')}</th></tr></thead>
      <tbody>${g.players.map((p, s) => html`<tr>
        <th scope="row"><${SeatName} seat=${s} names=${names} me=${me} /></th>
        <td data-label=${w('score')} data-board-score=${s}>${p.score}</td><td data-label=${w('stones')}>${p.stones}</td>
        <td data-label=${w('crews')}>${p.crews.map((c, i) => html`<${Part} parts=${s === me ? parts : NONE} at=${`crew:${i}`} name=${i === 3 ? `${w('joker')} (${c})` : `${w('crew', i + 1)} (${c})`} cls=${`cell${p.used[i] ? ' used' : ''}`}>${c}${p.used[i] ? '✓' : ''}<//>`)}</td>
        <td data-label=${w('ships')}>${p.ships}</td><td data-label=${w('grain')}>${p.grain_market}</td><td data-label=${w('sale')}>${p.stone_sale}</td>
        <td data-label=${w('sphinx')}>${p.sphinx_count}${s !== me && !(p.sphinx && p.sphinx.length) ? html` <span class="muted">(${w('hidden')})</span>` : ''}</td>
        <td data-label=${w('tombs')} data-tombs=${s}>${p.tombs.length ? p.tombs.join(', ') : '—'}</td></tr>
        <tr class="eg-cards-row"><td colspan="9" data-label=${w('cards')} class="eg-cards"><span class="eg-cards-label">${w('cards')}:</span> ${p.cards.length ? html`<ul class="plain">${p.cards.map((c) => html`<li><${Part} parts=${s === me ? parts : NONE} at=${`card:${c}`} name=${nileName(c, lang())}><${NileCard} id=${c} small=${true} /><//></li>`)}</ul>` : '—'}</td></tr>`)}</tbody>
    </table></div></section>
    ${mine ? html`<section aria-labelledby="eg-mine"><h3 id="eg-mine">${w('mine')}</h3>
      <ul class="hand">${mine.sphinx.map((c) => html`<li class="card sphinx-card" data-sphinx-card=${c} title=${sphinxText(c, lang())}><strong>${sphinxName(c, lang())}</strong><span class="card-help">${sphinxText(c, lang())}</span></li>`)}</ul>
      ${g.build && g.build.seat === me && g.build.drawn.length ? html`<p>${w('drawn')}:</p><ul class="hand">${g.build.drawn.filter((c) => c >= 0).map((c) => html`<li class="card sphinx-card" title=${sphinxText(c, lang())}><strong>${sphinxName(c, lang())}</strong><span class="card-help">${sphinxText(c, lang())}</span></li>`)}</ul>` : ''}</section>` : null}
    ${g.over ? g.players.map((p, s) => (s !== me && p.sphinx && p.sphinx.length ? html`<section><h3><${SeatName} seat=${s} names=${names} me=${me} />: ${w('sphinx')}</h3>
      <ul class="hand">${p.sphinx.map((c) => html`<li class="card sphinx-card" title=${sphinxText(c, lang())}><strong>${sphinxName(c, lang())}</strong><span class="card-help">${sphinxText(c, lang())}</span></li>`)}</ul></section>` : null)) : null}
  </div>`;
}

const NONE = { part: () => null };

export function egiziaLabel(view) {
  const me = view.game && view.seat !== null && view.seat !== undefined ? view.game.players[view.seat] : null;
  return (field, value) => {
    if (field === 'crew' && typeof value === 'number') {
      const name = value === 3 ? w('joker') : w('crew', value + 1);
      return me ? `${name} (${me.crews[value]})` : name;
    }
    if (field === 'stop' && typeof value === 'number') {
      const stop = STOPS[value];
      return stop ? `${value + 1} ${stop === 'card' ? w('card') : title(stop)}` : null;
    }
    if (field === 'site' && typeof value === 'number') return SITES[value] || null;
    if (field === 'direction' && typeof value === 'number') return words().ringMove[value + 1] || null;
    if (field === 'berth') return value === null ? w('reserve') : typeof value === 'number' ? String(value + 1) : null;
    if ((field === 'row' || field === 'field') && typeof value === 'number') return String(value + 1);
    if (field === 'marker' && typeof value === 'string') return words().markers[value] || null;
    if (field === 'card' && typeof value === 'number') return nileName(value, lang());
    if (field === 'cards' && typeof value === 'number') return sphinxName(value, lang());
    return null;
  };
}
