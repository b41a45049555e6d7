// The game log panel: newest line first, older lines loaded as the reader scrolls to the
// bottom, lines numbered for people (1 the first line of the game; a number is shown once the
// log is loaded from its first line), and the end of a finished game as its last line.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './boards/common.js';
import { describe } from './log.js';
import { lang, t } from './i18n.js';
import { LogFeed } from './logfeed.js';

// Events that only mark where something begins: not a line of the log.
const UNLOGGED = new Set(['MoveBegan']);

/** The log of table `id` kept up to `version` (null: nothing yet); `[feed, tick]`. */
export function useLogFeed(id, version, query = '') {
  const [, setTick] = useState(0);
  const feed = useRef(null);
  if (!feed.current || feed.current.path !== `/api/tables/${id}/events${query}`) {
    if (feed.current) feed.current.close();
    feed.current = new LogFeed(`/api/tables/${id}/events${query}`, () => setTick((n) => n + 1));
  }
  useEffect(() => () => feed.current && feed.current.close(), []);
  useEffect(() => { if (version) feed.current.follow(version); }, [version, feed.current]);
  return feed.current;
}

/** The lines of a feed up to version `upto` (all: undefined), each with its number for
 * people when the feed holds the log from its start (else null). */
export function logLines(feed, upto) {
  const lines = feed.entries.filter((e) => !UNLOGGED.has(e.name) && (upto === undefined || e.version <= upto));
  return lines.map((e, i) => ({ entry: e, n: feed.start ? i + 1 : null }));
}

/** `end`: the last line of a finished game ({reason, scores: [[name, score]], breakdown}). */
export function Log({ feed, names, game, upto, end }) {
  const lines = logLines(feed, upto);
  const box = useRef(null);
  const sentinel = useRef(null);
  const cache = useRef({ key: '', map: new Map() });
  const key = `${lang()}|${names.join('\u0001')}|${game}`;
  if (cache.current.key !== key) cache.current = { key, map: new Map() };
  const words = (e) => {
    let s = cache.current.map.get(e.version);
    if (s === undefined) { s = describe(e, names, game); cache.current.map.set(e.version, s); }
    return s;
  };
  // the bottom of the list in view (the reader scrolled down): one page older
  useEffect(() => {
    if (feed.start || !sentinel.current || typeof IntersectionObserver === 'undefined') return undefined;
    const seen = new IntersectionObserver((all) => { if (all.some((x) => x.isIntersecting)) feed.more(); }, { root: box.current });
    seen.observe(sentinel.current);
    return () => seen.disconnect();
  }, [feed, feed.start, lines.length]);
  const shown = [...lines].reverse();
  return html`<section class="panel log" aria-labelledby="log-h"><h2 id="log-h">${t('log')}</h2>
    <ol class=${`log-lines${feed.start ? '' : ' unnumbered'}`} ref=${box} tabindex="0" aria-labelledby="log-h" data-log-lines=${lines.length} data-log-start=${feed.start ? 'true' : 'false'}>
      ${end ? html`<li class="log-end" data-log-end="true"><span class="log-n" aria-hidden="true">■</span><span>
        <strong>${t('gameOver')}</strong>${end.reason ? ` ${end.reason}` : ''}
        ${end.scores && end.scores.length ? html`<br />${t('finalScores')}: ${end.scores.map(([who, score]) => `${who} ${score}`).join(' · ')}` : null}
        ${end.breakdown && end.breakdown.length ? html`<ul class="plain small-print" data-log-breakdown="true">${end.breakdown.map((row) => html`<li>${row.label}: ${row.values.join(' · ')}</li>`)}</ul>` : null}
      </span></li>` : null}
      ${shown.map(({ entry, n }) => html`<li key=${entry.version} data-version=${entry.version} data-event=${entry.name} data-line=${n === null ? '' : n}>${n === null ? html`<span class="log-n" aria-hidden="true">·</span>` : html`<span class="log-n">${n}</span>`}<span>${words(entry)}</span></li>`)}
      ${feed.start ? null : html`<li class="log-more" ref=${sentinel}><button type="button" class="small secondary" data-log-more="true" onClick=${() => feed.more()}>${t('olderLines')}</button></li>`}
    </ol>
  </section>`;
}

/** The end line of a finished game from its view: the reason, the scores and where they came from. */
export function endLine(view, names, reason, breakdown) {
  if (!view || !view.result) return null;
  const r = view.result;
  const order = r.scores.map((_, s) => s).sort((a, b) => r.ranks[a] - r.ranks[b]);
  return {
    reason,
    scores: order.map((s) => [names[s] || t('seatN', s), r.scores[s]]),
    breakdown: (breakdown || []).map((row) => ({ label: row.label, values: order.map((s) => `${names[s] || t('seatN', s)} ${row.values[s]}`) })),
  };
}
