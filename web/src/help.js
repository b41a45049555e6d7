// The rules in short below a game's board: the `help` lines of its catalogue (web/src/games/<game>/),
// written from our docs/games pages, not copied from any rulebook.
import { html } from './boards/common.js';
import { lang, t } from './i18n.js';
import { helpLines } from './words.js';

/** The rules in short for a game, as a disclosure below its board. */
export function RulesHelp({ game }) {
  const lines = helpLines(game, lang());
  if (!lines || !lines.length) return null;
  return html`<details class="panel rules-help" data-help=${game}><summary>${t('rules')}</summary>
    <ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>
    <p class="muted small-print">${t('summaryNote')}</p></details>`;
}
