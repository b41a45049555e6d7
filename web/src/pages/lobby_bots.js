// "Play against bots" in the lobby's create form: choose a bot, and once the table is open
// seat a bot in every other seat (POST /api/tables/{id}/bots) and start the game.
import { html } from '../boards/common.js';
import { post } from '../api.js';
import { lang } from '../i18n.js';

// The bots a table may seat, strongest first (docs/bots.md: kinds, levels, think times).
export const BOTS = [
  { kind: 'strong', level: 3 }, { kind: 'strong', level: 2 }, { kind: 'strong', level: 1 },
  { kind: 'greedy', level: 1 }, { kind: 'random', level: 1 },
];

const WORDS = {
  en: {
    against: 'Play against bots (they take every other seat; the game starts at once)',
    bot: 'Bot', strong: (n) => `Strong, level ${n}`, greedy: 'Greedy (one move ahead)', random: 'Random',
  },
  de: {
    against: 'Gegen Bots spielen (sie nehmen alle anderen Plätze; das Spiel beginnt sofort)',
    bot: 'Bot', strong: (n) => `Stark, Stufe ${n}`, greedy: 'Gierig (einen Zug voraus)', random: 'Zufall',
  },
};

const word = (key, ...args) => {
  const value = (WORDS[lang()] || WORDS.en)[key] ?? WORDS.en[key];
  return typeof value === 'function' ? value(...args) : value;
};

const keyOf = (bot) => `${bot.kind}:${bot.level}`;
const label = (bot) => (bot.kind === 'strong' ? word('strong', bot.level) : word(bot.kind));

/** The form's part: a checkbox and the bot to play against (`value`: a bot, or null). */
export function BotChoice({ value, onChange }) {
  const chosen = value || BOTS[2];
  return html`<div class="stack">
    <label class="check"><input type="checkbox" id="create-bots" name="bots" checked=${!!value}
      onChange=${(e) => onChange(e.target.checked ? chosen : null)} /> ${word('against')}</label>
    ${value ? html`<div class="field"><label for="create-bot">${word('bot')}</label>
      <select id="create-bot" name="bot" value=${keyOf(value)}
        onChange=${(e) => onChange(BOTS.find((b) => keyOf(b) === e.target.value))}>
        ${BOTS.map((b) => html`<option value=${keyOf(b)}>${label(b)}</option>`)}</select></div>` : null}
  </div>`;
}

/** Seat bots in the table's other seats (the chosen bot first, then the next ones: a bot
 * takes one seat of a table) and start the game. */
export async function seatBots(tableId, seats, chosen) {
  const order = [chosen, ...BOTS.filter((b) => keyOf(b) !== keyOf(chosen))];
  for (const bot of order.slice(0, seats - 1)) {
    await post(`/api/tables/${tableId}/bots`, { kind: bot.kind, level: bot.level });
  }
  await post(`/api/tables/${tableId}/start`);
}
