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

const commandId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * Commands over a table's WebSocket while it is open (docs/client.md, "Moves over the
 * socket"): each message carries a command id and waits for its answer, which comes after
 * the push of the view it produced. A refusal throws the same ApiError as HTTP; a socket
 * that closes before the answer sends the command again over HTTP with the same command
 * id (the table decides it at most once), as does a command sent while no socket is open.
 */
export class TableCommands {
  constructor(tableId) { this.tableId = tableId; this.socket = null; this.waiting = new Map(); }

  attach(socket) { this.socket = socket; }

  /** The socket closed: every command still waiting goes over HTTP. */
  detach(socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const { message, resolve, reject } of waiting) this.overHttp(message).then(resolve, reject);
  }

  /** A frame of the socket: true if it answered one of our commands. */
  answered(data) {
    if (!data || data.type !== 'answer') return false;
    const entry = this.waiting.get(data.command_id);
    if (!entry) return true;
    this.waiting.delete(data.command_id);
    if (data.accepted) entry.resolve(data);
    else entry.reject(new ApiError(data.error.status, data.error.code, data.error.message));
    return true;
  }

  /** A move: over the socket when it is open, else `POST /moves`; the accepted outcome. */
  move(move) { return this.send({ type: 'move', move, command_id: commandId() }); }

  send(message) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return this.overHttp(message);
    return new Promise((resolve, reject) => {
      this.waiting.set(message.command_id, { message, resolve, reject });
      socket.send(JSON.stringify(message));
    });
  }

  overHttp({ type, ...body }) {
    return api('POST', `/api/tables/${this.tableId}/${type === 'move' ? 'moves' : type}`, body);
  }
}

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
