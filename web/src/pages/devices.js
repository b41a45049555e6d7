// My tokens, one per device: add one (a link and QR code for the new device), rename, revoke.
import { useEffect, useState } from 'preact/hooks';
import qrcode from 'qrcode-generator';
import { html } from '../boards/common.js';
import { account, api, get, post } from '../api.js';
import { lang, t } from '../i18n.js';
import { errorText } from '../words.js';

function NewDevice({ made }) {
  const link = `${location.origin}/#token=${encodeURIComponent(made.token)}`;
  const qr = qrcode(0, 'M');
  qr.addData(link);
  qr.make();
  return html`<div data-new-device=${made.id}><p class="warning">${t('newDeviceHelp')}</p>
    <p><a href=${link} data-carry-link>${link}</a></p>
    <img src=${qr.createDataURL(4, 8)} alt=${t('addDevice')} width="220" height="220" class="qr" /></div>`;
}

export function Devices({ onSignedOut }) {
  const [tokens, setTokens] = useState([]);
  const [made, setMade] = useState(null);
  const [error, setError] = useState('');
  const load = () => get('/api/me/tokens').then((got) => setTokens(got.tokens)).catch((e) => setError(errorText(e, lang())));
  useEffect(() => { load(); }, []);
  const run = (fn) => async (event) => {
    if (event && event.preventDefault) event.preventDefault();
    setError('');
    try { await fn(event); } catch (e) { setError(errorText(e, lang())); }
  };
  const add = run(async (event) => {
    const name = String(new FormData(event.target).get('device') || '');
    setMade(await post('/api/me/tokens', { name }));
    event.target.reset();
    await load();
  });
  const rename = (token) => run(async () => {
    const name = prompt(t('rename'), token.name);
    if (name === null) return;
    await api('PATCH', `/api/me/tokens/${token.id}`, { name });
    await load();
  });
  const revoke = (token) => run(async () => {
    await api('DELETE', `/api/me/tokens/${token.id}`);
    if (token.current) { account.clear(); onSignedOut(); return; }
    if (made && made.id === token.id) setMade(null);
    await load();
  });
  return html`<section class="panel" aria-labelledby="devices-h"><h2 id="devices-h">${t('devices')}</h2>
    <p class="muted">${t('devicesHelp')}</p>
    <ul class="plain">${tokens.map((token) => html`<li data-token=${token.id} data-revoked=${token.revoked ? 'true' : 'false'}>
      <strong>${token.name}</strong>${token.current ? html` <span class="muted">· ${t('thisDevice')}</span>` : null}
      ${token.revoked ? html` <span class="muted">· ${t('revoked')}</span>` : html`
        <button type="button" class="small secondary" data-rename=${token.id} onClick=${rename(token)}>${t('rename')}</button>
        <button type="button" class="small danger" data-revoke=${token.id} onClick=${revoke(token)}>${t('revoke')}</button>`}
    </li>`)}</ul>
    <form class="row" onSubmit=${add}>
      <label for="device-name">${t('deviceName')}</label>
      <input id="device-name" name="device" required maxlength="40" placeholder="phone" />
      <button type="submit" data-add-device="true">${t('addDevice')}</button>
    </form>
    ${made ? html`<${NewDevice} made=${made} />` : null}
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
  </section>`;
}

/** `/sign-in#CODE`, the mailed link: trade the code for a token of this browser's own. */
export function SignInLink({ onAccount }) {
  const [state, setState] = useState('signingIn');
  const [error, setError] = useState('');
  useEffect(() => {
    const code = location.hash.replace(/^#/, '');
    history.replaceState(null, '', location.pathname);  // the code leaves the address bar
    post('/api/sign-in', { link: code }).then((made) => {
      account.set(made.token, { player_id: made.player_id, name: made.player_name });
      setState('signedInNow');
      onAccount();
    }).catch((e) => { setError(errorText(e, lang())); setState(''); });
  }, []);
  return html`<div><h1 tabindex="-1">${t('signIn')}</h1>
    ${state ? html`<p data-sign-in=${state}>${t(state)}</p>` : null}
    ${state === 'signedInNow' ? html`<p><a href="/">${t('lobby')}</a></p>` : null}
    ${error ? html`<p role="alert" class="error" data-sign-in="failed">${error}</p>` : null}
  </div>`;
}
