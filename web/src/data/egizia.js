// Egizia's Nile and Sphinx cards in words: names and effects from the game's data file (our own
// summaries, in English and German), with a plain fallback for a card without its texts.
import { EGIZIA_NILE, EGIZIA_SPHINX, EGIZIA_TEXTS } from './cards.js';

const FALLBACK = {
  en: { grain: 'Grain field', quarry: 'Quarry', strength: 'Strength', stones: 'Stones', card: 'Nile card', sphinx: 'Sphinx card' },
  de: { grain: 'Getreidefeld', quarry: 'Steinbruch', strength: 'Stärke', stones: 'Steine', card: 'Nilkarte', sphinx: 'Sphinxkarte' },
};

export function nileCard(id) { return EGIZIA_NILE[id] || null; }
export function sphinxCard(id) { return EGIZIA_SPHINX[id] || null; }

const nileTexts = (c) => (c && EGIZIA_TEXTS.nile && EGIZIA_TEXTS.nile[c.key]) || null;
const sphinxTexts = (id) => (EGIZIA_TEXTS.sphinx && EGIZIA_TEXTS.sphinx[id]) || null;

/** A Nile card's name (`id` as in the events and the view). */
export function nileName(id, l) {
  const c = nileCard(id);
  const t = nileTexts(c);
  if (t && t[`name_${l}`]) return t[`name_${l}`];
  if (!c) return FALLBACK[l].card;
  const base = FALLBACK[l][c.effect] || `${FALLBACK[l].card} ${id + 1}`;
  return c.amount ? `${base} ${c.amount}` : base;
}

/** A Nile card's effect in a sentence ('' without a text). */
export function nileText(id, l) { const t = nileTexts(nileCard(id)); return (t && t[`text_${l}`]) || ''; }

/** A Sphinx card's name and effect. */
export function sphinxName(id, l) {
  const t = sphinxTexts(id);
  if (t && t[`name_${l}`]) return t[`name_${l}`];
  return `${FALLBACK[l].sphinx} ${id + 1}`;
}
export function sphinxText(id, l) { const t = sphinxTexts(id); return (t && t[`text_${l}`]) || ''; }
