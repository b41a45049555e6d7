// The HTTP API and the signed-in account (the token is the account: it lives in localStorage).
import { rememberGames } from './i18n.js';

const KEY = 'senet.token';
const WHO = 'senet.who';

export const account = {
  get token() { return localStorage.getItem(KEY) || ''; },
  get who() { try { return JSON.parse(localStorage.getItem(WHO) || 'null'); } catch { return null; } },
  set(token, who) { localStorage.setItem(KEY, token); localStorage.setItem(WHO, JSON.stringify(who)); },
  clear() { localStorage.removeItem(KEY); localStorage.removeItem(WHO); },
};

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export async function api(method, path, body, token = account.token) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!response.ok) {
    const err = (data && data.error) || data || {};
    throw new ApiError(response.status, err.code || String(response.status), err.message || response.statusText);
  }
  return data;
}

// Socket close codes that end it for good, each explained to the player as `closed<code>`
// (docs/architecture.md): token revoked, rights lost, too many messages sent.
export const ENDING = [4401, 4403, 4429];

export const get = (path) => api('GET', path);
export const post = (path, body = {}) => api('POST', path, body);
export const put = (path, body = {}) => api('PUT', path, body);

/** A paged list: today's plain list or the `{items, next}` page. */
export function items(answer) {
  if (Array.isArray(answer)) return { items: answer, next: null };
  return { items: (answer && answer.items) || [], next: (answer && answer.next) || null };
}

/** Every item of a paged list (follows `next`; stops after `max` pages). */
export async function all(path, max = 20) {
  const out = [];
  let cursor = null;
  for (let page = 0; page < max; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await get(cursor === null ? path : `${path}${sep}cursor=${encodeURIComponent(cursor)}`);
    const { items: got, next } = items(answer);
    out.push(...got);
    if (next === null || next === undefined || Array.isArray(answer)) break;
    cursor = next;
  }
  return out;
}

/** Sign a token in: learn whose it is, keep it. */
export async function signIn(token) {
  const who = await api('GET', '/api/me', undefined, token);
  account.set(token, who);
  return who;
}

/** The games offered (asked once). */
let games = null;
export async function listGames() {
  if (!games) { games = await get('/api/games'); rememberGames(games); }
  return games;
}
