// A table's log as the page holds it: a window of entries, newest first. It loads the newest
// page first, older pages when asked (the reader scrolls down), newer ones as the table moves
// on; never more than one request at a time, and pushes that come while one is out are
// coalesced into the next (one request reaches the newest version, whatever came meanwhile).
import { get } from './api.js';

export const LOG_PAGE = 200; // entries per request (LOG_PAGE_MAX on the server)

/** `window.__senetLog`: the requests this page made and the most at once (for tests). */
const stats = (typeof window !== 'undefined' && (window.__senetLog = window.__senetLog || { requests: 0, inFlight: 0, most: 0 })) || { requests: 0, inFlight: 0, most: 0 };

export class LogFeed {
  /** `path`: the events URL of the table (with its query, e.g. `?invite=`); `onChange(feed)`
   * after every page. */
  constructor(path, onChange) {
    this.path = path;
    this.onChange = onChange;
    this.entries = []; // ascending by version
    this.from = null; // loaded: every version in (from, to]; null: nothing yet
    this.to = 0;
    this.wanted = 0; // the newest version asked for
    this.older = false; // one older page asked for
    this.whole = false; // every older page asked for
    this.busy = false;
    this.closed = false;
  }

  /** Every entry from the first is loaded. */
  get start() { return this.from === 0; }

  /** Reach version `v` (a push, or the replay's step): coalesced with any other. */
  follow(v) {
    if (v > this.wanted) this.wanted = v;
    this.pump();
  }

  /** Jump to version `v` (a replay's slider): a window far from the loaded one starts anew there. */
  seek(v) {
    const far = this.from !== null && (v > this.to + LOG_PAGE || v <= this.from - LOG_PAGE);
    if (far && !this.busy) { this.entries = []; this.from = null; this.to = 0; this.wanted = 0; this.whole = false; }
    if (this.from !== null && v <= this.from) this.older = true;
    this.follow(v);
  }

  /** One page older than the oldest loaded (the reader scrolled to the end of the log). */
  more() { if (!this.start) { this.older = true; this.pump(); } }

  /** Every page, down to the first event (a finished game's breakdown counts them all). */
  all() { if (!this.start) { this.whole = true; this.pump(); } }

  close() { this.closed = true; }

  async pump() {
    if (this.busy || this.closed) return;
    let after; let limit; let newer;
    if (this.from === null) {
      if (!this.wanted) return;
      after = Math.max(0, this.wanted - LOG_PAGE); limit = LOG_PAGE; newer = true;
    } else if (this.to < this.wanted) {
      after = this.to; limit = LOG_PAGE; newer = true;
    } else if ((this.older || this.whole) && !this.start) {
      after = Math.max(0, this.from - LOG_PAGE); limit = this.from - after; newer = false;
    } else return;
    this.busy = true;
    stats.requests += 1; stats.inFlight += 1; stats.most = Math.max(stats.most, stats.inFlight);
    const target = this.wanted;
    try {
      const page = await get(`${this.path}${this.path.includes('?') ? '&' : '?'}after=${after}&limit=${limit}`);
      if (this.closed) return;
      const got = (page && page.items) || [];
      if (newer) {
        const more = page && page.next !== null && page.next !== undefined;
        if (this.from === null) this.from = after;
        const top = got.length ? got[got.length - 1].version : after;
        // without a next page the answer reached the end of the log, so the version asked for
        this.to = more ? page.next : Math.max(top, after, Math.min(target, after + limit));
        const known = this.entries.length ? this.entries[this.entries.length - 1].version : -1;
        this.entries = [...this.entries, ...got.filter((e) => e.version > known)];
        if (!more && this.to < target) this.to = target;
      } else {
        this.entries = [...got.filter((e) => e.version <= this.from), ...this.entries];
        this.from = after;
        this.older = false;
      }
    } catch {
      this.wanted = Math.min(this.wanted, this.to); // asked again at the next push
      this.older = false; this.whole = false;
    } finally {
      stats.inFlight -= 1;
      this.busy = false;
    }
    if (this.closed) return;
    this.onChange(this);
    this.pump();
  }
}
