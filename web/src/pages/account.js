// Sign up (name → token) and sign in (a token you have); the token is the account.
import { useState } from 'preact/hooks';
import { html } from '../boards/common.js';
import { account, post, signIn } from '../api.js';
import { lang, t } from '../i18n.js';
import { errorText } from '../words.js';

export function SignIn({ onChange }) {
  const [error, setError] = useState('');
  const [fresh, setFresh] = useState(null);
  const signUp = async (event) => {
    event.preventDefault();
    setError('');
    const name = new FormData(event.target).get('name');
    try {
      const made = await post('/api/players', { name });
      account.set(made.token, { player_id: made.player_id, name: made.name });
      setFresh(made);
      onChange();
    } catch (e) { setError(errorText(e, lang())); }
  };
  const withToken = async (event) => {
    event.preventDefault();
    setError('');
    try { await signIn(String(new FormData(event.target).get('token')).trim()); onChange(); } catch (e) { setError(errorText(e, lang())); }
  };
  const [asked, setAsked] = useState(false);
  const askLink = async (event) => {
    event.preventDefault();
    setError('');
    try { await post('/api/sign-in-links', { email: String(new FormData(event.target).get('email')) }); setAsked(true); } catch (e) { setError(errorText(e, lang())); }
  };
  if (fresh) {
    return html`<section class="panel" aria-labelledby="made-h"><h2 id="made-h">${t('signedInAs')} ${fresh.name}</h2>
      <p class="warning" role="note">${t('tokenIsAccount')}</p>
      <p><label>${t('token')} <input readonly value=${fresh.token} size="40" /></label></p></section>`;
  }
  return html`<section class="panel" aria-labelledby="signup-h">
    <h2 id="signup-h">${t('signUp')}</h2>
    <p class="warning" role="note">${t('tokenIsAccount')}</p>
    <form onSubmit=${signUp} class="row">
      <label for="signup-name">${t('name')}</label>
      <input id="signup-name" name="name" required maxlength="40" autocomplete="nickname" />
      <button type="submit">${t('signUp')}</button>
    </form>
    <details><summary>${t('signInWithToken')}</summary>
      <form onSubmit=${withToken} class="row">
        <label for="signin-token">${t('token')}</label>
        <input id="signin-token" name="token" required autocomplete="off" />
        <button type="submit">${t('signIn')}</button>
      </form></details>
    <details><summary>${t('lostToken')}</summary>
      <form onSubmit=${askLink} class="row">
        <label for="signin-email">${t('email')}</label>
        <input id="signin-email" name="email" type="email" required autocomplete="email" />
        <button type="submit" data-ask-link="true">${t('sendLink')}</button>
      </form>
      ${asked ? html`<p role="status" data-link-asked="true">${t('linkAsked')}</p>` : null}</details>
    ${error ? html`<p role="alert" class="error">${error}</p>` : null}
  </section>`;
}
