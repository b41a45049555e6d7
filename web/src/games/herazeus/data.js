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

const A_CARD = { en: 'a card', de: 'eine Karte' };
export const hzName = (id, l) => { const c = hzCard(id); return c ? nameIn(c.name, l) : A_CARD[l] || A_CARD.en; };

export const REASONS = {
  en: {
    cannot_spend_action_points: 'the opponent could not spend the action points',
    empty_field: "the opponent's field was empty at the start of the turn",
    hostage_challenged: "the opponent's hostage was challenged",
    hostage_picked: "Pegasus picked the opponent's hostage",
    pandora_picked_with_hostage: "Pegasus picked Pandora with the hostage in the opponent's hand",
    pandora_column_with_hostage: "Pandora's box took a hostage",
  },
  de: {
    cannot_spend_action_points: 'der Gegner konnte seine Aktionspunkte nicht ausgeben',
    empty_field: 'das Feld des Gegners war zu Beginn seines Zuges leer',
    hostage_challenged: 'die Geisel des Gegners wurde herausgefordert',
    hostage_picked: 'Pegasus zog die Geisel des Gegners',
    pandora_picked_with_hostage: 'Pegasus zog Pandora, und die Geisel war in der Hand des Gegners',
    pandora_column_with_hostage: 'die Büchse der Pandora traf eine Geisel',
  },
};
