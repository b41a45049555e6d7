// Tournaments: the list (open, running, finished; mine), the create form, and a page per
// tournament with its players, sign-up, rounds (a bracket for a knockout), tables and standings.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { account, all, get, listGames, post } from '../api.js';
import { lang, t, gameTitle } from '../i18n.js';
import { navigate } from '../router.js';
import { errorText } from '../words.js';
import { OptionField, TimingFields, schemaFields } from './lobby.js';

const FORMATS = ['swiss', 'round-robin', 'knockout'];

function TournamentRow({ item, games }) {
  const found = games.find((g) => g.name === item.game);
  const title = found ? gameTitle(found) : item.game;
  return html`<li class="table-row" data-tournament=${item.tournament_id}>
    <a href=${`/tournaments/${item.tournament_id}`}><strong>${item.name}</strong></a>
    <span> · ${title} · ${t(`format_${item.format}`)} · ${item.players} ${t('players')}</span>
    <span class="muted"> · ${t(`tournament_${item.status}`)}</span></li>`;
}

function CreateTournament({ games }) {
  const [game, setGame] = useState(games[0] ? games[0].name : '');
  const [format, setFormat] = useState('swiss');
  const [name, setName] = useState('');
  const [seats, setSeats] = useState(2);
  const [rounds, setRounds] = useState(0);
  const [options, setOptions] = useState({});
  const [hours, setHours] = useState(0); // 0: the platform's default time per move
  const [policy, setPolicy] = useState('bot');
  const [closes, setCloses] = useState(''); // the sign-up deadline (local time), '' none
  const [error, setError] = useState('');
  const spec = games.find((g) => g.name === game);
  const fields = schemaFields(spec && spec.options_schema);
  useEffect(() => {
    const defaults = {};
    for (const f of fields) if (f.default !== undefined) defaults[f.name] = f.default;
    setOptions(defaults);
  }, [game]);
  const submit = async (e) => {
    e.preventDefault();
    setError('');
    try {
      const made = await post('/api/tournaments', {
        name: name || `${spec ? gameTitle(spec) : game} ${t(`format_${format}`)}`, format, game,
        seats: format === 'knockout' ? 2 : Number(seats), rounds: Number(rounds) || 0,
        options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
        move_deadline: hours, timeout_policy: policy,
        signup_deadline: closes ? new Date(closes).toISOString() : '',
      });
      navigate(`/tournaments/${made.tournament_id}`);
    } catch (err) { setError(errorText(err, lang())); }
  };
  if (!spec) return null;
  const counts = [];
  for (let n = spec.min_players; n <= spec.max_players; n++) counts.push(n);
  return html`<section class="panel" aria-labelledby="tcreate-h"><h2 id="tcreate-h">${t('createTournament')}</h2>
    <form onSubmit=${submit} class="stack">
      <div class="field"><label for="tournament-name">${t('tournamentName')}</label>
        <input id="tournament-name" name="name" maxlength="60" value=${name} onInput=${(e) => setName(e.target.value)} /></div>
      <div class="field"><label for="tournament-game">${t('game')}</label>
        <select id="tournament-game" value=${game} onChange=${(e) => setGame(e.target.value)}>
          ${games.map((g) => html`<option value=${g.name}>${gameTitle(g)}</option>`)}</select></div>
      <div class="field"><label for="tournament-format">${t('format')}</label>
        <select id="tournament-format" value=${format} onChange=${(e) => setFormat(e.target.value)}>
          ${FORMATS.map((f) => html`<option value=${f}>${t(`format_${f}`)}</option>`)}</select></div>
      ${format === 'knockout' ? null : html`<div class="field"><label for="tournament-seats">${t('seats')}</label>
        <select id="tournament-seats" value=${String(seats)} onChange=${(e) => setSeats(Number(e.target.value))}>
          ${counts.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select></div>`}
      ${format === 'swiss' ? html`<div class="field"><label for="tournament-rounds">${t('rounds')}</label>
        <input id="tournament-rounds" type="number" min="0" max="20" value=${rounds} onInput=${(e) => setRounds(e.target.value)} /></div>` : null}
      <div class="field"><label for="tournament-closes">${t('signupDeadline')}</label>
        <input id="tournament-closes" type="datetime-local" value=${closes} aria-describedby="tournament-closes-help" onInput=${(e) => setCloses(e.target.value)} />
        <span class="muted small-print" id="tournament-closes-help">${t('signupDeadlineHelp')}</span></div>
      <${TimingFields} prefix="tournament" hours=${hours} setHours=${setHours} policy=${policy} setPolicy=${setPolicy}
        choices=${[0, 12, 24, 72, 168, 336]} defaultWords=${t('moveDeadlineDefault')} />
      ${fields.length ? html`<fieldset><legend>${t('options')}</legend>
        ${fields.map((f) => html`<${OptionField} game=${game} field=${f} value=${options[f.name]} onInput=${(v) => setOptions({ ...options, [f.name]: v })} />`)}
      </fieldset>` : null}
      <button type="submit">${t('createTournament')}</button>
      ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    </form></section>`;
}

export function TournamentsPage({ signedIn }) {
  const [state, setState] = useState('open');
  const [list, setList] = useState(null);
  const [mine, setMine] = useState([]);
  const [games, setGames] = useState([]);
  useEffect(() => { listGames().then(setGames).catch(() => {}); }, []);
  useEffect(() => {
    all(`/api/tournaments?state=${state}`, 3).then(setList).catch(() => setList([]));
    if (signedIn) all('/api/me/tournaments', 3).then(setMine).catch(() => setMine([]));
  }, [state, signedIn]);
  return html`<div><h1 tabindex="-1">${t('tournaments')}</h1>
    ${signedIn && mine.length ? html`<section class="panel" aria-labelledby="tmine-h"><h2 id="tmine-h">${t('myTournaments')}</h2>
      <ul class="plain tables">${mine.map((it) => html`<${TournamentRow} item=${it} games=${games} />`)}</ul></section>` : null}
    <section class="panel" aria-labelledby="tlist-h"><h2 id="tlist-h">${t(`tournaments_${state}`)}</h2>
      <div class="field"><label for="tournament-state">${t('status')}</label>
        <select id="tournament-state" value=${state} onChange=${(e) => setState(e.target.value)}>
          ${['open', 'running', 'finished'].map((s) => html`<option value=${s}>${t(`tournament_${s}`)}</option>`)}</select></div>
      ${list && list.length ? html`<ul class="plain tables">${list.map((it) => html`<${TournamentRow} item=${it} games=${games} />`)}</ul>`
        : html`<p class="muted">${list ? t('noTournaments') : t('loading')}</p>`}</section>
    ${signedIn && games.length ? html`<${CreateTournament} games=${games} />` : null}
  </div>`;
}

function MatchCell({ match }) {
  const cells = match.names.map((n, i) => {
    const mark = match.ranks ? ` (${match.ranks[i] === 1 ? '★ ' : ''}${match.points[i]})` : '';
    return `${n}${mark}`;
  });
  return html`<li class="table-row" data-match=${match.table_id}>
    ${match.opened ? html`<a href=${`/tables/${match.table_id}`}>${cells.join(' – ')}</a>` : cells.join(' – ')}
    <span class="muted"> · ${match.ranks ? t('matchOver') : match.opened ? t('matchPlaying') : t('matchWaiting')}</span>
    ${match.ruling ? html`<span class="ruling" data-ruling=${match.ruling}> · ${rulingText(match)}</span>` : null}</li>`;
}

/** An arbiter's ruling on a match, in words. */
function rulingText(match) {
  if (match.ruling !== 'forfeit') return t(`ruling_${match.ruling}`);
  const who = (match.ruled_out || []).map((p) => match.names[match.players.indexOf(p)] || p).join(', ');
  return t('ruling_forfeit', who);
}

export function TournamentPage({ id }) {
  const [view, setView] = useState(null);
  const [error, setError] = useState('');
  const [games, setGames] = useState([]);
  useEffect(() => { listGames().then(setGames).catch(() => {}); }, []);
  const load = () => get(`/api/tournaments/${id}`).then(setView).catch((e) => setError(errorText(e, lang())));
  useEffect(() => {
    load();
    const timer = setInterval(load, 2000);  // live: rounds, tables and standings move on
    return () => clearInterval(timer);
  }, [id]);
  if (error && !view) return html`<p role="alert" class="error">${error}</p>`;
  if (!view) return html`<p>${t('loading')}</p>`;
  const s = view.summary;
  const me = account.who;
  const joined = me && view.players.some((p) => p.player_id === me.player_id && !p.withdrawn);
  const act = (path) => async () => {
    setError('');
    try { await post(`/api/tournaments/${id}/${path}`); await load(); } catch (e) { setError(errorText(e, lang())); }
  };
  const bracket = s.format === 'knockout';
  const found = games.find((g) => g.name === s.game);
  const title = found ? gameTitle(found) : '';
  const winners = s.status === 'finished' ? view.standings.filter((r) => r.rank === 1).map((r) => r.name) : [];
  // every tie-break of the format, in the order the standings apply them
  const breaks = s.format === 'swiss' ? [['buchholz', t('buchholz')], ['sonneborn_berger', t('sonnebornBerger')]]
    : s.format === 'knockout' ? [['reached', t('reached')]]
      : [['head_to_head', t('headToHead')], ['sonneborn_berger', t('sonnebornBerger')]];
  const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  return html`<div data-tournament-status=${s.status}><h1 tabindex="-1">${s.name}</h1>
    <p>${t(`format_${s.format}`)} · <span data-tournament-game=${s.game}>${title}</span> · ${t('seatsPerTable', s.seats)} · ${t(`tournament_${s.status}`)}
      ${s.rounds ? html` · ${t('round')} ${s.round}/${s.rounds}` : null}</p>
    ${winners.length ? html`<p class="panel result" data-tournament-winner=${winners.join(', ')}><strong>★ ${winners.length === 1 ? t('tournamentWinner', winners[0]) : t('tournamentWinners', winners.join(', '))}</strong></p>` : null}
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    <section class="panel" aria-labelledby="tplayers-h"><h2 id="tplayers-h">${t('players')} (${view.players.length}/${s.max_players})</h2>
      <ul class="plain">${view.players.map((p) => html`<li><a href=${`/players/${p.player_id}`}>${p.name}</a>${p.withdrawn ? html` <span class="muted">(${t('withdrawn')})</span>` : null}</li>`)}</ul>
      ${me && s.status === 'open' && !joined ? html`<button type="button" data-action="join-tournament" onClick=${act('join')}>${t('signUpTournament')}</button>` : null}
      ${me && s.status === 'open' && s.creator === me.player_id ? html` <button type="button" data-action="start-tournament" onClick=${act('start')}>${t('startTournament')}</button>` : null}
      ${joined && (s.status === 'open' || s.status === 'running') ? html` <button type="button" class="secondary" data-action="withdraw" onClick=${act('withdraw')}>${t('withdraw')}</button>` : null}
    </section>
    ${view.rounds.length ? html`<section class="panel" aria-labelledby="trounds-h"><h2 id="trounds-h">${bracket ? t('bracket') : t('rounds')}</h2>
      <div class=${bracket ? 'bracket' : ''}>${view.rounds.map((r) => html`<div class="round" data-round=${r.round}><h3>${t('round')} ${r.round}</h3>
        <ul class="plain tables">${r.matches.map((m) => html`<${MatchCell} match=${m} />`)}
          ${r.byes.map((b) => html`<li class="muted">${(view.players.find((p) => p.player_id === b) || {}).name}: ${t('bye')}</li>`)}</ul></div>`)}</div></section>` : null}
    <section class="panel" aria-labelledby="tstandings-h"><h2 id="tstandings-h">${t('standings')}</h2>
      <div class="scroll" tabindex="0"><table class="data" data-standings><thead><tr><th scope="col">#</th><th scope="col">${t('player')}</th><th scope="col">${t('points')}</th>
        ${breaks.map(([key, label]) => html`<th scope="col" data-tiebreak=${key}>${label}</th>`)}<th scope="col">${t('wins')}</th><th scope="col">${t('games')}</th></tr></thead>
      <tbody>${view.standings.map((r) => html`<tr data-standing=${r.player_id}><td>${r.rank}</td><td>${r.name}${r.withdrawn ? html` <span class="muted">(${t('withdrawn')})</span>` : null}</td><td>${num(r.points)}</td>
        ${breaks.map(([key]) => html`<td data-tiebreak=${key}>${num(r[key])}</td>`)}<td>${r.wins}</td><td>${r.played}</td></tr>`)}</tbody></table></div></section>
    <section class="panel" aria-labelledby="tseed-h"><h2 id="tseed-h">${t('seed')}</h2>
      <p><code class="seed" data-tournament-seed=${view.seed}>${view.seed}</code></p><p class="muted small-print">${t('seedHelp')}</p></section>
  </div>`;
}
