// Each player's score broken down, from the game's own scoring events in the log (pure). A game
// says how in its folder (web/src/games/<game>/breakdown.js, `breakdown(of, n, state)`: rows of
// `{key, values}`, values by seat; a row with `extra` is a tie-break, not part of the score);
// its catalogue names the rows (`breakdown: {key: label}`).
import * as GAMES from './games/index.js';
import { gameWords } from './words.js';

const zeros = (n) => Array.from({ length: n }, () => 0);

/** `[{label, values, extra}]` rows (values by seat); [] for a game without a breakdown.
 * `state` is the final view's game (some games read their tie-breaks there). */
export function scoreBreakdown(game, entries, scores, l, state) {
  const own = Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game].breakdown : null;
  if (!own) return [];
  const n = scores.length;
  const of = (name) => entries.filter((e) => e.name === name).map((e) => e.payload || {});
  const rows = own(of, n, state).filter((r) => r.extra || r.values.some((v) => v !== 0));
  if (!rows.length) return [];
  const counted = zeros(n);
  for (const r of rows) if (!r.extra) r.values.forEach((v, s) => { counted[s] += v; });
  const rest = scores.map((v, s) => v - counted[s]);
  const scoring = rows.filter((r) => !r.extra);
  if (rest.some((v) => v !== 0)) scoring.push({ key: 'rest', values: rest });
  const words = gameWords(game, l).breakdown || {};
  const label = (key) => {
    const [name, arg] = String(key).split(':');
    const w = words[name];
    return typeof w === 'function' ? w(Number(arg)) : w || name;
  };
  return [...scoring, ...rows.filter((r) => r.extra)].map((r) => ({ label: label(r.key), values: r.values, extra: !!r.extra }));
}

/** A row of zeros per seat with `add(seat, points)`: the games' breakdowns build on it. */
export function row(key, n, extra = false) {
  const values = zeros(n);
  return { key, values, extra, add(seat, v) { if (seat >= 0 && seat < n) values[seat] += v || 0; } };
}
