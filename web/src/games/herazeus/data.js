// Hera und Zeus cards by id, in words (names from the game's data file, translated by the
// catalogues' `board.names`).
import { HERAZEUS_CARDS } from '../cards.js';
import { gameWords } from '../../words.js';

/** A card's name from its English name, in the language (the catalogue's `board.names`,
 * word by word). */
export function nameIn(name, l) {
  if (!name) return '';
  const names = (gameWords('herazeus', l).board || {}).names || {};
  return name.split(' ').map((w) => names[w] || w).join(' ');
}

/** `{name, type, strength}` of a card id (null for an unknown id). */
export function hzCard(id) {
  const c = HERAZEUS_CARDS[id];
  return c ? { id, name: c[0], type: c[1], strength: c[2], back: id < 43 ? 'hera' : 'zeus' } : null;
}

export const hzName = (id, l) => { const c = hzCard(id); return c ? nameIn(c.name, l) : gameWords('herazeus', l).board.aCard; };
