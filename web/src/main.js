// The senet web client: sign-in, lobby, my tables, the table page, replay, players, standings, settings.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html } from './boards/common.js';
import { account, get, put, signIn } from './api.js';
import { lang, pickLanguage, setLang, t } from './i18n.js';
import { interceptLinks, match, useLocation } from './router.js';
import { SignIn } from './pages/account.js';
import { Lobby } from './pages/lobby.js';
import { MyTables } from './pages/mytables.js';
import { TablePage } from './pages/table.js';
import { ReplayPage } from './pages/replay.js';
import { PlayerPage } from './pages/player.js';
import { SignInLink } from './pages/devices.js';
import { StandingsPage } from './pages/standings.js';
import { SettingsPage } from './pages/settings.js';
import { TournamentPage, TournamentsPage } from './pages/tournaments.js';
import { ArbiterCase, ArbiterQueue, DisputePage, ReportLink, ReportProblem } from './pages/disputes.js';

function Page({ path, query, signedIn, onAccount }) {
  let m;
  if ((m = match('/tables/:id/replay', path))) {
    return html`<div><${ReplayPage} id=${m.id} at=${Number(query.get('at')) || 0} /><${ReportLink} id=${m.id} at=${Number(query.get('at')) || 0} /></div>`;
  }
  if ((m = match('/tables/:id', path))) {
    return html`<div>${signedIn ? null : html`<${SignIn} onChange=${onAccount} />`}
      <${TablePage} key=${`${m.id}${signedIn}`} id=${m.id} allMoves=${query.get('all-moves') === '1'} />
      ${signedIn ? html`<${ReportProblem} key=${m.id} id=${m.id} at=${Number(query.get('report')) || 0} />` : null}</div>`;
  }
  if ((m = match('/disputes/:id', path))) return signedIn ? html`<${DisputePage} id=${m.id} />` : html`<${SignIn} onChange=${onAccount} />`;
  if ((m = match('/arbiter/:id', path))) return html`<${ArbiterCase} id=${m.id} />`;
  if (path === '/arbiter') return html`<${ArbiterQueue} state=${query.get('state') === 'settled' ? 'settled' : 'open'} />`;
  if ((m = match('/tournaments/:id', path))) {
    return html`<div>${signedIn ? null : html`<${SignIn} onChange=${onAccount} />`}<${TournamentPage} key=${`${m.id}${signedIn}`} id=${m.id} /></div>`;
  }
  if (path === '/tournaments') return html`<${TournamentsPage} signedIn=${signedIn} />`;
  if ((m = match('/players/:id', path))) return html`<${PlayerPage} id=${m.id} onSignedOut=${onAccount} />`;
  if (path === '/sign-in') return html`<${SignInLink} onAccount=${onAccount} />`;
  if ((m = match('/standings/:game', path))) return html`<${StandingsPage} game=${m.game} />`;
  if (path === '/standings') return html`<${StandingsPage} />`;
  if (path === '/settings') return signedIn ? html`<${SettingsPage} />` : html`<${SignIn} onChange=${onAccount} />`;
  if (path === '/me') return signedIn ? html`<div><h1 tabindex="-1">${t('myTables')}</h1><${MyTables} /></div>` : html`<${SignIn} onChange=${onAccount} />`;
  if (path !== '/' && path !== '/index.html') {
    return html`<div data-missing="true"><h1 tabindex="-1">${t('notFound')}</h1><p><a href="/">${t('toLobby')}</a></p></div>`;
  }
  return html`<div><h1 tabindex="-1">${t('title')}</h1>
    ${signedIn ? html`<${MyTables} />` : html`<${SignIn} onChange=${onAccount} />`}
    <${Lobby} key=${String(signedIn)} /></div>`;
}

function App({ notice }) {
  const where = useLocation();
  const [, setLanguage] = useState(lang());
  const [signedIn, setSignedIn] = useState(!!account.token);
  const url = new URL(where, location.origin);
  useEffect(() => {
    const heading = document.querySelector('main h1');
    if (heading && document.activeElement === document.body) heading.focus({ preventScroll: true });
  }, [where]);
  const who = account.who;
  return html`<div class="app">
    <a class="skip" href="#main">Skip to content</a>
    <header class="top"><nav aria-label="main">
      <a href="/" class="brand">☥ Senet</a>
      <a href="/">${t('lobby')}</a>
      ${signedIn ? html`<a href="/me">${t('myTables')}</a>` : null}
      <a href="/tournaments">${t('tournaments')}</a>
      <a href="/standings">${t('standings')}</a>
      ${signedIn ? html`<a href="/settings">${t('settings')}</a>` : null}
      ${signedIn && who ? html`<a href=${`/players/${who.player_id}`}>${who.name}</a>` : null}
      ${signedIn ? html`<button type="button" class="secondary" onClick=${() => { account.clear(); setSignedIn(false); }}>${t('signOut')}</button>` : null}
      <label class="lang"><span class="sr">${t('language')}</span>
        <select aria-label=${t('language')} value=${lang()} onChange=${(e) => { setLang(e.target.value); setLanguage(e.target.value); }}>
          <option value="en">English</option><option value="de">Deutsch</option></select></label>
    </nav></header>
    <main id="main">
      ${notice ? html`<p role="alert" class="error">${notice}</p>` : null}
      <${Page} key=${lang()} path=${url.pathname} query=${url.searchParams} signedIn=${signedIn} onAccount=${() => setSignedIn(!!account.token)} />
    </main>
  </div>`;
}

/** Mails and pushes speak the player's language: until one is chosen (settings), the browser's. */
async function defaultMailLanguage() {
  if (!account.token) return;
  try {
    const prefs = await get('/api/me/preferences');
    const s = prefs.settings;
    if (s && !s.language) await put('/api/me/preferences', { ...s, language: pickLanguage() });
  } catch { /* not signed in any more, or an older server: nothing to do */ }
}

/** A `#token=` address signs that token in, keeps it, and leaves the address bar without it. */
async function boot() {
  let notice = '';
  const found = /^#token=(.+)$/.exec(location.hash);
  if (found) {
    history.replaceState(null, '', location.pathname + location.search);
    try { await signIn(decodeURIComponent(found[1])); } catch (e) { notice = e.message; }
  }
  document.documentElement.lang = lang();
  interceptLinks();
  defaultMailLanguage();
  render(html`<${App} notice=${notice} />`, document.getElementById('app'));
}

boot();
