// The replay of a table: step or slide to any event and see the board as I saw it then.
// Views are fetched a block at a time (GET /views?from=&to=, at most PAGE of them) and kept:
// stepping or sliding within a block asks the server nothing.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html, seatNames, Result } from '../boards/common.js';
import { get } from '../api.js';
import { lang, t } from '../i18n.js';
import { Board } from './table.js';
import { listGames } from '../api.js';
import { gameTitle, statusWords } from '../i18n.js';
import { Log, endLine, useLogFeed } from '../loglines.js';
import { endReason, errorText } from '../words.js';
import { scoreBreakdown } from '../breakdown.js';

const PAGE = 50; // the most views one /views request answers (MAX_VIEWS on the server)

export function ReplayPage({ id, at }) {
  const [last, setLast] = useState(0);
  const [k, setK] = useState(0);
  const [view, setView] = useState(null);
  const [games, setGames] = useState([]);
  const [error, setError] = useState('');
  const kept = useRef(new Map()); // version -> my view then
  useEffect(() => {
    get(`/api/tables/${id}/view`).then((v) => {
      setLast(v.table.version);
      setK(at ? Math.min(at, v.table.version) : v.table.version);
    }).catch((e) => setError(errorText(e, lang())));
    listGames().then(setGames).catch(() => {});
  }, [id]);
  const feed = useLogFeed(id, 0);
  useEffect(() => { if (k) feed.seek(k); }, [feed, k]);
  const atEnd = !!(view && view.result && k === last);
  useEffect(() => { if (atEnd) feed.all(); }, [feed, atEnd]);
  useEffect(() => {
    if (!k) return;
    let stale = false;
    const show = () => { if (!stale) setView(kept.current.get(k)); };
    if (kept.current.has(k)) show();
    else {
      const from = Math.floor((k - 1) / PAGE) * PAGE + 1;
      const to = Math.min(last, from + PAGE - 1);
      get(`/api/tables/${id}/views?from=${from}&to=${to}`).then((page) => {
        page.items.forEach((v, i) => kept.current.set(page.from + i, v));
        show();
      }).catch((e) => setError(errorText(e, lang())));
    }
    history.replaceState(null, '', `/tables/${id}/replay?at=${k}`);
    return () => { stale = true; };
  }, [k]);
  const go = (n) => setK(Math.max(1, Math.min(last, n)));
  const names = view ? seatNames(view) : [];
  const found = view && games.find((g) => g.name === view.table.game);
  const title = view ? (found ? gameTitle(found) : '') : '';
  const reason = view && view.result ? endReason(view, lang(), names) : '';
  const breakdown = view && view.result && feed.start ? scoreBreakdown(view.table.game, feed.entries.filter((e) => e.version <= k), view.result.scores, lang(), view.game) : [];
  return html`<div class="replay" data-replay-version=${view ? view.table.version : ''}>
    <h1 tabindex="-1">${t('replay')}${view ? html` <span class="muted">· <a href=${`/tables/${id}`}>${title || t('toTable')}</a></span>` : ''}</h1>
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    <div class="row replay-controls">
      <button type="button" onClick=${() => go(k - 1)} disabled=${k <= 1}>◀ ${t('previous')}</button>
      <label for="replay-at">${t('event')} ${k} / ${last}</label>
      <input id="replay-at" type="range" min="1" max=${last || 1} value=${k} onInput=${(e) => go(Number(e.target.value))} />
      <button type="button" onClick=${() => go(k + 1)} disabled=${k >= last}>${t('next')} ▶</button>
    </div>
    ${view ? html`<div class="layout"><div class="main-col">
        <p><strong data-replay-status=${view.table.status}>${statusWords(view.table.status)}</strong></p>
        ${view.result ? html`<${Result} result=${view.result} names=${names} reason=${reason} breakdown=${breakdown} />` : null}
        <p class="muted" data-replay-note="true">${t('replayReadOnly')}</p>
        <section class="panel"><${Board} view=${view} readOnly=${true} /></section>
        <details class="panel"><summary>${t('rawView')}</summary><pre data-view-json>${JSON.stringify(view)}</pre></details>
      </div><div class="side-col"><${Log} feed=${feed} upto=${k} names=${names} game=${view.table.game} end=${view.result ? endLine(view, names, reason, breakdown) : null} /></div></div>` : null}
  </div>`;
}
