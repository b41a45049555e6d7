// Words of the page about the games: each game's catalogue (moves, fields, prompts, options,
// help; web/src/games/<game>/<lang>.js) looked up, error messages and end reasons.

import * as GAMES from './games/index.js';
import { t } from './i18n.js';

const LANGS = ['en', 'de'];
const own = (game) => (Object.prototype.hasOwnProperty.call(GAMES, game) ? GAMES[game] : null);

/** A game's catalogue of words in a language (web/src/games/<game>/<lang>.js), or `{}`. */
export function gameWords(game, l) {
  const entry = own(game);
  if (!entry) return {};
  return entry.words[LANGS.includes(l) ? l : 'en'] || {};
}

// Words for the fields of a game under development (a game's catalogue has its own).
const FIELDS = {
  en: { seat: 'player', card: 'card', cards: 'cards', column: 'column', row: 'row', count: 'number', cell: 'cell' },
  de: { seat: 'Spieler', card: 'Karte', cards: 'Karten', column: 'Spalte', row: 'Reihe', count: 'Anzahl', cell: 'Feld' },
};

/** A move kind of a game in words, or null. */
export function moveWord(game, l, type) {
  return (gameWords(game, l).moves || {})[type] || null;
}

/** A move field of a game in words, or null. */
export function fieldWord(game, l, field) {
  return (gameWords(game, l).fields || {})[field] || (FIELDS[l] || FIELDS.en)[field] || null;
}

/** The rules in short of a game (a list of lines), or null. */
export function helpLines(game, l) {
  return gameWords(game, l).help || null;
}

/** Table options per language and game: a label, a one-line description and words for each
 * value (`OPTIONS[lang][game][option] = [label, description, {value: words}]`). */
export const OPTIONS = Object.fromEntries(LANGS.map((l) => [l, new Proxy({}, {
  get: (_, game) => gameWords(game, l).options,
})]));

const fill = (template, params, name) => String(template).replace(/\{(\w+)\}/g, (_, k) => {
  const v = params[k];
  return (k === 'seat' || k === 'by') && typeof v === 'number' ? name(v) : String(v ?? '');
});

/**
 * What the page's seat is asked, in words: the view's `prompt_code` in the game's catalogue
 * (`prompt_params`: `seat` by name, `count`); a view without a code says its `prompt`.
 */
export function promptText(view, l, names) {
  if (!view) return '';
  const name = (seat) => names[seat] || t('seatN', seat);
  const code = view.prompt_code;
  const entry = code ? (gameWords(view.table && view.table.game, l).prompts || {})[code] : null;
  let text;
  if (entry !== null && entry !== undefined) {
    const params = view.prompt_params || {};
    const template = typeof entry === 'object' ? entry[params.count === 1 ? 'one' : 'other'] : entry;
    text = fill(template, params, name);
  } else if (view.prompt === 'wait for the table to fill') text = t('waitPlayers');
  else if (view.prompt === 'start') text = t('waitCreator');
  else text = view.prompt || '';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ERRORS = {
  en: {
    illegal_move: 'That move is not allowed now.', not_your_turn: 'It is not your turn.', name_taken: 'That name is taken.',
    bad_invitation: 'This invitation link does not work (any more).', table_not_open: 'This table is not open for that any more.',
    table_full: 'This table is full.', not_creator: 'Only the table\'s host may do that.', not_a_player: 'You are not a player at this table.',
    unknown_table: 'There is no such table.', unknown_player: 'There is no such player.', rate_limited: 'Too many requests: wait a moment.',
    stale_version: 'The table changed meanwhile: look again.', missing_token: 'Please sign in.', bad_token: 'Please sign in again.',
    link_used: 'This sign-in link was used already: ask for a new one.', link_expired: 'This sign-in link has expired: ask for a new one.',
  },
  de: {
    illegal_move: 'Dieser Zug ist jetzt nicht erlaubt.', not_your_turn: 'Du bist nicht am Zug.', name_taken: 'Dieser Name ist vergeben.',
    bad_invitation: 'Dieser Einladungslink gilt nicht (mehr).', table_not_open: 'Dieser Tisch ist dafür nicht mehr offen.',
    table_full: 'Dieser Tisch ist voll.', not_creator: 'Das darf nur der Gastgeber des Tisches.', not_a_player: 'Du spielst an diesem Tisch nicht mit.',
    unknown_table: 'Diesen Tisch gibt es nicht.', unknown_player: 'Diesen Spieler gibt es nicht.', rate_limited: 'Zu viele Anfragen: warte einen Moment.',
    stale_version: 'Der Tisch hat sich inzwischen geändert: schau noch einmal.', missing_token: 'Bitte melde dich an.', bad_token: 'Bitte melde dich erneut an.',
    link_used: 'Dieser Anmeldelink wurde schon benutzt: fordere einen neuen an.', link_expired: 'Dieser Anmeldelink ist abgelaufen: fordere einen neuen an.',
    fallback: 'Das hat nicht geklappt',
  },
};

/** An API error in words, without its code. */
export function errorText(e, l) {
  const code = e && e.code;
  const own = code && ERRORS[l] && ERRORS[l][code];
  if (own) return own;
  const message = (e && e.message) || '';
  if (l === 'de') return message ? `${ERRORS.de.fallback}: ${message}` : `${ERRORS.de.fallback}.`;
  return message || 'Something went wrong.';
}

/** Why the game ended, in a sentence (the result's resignations and forfeits first; a game's
 * catalogue may say it better with `end(game view, winners, result)`). */
export function endReason(view, l, names) {
  const r = view.result;
  if (!r) return '';
  const n = (s) => names[s] || t('seatN', s);
  const list = (xs) => xs.map(n).join(', ');
  if (r.resigned && r.resigned.length) return t('endResigned', list(r.resigned));
  if (r.forfeited && r.forfeited.length) return t('endForfeited', list(r.forfeited));
  const winners = r.winners || [];
  const own = gameWords(view.table.game, l).end;
  if (own) return own(view.game || {}, list(winners), r);
  return t('endScored', list(winners), winners.length);
}
