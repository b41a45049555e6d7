// The lobby: open tables (paged, filtered by game), creating a table with the game's options.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { account, get, items, listGames, post, put } from '../api.js';
import { lang, t, gameTitle, statusWords } from '../i18n.js';
import { navigate } from '../router.js';
import { errorText, OPTIONS } from '../words.js';
import { BotChoice, seatBots } from './lobby_bots.js';

const PAGE = 20;

/** The options form of a game, drawn from its JSON schema (types, defaults, allowed values). */
export function schemaFields(schema) {
  if (!schema) return [];
  let root = schema;
  if (schema.$ref && schema.$defs) root = schema.$defs[schema.$ref.split('/').pop()] || schema;
  return Object.entries(root.properties || {}).map(([name, prop]) => {
    let p = prop;
    if (p.$ref && schema.$defs) p = { ...schema.$defs[p.$ref.split('/').pop()], default: prop.default };
    return { name, ...p };
  });
}

/** An option's label, one-line description and value words (words.js), else its field name. */
function optionWords(game, name) {
  const own = OPTIONS[lang()][game] && OPTIONS[lang()][game][name];
  return own || [name.replaceAll('_', ' '), '', {}];
}

export function OptionField({ field, value, onInput, game }) {
  const id = `opt-${field.name}`;
  const [words, help, values] = optionWords(game, field.name);
  const label = html`<label for=${id}>${words}</label>${help ? html`<span class="muted small-print option-help" id=${`${id}-help`}>${help}</span>` : null}`;
  if (field.type === 'boolean') {
    return html`<div class="field">${label}<input id=${id} type="checkbox" aria-describedby=${help ? `${id}-help` : undefined} checked=${!!value} onChange=${(e) => onInput(e.target.checked)} /></div>`;
  }
  if (field.enum) {
    return html`<div class="field">${label}<select id=${id} aria-describedby=${help ? `${id}-help` : undefined} value=${value} onChange=${(e) => onInput(field.enum.find((v) => String(v) === e.target.value))}>
      ${field.enum.map((v) => html`<option value=${String(v)}>${values[String(v)] || String(v).replaceAll('_', ' ')}</option>`)}</select></div>`;
  }
  if (field.type === 'integer' || field.type === 'number') {
    return html`<div class="field">${label}<input id=${id} type="number" min=${field.minimum} max=${field.maximum} step=${field.type === 'integer' ? 1 : 'any'}
      value=${value} onInput=${(e) => onInput(e.target.value === '' ? undefined : Number(e.target.value))} /></div>`;
  }
  return html`<div class="field">${label}<input id=${id} value=${value ?? ''} onInput=${(e) => onInput(e.target.value)} /></div>`;
}

// The time a turn may take, in hours (0: no limit); 72 is the platform's default.
export const MOVE_HOURS = [1, 12, 24, 72, 168, 336, 0];
export const DEFAULT_MOVE_HOURS = 72;

/** A time per move in words ("12 hours", "3 days", "no limit"). */
export function hoursWords(h) {
  if (!h) return t('moveTimeNone');
  return h % 24 === 0 ? t('daysN', h / 24) : t('hoursN', h);
}

/** The timing (PUT /api/tables/{id}/timing) of a time per move and a timeout policy:
 * reminders halfway and a last warning before the deadline, within the timing rules. */
export function timingOf(hours, policy) {
  if (!hours) return { first_reminder: 24, repeat_every: 0, last_warning: 0, deadline: 0, policy };
  return {
    first_reminder: hours >= 2 ? Math.min(24, Math.floor(hours / 2)) : 0,
    repeat_every: hours > 48 ? 24 : 0,
    last_warning: hours >= 4 ? Math.min(6, Math.floor(hours / 4)) : 0,
    deadline: hours,
    policy,
  };
}

/** The time per move and the timeout policy: two fields (ids `${prefix}-move-time`, `${prefix}-policy`). */
export function TimingFields({ prefix, hours, setHours, policy, setPolicy, choices = MOVE_HOURS, defaultWords = null }) {
  return html`<div class="field"><label for=${`${prefix}-move-time`}>${t('moveTime')}</label>
      <select id=${`${prefix}-move-time`} name="move_time" value=${String(hours)} onChange=${(e) => setHours(Number(e.target.value))}>
        ${choices.map((h) => html`<option value=${String(h)}>${h === 0 && defaultWords ? defaultWords : hoursWords(h)}</option>`)}</select></div>
    <div class="field"><label for=${`${prefix}-policy`}>${t('timeoutPolicy')}</label>
      <select id=${`${prefix}-policy`} name="timeout_policy" value=${policy} onChange=${(e) => setPolicy(e.target.value)}>
        ${['bot', 'forfeit'].map((v) => html`<option value=${v}>${t(`policy_${v}`)}</option>`)}</select></div>`;
}

function CreateTable({ games }) {
  const [game, setGame] = useState(games[0] ? games[0].name : '');
  const spec = games.find((g) => g.name === game);
  const fields = schemaFields(spec && spec.options_schema);
  const [seats, setSeats] = useState(2);
  const [options, setOptions] = useState({});
  const [spectators, setSpectators] = useState('players');
  const [secret, setSecret] = useState(false);
  const [takebacks, setTakebacks] = useState(true);
  const [startFull, setStartFull] = useState(false);  // the seat that fills the table starts it
  const [bots, setBots] = useState(null);  // play against bots: the bot chosen
  const [hours, setHours] = useState(DEFAULT_MOVE_HOURS);
  const [policy, setPolicy] = useState('bot');
  const [error, setError] = useState('');
  useEffect(() => {
    const defaults = {};
    for (const f of fields) if (f.default !== undefined) defaults[f.name] = f.default;
    setOptions(defaults);
    if (spec) setSeats(Math.max(spec.min_players, Math.min(spec.max_players, 2)));
  }, [game]);
  const submit = async (event) => {
    event.preventDefault();
    setError('');
    try {
      const clean = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
      const visibility = secret ? 'private' : 'public';
      const made = await post('/api/tables', { game, seats: Number(seats), options: clean, spectators, visibility, takebacks: takebacks && spec.takebacks, start_when_full: startFull && !bots });
      if (hours !== DEFAULT_MOVE_HOURS || policy !== 'bot') {  // the creator's turn timing (before the start)
        await put(`/api/tables/${made.table_id}/timing`, timingOf(hours, policy));
      }
      if (secret) {  // a private table is joined by its link: make the first one now
        const invitation = await post(`/api/tables/${made.table_id}/invitation`);
        sessionStorage.setItem(`senet.invite.${made.table_id}`, invitation.link);
      }
      if (bots) await seatBots(made.table_id, Number(seats), bots);
      navigate(`/tables/${made.table_id}`);
    } catch (e) { setError(errorText(e, lang())); }
  };
  if (!spec) return null;
  const counts = [];
  for (let n = spec.min_players; n <= spec.max_players; n++) counts.push(n);
  return html`<section class="panel" aria-labelledby="create-h"><h2 id="create-h">${t('create')}</h2>
    <form onSubmit=${submit} class="stack">
      <div class="field"><label for="create-game">${t('game')}</label>
        <select id="create-game" name="game" value=${game} onChange=${(e) => setGame(e.target.value)}>
          ${games.map((g) => html`<option value=${g.name}>${gameTitle(g)}</option>`)}</select></div>
      <div class="field"><label for="create-seats">${t('seats')}</label>
        <select id="create-seats" name="seats" value=${String(seats)} onChange=${(e) => setSeats(Number(e.target.value))}>
          ${counts.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select></div>
      <${BotChoice} value=${bots} onChange=${setBots} />
      <label class="check"><input type="checkbox" id="create-private" name="private" checked=${secret} onChange=${(e) => setSecret(e.target.checked)} /> ${t('privateTable')}</label>
      ${bots ? null : html`<label class="check"><input type="checkbox" id="create-start-full" name="start_when_full" checked=${startFull} onChange=${(e) => setStartFull(e.target.checked)} /> ${t('startWhenFull')}</label>`}
      ${spec.takebacks ? html`<label class="check"><input type="checkbox" id="create-takebacks" name="takebacks" checked=${takebacks} onChange=${(e) => setTakebacks(e.target.checked)} /> ${t('takebacks')}</label>` : null}
      <div class="field"><label for="create-spectators">${t('spectators')}</label>
        <select id="create-spectators" name="spectators" value=${spectators} onChange=${(e) => setSpectators(e.target.value)}>
          ${['players', 'anyone', 'none'].map((v) => html`<option value=${v}>${t(`watch_${v}`)}</option>`)}</select></div>
      <${TimingFields} prefix="create" hours=${hours} setHours=${setHours} policy=${policy} setPolicy=${setPolicy} />
      ${fields.length ? html`<fieldset><legend>${t('options')}</legend>
        ${fields.map((f) => html`<${OptionField} game=${game} field=${f} value=${options[f.name]} onInput=${(v) => setOptions({ ...options, [f.name]: v })} />`)}
      </fieldset>` : null}
      ${/* more ways to fill the table (e.g. bots) go here, before the submit button */ null}
      <button type="submit">${t('create')}</button>
      ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    </form></section>`;
}

export function TableRow({ table, games, extra }) {
  const me = account.who;
  const seated = me && table.seats.some((s) => s.player_id === me.player_id);
  const free = table.seats.some((s) => !s.player_id);
  const found = games.find((g) => g.name === table.game);
  const title = found ? gameTitle(found) : table.game;
  const join = async () => {
    try { await post(`/api/tables/${table.table_id}/join`); navigate(`/tables/${table.table_id}`); } catch (e) { alert(errorText(e, lang())); }
  };
  return html`<li class="table-row" data-table=${table.table_id}>
    <a href=${`/tables/${table.table_id}`}><strong>${title}</strong></a>
    ${extra ? html` <span class="badge">${extra}</span>` : ''}
    ${table.tournament ? html` · <a href=${`/tournaments/${table.tournament}`} data-tournament-link=${table.tournament}>${t('tournamentMatch')}</a>` : ''}
    <span> · ${table.seats.map((s) => s.player_id ? s.name : `(${t('free')})`).join(', ')}</span>
    <span class="muted"> · ${statusWords(table.status)}</span>
    ${me && !seated && free && table.status === 'open' ? html` <button type="button" onClick=${join} aria-label=${`${t('join')}: ${title}`}>${t('join')}</button>` : ''}
  </li>`;
}

export function Lobby() {
  const [games, setGames] = useState([]);
  const [game, setGame] = useState('');
  const [tables, setTables] = useState([]);
  const [next, setNext] = useState(null);
  const [shown, setShown] = useState(PAGE);
  const [error, setError] = useState('');
  const load = async (cursor) => {
    try {
      const q = `/api/tables?status=open&limit=${PAGE}${game ? `&game=${game}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await get(q);
      const page = items(answer);
      const list = Array.isArray(answer) ? [...page.items].reverse() : page.items; // newest first
      setTables(cursor ? [...tables, ...list] : list);
      setNext(page.next);
      if (!cursor) setShown(PAGE);
    } catch (e) { setError(errorText(e, lang())); }
  };
  useEffect(() => { listGames().then(setGames).catch((e) => setError(errorText(e, lang()))); }, []);
  useEffect(() => { load(null); }, [game]);
  const visible = next === null ? tables.slice(0, shown) : tables;
  const more = next !== null || tables.length > shown;
  return html`<div class="lobby">
    <section class="panel" aria-labelledby="lobby-h"><h2 id="lobby-h">${t('openTables')}</h2>
      <div class="field"><label for="lobby-game">${t('game')}</label>
        <select id="lobby-game" value=${game} onChange=${(e) => setGame(e.target.value)}>
          <option value="">${t('allGames')}</option>
          ${games.map((g) => html`<option value=${g.name}>${gameTitle(g)}</option>`)}</select></div>
      ${visible.length ? html`<ul class="plain tables">${visible.map((tb) => html`<${TableRow} table=${tb} games=${games} />`)}</ul>` : html`<p>${t('noTables')}</p>`}
      ${more ? html`<button type="button" onClick=${() => (next !== null ? load(next) : setShown(shown + PAGE))}>${t('more')}</button>` : null}
      ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    </section>
    ${account.token && games.length ? html`<${CreateTable} games=${games} />` : null}
  </div>`;
}
