// Pieces shared by the boards: seats (a colour and always a number/initial), scores, raw data.
import { h } from 'preact';
import htm from 'htm';
import { t } from '../i18n.js';

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
      <tbody>${breakdown.map((row) => html`<tr><th scope="row">${row.label}</th>${order.map((s) => html`<td>${row.values[s]}</td>`)}</tr>`)}</tbody></table></div>` : null}
  </section>`;
}
