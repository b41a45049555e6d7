// Disputes: a player's "Report a problem" on a table or replay page, the case page its
// players see, and the arbiters' queue and case page (an admin token, kept for this tab only,
// or the signed-in account when an operator named it an arbiter). Every text a player or an
// arbiter wrote is shown as text (Preact escapes it), never as markup.
import { useEffect, useState } from 'preact/hooks';
import { html, seatNames } from '../boards/common.js';
import { account, api, get, post } from '../api.js';
import { STRINGS, lang, t } from '../i18n.js';
import { errorText } from '../words.js';
import { Board } from './table.js';

Object.assign(STRINGS.en, {
  reportProblem: 'Report a problem', reportHelp: 'Tell an arbiter what went wrong in this game. Reporting does not change the game; the other players are told and may add a statement.',
  disputeReason: 'What went wrong', reason_wrong_rule: 'a rule was applied wrongly', reason_wrong_score: 'the score is wrong',
  reason_timing: 'a deadline or the turn clock', reason_abuse: 'abuse or collusion', reason_other: 'something else',
  disputeVersion: 'At event', disputeText: 'What happened', sendReport: 'Send the report', reportSent: 'Your report was sent to the arbiters.',
  openCase: 'Open the case', dispute: 'Dispute', disputeOpen: 'open', disputeSettled: 'settled', statements: 'Statements',
  noStatements: 'No statements yet.', addStatement: 'Add your statement', sendStatement: 'Send the statement', verdict: 'Verdict',
  verdict_stands: 'the result stands', verdict_replayed: 'to be re-decided from an event', verdict_annulled: 'annulled: the game counts for no one',
  verdict_forfeit: 'forfeit by a seat', verdictReason: 'Reason', openedBy: 'Opened by', arbiters: 'Arbiters', arbiterQueue: 'Disputes to decide',
  arbiterToken: 'Admin token (kept for this tab only; empty: your account)', useToken: 'Use', settledCases: 'Settled',
  openCases: 'Open', noDisputes: 'No disputes.', verification: 'Record check', verified_ok: 'the record verifies',
  verified_mismatch: 'the record does NOT verify', verified_pending: 'the game is not over: its record is sealed',
  stateAt: 'The table at the disputed event, as each seat saw it', spectatorSeat: 'as a spectator saw it',
  showHands: 'Show every hand (logged)', timing: 'Timing in effect', chat: 'Table chat', noChat: 'No messages.',
  giveVerdict: 'Give the verdict', forfeitSeat: 'Seat that forfeits', fromVersion: 'Re-decide from event', actions: 'Arbiters\' actions',
  noticesSent: 'Notices about the turns running then', table: 'Table', recordEvents: (n) => `The game's record: ${n} events, as senet export writes it.`,
});
Object.assign(STRINGS.de, {
  reportProblem: 'Problem melden', reportHelp: 'Schildere einem Schiedsrichter, was in dieser Partie schiefging. Die Meldung ändert die Partie nicht; die anderen Spieler erfahren davon und können Stellung nehmen.',
  disputeReason: 'Was ging schief', reason_wrong_rule: 'eine Regel wurde falsch angewandt', reason_wrong_score: 'die Wertung ist falsch',
  reason_timing: 'eine Frist oder die Zuguhr', reason_abuse: 'Missbrauch oder Absprache', reason_other: 'etwas anderes',
  disputeVersion: 'Bei Ereignis', disputeText: 'Was geschah', sendReport: 'Meldung senden', reportSent: 'Deine Meldung ging an die Schiedsrichter.',
  openCase: 'Zum Fall', dispute: 'Streitfall', disputeOpen: 'offen', disputeSettled: 'entschieden', statements: 'Stellungnahmen',
  noStatements: 'Noch keine Stellungnahmen.', addStatement: 'Deine Stellungnahme', sendStatement: 'Stellungnahme senden', verdict: 'Schiedsspruch',
  verdict_stands: 'das Ergebnis bleibt bestehen', verdict_replayed: 'wird ab einem Ereignis neu entschieden', verdict_annulled: 'annulliert: die Partie zählt für niemanden',
  verdict_forfeit: 'aufgegeben durch einen Platz', verdictReason: 'Begründung', openedBy: 'Gemeldet von', arbiters: 'Schiedsrichter', arbiterQueue: 'Zu entscheidende Streitfälle',
  arbiterToken: 'Admin-Token (nur für diesen Tab; leer: dein Konto)', useToken: 'Verwenden', settledCases: 'Entschieden',
  openCases: 'Offen', noDisputes: 'Keine Streitfälle.', verification: 'Prüfung der Aufzeichnung', verified_ok: 'die Aufzeichnung ist stimmig',
  verified_mismatch: 'die Aufzeichnung ist NICHT stimmig', verified_pending: 'die Partie läuft noch: ihre Aufzeichnung ist versiegelt',
  stateAt: 'Der Tisch beim strittigen Ereignis, wie jeder Platz ihn sah', spectatorSeat: 'wie ein Zuschauer ihn sah',
  showHands: 'Alle Hände zeigen (wird protokolliert)', timing: 'Geltende Zeitregeln', chat: 'Tisch-Chat', noChat: 'Keine Nachrichten.',
  giveVerdict: 'Schiedsspruch fällen', forfeitSeat: 'Platz, der aufgibt', fromVersion: 'Neu entscheiden ab Ereignis', actions: 'Handlungen der Schiedsrichter',
  noticesSent: 'Benachrichtigungen zu den damals laufenden Zügen', table: 'Tisch', recordEvents: (n) => `Die Aufzeichnung der Partie: ${n} Ereignisse, wie senet export sie schreibt.`,
});

const REASONS = ['wrong_rule', 'wrong_score', 'timing', 'abuse', 'other'];
const VERDICTS = ['stands', 'replayed', 'annulled', 'forfeit'];
const ARBITER_KEY = 'senet.arbiter'; // sessionStorage: an admin token, for this tab only
const arbiterToken = () => sessionStorage.getItem(ARBITER_KEY) || account.token;
const asArbiter = (method, path, body) => api(method, path, body, arbiterToken());
const shortId = (id) => String(id || '').slice(0, 8);

/** "Report a problem": for a seated player of the table, during or after the game. */
export function ReportProblem({ id, at = 0 }) {
  const [view, setView] = useState(null);
  const [reason, setReason] = useState('wrong_rule');
  const [version, setVersion] = useState(at || 1);
  const [text, setText] = useState('');
  const [done, setDone] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!account.token) return;
    get(`/api/tables/${id}/view`).then((v) => { setView(v); setVersion(at && at <= v.table.version ? at : v.table.version); }).catch(() => {});
  }, [id, at]);
  if (!view || view.seat === null || view.seat === undefined || !view.table.version) return null;
  const submit = async (event) => {
    event.preventDefault();
    setError('');
    try { setDone(await post(`/api/tables/${id}/disputes`, { reason, version: Number(version), text })); }
    catch (e) { setError(errorText(e, lang())); }
  };
  return html`<details class="panel report" data-report="true" open=${at > 0}>
    <summary>${t('reportProblem')}</summary>
    ${done ? html`<p data-report-done=${done.dispute_id}>${t('reportSent')} <a href=${`/disputes/${done.dispute_id}`}>${t('openCase')}</a></p>`
      : html`<form onSubmit=${submit}>
        <p class="muted">${t('reportHelp')}</p>
        <p><label>${t('disputeReason')} <select name="reason" value=${reason} onChange=${(e) => setReason(e.target.value)}>
          ${REASONS.map((r) => html`<option value=${r}>${t(`reason_${r}`)}</option>`)}</select></label></p>
        <p><label>${t('disputeVersion')} <input name="version" type="number" min="1" max=${view.table.version} value=${version}
          onInput=${(e) => setVersion(e.target.value)} /></label></p>
        <p><label>${t('disputeText')}<br /><textarea name="text" rows="4" cols="50" maxlength="2000" required value=${text}
          onInput=${(e) => setText(e.target.value)}></textarea></label></p>
        <button type="submit">${t('sendReport')}</button></form>`}
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
  </details>`;
}

/** On a replay (display-only): a link to the table page's report form for the event shown. */
export function ReportLink({ id, at }) {
  if (!account.token) return null;
  return html`<p class="report-link"><a data-report-link href=${`/tables/${id}?report=${at}`}>${t('reportProblem')}</a></p>`;
}

/** A case: reason, event, text, statements, verdict (all as text). */
function Case({ dispute }) {
  const v = dispute.verdict;
  return html`<section class="panel" data-case-state=${dispute.state}>
    <p>${t('table')}: <a href=${`/tables/${dispute.table_id}`}>${dispute.game} · ${shortId(dispute.table_id)}</a>
      ${' · '}${t('disputeVersion')} ${dispute.version} · <strong>${t(dispute.state === 'open' ? 'disputeOpen' : 'disputeSettled')}</strong></p>
    <p>${t('openedBy')}: ${t('seatN', dispute.seat)} · ${t('disputeReason')}: ${t(`reason_${dispute.reason}`)}</p>
    <blockquote data-case-text>${dispute.text}</blockquote>
    <h2>${t('statements')}</h2>
    ${dispute.statements.length ? html`<ul>${dispute.statements.map((s) => html`<li data-statement>${t('seatN', s.seat)}: ${s.text}</li>`)}</ul>`
      : html`<p class="muted">${t('noStatements')}</p>`}
    ${v ? html`<h2>${t('verdict')}</h2><p data-verdict=${v.verdict}><strong>${t(`verdict_${v.verdict}`)}</strong>
      ${v.seat !== null && v.seat !== undefined ? ` (${t('seatN', v.seat)})` : ''}${v.from_version ? ` (${t('disputeVersion')} ${v.from_version})` : ''}</p>
      <p>${t('verdictReason')}: ${v.reason}</p>` : null}
  </section>`;
}

function Verified({ verified }) {
  return html`<p data-verified=${verified.outcome}>${t('verification')}: <strong>${t(`verified_${verified.outcome}`)}</strong>
    ${verified.divergence ? html`<br /><span class="error">${verified.divergence.message}</span>` : null}</p>`;
}

function States({ states }) {
  return html`<section class="panel"><h2>${t('stateAt')}</h2>
    ${states.map((s) => html`<details class="panel" data-seat-state=${s.seat === null ? 'spectator' : s.seat}>
      <summary>${s.seat === null ? t('spectatorSeat') : t('seatN', s.seat)}${s.view.seat !== null && seatNames(s.view)[s.seat] ? ` · ${seatNames(s.view)[s.seat]}` : ''}</summary>
      <${Board} view=${s.view} /></details>`)}</section>`;
}

/** `/disputes/:id`: the case as a player of its table sees it; the others add a statement. */
export function DisputePage({ id }) {
  const [page, setPage] = useState(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const load = () => get(`/api/disputes/${id}`).then(setPage).catch((e) => setError(errorText(e, lang())));
  useEffect(() => { load(); }, [id]);
  const me = account.who && account.who.player_id;
  const d = page && page.dispute;
  const mayState = d && d.state === 'open' && me && me !== d.player_id && !d.statements.some((s) => s.player_id === me);
  const send = async (event) => {
    event.preventDefault();
    setError('');
    try { await post(`/api/disputes/${id}/statements`, { text }); setText(''); await load(); }
    catch (e) { setError(errorText(e, lang())); }
  };
  return html`<div class="dispute"><h1 tabindex="-1">${t('dispute')}</h1>
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    ${page ? html`<div><${Case} dispute=${d} /><${Verified} verified=${page.verified} />
      ${mayState ? html`<form class="panel" data-statement-form="true" onSubmit=${send}>
        <p><label>${t('addStatement')}<br /><textarea name="statement" rows="4" cols="50" maxlength="2000" required value=${text}
          onInput=${(e) => setText(e.target.value)}></textarea></label></p>
        <button type="submit">${t('sendStatement')}</button></form>` : null}
      <${States} states=${page.states} /></div>` : null}
  </div>`;
}

function ArbiterToken({ onChange }) {
  const [token, setToken] = useState(sessionStorage.getItem(ARBITER_KEY) || '');
  const use = (event) => {
    event.preventDefault();
    if (token) sessionStorage.setItem(ARBITER_KEY, token); else sessionStorage.removeItem(ARBITER_KEY);
    onChange();
  };
  return html`<form class="row" onSubmit=${use}><label>${t('arbiterToken')}
    <input name="arbiter-token" type="password" autocomplete="off" value=${token} onInput=${(e) => setToken(e.target.value)} /></label>
    <button type="submit" class="secondary">${t('useToken')}</button></form>`;
}

/** `/arbiter`: the queue of open (or settled) cases with each record's check. */
export function ArbiterQueue({ state = 'open' }) {
  const [items, setItems] = useState(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    setError('');
    asArbiter('GET', `/api/admin/disputes?state=${state}`).then((p) => setItems(p.items))
      .catch((e) => { setItems(null); setError(errorText(e, lang())); });
  }, [state, round]);
  return html`<div class="arbiter"><h1 tabindex="-1">${t('arbiterQueue')}</h1>
    <${ArbiterToken} onChange=${() => setRound(round + 1)} />
    <nav class="row" aria-label=${t('arbiters')}><a href="/arbiter" aria-current=${state === 'open' ? 'page' : undefined}>${t('openCases')}</a>
      <a href="/arbiter?state=settled" aria-current=${state === 'settled' ? 'page' : undefined}>${t('settledCases')}</a></nav>
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    ${items && !items.length ? html`<p>${t('noDisputes')}</p>` : null}
    ${items && items.length ? html`<table><thead><tr><th>${t('dispute')}</th><th>${t('game')}</th><th>${t('disputeReason')}</th>
      <th>${t('verification')}</th></tr></thead><tbody>${items.map((x) => html`<tr data-queue-item=${x.dispute_id}>
        <td><a href=${`/arbiter/${x.dispute_id}`}>${shortId(x.dispute_id)}</a></td><td>${x.game} · ${shortId(x.table_id)}</td>
        <td>${t(`reason_${x.reason}`)}</td><td data-verified=${x.verified.outcome}>${t(`verified_${x.verified.outcome}`)}</td></tr>`)}
      </tbody></table>` : null}
  </div>`;
}

/** `/arbiter/:id`: a case with its evidence, the logged choice to see every hand, the verdict. */
export function ArbiterCase({ id }) {
  const [page, setPage] = useState(null);
  const [error, setError] = useState('');
  const [verdict, setVerdict] = useState('stands');
  const [reason, setReason] = useState('');
  const [seat, setSeat] = useState(0);
  const [from, setFrom] = useState(1);
  const load = () => asArbiter('GET', `/api/admin/disputes/${id}`).then(setPage).catch((e) => setError(errorText(e, lang())));
  useEffect(() => { load(); }, [id]);
  const act = async (method, path, body) => {
    setError('');
    try { await asArbiter(method, path, body); await load(); } catch (e) { setError(errorText(e, lang())); }
  };
  const decide = (event) => {
    event.preventDefault();
    const body = { verdict, reason };
    if (verdict === 'forfeit') body.seat = Number(seat);
    if (verdict === 'replayed') body.from_version = Number(from);
    act('POST', `/api/admin/disputes/${id}/verdict`, body);
  };
  const d = page && page.dispute;
  const chat = (page && page.chat && page.chat.players) || [];
  return html`<div class="arbiter-case"><h1 tabindex="-1">${t('dispute')} ${shortId(id)}</h1>
    <p><a href="/arbiter">${t('arbiterQueue')}</a></p>
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    ${page ? html`<div><${Case} dispute=${d} /><${Verified} verified=${page.verified} />
      ${page.record ? html`<p data-record-events=${page.record.events.length}>${t('recordEvents', page.record.events.length)}</p>` : null}
      ${d.state === 'open' ? html`<form class="panel" data-verdict-form="true" onSubmit=${decide}><h2>${t('giveVerdict')}</h2>
        <p><label>${t('verdict')} <select name="verdict" value=${verdict} onChange=${(e) => setVerdict(e.target.value)}>
          ${VERDICTS.map((v) => html`<option value=${v}>${t(`verdict_${v}`)}</option>`)}</select></label></p>
        ${verdict === 'forfeit' ? html`<p><label>${t('forfeitSeat')} <select name="seat" value=${seat} onChange=${(e) => setSeat(e.target.value)}>
          ${d.players.map((_, i) => html`<option value=${i}>${t('seatN', i)}</option>`)}</select></label></p>` : null}
        ${verdict === 'replayed' ? html`<p><label>${t('fromVersion')} <input name="from_version" type="number" min="1" max=${page.table_version}
          value=${from} onInput=${(e) => setFrom(e.target.value)} /></label></p>` : null}
        <p><label>${t('verdictReason')}<br /><textarea name="reason" rows="3" cols="50" maxlength="2000" required value=${reason}
          onInput=${(e) => setReason(e.target.value)}></textarea></label></p>
        <button type="submit">${t('giveVerdict')}</button></form>` : null}
      ${page.all_hands ? null : html`<p><button type="button" class="secondary" data-show-hands="true"
        onClick=${() => act('POST', `/api/admin/disputes/${id}/hands`)}>${t('showHands')}</button></p>`}
      <${States} states=${page.states} />
      ${page.timing || (page.notices && page.notices.length) ? html`<section class="panel"><h2>${t('timing')}</h2>
        ${page.timing ? html`<pre>${JSON.stringify(page.timing, null, 1)}</pre>` : null}
        ${page.notices && page.notices.length ? html`<h3>${t('noticesSent')}</h3><ul>${page.notices.map((n) => html`<li data-notice=${n.kind}>
          ${t('seatN', n.seat)} · ${n.kind} · ${n.channel} · ${n.status} · ${n.queued_at}</li>`)}</ul>` : null}</section>` : null}
      <section class="panel"><h2>${t('chat')}</h2>${chat.length ? html`<ul>${chat.map((m) => html`<li>${m.name || ''}: ${m.text}</li>`)}</ul>`
        : html`<p class="muted">${t('noChat')}</p>`}</section>
      ${d.actions.length ? html`<section class="panel"><h2>${t('actions')}</h2><ul>${d.actions.map((a) => html`<li data-action=${a.action}>${a.at} · ${a.arbiter} · ${a.action}</li>`)}</ul></section>` : null}
    </div>` : null}
  </div>`;
}
