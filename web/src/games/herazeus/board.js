// Hera und Zeus: the opponent's field above, mine below (three columns, row 1 at the middle),
// the hands (the opponent's as card backs), decks, discard piles and the action points.
// A move is made on the board: click a hand card, then its target (a place of my field, a
// column of the opponent, the opponent's hand or pile...); a challenge is my row-1 card, then
// the opponent's card opposite. The click that completes a legal move sends it.
import { useState } from 'preact/hooks';
import { html, Seat } from '../../boards/common.js';
import { lang } from '../../i18n.js';
import { gameWords } from '../../words.js';
import { nameIn } from './data.js';

const words = () => gameWords('herazeus', lang()).board;
const w = (k, ...a) => { const v = words()[k]; return typeof v === 'function' ? v(...a) : v; };

/** A card's name in the page's language (the catalogue's `names`, word by word). */
export function cardName(c) {
  if (!c || !c.name) return '';
  return nameIn(c.name, lang());
}

/** Each card type's effect, in the catalogue's words. */
export const cardEffect = (c) => (c && c.type ? words().effects[c.type] || '' : '');

/** The clicks (tokens) that make each kind of move, in order. */
export function tokensOf(m) {
  switch (m.type) {
    case 'PlaceOpening': return m.cards.map((c) => `hand:${c}`);
    case 'Draw': return ['deck'];
    case 'PlayCard': return [`hand:${m.card}`, `ins:${m.column}:${m.position}`];
    case 'Challenge': return [`mine:${m.column}:0`, `opp:${m.column}`];
    case 'PlayHeraZeus': return [`hand:${m.card}`, `ins:${m.column}:0`];
    case 'RemoveFigure': return m.pegasus === null || m.pegasus === undefined ? ['figure'] : [`hand:${m.pegasus}`, 'figure'];
    case 'PegasusHand': case 'PythiaSpy': return [`hand:${m.card}`, 'opphand'];
    case 'PegasusRow': case 'PythiaReveal': return [`hand:${m.card}`, `opp:${m.column}`];
    case 'PlaySirens': return [`hand:${m.card}`, 'oppdiscard'];
    case 'PlayHades': return [`hand:${m.card}`, `disc:${m.take}`];
    case 'PlayPersephone': return [`hand:${m.card}`, 'mydiscard'];
    case 'PlayDionysus': return [`hand:${m.card}`, `mine:${m.column}:${m.position}`, `ins:${m.to_column}:${m.to_position}`];
    case 'PlacePicked': return [`opp:${m.column}`];
    case 'DiscardNext': return [`pend:${m.card}`];
    default: return null;
  }
}

const startsWith = (seq, sel) => sel.every((t, i) => seq[i] === t);

/** The selection: which tokens extend it, and the move a token would complete. */
function chooser(moves, sel) {
  const cands = moves.map((m) => [m, tokensOf(m)]).filter(([, seq]) => seq && seq.length > sel.length && startsWith(seq, sel));
  return (tokens) => {
    for (const t of tokens) {
      const next = cands.filter(([, seq]) => seq[sel.length] === t);
      if (!next.length) continue;
      const done = next.find(([, seq]) => seq.length === sel.length + 1);
      return { token: t, move: done ? done[0] : null };
    }
    return null;
  };
}

function CardFace({ c, up }) {
  const effect = cardEffect(c);
  return html`<span class="hz-face" title=${effect}>
    <span class="hz-name">${cardName(c)}</span>
    ${c.strength !== undefined && c.strength !== null && c.type !== 'hostage' ? html`<span class="hz-str" title=${`${w('strength')} ${c.strength}`}>${c.strength}</span>` : ''}
    ${up === false ? html`<span class="hz-down">${w('faceDown')}</span>` : ''}
  </span>`;
}

/** A clickable piece of the board (a button when some legal move continues through it). */
function Piece({ tokens, pick, sel, cls, label, children }) {
  const hit = tokens && pick ? pick(tokens) : null;
  const chosen = tokens && tokens.some((t) => sel.includes(t));
  const className = `hz-piece ${cls || ''}${chosen ? ' hz-chosen' : ''}${hit ? ' hz-can' : ''}`;
  if (!hit) return html`<div class=${className} aria-label=${label} role="img">${children}</div>`;
  return html`<button type="button" class=${className} title=${label}
    data-pick=${hit.token} data-move=${hit.move ? JSON.stringify(hit.move) : undefined}
    onClick=${() => hit.onClick()}>${children}</button>`;
}

function describeCard(c, up) {
  if (!c) return '';
  if (!c.name) return w('back', w(c.back));
  const eff = cardEffect(c);
  return `${cardName(c)}${c.strength !== undefined && c.type !== 'hostage' ? `, ${w('strength')} ${c.strength}` : ''}${up === false ? `, ${w('faceDown')}` : ''}${eff ? `. ${eff}` : ''}`;
}

function Field({ p, mine, pick, sel, names, flip }) {
  const cols = p.field.map((col, c) => {
    const places = [];
    for (let pos = 0; pos < 4; pos++) {
      const slot = col[pos];
      const where = `${w('column')} ${c + 1}, ${w('row')} ${pos + 1}`;
      let tokens = null;
      let body;
      let cls = 'hz-slot';
      let label;
      if (!slot) {
        tokens = mine ? (pos === col.length ? [`ins:${c}:${pos}`] : null) : [`opp:${c}`];
        body = html`<span class="hz-empty" aria-hidden="true"></span>`;
        cls += ' hz-vacant';
        label = `${where}: ${w('empty')}`;
      } else if (slot.figure) {
        tokens = mine ? ['figure', `ins:${c}:${pos}`] : [`opp:${c}`];
        body = html`<span class="hz-figure">♛ ${w(p.role)}</span>`;
        cls += ` hz-fig-${p.role}`;
        label = `${where}: ${w('figure')} ${w(p.role)}`;
      } else {
        const c2 = slot.card;
        tokens = mine ? [`mine:${c}:${pos}`, `ins:${c}:${pos}`] : [`opp:${c}`];
        body = c2.name ? html`<${CardFace} c=${c2} up=${!!slot.face_up} />` : html`<span class="hz-backface">${w(c2.back)}</span>`;
        cls += ` hz-card hz-back-${c2.back}${slot.face_up ? ' hz-up' : ' hz-facedown'}${c2.name ? '' : ' hz-hidden'}`;
        label = `${where}: ${describeCard(c2, !!slot.face_up)}`;
      }
      places.push(html`<${Piece} tokens=${tokens} pick=${pick} sel=${sel} cls=${cls} label=${label}>${body}</${Piece}>`);
    }
    return html`<div class="hz-col" role="group" aria-label=${`${w('column')} ${c + 1}`}>${flip ? [...places].reverse() : places}</div>`;
  });
  return html`<div class=${`hz-field${flip ? ' hz-theirs' : ' hz-mine'}`}>${cols}</div>`;
}

function Side({ p, mine, pick, sel, names, active, apLine }) {
  const top = p.discard.length ? p.discard[p.discard.length - 1] : null;
  const who = html`<${Seat} seat=${p.seat} names=${names} /> ${names[p.seat] || ''} (${w(p.role)})`;
  return html`<div class="hz-side">
    <p class="hz-who"><strong>${who}</strong>${active ? ' ◀' : ''} · ${w('turn', p.turns)}${apLine}</p>
    <div class="hz-row">
      <${Piece} tokens=${mine ? ['deck'] : null} pick=${pick} sel=${sel} cls=${`hz-deck hz-hidden hz-back-${p.role}`} label=${`${w('deck')}: ${w('cards', p.deck_count)}`}>
        <span class="hz-backface">${w(p.role)}</span><span class="hz-count">${w('deck')} ${p.deck_count}</span></${Piece}>
      ${mine ? html`<div class="hz-pile" role="group" aria-label=${w('discard')}>
          <span class="hz-label">${w('discard')} (${p.discard.length})</span>
          <div class="hz-cards">${p.discard.length ? p.discard.map((c) => html`<${Piece} tokens=${[`disc:${c.id}`, 'mydiscard']} pick=${pick} sel=${sel} cls="hz-card hz-small hz-up" label=${describeCard(c)}><${CardFace} c=${c} /></${Piece}>`)
            : html`<${Piece} tokens=${['mydiscard']} pick=${pick} sel=${sel} cls="hz-small hz-vacant" label=${`${w('discard')}: ${w('none')}`}>—</${Piece}>`}</div></div>`
        : html`<${Piece} tokens=${['oppdiscard']} pick=${pick} sel=${sel} cls="hz-pile-top hz-up" label=${`${w('discard')} (${p.discard.length}): ${top ? describeCard(top) : w('none')}`}>
          <span class="hz-label">${w('discard')} (${p.discard.length})</span>${top ? html`<${CardFace} c=${top} />` : ' —'}</${Piece}>`}
      ${!mine ? html`<${Piece} tokens=${['opphand']} pick=${pick} sel=${sel} cls="hz-opphand" label=${`${w('hand')}: ${w('cards', p.hand_count)}`}>
          <span class="hz-label">${w('hand')}</span>
          <span class="hz-backs" aria-hidden="true">${Object.entries(p.hand_backs).flatMap(([back, n]) => Array.from({ length: n }, () => html`<span class=${`hz-minib hz-back-${back}`}></span>`))}</span>
          <span class="hz-count">${p.hand_count}</span></${Piece}>` : ''}
    </div>
    ${p.pending.length ? html`<div class="hz-pending" role="group" aria-label=${w('pending')}><p>${w('pending')}</p>
      <div class="hz-cards">${p.pending.map((c) => html`<${Piece} tokens=${mine ? [`pend:${c.id}`] : null} pick=${pick} sel=${sel} cls="hz-card hz-small hz-up" label=${describeCard(c)}><${CardFace} c=${c} /></${Piece}>`)}</div></div>` : ''}
  </div>`;
}

export function HeraZeusBoard({ view, names, play, busy }) {
  const g = view.game;
  const version = view.table.version;
  const [state, setState] = useState({ v: version, sel: [] });
  const sel = state.v === version ? state.sel : [];
  const me = view.seat !== null && view.seat !== undefined ? view.seat : 0;
  const moves = play && !busy && view.your_turn ? view.legal_moves || [] : [];
  const choose = chooser(moves, sel);
  const pick = (tokens) => {
    const hit = choose(tokens);
    if (!hit) return null;
    return { ...hit, onClick: () => { if (hit.move) { setState({ v: version, sel: [] }); play(hit.move); } else setState({ v: version, sel: [...sel, hit.token] }); } };
  };
  const mine = g.players[me];
  const theirs = g.players[1 - me];
  const ap = g.phase === 'turn' || g.phase === 'place' || g.phase === 'order'
    ? html` · <span class="hz-ap" aria-label=${`${w('ap')}: ${w('apOf', g.ap_left, g.ap_total)}`}>${w('ap')}: <span aria-hidden="true">${Array.from({ length: g.ap_total }, (_, i) => (i < g.ap_left ? '●' : '○')).join('')}</span> ${w('apOf', g.ap_left, g.ap_total)}</span>` : '';
  // what may be clicked next, in words
  const nextKinds = new Set();
  for (const m of moves) {
    const seq = tokensOf(m);
    if (seq && seq.length > sel.length && startsWith(seq, sel)) nextKinds.add(seq[sel.length].split(':')[0]);
  }
  const chosenText = sel.map((t) => {
    const [kind, a, b] = t.split(':');
    if (kind === 'hand') { const c = (mine.hand || []).find((x) => String(x.id) === a); return c ? cardName(c) : ''; }
    if (kind === 'mine') { const s = mine.field[+a] && mine.field[+a][+b]; return s && s.card ? `${cardName(s.card)} (${w('column')} ${+a + 1})` : `${w('column')} ${+a + 1}`; }
    return words().nexts[kind] || kind;
  }).join(' → ');
  const ownSide = view.seat !== null && view.seat !== undefined;
  return html`<div class="board herazeus" data-board="herazeus">
    <${Side} p=${theirs} mine=${false} pick=${pick} sel=${sel} names=${names} active=${g.active === theirs.seat && g.phase !== 'over'} apLine=${g.active === theirs.seat ? ap : ''} />
    <section aria-label=${w('field', names[theirs.seat] || w(theirs.role))}><${Field} p=${theirs} mine=${false} pick=${pick} sel=${sel} names=${names} flip=${true} /></section>
    <hr class="hz-line" />
    <section aria-label=${w('field', names[mine.seat] || w(mine.role))}><${Field} p=${mine} mine=${ownSide} pick=${pick} sel=${sel} names=${names} flip=${false} /></section>
    <${Side} p=${mine} mine=${ownSide} pick=${pick} sel=${sel} names=${names} active=${g.active === mine.seat && g.phase !== 'over'} apLine=${g.active === mine.seat ? ap : ''} />
    ${g.placing ? html`<p class="hz-placing">${w('placing')}: <span class="hz-card hz-up hz-inline"><${CardFace} c=${g.placing} /></span></p>` : ''}
    ${mine.hand ? html`<section aria-labelledby="hz-hand"><h3 id="hz-hand">${w('myHand')} (${mine.hand.length})</h3>
      <div class="hz-cards hz-hand">${mine.hand.map((c) => html`<${Piece} tokens=${[`hand:${c.id}`]} pick=${pick} sel=${sel} cls=${`hz-card hz-up hz-back-${c.back}`} label=${describeCard(c)}>
        <${CardFace} c=${c} /><span class="hz-effect">${cardEffect(c)}</span></${Piece}>`)}</div></section>` : ''}
    ${moves.length ? html`<div class="hz-status" aria-live="polite">
      ${sel.length ? html`<p><strong>${w('picked')}:</strong> ${chosenText}
        <button type="button" class="small secondary" onClick=${() => setState({ v: version, sel: [] })}>${w('cancel')}</button></p>` : ''}
      <p>${w('next')}: ${[...nextKinds].map((k) => words().nexts[k] || k).join('; ')}</p></div>` : ''}
  </div>`;
}

/** Every card this view shows, by id. */
function known(g) {
  const out = new Map();
  const add = (c) => { if (c && c.id !== undefined && c.id !== null) out.set(c.id, c); };
  for (const p of g.players) {
    (p.hand || []).forEach(add); p.discard.forEach(add); p.pending.forEach(add);
    for (const col of p.field) for (const s of col) if (s.card) add(s.card);
  }
  add(g.placing);
  return out;
}

export function herazeusLabel(view) {
  const cards = view.game ? known(view.game) : new Map();
  return (field, value) => {
    if (['card', 'cards', 'take', 'pegasus'].includes(field) && typeof value === 'number') {
      const c = cards.get(value);
      return c ? cardName(c) : '?';
    }
    // the field's name says "column" or "row" already: the number alone, counted from 1
    if (['column', 'to_column', 'position', 'to_position'].includes(field) && typeof value === 'number') return String(value + 1);
    return null;
  };
}
