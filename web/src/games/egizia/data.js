// Egizia's Nile and Sphinx cards in words: names and effects from the game's data file (our own
// summaries, in English and German), with a plain fallback for a card without its texts.
import { EGIZIA_NILE, EGIZIA_SPHINX, EGIZIA_TEXTS } from '../cards.js';

const FALLBACK = {
  en: { grain: 'Grain field', quarry: 'Quarry', strength: 'Strength', stones: 'Stones', card: 'Nile card', sphinx: 'Sphinx card' },
  de: { grain: 'Getreidefeld', quarry: 'Steinbruch', strength: 'Stärke', stones: 'Steine', card: 'Nilkarte', sphinx: 'Sphinxkarte' },
};

export function nileCard(id) { return EGIZIA_NILE[id] || null; }
export function sphinxCard(id) { return EGIZIA_SPHINX[id] || null; }

const nileTexts = (c) => (c && EGIZIA_TEXTS.nile && EGIZIA_TEXTS.nile[c.key]) || null;
/** A Sphinx card's texts: its condition's template with the card's values put in. */
function sphinxTexts(id) {
  const c = sphinxCard(id);
  const t = c && EGIZIA_TEXTS.sphinx && EGIZIA_TEXTS.sphinx[c.condition];
  if (!t) return null;
  const words = EGIZIA_TEXTS.words || {};
  const fill = (text, l) => text.replace(/\{(\w+)\}/g, (_, k) => {
    if (k === 'crew') return c.crew === 3 ? 'Joker' : String(c.crew + 1);
    if (k === 'table') return (c.table || []).join('/');
    const v = c[k];
    if (typeof v === 'string') return (words[v] && words[v][l]) || v.replaceAll('_', ' ');
    return String(v);
  });
  const out = {};
  for (const [k, v] of Object.entries(t)) out[k] = fill(v, k.endsWith('_de') ? 'de' : 'en');
  return out;
}

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
