// Notification settings: e-mail, web push (service worker + the server's VAPID key), quiet hours, vacation.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { get, post, put } from '../api.js';
import { lang, t } from '../i18n.js';
import { errorText } from '../words.js';

function keyBytes(base64url) {
  const pad = '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob((base64url + pad).replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function subscribePush() {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) throw new Error(t('pushUnsupported'));
  const { public_key: key } = await get('/api/push/key');
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  const { endpoint, keys } = subscription.toJSON();
  return post('/api/me/push-subscriptions', { endpoint, keys });
}

export function SettingsPage() {
  const [prefs, setPrefs] = useState(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  useEffect(() => { get('/api/me/preferences').then(setPrefs).catch((e) => setError(errorText(e, lang()))); }, []);
  const run = (fn) => async (event) => {
    if (event) event.preventDefault();
    setNote(''); setError('');
    // the forms keep what the user typed (uncontrolled fields): an error never resets them
    try { const answer = await fn(event); if (answer) setPrefs(answer); setNote(t('saved')); } catch (e) { setError(errorText(e, lang())); }
  };
  if (!prefs) return html`<div><h1 tabindex="-1">${t('settings')}</h1>${error ? html`<p role="alert" class="error">${error}</p>` : html`<p>${t('loading')}</p>`}</div>`;
  const s = prefs.settings;
  const saveEmail = run((e) => post('/api/me/email', { email: String(new FormData(e.target).get('email')) }));
  const saveSettings = run((e) => {
    const f = new FormData(e.target);
    const channels = ['email', 'push'].filter((c) => f.get(`channel-${c}`));
    const quiet = f.get('quiet-on') ? { start: f.get('quiet-start'), end: f.get('quiet-end'), tz: f.get('quiet-tz') || 'UTC' } : null;
    return put('/api/me/preferences', { channels, quiet, digest: !!f.get('digest'), language: String(f.get('mail-language') || lang()) });
  });
  const resend = run(() => post('/api/me/email', { email: prefs.email }));
  const vacation = run((e) => post('/api/me/vacation', { days: Number(new FormData(e.target).get('days')) }));
  const push = run(() => subscribePush());
  const zone = (s.quiet && s.quiet.tz) || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return html`<div><h1 tabindex="-1">${t('settings')}</h1>
    ${note ? html`<p role="status">${note}</p>` : null}
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
    <section class="panel" aria-labelledby="email-h"><h2 id="email-h">${t('email')}</h2>
      <form onSubmit=${saveEmail} class="row"><label for="set-email">${t('email')}</label>
        <input id="set-email" name="email" type="email" required defaultValue=${prefs.email || ''} autocomplete="email" />
        <button type="submit">${t('save')}</button></form>
      ${prefs.email ? html`<p data-email-confirmed=${prefs.email_confirmed ? 'true' : 'false'}>${prefs.email_confirmed
        ? `✓ ${t('emailConfirmed')}`
        : html`${t('emailUnconfirmed')} <button type="button" class="secondary" data-resend="true" onClick=${resend}>${t('resend')}</button>`}</p>` : null}</section>
    <section class="panel" aria-labelledby="push-h"><h2 id="push-h">${t('push')}</h2>
      <p>${t('pushCount')}: ${prefs.push_subscriptions}</p>
      <button type="button" onClick=${push}>${t('subscribe')}</button></section>
    <section class="panel" aria-labelledby="quiet-h"><h2 id="quiet-h">${t('channels')} · ${t('quiet')}</h2>
      <form onSubmit=${saveSettings} class="stack">
        <fieldset><legend>${t('channels')}</legend>
          ${['email', 'push'].map((c) => html`<label><input type="checkbox" name=${`channel-${c}`} defaultChecked=${s.channels.includes(c)} /> ${c}</label> `)}
        </fieldset>
        <fieldset><legend>${t('quiet')}</legend>
          <label><input type="checkbox" name="quiet-on" defaultChecked=${!!s.quiet} /> ${t('quiet')}</label>
          <label>${t('from')} <input type="time" name="quiet-start" defaultValue=${(s.quiet && s.quiet.start) || '22:00'} /></label>
          <label>${t('to')} <input type="time" name="quiet-end" defaultValue=${(s.quiet && s.quiet.end) || '07:00'} /></label>
          <label>${t('timeZone')} <input name="quiet-tz" defaultValue=${zone} /></label>
        </fieldset>
        <label class="check"><input type="checkbox" name="digest" defaultChecked=${s.digest} /> ${t('digest')}</label>
        <label>${t('mailLanguage')} <select name="mail-language" data-mail-language="true" defaultValue=${s.language || lang()}>
          <option value="en" selected=${(s.language || lang()) === 'en'}>English</option><option value="de" selected=${(s.language || lang()) === 'de'}>Deutsch</option></select></label>
        <button type="submit">${t('save')}</button>
      </form></section>
    <section class="panel" aria-labelledby="vac-h"><h2 id="vac-h">${t('vacation')}</h2>
      <form onSubmit=${vacation} class="row"><label for="vac-days">${t('days')}</label>
        <input id="vac-days" name="days" type="number" min="0" max="60" step="1" defaultValue="7" />
        <button type="submit">${t('pause')}</button></form>
      ${prefs.vacation && prefs.vacation.length ? html`<p>${new Date(prefs.vacation[0] * 1000).toLocaleDateString()} – ${new Date(prefs.vacation[1] * 1000).toLocaleDateString()}</p>` : null}
    </section>
  </div>`;
}
