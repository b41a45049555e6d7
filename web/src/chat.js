// The table chat: a channel's messages over its WebSocket, a box to post, mute per author.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './boards/common.js';
import { ENDING, account, api, get } from './api.js';
import { lang, t } from './i18n.js';
import { errorText } from './words.js';

/** The channels this reader may read: seated players their own (and the spectators' once
 * the game is over), everyone else the spectators'. */
export function channelsFor(view) {
  const seated = view.seat !== null && view.seat !== undefined;
  if (!seated) return view.table.spectators === 'none' ? [] : ['spectators'];
  return view.table.status === 'over' ? ['players', 'spectators'] : ['players'];
}

/** Messages of one channel: the socket's first answer is the backlog, then one per post;
 * reconnects with back-off and asks only for what came after the last one it has. */
function useChannel(id, channel, generation) {
  const [messages, setMessages] = useState([]);
  const [ended, setEnded] = useState(0);  // the close code that ended the rights (docs/architecture.md)
  const last = useRef(0);
  useEffect(() => {
    setMessages([]); last.current = 0; setEnded(0);
    let socket = null; let timer = null; let attempt = 0; let closed = false;
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const query = new URLSearchParams({ channel });
      if (account.token) query.set('token', account.token);
      if (last.current) query.set('after', String(last.current));
      socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/chat/ws?${query}`);
      socket.onopen = () => { attempt = 0; };
      socket.onmessage = (event) => {
        let got = [];
        try { got = JSON.parse(event.data).messages || []; } catch { return; }
        if (!got.length) return;
        last.current = Math.max(last.current, ...got.map((m) => m.n));
        setMessages((old) => [...old, ...got.filter((m) => !old.some((o) => o.n === m.n))]);
      };
      socket.onclose = (event) => {
        if (ENDING.includes(event.code)) { setEnded(event.code); return; }  // no retry: explained
        if (closed) return;
        const delay = Math.min(10000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => { closed = true; clearTimeout(timer); if (socket) socket.close(); };
  }, [id, channel, generation]);
  return [messages, setMessages, ended];
}

export function Chat({ id, view }) {
  const channels = channelsFor(view);
  const [chosen, setChosen] = useState(channels[0]);
  const channel = channels.includes(chosen) ? chosen : channels[0];
  const [generation, setGeneration] = useState(0);  // a new one reloads the channel (after unmuting)
  const [messages, setMessages, ended] = useChannel(id, channel, generation);
  const [muted, setMuted] = useState([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const me = account.who;
  useEffect(() => { if (me) get('/api/me/mutes').then((m) => setMuted(m.muted)).catch(() => {}); }, [me && me.player_id]);
  const seated = view.seat !== null && view.seat !== undefined;
  const mine = seated ? 'players' : 'spectators';
  const canPost = !!me && channel === mine && view.table.status !== 'cancelled';
  const send = async (event) => {
    event.preventDefault(); setError('');
    try {
      await api('POST', `/api/tables/${id}/chat`, { text });
      setText('');
    } catch (e) { setError(errorText(e, lang())); }
  };
  const toggle = async (playerId) => {
    const method = muted.includes(playerId) ? 'DELETE' : 'PUT';
    try {
      const now = await api(method, `/api/me/mutes/${playerId}`);
      setMuted(now.muted);
      if (method === 'PUT') setMessages((old) => old.filter((m) => m.player_id !== playerId));
      else setGeneration((g) => g + 1);  // the server left their lines out: ask for the channel again
    } catch (e) { setError(errorText(e, lang())); }
  };
  if (!channels.length) return null;
  const shown = messages.filter((m) => !muted.includes(m.player_id));
  return html`<section class="panel chat" aria-labelledby="chat-h" data-chat=${channel}>
    <h2 id="chat-h">${t('chat')}</h2>
    ${channels.length > 1 ? html`<p class="row" role="group">${channels.map((c) => html`<button type="button" class=${c === channel ? '' : 'secondary'} aria-pressed=${c === channel} data-chat-channel=${c} onClick=${() => setChosen(c)}>${t(c === 'players' ? 'chatPlayers' : 'chatSpectators')}</button>`)}</p>` : null}
    <ol class="chat-lines plain" tabindex="0" aria-live="polite" aria-label=${t('chat')}>
      ${shown.length ? shown.map((m) => html`<li data-chat-message=${m.n}>
        <strong>${m.name}</strong>${m.seat !== null && m.seat !== undefined ? html` <span class="muted">(${m.seat + 1})</span>` : null}${': '}<span class="chat-text">${m.text}</span>
        ${me && m.player_id !== me.player_id ? html` <button type="button" class="small secondary" data-mute=${m.player_id} onClick=${() => toggle(m.player_id)}>${t('mute')}</button>` : null}
      </li>`) : html`<li class="muted">${t('chatEmpty')}</li>`}
    </ol>
    ${muted.length ? html`<p class="muted">${t('chatMuted', muted.length)} ${muted.map((p) => html`<button type="button" class="small secondary" data-unmute=${p} onClick=${() => toggle(p)}>${t('unmute')}</button>`)}</p>` : null}
    ${canPost ? html`<form class="row" onSubmit=${send}>
      <label class="sr" for="chat-say">${t('say')}</label>
      <input id="chat-say" data-chat-input="true" maxlength="500" required value=${text} onInput=${(e) => setText(e.target.value)} placeholder=${t('say')} />
      <button type="submit" data-chat-send="true">${t('send')}</button></form>
      <p class="muted small-print">${t('chatHelp')}</p>` : null}
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    ${ended ? html`<p role="alert" class="error" data-closed=${ended}>${t(`closed${ended}`)}</p>` : null}
  </section>`;
}
