// Pieces shared by the boards: seats (a colour and always a number/initial), scores, raw data.
import { h } from 'preact';
import htm from 'htm';
import { useState } from 'preact/hooks';
import { t } from '../i18n.js';
import { moveName, moveText } from '../moves.js';

export const html = htm.bind(h);

export function seatNames(view) {
  return ((view && view.table && view.table.seats) || []).map((s) => s.name || t('seatN', s.seat));
}

/** A seat's token: a coloured badge that also shows the seat's number and initial. */
export function Seat({ seat, names }) {
  if (seat === null || seat === undefined) return html`<span class="muted">—</span>`;
  const name = names[seat] || t('seatN', seat);
  return html`<span class=${`seat seat-${seat % 6}`} title=${name}><span aria-hidden="true">${seat + 1}</span><span class="sr">${name}</span></span>`;
}

export function SeatName({ seat, names, me }) {
  const name = names[seat] || t('seatN', seat);
  return html`<span class="seat-name"><${Seat} seat=${seat} names=${names} /> ${name}${seat === me ? ` (${t('you')})` : ''}</span>`;
}

/** Any JSON value as nested lists and tables: the board of a game that has none of its own. */
export function Value({ value, depth = 0 }) {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  if (typeof value !== 'object') return html`<span>${String(value)}</span>`;
  if (Array.isArray(value)) {
    if (!value.length) return html`<span class="muted">∅</span>`;
    if (value.every((v) => v === null || typeof v !== 'object')) {
      return html`<span class="inline-list">${value.map((v) => html`<span class="cell">${v === null ? html`<span aria-hidden="true">·</span><span class="sr">${t('emptyCell')}</span>` : String(v)}</span>`)}</span>`;
    }
    const keys = value.every((v) => v && typeof v === 'object' && !Array.isArray(v))
      ? [...new Set(value.flatMap((v) => Object.keys(v)))] : null;
    if (keys && keys.length <= 10) {
      return html`<div class="scroll" tabindex="0"><table class="data">
        <thead><tr>${keys.map((k) => html`<th scope="col">${k.replaceAll('_', ' ')}</th>`)}</tr></thead>
        <tbody>${value.map((row) => html`<tr>${keys.map((k) => html`<td><${Value} value=${row[k]} depth=${depth + 1} /></td>`)}</tr>`)}</tbody>
      </table></div>`;
    }
    return html`<ol class="data-list">${value.map((v) => html`<li><${Value} value=${v} depth=${depth + 1} /></li>`)}</ol>`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return html`<span class="muted">∅</span>`;
  return html`<dl class=${depth ? 'data nested' : 'data'}>${entries.map(([k, v]) => html`<div class="pair">
    <dt>${k.replaceAll('_', ' ')}</dt><dd><${Value} value=${v} depth=${depth + 1} /></dd></div>`)}</dl>`;
}

/** The scores of a finished game, one row per seat, each carrying `data-score-seat`. */
export function Result({ result, names, reason, breakdown }) {
  if (!result) return null;
  const order = result.scores.map((_, s) => s).sort((a, b) => result.ranks[a] - result.ranks[b]);
  return html`<section class="result" aria-labelledby="result-h">
    <h2 id="result-h">${t('result')}</h2>
    ${reason ? html`<p class="end-reason" data-end-reason="true"><strong>${reason}</strong></p>` : null}
    <table class="data"><thead><tr><th scope="col">${t('rank')}</th><th scope="col">${t('player')}</th><th scope="col">${t('score')}</th></tr></thead>
    <tbody>${order.map((s) => html`<tr>
      <td>${result.ranks[s]}${result.winners.includes(s) ? html` <strong>★ ${t('winner')}</strong>` : ''}</td>
      <td><${SeatName} seat=${s} names=${names} /></td>
      <td data-score-seat=${s}>${result.scores[s]}</td></tr>`)}</tbody></table>
    ${breakdown && breakdown.length ? html`<div class="scroll" tabindex="0"><table class="data breakdown" data-breakdown="true">
      <caption class="sr">${t('breakdown')}</caption>
      <thead><tr><td></td>${order.map((s) => html`<th scope="col"><${SeatName} seat=${s} names=${names} /></th>`)}</tr></thead>
      <tbody>${breakdown.map((row) => html`<tr class=${row.extra ? 'tie-break' : ''}><th scope="row">${row.label}</th>${order.map((s) => html`<td>${row.values[s]}</td>`)}</tr>`)}</tbody></table></div>` : null}
  </section>`;
}

const partsWord = (k) => t(`parts_${k}`);

/** The seat's legal moves grouped by the part of the board that makes them: `partOf(move)`
 * names a part (a die, a space, a card) or returns null for the board's action row. A part
 * with one move plays it when clicked (`data-move`); a part with several is chosen
 * (`data-pick`) and its moves show as buttons in `<Choices>` (each `data-move`). Every move
 * control also names its kind (`data-move-kind`), every part its kinds (`data-move-kinds`). */
export function useParts({ view, play, busy, label, game, partOf }) {
  const moves = view.your_turn && play ? view.legal_moves || [] : [];
  const version = view.table.version;
  const byPart = new Map();
  for (const m of moves) {
    if (!m || typeof m !== 'object') continue;
    let key = partOf(m);
    if (key === false) continue; // made elsewhere on the board
    if (key === null || key === undefined) key = `action:${m.type}`;
    if (!byPart.has(key)) byPart.set(key, []);
    byPart.get(key).push(m);
  }
  const [sel, setSel] = useState({ v: version, key: null });
  const selected = sel.v === version && byPart.has(sel.key) ? sel.key : null;
  const text = (m) => moveText(m, label ? label(view) : null, game);
  /** The attributes and handler a board part needs (nothing when no move is made there). */
  const part = (key) => {
    const here = byPart.get(key);
    if (!here) return null;
    const kinds = [...new Set(here.map((m) => m.type))].join(' ');
    if (here.length === 1) {
      const m = here[0];
      return { attrs: { 'data-move': JSON.stringify(m), 'data-move-kind': m.type, title: text(m),
        disabled: busy, onClick: () => { setSel({ v: version, key: null }); play(m); } }, say: text(m) };
    }
    const say = [...new Set(here.map((m) => moveName(m.type, game)))].join(', ');
    return { attrs: { 'data-pick': key, 'data-move-kinds': kinds, 'aria-pressed': selected === key ? 'true' : 'false', title: say,
      disabled: busy, onClick: () => setSel({ v: version, key }) }, say };
  };
  return { moves, byPart, selected, part, text, play, busy, game };
}

/** A board part: a button when some legal move is made there, else plain (`tag`, `cls`).
 * Its name (`name`, then what clicking it does) is read before its visible content. */
export function Part({ parts, at, name, tag = 'span', cls = '', plain = false, children }) {
  const p = parts.part(at);
  if (!p) return h(tag, { class: cls }, children);
  const chosen = parts.selected === at;
  return html`<button type="button" class=${`part ${cls}${chosen ? ' part-chosen' : ''}`} ...${p.attrs}>${plain ? ''
    : html`<span class="sr">${name ? `${name}: ` : ''}${p.say}: </span>`}${children}</button>`;
}

/** The moves of the chosen part (and the action row: moves no part of the board shows). */
export function Choices({ parts }) {
  if (!parts.moves.length) return null;
  const actions = [...parts.byPart.keys()].filter((k) => k.startsWith('action:'));
  const chosen = parts.selected ? parts.byPart.get(parts.selected) || [] : [];
  return html`<section class="part-choices" aria-live="polite">
    ${actions.length ? html`<h3>${partsWord('actions')}</h3><p class="row">${actions.map((k) => {
      const group = parts.byPart.get(k);
      return html`<${Part} parts=${parts} at=${k} plain=${true}>${group.length === 1 ? parts.text(group[0]) : moveName(group[0].type, parts.game)}<//>`;
    })}</p>` : ''}
    ${chosen.length ? html`<h3>${partsWord('choices')}</h3><p class="row">${chosen.map((m) => html`<button type="button" class="move"
        data-move=${JSON.stringify(m)} data-move-kind=${m.type} disabled=${parts.busy} onClick=${() => parts.play(m)}>${parts.text(m)}</button>`)}</p>`
      : actions.length === parts.byPart.size ? '' : html`<p class="muted">${partsWord('pick')}</p>`}
  </section>`;
}
