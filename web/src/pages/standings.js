// Standings and ratings of one game.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { all, listGames } from '../api.js';
import { t, gameTitle } from '../i18n.js';
import { navigate } from '../router.js';

export function StandingsPage({ game }) {
  const [games, setGames] = useState([]);
  const [rows, setRows] = useState([]);
  const [ratings, setRatings] = useState({});
  const chosen = game || (games[0] && games[0].name) || '';
  useEffect(() => { listGames().then(setGames).catch(() => {}); }, []);
  useEffect(() => {
    if (!chosen) return;
    all(`/api/games/${chosen}/standings`, 5).then(setRows).catch(() => setRows([]));
    all(`/api/games/${chosen}/ratings`, 5).then((list) => setRatings(Object.fromEntries(list.map((r) => [r.player_id, r.rating])))).catch(() => {});
  }, [chosen]);
  return html`<div><h1 tabindex="-1">${t('standings')}</h1>
    <div class="field"><label for="standings-game">${t('game')}</label>
      <select id="standings-game" value=${chosen} onChange=${(e) => navigate(`/standings/${e.target.value}`)}>
        ${games.map((g) => html`<option value=${g.name}>${gameTitle(g)}</option>`)}</select></div>
    ${rows.length ? html`<table class="data"><thead><tr><th scope="col">#</th><th scope="col">${t('player')}</th><th scope="col">${t('games')}</th><th scope="col">${t('wins')}</th><th scope="col">${t('average')}</th><th scope="col">${t('rating')}</th></tr></thead>
      <tbody>${rows.map((r, i) => html`<tr><td>${i + 1}</td><td><a href=${`/players/${r.player_id}`}>${r.name}</a></td><td>${r.games}</td><td>${r.wins}</td><td>${r.average_score.toFixed(1)}</td><td>${ratings[r.player_id] !== undefined ? Math.round(ratings[r.player_id]) : '—'}</td></tr>`)}</tbody></table>` : html`<p class="muted">—</p>`}
  </div>`;
}
