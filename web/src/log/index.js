// The game log in sentences: every event of every game, in English and German (each game's
// sentences are its folder's log.js, web/src/games/). Pure (no DOM): tests/unit/test_log_sentences.py
// loads it with node.
import table from './table.js';
import * as REGISTRY from '../games/index.js';

export const LANGS = ['en', 'de'];
export const TABLE = table;
export const GAMES = Object.fromEntries(Object.entries(REGISTRY).map(([name, game]) => [name, game.log]));

/** Words for an event without a sentence (a game under development): its name, split. */
function named(name, l) {
  const parts = String(name).match(/[A-Z][a-z]*/g) || [String(name)];
  const text = parts.map((w, i) => (i ? w.toLowerCase() : w)).join(' ');
  return l === 'de' ? `Ereignis: ${text}` : text;
}

/**
 * One log entry (`{name, payload}`) of a game as a sentence in the language `l`;
 * `names[seat]` are the players, `titles[game]` the games' names (from GET /api/games).
 */
export function sentence(game, l, entry, names, titles) {
  const lang = LANGS.includes(l) ? l : 'en';
  const x = {
    n: (seat) => (seat === null || seat === undefined ? (lang === 'de' ? 'jemand' : 'someone') : names[seat] || (lang === 'de' ? `Platz ${seat + 1}` : `seat ${seat + 1}`)),
    title: (g) => (titles && titles[g]) || g,
  };
  const own = GAMES[game] && GAMES[game][lang] && GAMES[game][lang][entry.name];
  const fn = own || table[lang][entry.name];
  if (fn) {
    try { return fn(entry.payload || {}, x); } catch { /* a payload of an unexpected shape */ }
  }
  const who = entry.payload && typeof entry.payload.seat === 'number' ? `${x.n(entry.payload.seat)}: ` : '';
  return `${who}${named(entry.name, lang)}`;
}

/** Every sentence key per game and language (for the coverage test). */
export function coverage() {
  const out = { table: { en: Object.keys(table.en), de: Object.keys(table.de) } };
  for (const [g, s] of Object.entries(GAMES)) out[g] = { en: Object.keys(s.en), de: Object.keys(s.de) };
  return out;
}
