// A player's page: finished games, ratings; for me, my devices (tokens) and adding one.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { account, all, get, listGames } from '../api.js';
import { lang, t, gameTitle } from '../i18n.js';
import { Devices } from './devices.js';

export function PlayerPage({ id, onSignedOut }) {
  const [results, setResults] = useState([]);
  const [ratings, setRatings] = useState([]);
  const [name, setName] = useState('');
  useEffect(() => {
    all(`/api/players/${id}/results`, 5).then(setResults).catch(() => {});
    listGames().then(async (games) => {
      const got = [];
      for (const g of games) {
        try {
          const list = await all(`/api/games/${g.name}/ratings`, 5);
          const mine = list.find((r) => r.player_id === id);
          if (mine) { got.push({ game: gameTitle(g), ...mine }); setName(mine.name); }
        } catch { /* no ratings for this game yet */ }
      }
      setRatings(got);
    }).catch(() => {});
  }, [id]);
  const me = account.who && account.who.player_id === id;
  return html`<div>
    <h1 tabindex="-1">${me ? account.who.name : name || t('player')}</h1>
    ${me ? html`<${Devices} onSignedOut=${onSignedOut} />` : null}
    <section class="panel" aria-labelledby="rating-h"><h2 id="rating-h">${t('rating')}</h2>
      ${ratings.length ? html`<table class="data"><thead><tr><th scope="col">${t('game')}</th><th scope="col">${t('rating')}</th><th scope="col">${t('games')}</th></tr></thead>
        <tbody>${ratings.map((r) => html`<tr><td>${gameTitle(r.game)}</td><td>${Math.round(r.rating)}</td><td>${r.games}</td></tr>`)}</tbody></table>` : html`<p class="muted">—</p>`}
    </section>
    <section class="panel" aria-labelledby="results-h"><h2 id="results-h">${t('results')}</h2>
      ${results.length ? html`<table class="data"><thead><tr><th scope="col">${t('game')}</th><th scope="col">${t('rank')}</th><th scope="col">${t('score')}</th><th scope="col">${t('players')}</th></tr></thead>
        <tbody>${results.map((r) => html`<tr><td><a href=${`/tables/${r.table_id}`}>${gameTitle(r.game)}</a></td><td>${r.rank}${r.won ? ' ★' : ''}${r.forfeited ? ` (${t('forfeit')})` : ''}</td><td>${r.score}</td><td>${r.players}</td></tr>`)}</tbody></table>` : html`<p class="muted">—</p>`}
    </section>
  </div>`;
}
