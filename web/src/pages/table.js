// The table page (the turn mails link here): the board, my legal moves, the log, live updates.
import { Component } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html, seatNames, Result, SeatName, Value } from '../boards/common.js';
import { boardFor } from '../boards/index.js';
import { GenericBoard } from '../boards/generic.js';
import { ENDING, TableCommands, account, api, get, items, listGames, post } from '../api.js';
import { describe } from '../log.js';
import { Log, endLine, useLogFeed } from '../loglines.js';
import { lang, t, gameTitle, statusWords } from '../i18n.js';
import { endReason, errorText, promptText } from '../words.js';
import { Moves } from '../moves.js';
import { navigate } from '../router.js';
import { Chat } from '../chat.js';
import { RulesHelp } from '../help.js';
import { scoreBreakdown } from '../breakdown.js';

/** A board that throws (a view it does not know) falls back to the generic board. */
class SafeBoard extends Component {
  constructor() { super(); this.state = { failed: false }; }
  componentDidCatch() { this.setState({ failed: true }); }
  render({ view, names, play, busy }) {
    if (!view.game) return null;
    // `?board=generic` draws any game with the generic board (as a game without its own has it)
    const generic = new URLSearchParams(location.search).get('board') === 'generic';
    const [Board] = generic ? [GenericBoard] : boardFor(view.table.game);
    return this.state.failed ? html`<${GenericBoard} view=${view} names=${names} />`
      : html`<${Board} view=${view} names=${names} play=${play} busy=${busy} />`;
  }
}

/** A game's board; `readOnly` (a replay) draws it display-only: no legal moves, nobody's
 * turn, no `play`, and the whole board inert (nothing on it can be clicked or focused). */
export function Board({ view, play, busy, readOnly = false }) {
  const names = seatNames(view);
  if (readOnly) {
    const still = { ...view, your_turn: false, legal_moves: [], prompt: null, to_act: [] };
    return html`<div inert data-read-only="true"><${SafeBoard} key=${view.table.game} view=${still} names=${names} play=${null} busy=${true} /></div>`;
  }
  const canPlay = view.table.status === 'playing' && play;
  return html`<${SafeBoard} key=${view.table.game} view=${view} names=${names} play=${canPlay ? play : null} busy=${!!busy} />`;
}

/** The table's creator: named in the summary (older tables: whoever holds seat 0). */
function creatorOf(table) {
  return table.creator || ((table.seats[0] || {}).player_id || '');
}

/** The seats, and the lobby's controls: only the creator starts, removes players and
 * cancels; any other seated player may leave while the table is open. */
function Seats({ view, onJoin, onStart, onLeave, onCancel, onKick }) {
  const me = account.who;
  const seated = view.seat !== null && view.seat !== undefined;
  const free = view.table.seats.some((s) => !s.player_id);
  const names = seatNames(view);
  const open = view.table.status === 'open';
  const creator = creatorOf(view.table);
  const mine = !!me && creator === me.player_id;
  const [confirming, setConfirming] = useState(false);
  // a private table: Join only with the invitation link (or an invitation by name)
  const invited = !!me && (view.table.invited || []).some((i) => i.player_id === me.player_id);
  const mayJoin = view.table.visibility !== 'private' || !!new URLSearchParams(location.search).get('invite') || invited;
  return html`<section class="panel" aria-labelledby="seats-h"><h2 id="seats-h">${t('players')}</h2>
    <ul class="plain">${view.table.seats.map((s) => html`<li data-seat=${s.seat}>${s.player_id
      ? html`<a href=${`/players/${s.player_id}`}><${SeatName} seat=${s.seat} names=${names} me=${view.seat} /></a>${s.player_id === creator && !view.table.tournament ? html` <span class="muted">· ${t('host')}</span>` : ''}${view.to_act.includes(s.seat) ? ` · ${t('toAct')}` : ''}
        ${open && mine && s.player_id !== creator ? html` <button type="button" class="small" data-kick=${s.seat} onClick=${() => onKick(s.seat)} aria-label=${`${t('kick')}: ${names[s.seat] || t('seatN', s.seat)}`}>${t('kick')}</button>` : null}`
      : html`<span class="muted">${t('free')}</span>`}</li>`)}</ul>
    ${open && me && !seated && free && mayJoin ? html`<button type="button" data-lobby="join" onClick=${onJoin}>${t('join')}</button>` : null}
    ${open && me && !seated && free && !mayJoin ? html`<p data-invite-only="true">${t('inviteOnly')}</p>` : null}
    ${open && mine && !free ? html`<button type="button" data-lobby="start" onClick=${onStart}>${t('start')}</button>` : null}
    ${open && seated && !mine && !free ? html`<p data-waiting="creator">${t('waitCreator')}</p>` : null}
    ${open && free ? html`<p>${t('waitPlayers')}</p>` : null}
    ${open && seated && !mine ? html`<button type="button" data-lobby="leave" onClick=${onLeave}>${t('leave')}</button>` : null}
    ${open && mine && !confirming ? html` <button type="button" data-lobby="cancel" class="danger" onClick=${() => setConfirming(true)}>${t('cancelTable')}</button>` : null}
    ${open && mine && confirming ? html`<p role="group" aria-label=${t('cancelTable')}>${t('confirmCancel')}
      <button type="button" class="danger" data-cancel="confirm" onClick=${() => { setConfirming(false); onCancel(); }}>${t('cancelYes')}</button>
      <button type="button" class="secondary" data-cancel="keep" onClick=${() => setConfirming(false)}>${t('cancelNo')}</button></p>` : null}
    ${view.table.status === 'cancelled' ? html`<p data-cancelled="true">${t('tableCancelled')}</p>` : null}
  </section>`;
}

/** Hours, minutes and seconds as a person reads them ("2 d 3 h", "5 h 12 min", "40 s"). */
export function duration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400); const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60); const sec = s % 60;
  const tag = lang() === 'de' ? { d: 'Tg.', h: 'Std.', min: 'Min.', s: 'Sek.' } : { d: 'd', h: 'h', min: 'min', s: 's' };
  if (d) return `${d} ${tag.d} ${h} ${tag.h}`;
  if (h) return `${h} ${tag.h} ${m} ${tag.min}`;
  if (m) return `${m} ${tag.min} ${sec} ${tag.s}`;
  return `${sec} ${tag.s}`;
}

/** The turn clock: for each seat to act, the time left before the table's deadline, counted
 * from when its turn began (`view.turn_since`, the notify service's own clock start). Nothing
 * when the table has no deadline (`timing` null or `deadline` 0). A vacation pauses the
 * server's clock, not this one: it shows the time left without the pause. */
function TurnClock({ view, timing, names }) {
  const [, setTick] = useState(0);  // a second passed: render again
  const deadline = timing && timing.deadline ? timing.deadline * 3600 * 1000 : 0;
  const since = view.turn_since || {};
  const seats = view.table.status === 'playing' ? view.to_act.filter((s) => since[s]) : [];
  const ticking = deadline > 0 && seats.length > 0;
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (!ticking) return null;
  const now = Date.now();
  return html`<p class="turn-clock" data-turn-clock="true"><strong>${t('turnClock')}:</strong> ${seats.map((seat, i) => {
    const left = Math.min(deadline, Date.parse(since[seat]) + deadline - now);  // (clocks differ a little)
    const mine = seat === view.seat;
    const who = mine ? t('you') : (names[seat] || t('seatN', seat));
    const text = left <= 0 ? t('clockUp', who) : mine ? t('clockMine', duration(left)) : t('clockLeft', who, duration(left));
    return html`${i ? ' · ' : ''}<span data-clock-seat=${seat} data-clock-left=${Math.max(0, Math.floor(left / 1000))}>${text}</span>`;
  })}</p>`;
}

/** Resign, in two steps (a second click confirms): ranked last; with one other player left
 * the game ends there. */
function ResignButton({ onResign }) {
  const [asked, setAsked] = useState(false);
  if (!asked) return html`<p><button type="button" class="secondary" data-resign="ask" onClick=${() => setAsked(true)}>${t('resign')}</button></p>`;
  return html`<p role="group" aria-label=${t('resign')}>${t('resignSure')}
    <button type="button" class="danger" data-resign="confirm" onClick=${onResign}>${t('resignYes')}</button>
    <button type="button" class="secondary" data-resign="keep" onClick=${() => setAsked(false)}>${t('resignNo')}</button></p>`;
}

/** At an open table: the host invites players by name and may withdraw an invitation; an
 * invitee sees who invited them and may decline (joining is the Join button). */
function InvitePanel({ view, onInvite, onWithdraw, onDecline }) {
  const me = account.who;
  const table = view.table;
  const invited = table.invited || [];
  const host = me && creatorOf(table) === me.player_id;
  const mine = me && invited.some((i) => i.player_id === me.player_id);
  if (table.status !== 'open' || (!host && !mine)) return null;
  const hostName = (table.seats.find((s) => s.player_id === creatorOf(table)) || {}).name || '';
  const submit = (event) => { event.preventDefault(); onInvite(String(new FormData(event.target).get('invitee') || '')); event.target.reset(); };
  return html`<section class="panel" aria-labelledby="byname-h"><h2 id="byname-h">${host ? t('inviteByName') : t('invitations')}</h2>
    ${mine ? html`<p data-invited="true">${t('youAreInvited', hostName)}
      <button type="button" class="secondary" data-decline-invitation="true" onClick=${onDecline}>${t('declineInvitation')}</button></p>` : null}
    ${host ? html`<form class="row" onSubmit=${submit}>
      <label for="invitee">${t('playerName')}</label>
      <input id="invitee" name="invitee" required maxlength="40" autocomplete="off" />
      <button type="submit" data-invite-name="true">${t('invite')}</button></form>
      ${invited.length ? html`<p>${t('invitedList')}:</p><ul class="plain">${invited.map((i) => html`<li data-invitee=${i.player_id}>${i.name}
        <button type="button" class="small secondary" data-withdraw=${i.player_id} onClick=${() => onWithdraw(i.player_id)}>${t('withdraw')}</button></li>`)}</ul>` : null}` : null}
  </section>`;
}

/** Take-backs: the mover may ask to take back the last move; the others allow or refuse. */
function UndoPanel({ view, names, onAsk, onAnswer }) {
  const table = view.table;
  const me = view.seat;
  if (!table.takebacks || me === null || me === undefined || table.undo_seat < 0) return null;
  const asked = table.undo_asked;
  if (asked === null || asked === undefined) {
    if (table.undo_seat !== me) return null;
    return html`<p><button type="button" class="secondary" data-undo="ask" onClick=${onAsk}>↶ ${t('takeBack')}</button></p>`;
  }
  const voters = table.undo_voters || [];
  if (table.undo_seat === me || asked.includes(me) || !voters.includes(me)) {
    return html`<p data-undo-waiting="true">${t('undoWaiting', asked.length, voters.length)}</p>`;
  }
  return html`<div role="group" aria-label=${t('takeBack')}><p data-undo-asked="true">${t('undoAsked', names[table.undo_seat] || `#${table.undo_seat + 1}`)}</p>
    <p class="row"><button type="button" data-undo="accept" onClick=${() => onAnswer(true)}>${t('acceptUndo')}</button>
    <button type="button" class="secondary" data-undo="decline" onClick=${() => onAnswer(false)}>${t('declineUndo')}</button></p></div>`;
}

/** After the game: offer, accept or decline a rematch; once agreed, the link to it. */
function RematchPanel({ view, names, onAnswer }) {
  const table = view.table;
  const seated = view.seat !== null && view.seat !== undefined;
  if (table.rematch_table) {
    return html`<p><a href=${`/tables/${table.rematch_table}`} data-rematch-link=${table.rematch_table}>${t('toRematch')} →</a></p>`;
  }
  if (!seated) return null;
  const accepted = table.rematch_accepted || [];
  if (!accepted.length) {
    return html`<p><button type="button" data-rematch="offer" onClick=${() => onAnswer(true)}>${t('offerRematch')}</button></p>`;
  }
  if (accepted.includes(view.seat)) {
    return html`<p data-rematch-waiting="true">${t('rematchWaiting', accepted.length, table.seats.length)}
      <button type="button" class="secondary" data-rematch="decline" onClick=${() => onAnswer(false)}>${t('declineRematch')}</button></p>`;
  }
  const who = accepted.map((seat) => names[seat] || seat + 1).join(', ');
  return html`<p>${t('rematchOffered', who)}</p><p class="row">
    <button type="button" data-rematch="accept" onClick=${() => onAnswer(true)}>${t('acceptRematch')}</button>
    <button type="button" class="secondary" data-rematch="decline" onClick=${() => onAnswer(false)}>${t('declineRematch')}</button></p>`;
}

function downloadRecord(id) {
  return async () => {
    const record = await get(`/api/tables/${id}/record`);
    const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `record-${id}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
}

/** The socket of a table: every pushed view goes to `onView`, the answers to `commands`
 * (which send over it while it is open); reconnects with back-off. */
function useTableSocket(id, token, onView, stop, anonymous = false, invite = '', found = true, commands = null) {
  const [live, setLive] = useState(false);
  const [ended, setEnded] = useState(0);  // the close code that ended the rights (docs/architecture.md)
  useEffect(() => {
    if ((!token && !anonymous) || !found) return undefined;  // no socket before the table is found
    setEnded(0);
    let socket = null;
    let timer = null;
    let attempt = 0;
    let closed = false;
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const query = token ? `?token=${encodeURIComponent(token)}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}` : '';
      socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/ws${query}`);
      const mine = socket;
      socket.onopen = () => { attempt = 0; setLive(true); if (commands) commands.attach(mine); };
      socket.onmessage = (event) => {
        let data = null;
        try { data = JSON.parse(typeof event.data === 'string' ? event.data : ''); } catch { return; /* not a view */ }
        if (commands && commands.answered(data)) return;
        onView(data);
      };
      socket.onclose = (event) => {
        setLive(false);
        if (commands) commands.detach(mine);
        if (ENDING.includes(event.code)) { setEnded(event.code); return; }  // no retry: explained
        if (closed || stop.current) return;
        const delay = Math.min(10000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => { closed = true; clearTimeout(timer); if (socket) socket.close(); };
  }, [id, token, anonymous, found]);
  return [live, ended];
}

export function TablePage({ id, allMoves }) {
  const [view, setView] = useState(null);
  const [summary, setSummary] = useState(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const [removed, setRemoved] = useState(false);
  const latest = useRef(null);
  const over = useRef(false);
  const token = account.token;
  const [games, setGames] = useState([]);
  useEffect(() => { listGames().then(setGames).catch(() => {}); }, []);
  const [timing, setTiming] = useState(null);  // the table's chosen turn timing (null: none)
  const title = (game) => { const found = games.find((g) => g.name === game); return found ? gameTitle(found) : ''; };  // never the raw id

  const accept = (v) => {
    if (!v || !v.table || v.table.table_id !== id) return;
    if (latest.current && v.table.version < latest.current.table.version) return;
    // A rematch agreed while I watch takes the players there (not when opening an old table).
    const seatedHere = v.seat !== null && v.seat !== undefined;
    if (latest.current && !latest.current.table.rematch_table && v.table.rematch_table && seatedHere) {
      navigate(`/tables/${v.table.rematch_table}`);
      return;
    }
    const wasSeated = latest.current && latest.current.seat !== null && latest.current.seat !== undefined;
    if (wasSeated && !seatedHere) setRemoved(true);
    if (seatedHere) setRemoved(false);
    latest.current = v;
    over.current = v.table.status === 'over';
    setView(v);
  };
  const invite = new URLSearchParams(location.search).get('invite');
  const asInvited = invite ? `?invite=${encodeURIComponent(invite)}` : '';  // a private table's link lets me look before I join
  const refresh = async () => {
    if (!token) {  // a table anyone may watch shows its spectator view without an account
      try { accept(await get(`/api/tables/${id}/view`)); } catch {
        try { setSummary(await get(`/api/tables/${id}`)); } catch (e) { if (e.status === 401) setError(t('needSignIn')); else throw e; }
      }
      return;
    }
    try { accept(await get(`/api/tables/${id}/view${asInvited}`)); } catch (e) {
      // 401, or 403 at a private table I am not invited to (its link's page still offers Join)
      if (e.status === 401 || e.status === 403) { setSummary(await get(`/api/tables/${id}${asInvited}`)); } else throw e;
    }
  };
  useEffect(() => {
    latest.current = null; setView(null); setMissing(false);
    // A table not found (yet: a rematch just agreed may not be readable for a moment) is asked
    // for again a few times; then the page says so in words and stops its socket.
    let stale = false;
    const load = (attempt) => refresh().then(() => { if (!stale) setMissing(false); }).catch((e) => {
      if (stale) return;
      if (e.status === 404 || e.status === 400) {
        over.current = true;
        if (attempt >= 4) { setMissing(true); return; }
        setTimeout(() => load(attempt + 1), 400 * 2 ** attempt);
        return;
      }
      setError(errorText(e, lang()));
    });
    load(0);
    return () => { stale = true; };
  }, [id, token]);
  // The tab's title says when it is my turn; the newest state is announced (aria-live, below).
  useEffect(() => {
    if (!view) return undefined;
    const name = title(view.table.game);
    document.title = view.your_turn ? t('tabTurn', name) : `${name} · Senet`;
    const icon = document.querySelector('link[rel=icon]');
    if (icon) icon.setAttribute('href', view.your_turn ? '/assets/icon-turn.svg' : '/assets/icon.svg');
    return () => { document.title = 'Senet'; if (icon) icon.setAttribute('href', '/assets/icon.svg'); };
  }, [view && view.your_turn, view && view.table.game, games]);
  const watching = !token && view && view.table.spectators === 'anyone';
  const commands = useMemo(() => new TableCommands(id), [id]);
  const [live, ended] = useTableSocket(id, token, accept, over, watching, invite || '', !!view, commands);

  // The timing is chosen before the start: read it when the table is found and when it starts.
  const tableStatus = view ? view.table.status : '';
  useEffect(() => {
    if (tableStatus !== 'playing') { setTiming(null); return undefined; }
    let stale = false;
    get(`/api/tables/${id}/timing${asInvited}`).then((chosen) => { if (!stale) setTiming(chosen); }).catch(() => {});
    return () => { stale = true; };
  }, [id, tableStatus, asInvited]);

  const version = view ? view.table.version : 0;
  const feed = useLogFeed(id, version);
  const log = feed.entries;
  // a finished game's breakdown adds up its scoring events: the whole log, a page at a time
  useEffect(() => { if (view && view.table.status === 'over') feed.all(); }, [feed, view && view.table.status]);

  const act = (fn) => async () => {
    setBusy(true); setError('');
    try { await fn(); } catch (e) { setError(errorText(e, lang())); await refresh().catch(() => {}); }
    setBusy(false);
  };
  const play = async (move) => {
    setBusy(true); setError('');
    try {
      // Over the table's socket while it is open (my new view came just before the answer),
      // else over HTTP (the answer carries it).
      const outcome = await commands.move(move);
      if (outcome.view) accept(outcome.view);
      else if (!latest.current || latest.current.table.version < outcome.version) {
        accept(await get(`/api/tables/${id}/view?min_version=${outcome.version}`));
      }
      // focus follows the move: to the board, which now shows the new state
      requestAnimationFrame(() => { const b = document.getElementById('board-panel'); if (b && !b.contains(document.activeElement)) b.focus({ preventScroll: true }); });
    } catch (e) {
      setError(errorText(e, lang()));
      await refresh().catch(() => {});
    }
    setBusy(false);
  };
  const join = act(async () => { await post(`/api/tables/${id}/join`, invite ? { invitation: invite } : {}); await refresh(); });
  const [link, setLink] = useState(() => sessionStorage.getItem(`senet.invite.${id}`) || '');
  const renew = act(async () => {
    const made = await post(`/api/tables/${id}/invitation`);
    sessionStorage.setItem(`senet.invite.${id}`, made.link);
    setLink(made.link);
  });
  const revoke = act(async () => {
    await api('DELETE', `/api/tables/${id}/invitation`);
    sessionStorage.removeItem(`senet.invite.${id}`);
    setLink('');
  });
  const start = act(async () => { await post(`/api/tables/${id}/start`); await refresh(); });
  const leave = act(async () => { await post(`/api/tables/${id}/leave`); await refresh(); });
  const resign = act(async () => { await post(`/api/tables/${id}/resign`); await refresh(); });
  const inviteName = (name) => act(async () => { await post(`/api/tables/${id}/invitations`, { name }); await refresh(); })();
  const withdraw = (pid) => act(async () => { await api('DELETE', `/api/tables/${id}/invitations/${pid}`); await refresh(); })();
  const declineInvite = act(async () => { await post(`/api/tables/${id}/invitations/decline`); await refresh(); });
  const answerRematch = (yes) => act(async () => {
    const state = await post(`/api/tables/${id}/rematch`, { accept: yes });
    if (state.rematch_table) { navigate(`/tables/${state.rematch_table}`); return; }
    await refresh();
  })();
  const askUndo = act(async () => { await post(`/api/tables/${id}/undo`); await refresh(); });
  const answerUndo = (yes) => act(async () => { await post(`/api/tables/${id}/undo/answer`, { accept: yes }); await refresh(); })();
  const cancel = act(async () => { await post(`/api/tables/${id}/cancel`); await refresh(); });
  const kick = (seat) => act(async () => { await post(`/api/tables/${id}/kick`, { seat }); await refresh(); })();

  if (missing) {
    return html`<div data-missing="true"><h1 tabindex="-1">${t('notFound')}</h1><p>${t('tableMissing')}</p><p><a href="/">${t('toLobby')}</a></p></div>`;
  }
  if (!view) {
    return html`<div>
      <h1 tabindex="-1">${summary ? title(summary.game) : t('loading')}</h1>
      ${summary ? html`<p><strong data-status=${summary.status}>${statusWords(summary.status)}</strong></p>
        <p>${t('needSignIn')}</p>` : null}
      ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    </div>`;
  }
  const names = seatNames(view);
  const status = view.table.status;
  const [, labelFor] = boardFor(view.table.game);
  const reason = view.result ? endReason(view, lang(), names) : '';
  // the breakdown adds up the whole log's scoring events: shown once the log is whole
  const breakdown = view.result && feed.start ? scoreBreakdown(view.table.game, log, view.result.scores, lang(), view.game) : [];
  return html`<div class="table-page" data-table=${id} data-version=${view.table.version}>
    <h1 tabindex="-1">${title(view.table.game)}</h1>
    <div class="status-bar" role="status">
      <span><strong data-status=${status}>${statusWords(status)}</strong></span>
      <span data-your-turn=${view.your_turn ? 'true' : 'false'} class=${view.your_turn ? 'badge turn' : 'badge'} hidden=${status !== 'playing'}>
        ${view.your_turn ? `▶ ${t('yourTurn')}` : t('waiting')}</span>
      ${view.your_turn ? html`<a href="#moves-h" class="jump">${t('moves')} ↓</a>` : null}
      <span class=${live ? 'badge live' : 'badge'} data-live=${live ? 'true' : 'false'}>${live ? `● ${t('live')}` : `○ ${t('offline')}`}</span>
    </div>
    <${TurnClock} view=${view} timing=${timing} names=${names} />
    ${removed ? html`<p class="warning" role="alert" data-removed="true">${t('removedHere')}</p>` : null}
    ${view.seat === null || view.seat === undefined ? html`<p class="panel" data-spectator="true">${t('notSeated')} ${status === 'playing' ? t('spectatorPanel') : ''}</p>` : null}
    <p class="sr" aria-live="polite" data-announce="true">${view.your_turn ? `${t('announceTurn')}: ${promptText(view, lang(), names)}` : (log.length ? describe(log[log.length - 1], names, view.table.game) : '')}</p>
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    ${ended ? html`<p role="alert" class="error" data-closed=${ended}>${t(`closed${ended}`)}</p>` : null}
    <div class="layout">
      <div class="main-col">
        ${view.result ? html`<${Result} result=${view.result} names=${names} reason=${reason} breakdown=${breakdown} />` : null}
        <section class="panel" id="board-panel" tabindex="-1" aria-label=${title(view.table.game)}><${Board} view=${view} play=${play} busy=${busy} /></section>
        <${RulesHelp} game=${view.table.game} />
        <details class="panel"><summary>${t('rawView')}</summary><${Value} value=${view.game} /></details>
      </div>
      <div class="side-col">
        ${status === 'playing' && view.seat !== null && view.seat !== undefined ? html`<section class="panel" aria-labelledby="moves-h"><h2 id="moves-h">${t('moves')}</h2>
          ${view.prompt ? html`<p class="prompt" data-prompt="true">${promptText(view, lang(), names)}</p>` : null}
          <${UndoPanel} view=${view} names=${names} onAsk=${askUndo} onAnswer=${answerUndo} />
          <${Moves} key=${view.table.version} moves=${view.legal_moves} onPlay=${play} busy=${busy} allMoves=${allMoves} label=${labelFor(view)} game=${view.table.game} />
          ${view.seat !== null && view.seat !== undefined && !(view.table.resigned || []).includes(view.seat)
            ? html`<${ResignButton} onResign=${resign} />`
            : (view.table.resigned || []).includes(view.seat) ? html`<p data-resigned="true">${t('youResigned')}</p>` : null}
        </section>` : null}
        <${Seats} view=${view} onJoin=${join} onStart=${start} onLeave=${leave} onCancel=${cancel} onKick=${kick} />
        <${InvitePanel} view=${view} onInvite=${inviteName} onWithdraw=${withdraw} onDecline=${declineInvite} />
        ${status === 'open' && account.who && creatorOf(view.table) === account.who.player_id && view.table.visibility === 'private'
          ? html`<section class="panel" aria-labelledby="invite-h"><h2 id="invite-h">${t('invitation')}</h2>
            ${link ? html`<p><a data-invite-link="true" href=${link}>${location.origin}${link}</a></p><p class="muted">${t('inviteHelp')}</p>` : html`<p class="muted">${t('noInvite')}</p>`}
            <p class="row"><button type="button" data-invite="renew" onClick=${renew}>${t('newLink')}</button>
              ${link ? html`<button type="button" class="secondary" data-invite="revoke" onClick=${revoke}>${t('stopLink')}</button>` : null}</p>
          </section>` : null}
        ${view.table.tournament ? html`<p data-tournament-link=${view.table.tournament}><a href=${`/tournaments/${view.table.tournament}`}>${t('backToTournament')}</a></p>` : null}
        ${view.table.rematch_of ? html`<p class="muted" data-rematch-of=${view.table.rematch_of}>${t('rematchOf')} <a href=${`/tables/${view.table.rematch_of}`}>${t('previousGame')}</a>.</p>` : null}
        ${status === 'over' && !view.table.tournament ? html`<section class="panel" aria-labelledby="rematch-h"><h2 id="rematch-h">${t('rematch')}</h2>
          <${RematchPanel} view=${view} names=${names} onAnswer=${answerRematch} /></section>` : null}
        ${status === 'over' ? html`<section class="panel"><p><a href=${`/tables/${id}/replay`}>${t('replay')}</a></p>
          ${view.seat !== null && view.seat !== undefined ? html`<p><button type="button" onClick=${downloadRecord(id)}>${t('record')}</button></p><p class="muted">${t('recordHelp')}</p>` : null}</section>` : null}
        <${Chat} id=${id} view=${view} />
        <${Log} feed=${feed} names=${names} game=${view.table.game} end=${view.result ? endLine(view, names, reason, breakdown) : null} />
      </div>
    </div>
  </div>`;
}
