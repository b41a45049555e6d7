// Sobek's cards, characters, chips and symbols in words: names and effects from the game's
// data file ([texts], our own summaries) in English and German.
import { SOBEK_CARDS, SOBEK_CHIPS, SOBEK_TEXTS } from '../cards.js';

const T = (group, key) => (SOBEK_TEXTS[group] && SOBEK_TEXTS[group][key]) || null;
const plain = (key) => String(key || '').replaceAll('_', ' ');

const A_CARD = { en: 'a card', de: 'eine Karte' };
export const goodsName = (g, l) => { const t = T('goods', g || 'amulet'); return (t && t[`name_${l}`]) || plain(g); };
export const characterName = (c, l) => { const t = T('characters', c); return (t && t[`name_${l}`]) || plain(c); };
export const characterText = (c, l) => { const t = T('characters', c); return (t && t[`text_${l}`]) || ''; };
export const chipName = (k, l) => { const t = T('chips', k); return (t && t[`name_${l}`]) || plain(k); };
export const chipText = (k, l) => { const t = T('chips', k); return (t && t[`text_${l}`]) || ''; };
export const symbolName = (s, l) => { const t = T('symbols', s); return (t && t[`name_${l}`]) || plain(s); };
export const amuletText = (l) => { const t = T('goods', 'amulet'); return (t && t[`text_${l}`]) || ''; };

/** `{back, goods, scarabs, character}` of a card id. */
export function sobekCard(id) {
  const c = SOBEK_CARDS[id];
  return c ? { id, back: c[0], goods: c[1], scarabs: c[2], character: c[3] } : null;
}

export const chip = (id) => { const c = SOBEK_CHIPS[id]; return c ? { id, kind: c[0], symbol: c[1] } : null; };

const BACK = { en: { green: 'a green card', beige: 'a beige card', orange: 'a character card' }, de: { green: 'eine grüne Karte', beige: 'eine beige Karte', orange: 'eine Figurenkarte' } };

/** A card in words: a character by name, goods with their scarabs, an unknown card by its back. */
export function sobekCardName(card, l) {
  const c = card && card.id !== undefined && card.id !== null ? { ...sobekCard(card.id), ...card } : card;
  if (!c) return A_CARD[l] || A_CARD.en;
  if (c.character) return `${characterName(c.character, l)} (${goodsName(c.goods, l)})`;
  if (c.goods || c.face === 'amulet' || (c.id !== undefined && c.id !== null && c.back !== 'orange' && !c.goods)) {
    return `${goodsName(c.goods, l)}${c.scarabs ? ` ${'✦'.repeat(c.scarabs)}` : ''}`;
  }
  return BACK[l][c.back] || A_CARD[l] || A_CARD.en;
}

/** A card reference of an event (`[back, id]` or `{back, id}`) in words. */
export function refName(ref, l) {
  if (Array.isArray(ref)) return sobekCardName(ref[1] === null || ref[1] === undefined ? { back: ref[0] } : { back: ref[0], id: ref[1] }, l);
  if (typeof ref === 'number') return sobekCardName({ id: ref }, l);
  return sobekCardName(ref, l);
}
