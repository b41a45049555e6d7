// My tables, the ones where it is my turn on top (`/api/me/tables`; before that route exists,
// the lobby lists filtered to my seats, each asked for its view).
import { useEffect, useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { account, all, get, items, listGames } from '../api.js';
import { t } from '../i18n.js';
import { TableRow } from './lobby.js';

async function mine() {
  try {
    return { list: items(await get('/api/me/tables?limit=50')).items, fromRoute: true };
  } catch (e) {
    if (e.status !== 404 && e.status !== 405) throw e;
  }
  const me = account.who;
  const seated = [];
  for (const status of ['playing', 'open', 'over']) {
    const got = await all(`/api/tables?status=${status}`, 3);
    seated.push(...got.filter((tb) => tb.seats.some((s) => s.player_id === me.player_id)));
  }
  const list = seated.slice(-30);
  await Promise.all(list.map(async (tb) => {
    if (tb.status !== 'playing') return;
    try {
      const view = await get(`/api/tables/${tb.table_id}/view`);
      tb.to_act = view.to_act;
      tb.your_turn = view.your_turn;
    } catch { /* leave it without turn information */ }
  }));
  return { list, fromRoute: false };
}

export function MyTables() {
  const [tables, setTables] = useState(null);
  const [games, setGames] = useState([]);
  useEffect(() => {
    listGames().then(setGames).catch(() => {});
    mine().then(({ list }) => setTables(list)).catch(() => setTables(null));
  }, []);
  if (!tables) return null;
  const me = account.who;
  const myTurn = (tb) => tb.your_turn === true || (Array.isArray(tb.to_act) && tb.status === 'playing'
    && tb.seats.some((s) => s.player_id === me.player_id && tb.to_act.includes(s.seat)));
  const isInvited = (tb) => (tb.invited || []).some((i) => i.player_id === me.player_id);
  const invited = tables.filter(isInvited);
  const turn = tables.filter((tb) => myTurn(tb) && !isInvited(tb));
  const waiting = tables.filter((tb) => !myTurn(tb) && !isInvited(tb) && tb.status !== 'over');
  const over = tables.filter((tb) => tb.status === 'over');
  const group = (label, list, badge) => (list.length ? html`<h3>${label}</h3>
    <ul class="plain tables">${list.map((tb) => html`<${TableRow} table=${tb} games=${games} extra=${badge} />`)}</ul>` : null);
  return html`<section class="panel" aria-labelledby="mine-h"><h2 id="mine-h">${t('myTables')}</h2>
    ${tables.length ? null : html`<p>${t('noTables')}</p>`}
    ${group(t('invitations'), invited, `✉ ${t('invitedBadge')}`)}
    ${group(t('yourTurn'), turn, `▶ ${t('yourTurn')}`)}
    ${group(t('waiting'), waiting, null)}
    ${group(t('finished'), over.slice(0, 10), null)}
  </section>`;
}
