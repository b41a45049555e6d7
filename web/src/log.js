// The game log in words, in the page's language (the sentences are in log/).
import { gameTitles, lang } from './i18n.js';
import { sentence } from './log/index.js';

/** One log entry (`{version, name, seat, payload}`) of `game` in words; `names[seat]` are the players. */
export function describe(entry, names, game, titles) {
  return sentence(game, lang(), entry, names, titles || gameTitles());
}
